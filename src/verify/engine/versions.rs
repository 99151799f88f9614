//! Protocol versions: `A2A-Version`, methods and routes of one generation served or refused as another (VER-*).

use super::*;

impl State {
    /// VER-HDR-005 (VER-002, VER-003; mine30b f647, a2a-elixir PR #18): a 1.0 call (a
    /// PascalCase method or a 1.0 route) with neither `A2A-Version` nor the query parameter,
    /// which asks for 0.3 (1.0 §3.6.2: "Agents MUST interpret empty value as 0.3"), served
    /// with success by an agent whose card declares no 0.x version: it owed
    /// VersionNotSupportedError, as for an explicit `A2A-Version: 0.3` on a 1.0 call. Not on
    /// a client leg whose gateway dropped the header (VER-HDR-002 names the gateway).
    pub(super) fn headerless_1_0_call_served(&mut self, x: &Exch, c: &Call) {
        if c.dialect != Some(Dialect::V1_0)
            || c.binding.is_none()
            || !c.op.is_some_and(Op::is_task_op)
            || x.asked_version().is_some()
            || self.version_changed_upstream(x)
        {
            return;
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let offered = card.view.declared_dialects();
        if offered.is_empty() || offered.iter().any(|d| d.is_0x()) {
            return;
        }
        let list: Vec<&str> = offered.iter().map(|d| d.as_str()).collect();
        self.find(
            &r::VER_TRAP3_PROCESSED,
            format!(
                "request {} carries no A2A-Version, which means 0.3 (1.0 \u{a7}3.6.2), a version the card does not offer ({}), and was processed with 1.0 semantics instead of rejected with VersionNotSupportedError{}; a warning, not an error: the client that left the header out is at fault first",
                call_at(x),
                list.join(", "),
                refusal_for_binding(c)
            ),
            vec![x.ev(x.req_seq), x.ev(x.resp_seq), Evidence::event(card.seq, card.exchange.clone())],
            &x.leg,
        );
    }

    /// VER-002 (VER-HDR-001; VER-HDR-005 for `0.3`, DIGEST trap 3): a known version in
    /// `A2A-Version` (`0.3`, `0.2`, `0.1`) that the agent's card does not offer, answered
    /// with success with 1.0 semantics (a 1.0 method or route) instead of
    /// VersionNotSupportedError. Silent without a card, when the card names no version or
    /// offers the header's.
    pub(super) fn version_not_offered(&mut self, x: &Exch, c: &Call, hv: &str) {
        let Some(hd) = Dialect::from_version(hv) else {
            return;
        };
        if c.dialect != Some(Dialect::V1_0)
            || hd == Dialect::V1_0
            || c.binding.is_none()
            || !c.op.is_some_and(Op::is_task_op)
        {
            return;
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let offered = card.view.declared_dialects();
        if offered.is_empty() || offered.contains(&hd) {
            return;
        }
        let list: Vec<&str> = offered.iter().map(|d| d.as_str()).collect();
        // Trap 3: the 1.0 specification's own examples pair `A2A-Version: 0.3` with 1.0
        // methods, so serving that pair as 1.0 is a warning of its own (VER-HDR-005).
        let (rule, trap) = if hd == Dialect::V0_3 {
            (
                &r::VER_TRAP3_PROCESSED,
                "; a warning, not an error, because the 1.0 specification's own examples (§9.2, §10.2, §11.2) send a 0.3 header with 1.0 methods",
            )
        } else {
            (&r::VER_NOT_ENFORCED, "")
        };
        self.find(
            rule,
            format!(
                "{} {hv}, a version the card does not offer ({}), was processed with 1.0 semantics instead of rejected with VersionNotSupportedError{}{trap}",
                version_asked_as(x, c),
                list.join(", "),
                refusal_for_binding(c)
            ),
            vec![
                x.ev_at(x.req_seq, "", Some(Value::String(hv.into()))),
                x.ev(x.resp_seq),
                Evidence::event(card.seq, card.exchange.clone()),
            ],
            &x.leg,
        );
    }

    /// VER-HDR-001 (VER-002, mine24a f347: cogDepot, a2a-registry #166): a 0.x JSON-RPC
    /// call (`message/send`, `tasks/get`; the 0.1/0.2 `tasks/send`, `tasks/sendSubscribe`,
    /// review24a R7) that asks for a 0.x version (no `A2A-Version`, which 1.0 §3.6.2 reads
    /// as 0.3, or the header naming 0.1/0.2/0.3) to an agent whose card declares 1.0 only
    /// (the card of the agent it addressed, [`Self::card_for`]), answered with success in
    /// the 1.0 form (`answer`, the JSON-RPC result: a `{"task"}`/`{"message"}` wrapper, a
    /// `TASK_STATE_*` state or a `ROLE_*` role, and no `kind`). The agent applied neither
    /// the requested version's semantics nor VersionNotSupportedError, so a 0.x client reads
    /// an answer it cannot parse. The message names the version the client used (a
    /// `tasks/send` is a 0.1/0.2 client's, or the 0.1/0.2 its header names). Silent when
    /// the answer is in the 0.x form (the agent serves 0.x, its card just does not say so),
    /// without a card or with a card that declares a 0.x version, for a
    /// 0.x-shaped card claiming 1.0 (CARD-SHAPE-001's), a webhook, or a gateway's upstream
    /// leg.
    pub(super) fn implicit_0x_served_as_1_0(&mut self, x: &Exch, c: &Call, answer: Option<&Json>) {
        if let Some((msg, card_ev)) = self.implicit_0x_answered_1_0(x, c, answer, "answer") {
            self.areas.insert("version");
            self.find(
                &r::VER_NOT_ENFORCED,
                msg,
                vec![x.ev(x.req_seq), x.ev(x.body_seq()), card_ev],
                &x.leg,
            );
        }
    }

    /// VER-HDR-006 (VER-002, RPC-003; review33 Q3): a 0.x JSON-RPC method (`c`: 0.1
    /// `tasks/send`, 0.2/0.3 `message/send`, `tasks/get`, ...) sent under `A2A-Version: 1.0`
    /// (header or query parameter) to an agent whose card declares 1.0 only, answered with
    /// success (`answer`: the JSON-RPC result, `None` for a stream). Under the 1.0 semantics
    /// the header asks for, the method does not exist: -32601 (1.0 §9.1). The message says
    /// in which form the agent answered: 1.0 (it read an unknown method as a 1.0 one) or
    /// 0.x (it ignored the version asked for). Silent for a card that declares a 0.x
    /// version (a compat server routes by method), without a card, on a gateway's upstream
    /// leg, for a webhook and for the prober's deliberate negative calls. The client's
    /// mix is VER-MIX-002's.
    pub(super) fn v0_method_under_1_0_served(&mut self, x: &Exch, c: &Call, answer: Option<&Json>) {
        if c.binding != Some(Binding::JsonRpc)
            || c.header_version.is_none()
            || !c.op.is_some_and(Op::is_task_op)
            || c.webhook
            || x.synthetic
        {
            return;
        }
        // The method's own version: a call answered in the 1.0 form is judged as 1.0 from
        // its answer on ([`Self::answer_in_header_form`]), its method name stays 0.x.
        let method_version = c.method.as_deref().and_then(a2a::method_op).map(|(_, d)| d);
        if !method_version.is_some_and(Dialect::is_0x)
            || c.header_version.as_deref().and_then(Dialect::from_version) != Some(Dialect::V1_0)
            || x.probe_negative()
            || self.behind_hop(x)
        {
            return;
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let declared = card.view.declared_dialects();
        if card.view.v0_shape_claims_v1
            || !declared.contains(&Dialect::V1_0)
            || declared.iter().any(|k| k.is_0x())
        {
            return;
        }
        let method = c.method.as_deref().unwrap_or("the call");
        let gen = match method_version {
            Some(Dialect::V0_1) => "0.1/0.2",
            _ => "0.2/0.3",
        };
        let form = match answer.and_then(result_1_0_form) {
            Some(shape) => format!("answered it in the 1.0 form ({shape}), reading a method 1.0 does not have as one it has"),
            None if c.dialect == Some(Dialect::V1_0) => "answered it in the 1.0 form, reading a method 1.0 does not have as one it has".to_string(),
            None if x.sse.is_some() => "answered it with a stream of events".to_string(),
            None => format!("answered it in the {gen} form, ignoring the version the header asked for"),
        };
        let v1 = c.op.map_or("", Op::name);
        self.areas.insert("version");
        self.find(
            &r::VER_V0_METHOD_UNDER_V1_SERVED,
            format!(
                "client called the {gen} method {method} at {} under A2A-Version 1.0, and the agent, whose card declares only 1.0, {form}: under 1.0 semantics (VER-002) {method} does not exist, so the answer owed is -32601 MethodNotFoundError (RPC-003; the 1.0 method is {v1}); a warning, the client that mixed the versions is at fault first (VER-MIX-002)",
                super::super::wording::url_shown(x.url_named())
            ),
            vec![
                x.ev_at(x.req_ev_seq(), "/method", Some(Value::String(method.into()))),
                x.ev(x.body_seq()),
                Evidence::event(card.seq, card.exchange.clone()),
            ],
            &x.leg,
        );
    }

    /// The judgement of [`Self::implicit_0x_served_as_1_0`], shared with the stream form
    /// (the first event of a `message/stream` in the 1.0 form, `what` `"stream event"`):
    /// the message and the card's evidence, or `None` when the rule is silent.
    pub(super) fn implicit_0x_answered_1_0(
        &self,
        x: &Exch,
        c: &Call,
        answer: Option<&Json>,
        what: &str,
    ) -> Option<(String, Evidence)> {
        let d = c.dialect?;
        if !d.is_0x()
            || c.binding != Some(Binding::JsonRpc)
            || !c.op.is_some_and(Op::is_task_op)
            || c.webhook
            || self.behind_hop(x)
            || self.version_changed_upstream(x)
        {
            return None;
        }
        let header = c.header_version.as_deref().map(str::trim);
        let asked = match header {
            None => "0.3",
            Some(h) if Dialect::from_version(h).is_some_and(|k| k.is_0x()) => h,
            Some(_) => return None,
        };
        // A 0.1/0.2 method (`tasks/send`, `tasks/sendSubscribe`; review24a R7) is a 0.1 or
        // 0.2 client's call whatever 1.0 §3.6.2 reads a missing header as (0.3 has no such
        // method): it is named for the version the header names when that is 0.1 or 0.2.
        let old_method = d == Dialect::V0_1;
        let client = match header.and_then(Dialect::from_version) {
            Some(k) if old_method && matches!(k, Dialect::V0_1 | Dialect::V0_2) => k.as_str(),
            _ if old_method => "0.1/0.2",
            None => "0.3",
            Some(k) => k.as_str(),
        };
        let shape = answer.and_then(result_1_0_form)?;
        // The card of the agent the call reached ([`Self::card_for`]: with several agents
        // on one origin, the one that lists its URL; review24a R6, R11).
        let card = self.card_for(x)?;
        if card.view.v0_shape_claims_v1 {
            return None;
        }
        let (declared, card_ev) = (
            card.view.declared_dialects(),
            Evidence::event(card.seq, card.exchange.clone()),
        );
        if !declared.contains(&Dialect::V1_0) || declared.iter().any(|k| k.is_0x()) {
            return None;
        }
        let method = c.method.as_deref().unwrap_or("the call");
        // The version the call asked for names the call and the client that cannot read
        // the answer: `A2A-Version: 0.2` on message/send is a 0.2 client's call (review24a
        // R3), and a query parameter is named as such (VER-001, as the other VER-HDR-001
        // messages do).
        let in_header = x
            .req_headers
            .get("a2a-version")
            .is_some_and(|v| !v.trim().is_empty());
        let how = match header {
            None if old_method => "sent without A2A-Version".to_string(),
            None => "sent without A2A-Version (which means 0.3, 1.0 §3.6.2)".to_string(),
            Some(_) if in_header => format!("sent with A2A-Version {asked}"),
            Some(_) => format!("sent with the A2A-Version query parameter {asked}"),
        };
        let wants = if old_method {
            format!(
                "it refused with -32009 VersionNotSupportedError or -32601 method not found (1.0 has no {method}), or a real {client} answer, declared in the card"
            )
        } else {
            format!(
                "-32009 VersionNotSupportedError (or a real {client} answer, declared in the card)"
            )
        };
        Some((
            format!(
                "agent served the {client} call {} {how} with a 1.0 {what} ({shape}); its card declares only 1.0, so VER-002 wants {wants}, and a {client} client cannot read this one",
                call_at(x)
            ),
            card_ev,
        ))
    }

    /// VER-002: the version a 1.0 A2A call asks for (`A2A-Version` header, else the
    /// `A2A-Version` query parameter) when it is a `Major.Minor` that no A2A version has
    /// (`2.0`, `1.1`) and the agent's card does not list either: the agent owes
    /// VersionNotSupportedError (ERR-002: −32009, HTTP 400 FAILED_PRECONDITION, 1.0.0 501
    /// UNIMPLEMENTED, reason `VERSION_NOT_SUPPORTED`). `None` for a known version (the
    /// card-based rules judge those), a patch form (`1.0.1`: VER-HDR-003 names the client),
    /// a client leg whose gateway dropped the header (VER-HDR-002), a push delivery, or a
    /// call that is not a 1.0 operation.
    pub(super) fn unsupported_version_asked(&self, x: &Exch, c: &Call) -> Option<String> {
        let hv = c.header_version.as_deref()?.trim();
        if c.dialect != Some(Dialect::V1_0)
            || c.op.is_none()
            || c.webhook
            || self.version_changed_upstream(x)
            || Dialect::from_version(hv).is_some()
        {
            return None;
        }
        let (major, minor) = hv.split_once('.')?;
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(major) || !digits(minor) {
            return None;
        }
        if let Some(card) = self.card_for(x) {
            let listed = card
                .view
                .interfaces
                .iter()
                .filter_map(|i| i.version.as_deref())
                .chain(card.view.protocol_version.as_deref())
                .any(|v| v.trim() == hv);
            if listed {
                return None;
            }
        }
        Some(hv.to_string())
    }

    /// ` (the card offers 1.0)`: the versions the agent's card declares, for a message
    /// about an unsupported `A2A-Version`; empty without a card.
    pub(super) fn offered_versions_note(&self, x: &Exch) -> String {
        let Some(card) = self.card_for(x) else {
            return String::new();
        };
        let offered: Vec<&str> = card
            .view
            .declared_dialects()
            .iter()
            .map(|d| d.as_str())
            .collect();
        if offered.is_empty() {
            String::new()
        } else {
            format!(" (the card offers {})", offered.join(", "))
        }
    }

    /// REST-ERROR-001 (VER-002, ERR-002, ERR-003; breaker10 E10), the HTTP+JSON twin of the
    /// JSON-RPC check in [`Self::on_rpc_error`]: a 1.0 request whose `A2A-Version` no A2A
    /// version has ([`Self::unsupported_version_asked`]) refused with another error than
    /// VersionNotSupportedError (HTTP 500 INTERNAL, 400 INVALID_ARGUMENT, a status without
    /// ErrorInfo): the client cannot tell that it should fall back to a version the card
    /// offers. `json` is the parsed error body (`None`: not JSON). Right answers are
    /// ErrorInfo reason `VERSION_NOT_SUPPORTED` (its HTTP status is judged by
    /// [`Self::check_rest_error`]) and an RFC 9457 problem that names the version (DIGEST
    /// trap 10). Not judged: 401/403 (credentials may be checked first, ERR-006), 404/405
    /// (no such route), 407/408/429 and 502–504 (the transport's or an intermediary's).
    /// Returns whether it reported.
    /// VER-HDR-004 on HTTP+JSON (VER-002; breaker17b V15): an HTTP+JSON call that names a
    /// protocol version explicitly (`A2A-Version` header or query parameter) which the
    /// agent's card, declaring 1.0, does not declare, answered with the "no such method"
    /// mapping: HTTP 404 or 501 (UNIMPLEMENTED) without an A2A ErrorInfo reason or 0.x A2A
    /// code. Also for a card without 1.0 when the answer echoes the asked version in an
    /// `A2A-Version` response header (the agent took the call in it; mine40). Returns the
    /// version asked, the card's versions (`["1.0"]`) and that echo (only when the card
    /// lacks 1.0). Reads only what is parsed already; `None` for every other answer.
    pub(super) fn version_not_served_unrouted(
        &self,
        x: &Exch,
        c: &Call,
        json: Option<&Json>,
    ) -> Option<(String, Vec<&'static str>, Option<String>)> {
        if !matches!(x.status, Some(404) | Some(501))
            || c.binding != Some(Binding::Rest)
            || c.op.is_none()
            || c.webhook
            || x.synthetic
            || self.behind_hop(x)
            || self.version_changed_upstream(x)
        {
            return None;
        }
        let asked = c.header_version.as_deref()?;
        let card = self.card_for(x)?;
        let declared = card.view.declared_dialects();
        // The agent echoed the asked version (mine40, opencode-a2a #368): it took the call
        // in that version, whatever its card declares.
        let echoed = Dialect::from_version(asked).and_then(|k| {
            x.answered_version()
                .filter(|e| Dialect::from_version(e) == Some(k))
                .map(str::to_string)
        });
        if !(declared.contains(&Dialect::V1_0) || echoed.is_some())
            || Dialect::from_version(asked).is_some_and(|k| declared.contains(&k))
            || card.view.v0_shape_claims_v1
        {
            return None;
        }
        // An A2A answer (an ErrorInfo reason, a 0.x A2A code) is judged as such.
        if let Some(v) = json {
            let err = v.get("error");
            let a2a_code = v
                .get("code")
                .or_else(|| err.and_then(|e| e.get("code")))
                .and_then(Json::as_i64)
                .is_some_and(|k| (-32099..=-32000).contains(&k));
            if a2a_code || error_info_reason(err.and_then(|e| e.get("details"))).is_some() {
                return None;
            }
        }
        Some((
            asked.to_string(),
            declared.iter().map(|k| k.as_str()).collect(),
            echoed.filter(|_| !declared.contains(&Dialect::V1_0)),
        ))
    }

    pub(super) fn rest_version_error(
        &mut self,
        x: &Exch,
        c: &Call,
        status: u16,
        json: Option<&Json>,
        bseq: u64,
    ) -> bool {
        if matches!(
            status,
            401 | 402 | 403 | 404 | 405 | 407 | 408 | 429 | 502 | 503 | 504
        ) || edge_origin_status(status)
        {
            return false;
        }
        let Some(hv) = self.unsupported_version_asked(x, c) else {
            return false;
        };
        let err = json.and_then(|v| v.get("error")).and_then(Json::as_object);
        let reason = error_info_reason(err.and_then(|e| e.get("details")));
        if reason == Some("VERSION_NOT_SUPPORTED") {
            return false;
        }
        let problem_names_version = json.and_then(Json::as_object).is_some_and(|o| {
            err.is_none()
                && ["type", "title"].iter().any(|k| {
                    o.get(k)
                        .and_then(Json::as_str)
                        .is_some_and(|s| s.to_ascii_lowercase().contains("version"))
                })
        });
        if problem_names_version {
            return false;
        }
        let got = match (json, err) {
            (None, _) => format!(
                "HTTP {status} with a body that is not JSON ({})",
                x.resp_media().unwrap_or_else(|| "no content type".into())
            ),
            (Some(_), Some(e)) => format!(
                "HTTP {status}{} {}",
                e.get("status")
                    .and_then(Json::as_str)
                    .map(|s| format!(" {s}"))
                    .unwrap_or_default(),
                match reason {
                    Some(r) => format!("with ErrorInfo reason {r}"),
                    None => "without ErrorInfo".to_string(),
                }
            ),
            (Some(_), None) => format!("HTTP {status} without an A2A error (no ErrorInfo)"),
        };
        let offered = self.offered_versions_note(x);
        let found = json.map(excerpt_value).or_else(|| {
            (!x.body.as_slice().is_empty())
                .then(|| excerpt(&String::from_utf8_lossy(x.body.as_slice())))
        });
        self.find(
            &r::REST_ERROR_SHAPE,
            format!(
                "the client asked for A2A-Version {hv}, a version A2A does not have{offered}, and the agent answered the HTTP+JSON call {} with {got} instead of VersionNotSupportedError: HTTP 400 FAILED_PRECONDITION (1.0.0: 501 UNIMPLEMENTED) with ErrorInfo reason VERSION_NOT_SUPPORTED, which tells the client to retry with a version the card offers",
                call_at(x)
            ),
            vec![
                x.ev_at(x.req_seq, "", Some(Value::String(hv.clone()))),
                x.ev_at(bseq, "", found),
            ],
            &x.leg,
        );
        true
    }

    /// VER-002 / ERR-002 (breaker10 E10) for a stream whose first event is an error (a
    /// JSON-RPC error response with `code`, or an HTTP+JSON `{"error":{...}}`; `reason` its
    /// ErrorInfo reason) on a request whose `A2A-Version` no A2A version has
    /// ([`Self::unsupported_version_asked`]): the refusal must be VersionNotSupportedError
    /// (−32009, reason `VERSION_NOT_SUPPORTED`). RPC-ERROR-001 on JSON-RPC, REST-ERROR-001
    /// on HTTP+JSON, as for a unary answer.
    pub(super) fn stream_version_refusal(
        &mut self,
        x: &mut Exch,
        c: &Call,
        code: Option<i64>,
        reason: Option<&str>,
        seq: u64,
    ) {
        if x.sse.as_ref().is_none_or(|s| s.events != 1)
            || reason == Some("VERSION_NOT_SUPPORTED")
            || code == Some(jsonrpc::VERSION_NOT_SUPPORTED)
        {
            return;
        }
        let Some(hv) = self.unsupported_version_asked(x, c) else {
            return;
        };
        let offered = self.offered_versions_note(x);
        let (rule, got, ptr) = match c.binding {
            Some(Binding::JsonRpc) => {
                let Some(code) = code else { return };
                (
                    &r::RPC_ERROR_CODE,
                    format!(
                        "{code}{}",
                        jsonrpc::code_name(code)
                            .map(|n| format!(" {n}"))
                            .unwrap_or_default()
                    ),
                    "/error/code",
                )
            }
            Some(Binding::Rest) => (
                &r::REST_ERROR_SHAPE,
                match reason {
                    Some(r) => format!("an error event with ErrorInfo reason {r}"),
                    None => "an error event without ErrorInfo".to_string(),
                },
                "/error",
            ),
            _ => return,
        };
        let call = if c.binding == Some(Binding::Rest) {
            format!("HTTP+JSON {}", call_at(x))
        } else {
            c.op_term("call").to_string()
        };
        let want = if c.binding == Some(Binding::Rest) {
            "VersionNotSupportedError (ErrorInfo reason VERSION_NOT_SUPPORTED, before the stream opens: HTTP 400 FAILED_PRECONDITION)"
        } else {
            "-32009 VersionNotSupportedError"
        };
        self.stream_once(
            x,
            rule,
            format!(
                "the client asked for A2A-Version {hv}, a version A2A does not have{offered}, and the agent answered the {call} stream with {got} as its first event instead of {want}"
            ),
            vec![
                x.ev_at(x.req_seq, "", Some(Value::String(hv.clone()))),
                x.ev_at(seq, ptr, code.map(Value::from)),
            ],
        );
    }

    /// VER-CARD-001 (VER-002, VER-003, VER-004): the agent refused with
    /// VersionNotSupportedError the version the request asked for (its `A2A-Version`, the
    /// `A2A-Version` query parameter, or 0.3 without either) although the card declares that
    /// version on the interface the request used. Not on a client leg whose gateway
    /// dropped the header (VER-HDR-002 names the gateway), nor for a call of the other
    /// generation than the version it asked for (VER-MIX-002 names the client's mix), nor
    /// for a call whose route the gateway rewrote (GW-REQ-002: a 0.3 call moved off `/v1`
    /// reaches the agent on another interface; breaker46).
    pub(super) fn version_refused_though_offered(&mut self, x: &Exch, refusal: Evidence) {
        if self.version_changed_upstream(x) || self.gw_rerouted(&x.id) {
            return;
        }
        let Some(p) = x.parts.as_ref() else { return };
        let asked = x.asked_version();
        let header = asked.is_some();
        let asked = asked.unwrap_or_else(|| "0.3".into());
        let Some(want) = Dialect::from_version(&asked) else {
            return;
        };
        // A call of the other generation (1.0 `SendMessage` with no A2A-Version, which asks
        // for 0.3; 0.3 `message/send` under `A2A-Version: 1.0`) is the client's mix
        // (VER-MIX-002): 0.3 has no such method, so the agent cannot serve it in the
        // version asked, whatever its card declares (newcomer23 N1).
        if x.call
            .as_ref()
            .and_then(|c| c.dialect)
            .is_some_and(|d| d.is_0x() != want.is_0x())
        {
            return;
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let path = net::norm_path(&p.path);
        let itf = card.view.interfaces.iter().find(|i| {
            // a GRPC interface written as a gRPC target (`host:port`) names an address: the
            // call reached it when host and port agree, whatever the scheme (h2c is
            // `http://`), and every method path is under it (breaker56 g10-version-refused)
            let target = grpc_target_url(&i.binding, &i.url).and_then(|t| parse_url(&t));
            i.version.as_deref().and_then(Dialect::from_version) == Some(want)
                && match &target {
                    Some(u) => grpc_target_is(u, p),
                    None => i.parts().is_some_and(|u| {
                        let base = net::norm_path(&u.path);
                        u.same_origin(p)
                            && (base == path
                                || (!i.binding.eq_ignore_ascii_case("JSONRPC")
                                    && path.starts_with(&format!("{base}/"))))
                    }),
                }
        });
        let Some(itf) = itf else { return };
        self.areas.insert("version");
        let how = if header {
            format!("A2A-Version {asked}")
        } else {
            "no A2A-Version header, which means 0.3,".to_string()
        };
        self.find(
            &r::VER_CARD_METHOD,
            format!(
                "card declares protocol version {} on {}, yet the agent refused a call with {how} with VersionNotSupportedError",
                itf.version.as_deref().unwrap_or(""),
                itf.url
            ),
            // The refused call first: the live line and the report's "where" name it, not
            // the card fetch minutes before (newcomer23 N5).
            vec![
                x.ev(x.req_seq),
                refusal,
                Evidence {
                    seq: card.seq,
                    exchange: Some(card.exchange.clone()),
                    pointer: Some(format!("{}/protocolVersion", itf.pointer().trim_end_matches("/url"))),
                    found: itf.version.clone().map(Value::String),
                },
            ],
            &x.leg,
        );
    }

    /// VER-CARD-002 (client, note; VER-005, CARD-005): the client called in a protocol
    /// version the agent's card does not declare (0.2 and 0.3 count as one JSON-RPC
    /// family), and the agent refused it (-32601 / -32009): the refusal is right, the
    /// client should speak a version the card offers. The call comes first in the evidence
    /// (the live line shows it), the card last.
    ///
    /// VER-HDR-004 (agent, warning; VER-002, breaker17b V15): a 1.0 agent (its card
    /// declares 1.0) that answers `code` -32601 MethodNotFound to a JSON-RPC call naming
    /// an unsupported version (`A2A-Version` header or query parameter, or a 0.2/0.3 call
    /// without either, which asks for 0.3: VER-003, 1.0 §3.6.2): VER-002 wants -32009
    /// VersionNotSupportedError, which tells the client to switch versions, where -32601
    /// tells it the method does not exist.
    pub(super) fn client_version_not_offered(
        &mut self,
        x: &Exch,
        c: &Call,
        code: i64,
        refusal: Evidence,
    ) {
        let (Some(d), Some(card)) = (c.dialect, self.card_for(x).cloned()) else {
            return;
        };
        if c.op.is_none() || self.version_changed_upstream(x) {
            return;
        }
        let Some(lack) = self.card_lacks_version(&card, d) else {
            return;
        };
        let method = c.method.as_deref().unwrap_or("the agent");
        // What the card's newest version calls the operation (breaker19a Y14: `tasks/send`
        // is 0.1.0 only; 0.2.0 already names it message/send).
        let rename =
            c.op.filter(|_| c.binding == Some(Binding::JsonRpc))
                .and_then(|op| {
                    lack.declared.iter().rev().find_map(|k| {
                        a2a::op_method(op, *k).filter(|m| *m != method).map(|m| {
                            format!("; protocol version {} names this call {m}", k.as_str())
                        })
                    })
                })
                .unwrap_or_default();
        // mine31b (review32): a 0.3 method sent with `A2A-Version: 1.0` named the version the
        // card offers in its header; "called in protocol version 0.3" read as if the header
        // had said 0.3. Say both: the method's version and the header's (VER-MIX-002).
        let header = x.asked_version();
        // mine40 (opencode-a2a #368 / #386): an agent that echoes the asked version in an
        // A2A-Version response header took the call in that version (it negotiates, 1.0
        // §3.6.2), whatever its card says; its "no such method" is then no refusal of a
        // version it does not serve but a version it accepted and does not implement.
        let echoed: Option<String> = header.as_deref().and_then(|h| {
            let asked = Dialect::from_version(h)?;
            x.answered_version()
                .filter(|e| Dialect::from_version(e) == Some(asked))
                .map(str::to_string)
        });
        let expected = match &echoed {
            Some(e) => format!(
                "the refusal is expected, though not the A2A-Version {e} its answer carries, which says the agent took the call in that version (VER-HDR-004)"
            ),
            None => "the agent's refusal is expected".to_string(),
        };
        let mixed = header
            .as_deref()
            .and_then(Dialect::from_version)
            .filter(|h| *h != d && !(h.is_0x() && d.is_0x()));
        let msg = match mixed {
            Some(h) => format!(
                "client called {method}, a protocol version {} method, under A2A-Version {} (the body and the header disagree, VER-MIX-002), and the agent's card declares only {}: {expected}{rename}",
                d.as_str(),
                h.as_str(),
                lack.list
            ),
            None => format!(
                "client called {method} in protocol version {} but the agent's card declares only {}: {expected}{rename}",
                d.as_str(),
                lack.list
            ),
        };
        self.find(
            &r::VER_CLIENT_NOT_OFFERED,
            msg,
            vec![x.ev(x.req_seq), refusal.clone(), lack.card_ev.clone()],
            &x.leg,
        );
        // VER-HDR-004: the version request answered "no such method". A call without
        // A2A-Version asks for 0.3 (1.0 §3.6.2: "Agents MUST interpret empty value as 0.3
        // version"), so a 0.2/0.3 call sent without the header names 0.3 as plainly as one
        // that carries it (litellm #32609: a gateway's 0.3 message/send to a 1.0-only
        // agent). A header-less 0.1 call (tasks/send) is no 0.3 call: a 0.3 agent answers
        // -32601 too.
        let implicit = header.is_none() && d.is_0x() && d != Dialect::V0_1;
        let asked = header.or_else(|| implicit.then(|| "0.3".to_string()));
        let v1_agent = lack.declared.contains(&Dialect::V1_0);
        if let Some(asked) = asked.filter(|v| {
            code == jsonrpc::METHOD_NOT_FOUND
                && c.binding == Some(Binding::JsonRpc)
                && (v1_agent || echoed.is_some())
                && Dialect::from_version(v).is_none_or(|k| !lack.declared.contains(&k))
        }) {
            let how = if implicit {
                "sent without A2A-Version (which means 0.3, 1.0 §3.6.2)".to_string()
            } else {
                format!("requested with A2A-Version {asked}")
            };
            let (msg, ev) = match echoed.filter(|_| !v1_agent) {
                Some(e) => (
                    format!(
                        "agent answered {method} {how} with -32601 MethodNotFoundError, yet its answer's A2A-Version header says {e}: it took the call as a {e} call (version negotiation, 1.0 §3.6.2) and then does not serve that version's method; its card declares only {}. VER-002: serve a version the agent accepts with that version's semantics, or refuse it with -32009 VersionNotSupportedError (and do not echo it), so the client learns to switch versions instead of looking for a misspelt method",
                        lack.list
                    ),
                    vec![
                        x.ev(x.req_seq),
                        refusal,
                        Evidence {
                            found: Some(Value::String(format!("A2A-Version: {e}"))),
                            ..x.ev(x.resp_seq)
                        },
                        lack.card_ev,
                    ],
                ),
                None => (
                    format!(
                        "agent answered {method} {how} with -32601 MethodNotFoundError; its card declares only {}, and VER-002 wants -32009 VersionNotSupportedError for a version it does not serve, so the client learns to switch versions instead of looking for a misspelt method",
                        lack.list
                    ),
                    vec![x.ev(x.req_seq), refusal, lack.card_ev],
                ),
            };
            self.find(&r::VER_UNSUPPORTED_AS_METHOD_NOT_FOUND, msg, ev, &x.leg);
        }
    }

    /// VER-CARD-002 on HTTP+JSON (client, note; VER-005, CARD-005; session16 leftover V3):
    /// the HTTP+JSON form of [`Self::client_version_not_offered`]. The call names a protocol
    /// version explicitly (`A2A-Version` header or query parameter) that A2A has but the
    /// agent's card does not declare (0.2 and 0.3 count as one family, as on JSON-RPC), and
    /// the agent refused it (`refusal`: ErrorInfo reason VERSION_NOT_SUPPORTED, or the 404 /
    /// 501 of VER-HDR-004): the refusal is expected, the client should speak a version the
    /// card offers. Evidence: the call, the refusal, the card.
    pub(super) fn rest_client_version_not_offered(
        &mut self,
        x: &Exch,
        c: &Call,
        refusal: Evidence,
    ) {
        if c.binding != Some(Binding::Rest)
            || c.op.is_none()
            || c.webhook
            || x.synthetic
            || self.version_changed_upstream(x)
        {
            return;
        }
        let Some(asked) = c.header_version.as_deref() else {
            return;
        };
        let Some(d) = Dialect::from_version(asked) else {
            // A version A2A does not have is VER-002's (REST-ERROR-001 when refused wrongly).
            return;
        };
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let Some(lack) = self.card_lacks_version(&card, d) else {
            return;
        };
        let expected = match x
            .answered_version()
            .filter(|e| Dialect::from_version(e) == Some(d))
        {
            Some(e) => format!(
                "the refusal is expected, though not the A2A-Version {e} its answer carries, which says the agent took the call in that version (VER-HDR-004)"
            ),
            None => "the agent's refusal is expected".to_string(),
        };
        self.find(
            &r::VER_CLIENT_NOT_OFFERED,
            format!(
                "client called the HTTP+JSON call {} {} in protocol version {} (A2A-Version {asked}) but the agent's card declares only {}: {expected}",
                x.method,
                x.path,
                d.as_str(),
                lack.list
            ),
            vec![x.ev(x.req_seq), refusal, lack.card_ev],
            &x.leg,
        );
    }

    /// VER-CARD-002 (client, note; VER-002, VER-005; breaker57 `v10-version-unsupported`,
    /// `r10-version-unsupported`): the call asked, in its `A2A-Version` header or query
    /// parameter, for a Major.Minor version no A2A release has (`9.9`; a patch or another
    /// form is VER-HDR-003's), which therefore no card declares, and the agent refused it
    /// with VersionNotSupportedError (`refusal`: JSON-RPC -32009, or ErrorInfo reason
    /// VERSION_NOT_SUPPORTED). Before, [`Self::client_version_not_offered`] and
    /// [`Self::rest_client_version_not_offered`] read only versions A2A has, so the
    /// client's fault went untold. Needs a card of the agent (the versions it declares are
    /// named); a call whose own version the card lacks is those functions' finding.
    pub(super) fn client_version_unknown(&mut self, x: &Exch, c: &Call, refusal: Evidence) {
        if c.op.is_none() || c.webhook || x.synthetic || self.version_changed_upstream(x) {
            return;
        }
        let Some(asked) = x.asked_version() else {
            return;
        };
        let major_minor = asked.split_once('.').is_some_and(|(a, b)| {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|d| d.is_ascii_digit())
                && b.bytes().all(|d| d.is_ascii_digit())
        });
        if !major_minor || Dialect::from_version(&asked).is_some() {
            return;
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        if let Some(d) = c.dialect {
            if self.card_lacks_version(&card, d).is_some() {
                return;
            }
        }
        let declared = card.view.declared_dialects();
        if declared.is_empty() {
            return;
        }
        let list = declared
            .iter()
            .map(|k| k.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        self.areas.insert("version");
        let card_ev = Evidence {
            seq: card.seq,
            exchange: Some(card.exchange.clone()),
            pointer: None,
            found: card.view.protocol_version.clone().map(Value::String),
        };
        self.find(
            &r::VER_CLIENT_NOT_OFFERED,
            format!(
                "client asked for A2A-Version {asked} ({} {}), a protocol version no A2A release has, and the agent's card declares only {list}: the agent's VersionNotSupportedError is the expected answer",
                x.method, x.path
            ),
            vec![x.ev(x.req_seq), refusal, card_ev],
            &x.leg,
        );
    }

    /// RPC-003 (breaker10 E18) for a JSON-RPC call whose `method` is a known name in other
    /// letter case ([`Call::misnamed`]): RPC-REQ-003 (client, note) always, the client's
    /// name does not exist; RPC-METHOD-001 (agent, error) when the agent answered it with a
    /// result (`success`), serving it as the method it resembles instead of -32601. An
    /// error answer is judged in [`Self::on_rpc_error`]. Not for the prober's deliberately
    /// malformed requests.
    pub(super) fn method_name_wrong_case(&mut self, x: &Exch, c: &Call, success: bool) {
        let Some(name) = c.misnamed else { return };
        if c.webhook || x.probe_negative() {
            return;
        }
        let wire = c.method.as_deref().unwrap_or("");
        let req = x.ev_at(x.req_ev_seq(), "/method", Some(Value::String(wire.into())));
        if success {
            let what = if x.sse.is_some() {
                "a stream of events"
            } else {
                "a result"
            };
            self.find(
                &r::RPC_METHOD_CASE_ACCEPTED,
                format!(
                    "the client called {wire:?}, a method name that does not exist (the method is spelled {name:?}), and the agent answered it with {what} as if it were {name} instead of -32601 MethodNotFoundError"
                ),
                vec![req.clone(), x.ev(x.body_seq())],
                &x.leg,
            );
        }
        let msg = if wire.to_ascii_lowercase().contains("a2aservice") {
            format!(
                "client called JSON-RPC method {wire:?}, which does not exist: it is the gRPC path of an A2AService method, and JSON-RPC methods are bare names; the method is {name:?}"
            )
        } else if wire.eq_ignore_ascii_case(name) {
            format!(
                "client called JSON-RPC method {wire:?}, which does not exist: the method is spelled {name:?} (method names are case-sensitive)"
            )
        } else if grpc03_method_alias(wire).is_none() {
            namespace_number_message(wire, name)
        } else {
            format!(
                "client called JSON-RPC method {wire:?}, which does not exist: {wire:?} is the 0.3 gRPC A2AService name; the 1.0 JSON-RPC method is {name:?} (0.3 JSON-RPC: {:?})",
                c.op.and_then(|o| a2a::op_method(o, Dialect::V0_3)).unwrap_or("none")
            )
        };
        self.find(&r::RPC_REQUEST_METHOD_CASE, msg, vec![req], &x.leg);
    }

    /// RPC-003 (a2a-tck PR #64, field case f1005): a JSON-RPC call for the agent card under a
    /// name no A2A version defines ([`a2a::card_method_invented`]: `agent/card`,
    /// `GetAgentCard`, ...) that the agent refused (an error, or an HTTP error status):
    /// RPC-REQ-003 (client, note), naming the real way to the card. An agent that served
    /// such a name runs a method of its own (an extension may add methods), so a served
    /// call is not judged; nor the prober's deliberately malformed requests.
    pub(super) fn card_method_invented(&mut self, x: &Exch, c: &Call) {
        if c.binding != Some(Binding::JsonRpc) || c.webhook || x.probe_negative() {
            return;
        }
        let Some(wire) = c.method.as_deref().filter(|m| a2a::card_method_invented(m)) else {
            return;
        };
        let v10 = c
            .header_version
            .as_deref()
            .and_then(Dialect::from_version)
            .is_some_and(|d| d == Dialect::V1_0);
        let ext = if v10 {
            "GetExtendedAgentCard (0.3: agent/getAuthenticatedExtendedCard), callable when the public card sets capabilities.extendedAgentCard"
        } else {
            "agent/getAuthenticatedExtendedCard (1.0: GetExtendedAgentCard), callable when the public card sets supportsAuthenticatedExtendedCard"
        };
        let msg = format!(
            "client called JSON-RPC method {wire:?}, which no A2A version defines: no JSON-RPC method serves the public agent card (a document: GET /.well-known/agent-card.json), and the authenticated extended card is {ext}; the agent's refusal is right, and the call can never succeed"
        );
        let req = x.ev_at(x.req_ev_seq(), "/method", Some(Value::String(wire.into())));
        self.find(&r::RPC_REQUEST_METHOD_CASE, msg, vec![req], &x.leg);
    }

    /// RPC-003 (mine56 f1226; SAGE-X-project/sage-a2a-go's `tasks/list` with a
    /// `lastUpdatedAfter` in epoch milliseconds): a JSON-RPC call of a 1.0 operation under a
    /// 0.x-style slash name no release defines ([`a2a::method_draft_slash`]: `tasks/list`,
    /// `tasks/subscribe`, `tasks/pushNotificationConfig/create`, written after pre-1.0
    /// drafts), under a 1.0 draft's name the release renamed ([`a2a::method_draft_rpc_name`]:
    /// `SetTaskPushNotificationConfig`; mine59 f1334, neuroglia-io/a2a-net's client), or in
    /// snake_case ([`a2a::method_snake_case`]: `send_message`, `get_task`,
    /// `message_send`; mine57 f1279, epoxa/a2a-php's client), that the agent refused (an error, or an HTTP error status): RPC-REQ-003
    /// (client, note), naming the method of each release. An agent that served such a name
    /// runs a method of its own, so a served call is not judged; nor the prober's
    /// deliberately malformed requests.
    pub(super) fn draft_method_called(&mut self, x: &Exch, c: &Call) {
        if c.binding != Some(Binding::JsonRpc) || c.webhook || x.probe_negative() {
            return;
        }
        let Some(wire) = c.method.as_deref() else {
            return;
        };
        let old = |v03: Option<&str>| match v03 {
            Some(m) => format!("0.3 calls it {m:?}"),
            None => "0.3 has no such method".to_string(),
        };
        let how = match a2a::method_draft_slash(wire) {
            Some((v1, v03)) => format!(
                "the 0.x-style spelling of 1.0's {v1:?} (pre-1.0 drafts wrote it so); {}",
                old(v03)
            ),
            // mine59 f1334 (neuroglia-io/a2a-net's client calls SetTaskPushNotificationConfig):
            // a 1.0 draft's name the release renamed.
            None if a2a::method_draft_rpc_name(wire).is_some() => {
                let (v1, v03) = a2a::method_draft_rpc_name(wire).unwrap_or_default();
                format!(
                    "a 1.0 draft's name for 1.0's {v1:?} (the release renamed it); {}",
                    old(v03)
                )
            }
            // mine57 f1279 (epoxa/a2a-php's client calls `send_message`): the operation in
            // snake_case, as an SDK names its functions, or a 0.x method with `_` for `/`;
            // the card's names are `card_method_invented`'s (told above).
            None => match a2a::method_snake_case(wire) {
                Some((v1, v03)) if !a2a::card_method_invented(wire) => {
                    let slashed = wire.replace('_', "/");
                    match v03.filter(|m| m.eq_ignore_ascii_case(&slashed)) {
                        Some(m) => format!(
                            "the 0.x method {m:?} written with _ for /; 1.0 calls it {v1:?}"
                        ),
                        None => format!(
                            "the snake_case spelling of 1.0's {v1:?} (an SDK's function name, not the protocol's method name); {}",
                            old(v03)
                        ),
                    }
                }
                _ => return,
            },
        };
        let msg = format!(
            "client called JSON-RPC method {wire:?}, which no A2A release defines: it is {how}, so no A2A agent serves the call"
        );
        let req = x.ev_at(x.req_ev_seq(), "/method", Some(Value::String(wire.into())));
        self.find(&r::RPC_REQUEST_METHOD_CASE, msg, vec![req], &x.leg);
    }

    /// Whether the card of `x`'s origin declares HTTP+JSON interfaces, all of them in a 0.x
    /// protocol version (0.3 `preferredTransport` / `additionalInterfaces[].transport`).
    pub(super) fn card_rest_0x_only(&self, x: &Exch) -> bool {
        let Some(card) = self.card_for(x) else {
            return false;
        };
        let mut rest = card
            .view
            .interfaces
            .iter()
            .filter(|i| i.binding.eq_ignore_ascii_case("HTTP+JSON"))
            .peekable();
        rest.peek().is_some()
            && rest.all(|i| {
                i.version
                    .as_deref()
                    .and_then(Dialect::from_version)
                    .is_some_and(Dialect::is_0x)
            })
    }

    /// BIND-USE-002 (CARD-005; mine55b b55b-A2): whether `x` asks for 0.3's `/v1` route
    /// below a 1.x HTTP+JSON interface of the card ([`Self::client_added_v1`]): the client's
    /// route, whose 404 page is the right answer, not the agent's malformed error.
    pub(super) fn client_v1_prefix_route(&self, x: &Exch) -> bool {
        x.parts
            .as_ref()
            .and_then(|p| self.client_added_v1(x, p))
            .is_some()
    }

    /// Whether a request whose path is HTTP+JSON route `rt` in other letter case
    /// ([`a2a::rest_route_wrong_case`]) is judged as an A2A call: the agent's card declares
    /// an HTTP+JSON interface, or the request says it speaks A2A (an `A2A-Version` header or
    /// query parameter, `Content-Type: application/a2a+json`). Any other host's `/Tasks`
    /// page is no A2A route. Never for a push delivery or a webhook-shaped request.
    pub(super) fn rest_wrong_case_judged(&self, x: &Exch, rt: &a2a::RestRoute) -> bool {
        rt.op != Op::GetCard && self.a2a_rest_request(x)
    }

    /// Whether a request on no HTTP+JSON route is judged as a client's attempt at one
    /// ([`Self::rest_wrong_case_judged`], [`a2a::rest_route_slip`]): the agent's card
    /// declares an HTTP+JSON interface, or the request says it speaks A2A (an
    /// `A2A-Version` header or query parameter, `Content-Type: application/a2a+json`).
    pub(super) fn a2a_rest_request(&self, x: &Exch) -> bool {
        let declared = self.card_for(x).is_some_and(|card| {
            card.view.interfaces.iter().any(|i| {
                i.binding.eq_ignore_ascii_case("HTTP+JSON")
                    || i.binding.eq_ignore_ascii_case("REST")
            })
        });
        declared
            || x.req_headers.get("a2a-version").is_some()
            || query_param(&x.url, "A2A-Version").is_some()
            || x.req_media().as_deref() == Some("application/a2a+json")
    }

    /// REST-001 / GRPC-001 for an HTTP+JSON route or gRPC method spelled in other letter
    /// case ([`Call::wrong_case_path`]): the client's path does not exist (REST-ROUTE-001 /
    /// GRPC-METHOD-001, note: the agent's 404 / UNIMPLEMENTED shows the client its bug), and
    /// an agent that answered it with a result or a stream (`success`) served it as the
    /// operation it resembles (REST-ROUTE-002, warning: RFC 3986 §6.2.2.1 makes paths
    /// case-sensitive, no A2A MUST asks for 404; GRPC-METHOD-002, error: gRPC dispatches
    /// on the exact method path and answers UNIMPLEMENTED otherwise). Not for the
    /// prober's deliberately malformed requests.
    pub(super) fn path_wrong_case(&mut self, x: &Exch, c: &Call, success: bool) {
        let Some((sent, spelled)) = &c.wrong_case_path else {
            return;
        };
        if c.webhook || x.probe_negative() {
            return;
        }
        let grpc = c.binding == Some(Binding::Grpc);
        let verb = x.method.to_ascii_uppercase();
        let req = x.ev(x.req_ev_seq());
        if success {
            let op = c.method.as_deref().unwrap_or("that method");
            let what = if x.sse.is_some() {
                "a stream of events"
            } else {
                "a result"
            };
            if grpc {
                self.find(
                    &r::GRPC_METHOD_CASE_SERVED,
                    format!(
                        "the client called gRPC method {sent}, which does not exist (the proto spells it {spelled}; gRPC matches the method path exactly), and the agent answered it with {what} as {op} instead of grpc-status 12 UNIMPLEMENTED"
                    ),
                    vec![req.clone(), x.ev(x.body_seq())],
                    &x.leg,
                );
            } else {
                self.find(
                    &r::REST_ROUTE_CASE_SERVED,
                    format!(
                        "the client requested {verb} {sent}, a route that does not exist (the route is {verb} {spelled}; paths are case-sensitive, RFC 3986 §6.2.2.1), and the agent served it as that route, answering HTTP {} with {what}, instead of 404 Not Found",
                        x.status.unwrap_or(0)
                    ),
                    vec![req.clone(), x.ev(x.body_seq())],
                    &x.leg,
                );
            }
        }
        if grpc {
            self.find(
                &r::GRPC_METHOD_CASE_CLIENT,
                format!(
                    "client called gRPC method {sent}, which does not exist: the proto spells it {spelled} (gRPC method paths are case-sensitive)"
                ),
                vec![req],
                &x.leg,
            );
        } else {
            self.find(
                &r::REST_ROUTE_CASE_CLIENT,
                format!(
                    "client requested {verb} {sent}, which is no HTTP+JSON route: the route is spelled {verb} {spelled} (paths are case-sensitive, RFC 3986 §6.2.2.1)"
                ),
                vec![req],
                &x.leg,
            );
        }
    }

    /// REST-ROUTE-001 (REST-001; 0.3 REST-003; breaker19a Y2): the client requested a path
    /// that resembles an HTTP+JSON route but is none ([`Call::route_slip`]): a custom verb
    /// as a path segment, a JSON-RPC method name as the route or verb, an unknown verb. The
    /// agent's 404/405 is the right answer (no CARD-URL-002); an agent that served it
    /// anyway serves a route of its own, which only this agent has. Not for the prober's
    /// deliberately malformed requests.
    /// DATA-PARAM-003 (DATA-003; 1.0 §11.3, 0.3 §3.5.6 routes) for an HTTP+JSON task route
    /// whose task or config id segment is blank ([`Call::blank_route_id`]): the client
    /// named no task (`POST /tasks/:cancel`) or no config (`GET
    /// /tasks/t1/pushNotificationConfigs/`, a2a-java #1012: its REST transport turned a
    /// blank config id into the trailing-slash path). Not told when a lenient router served
    /// the GET as the list route it resembles (HTTP 2xx with a `configs` list), nor for the
    /// prober's deliberately malformed requests or a push delivery.
    pub(super) fn route_id_blank(&mut self, x: &Exch, c: &Call) {
        let Some((sent, op, which)) = &c.blank_route_id else {
            return;
        };
        if c.webhook || x.probe_negative() {
            return;
        }
        let status = x.status.unwrap_or(0);
        let ok = (200..300).contains(&status);
        let verb = x.method.to_ascii_uppercase();
        if ok && *which == a2a::BlankRouteId::Config && verb == "GET" {
            let listed = x
                .resp_decoded()
                .is_some_and(|b| Json::parse(&b).is_ok_and(|v| v.get("configs").is_some()));
            if listed {
                return;
            }
        }
        let (what, route) = match which {
            a2a::BlankRouteId::Config => (
                "a blank config id (a slash and no id after pushNotificationConfigs/), so it names no config: the config id is REQUIRED (DATA-003; proto Get / DeleteTaskPushNotificationConfigRequest.id) and the route is .../tasks/{taskId}/pushNotificationConfigs/{configId}, while without the slash the path is ListTaskPushNotificationConfigs",
                "send the config id the create answered (a blank id is no config; a client that holds none lists the task's configs)",
            ),
            a2a::BlankRouteId::Task => (
                "a blank task id (nothing between tasks/ and the verb or the next segment), so it names no task: the task id is REQUIRED (DATA-003) and every task route is .../tasks/{id}...",
                "send the id of the task the agent handed out",
            ),
        };
        let outcome = if ok {
            format!("the agent answered HTTP {status} anyway, serving a call that names nothing")
        } else {
            format!("the agent's HTTP {status} is the right answer to it, not a wrong card url")
        };
        self.find(
            &r::DATA_PARAM_TASK_ID_MISSING,
            format!(
                "client requested {verb} {sent}, the {} route with {what}; {route} ({outcome})",
                op.name()
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
            &x.leg,
        );
        // left58 item 7: the agent's half, as on JSON-RPC (a blank id there is
        // push_param_missing's): a success answer to a route that names no task or config
        // guessed one, where 1.0 validates input first (ERR-006) and SHOULD reject a missing
        // REQUIRED field (DATA-003): DATA-PARAM-004
        if ok && !x.synthetic {
            let thing = match which {
                a2a::BlankRouteId::Config => "config",
                a2a::BlankRouteId::Task => "task",
            };
            self.find(
                &r::DATA_PARAM_REQUIRED_ID_ACCEPTED,
                format!(
                    "agent answered {verb} {sent}, whose {thing} id segment is blank, with HTTP {status} and a success body instead of refusing it with HTTP 400 INVALID_ARGUMENT (or 404): it guessed which {thing} the call meant"
                ),
                vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
                &x.leg,
            );
        }
    }

    pub(super) fn route_slipped(&mut self, x: &Exch, c: &Call) {
        let Some((sent, what, instead)) = &c.route_slip else {
            return;
        };
        if c.webhook || x.probe_negative() {
            return;
        }
        let verb = x.method.to_ascii_uppercase();
        let status = x.status.unwrap_or(0);
        let outcome = if (200..300).contains(&status) {
            format!("the agent answered HTTP {status}, so it serves a route of its own there, which other A2A agents do not have")
        } else {
            format!("the agent's HTTP {status} is the right answer to it, not a wrong card url")
        };
        self.find(
            &r::REST_ROUTE_CASE_CLIENT,
            format!(
                "client requested {verb} {sent}, which is no HTTP+JSON route: {what}; call {instead} instead ({outcome})"
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
            &x.leg,
        );
    }
}

/// What VER-CARD-002 says of a card that does not offer a call's version
/// ([`State::card_lacks_version`]).
pub(super) struct NotOffered {
    /// The protocol versions the card declares, oldest first (a 0.x card without
    /// protocolVersion: 0.2, and 0.1 when it has no member 0.2 added).
    pub(super) declared: Vec<Dialect>,
    /// How a finding names them (`1.0`, `0.3, 1.0`, or the 0.x card's shape).
    pub(super) list: String,
    /// The card, with its `protocolVersion` when it names one.
    pub(super) card_ev: Evidence,
}

impl State {
    /// VER-CARD-002 (VER-005, CARD-005) on every binding (JSON-RPC:
    /// [`State::client_version_not_offered`]; HTTP+JSON:
    /// [`State::rest_client_version_not_offered`]; one copy since dup38): the versions `card`
    /// declares when they do not cover protocol version `d` (0.2 and 0.3 count as one family,
    /// 0.1 is its own); `None` when they cover it or the card declares none. A 0.x card with
    /// no protocolVersion (0.1.0 has none; 0.2 before 0.2.5 neither) still declares its
    /// generation by its shape: url and no supportedInterfaces (breaker29 G16). A 0.x-shaped
    /// card claiming protocolVersion 1.0 (genui-sdk #219) is CARD-SHAPE-001's finding: the
    /// client read the card's own claim, so "the card declares only 0.3" would contradict it
    /// (breaker17a U13): `None`. The version area is judged when the card lacks `d`.
    /// The card that covers exchange `x` declares protocol versions, and 1.0 is not among
    /// them ([`Self::card_lacks_version`]): a 1.0 call there reaches an agent that does not
    /// serve 1.0 (mine43 f960).
    pub(super) fn card_declares_no_v1(&mut self, x: &Exch) -> bool {
        let Some(card) = self.card_for(x).cloned() else {
            return false;
        };
        self.card_lacks_version(&card, Dialect::V1_0).is_some()
    }

    fn card_lacks_version(&mut self, card: &CardRec, d: Dialect) -> Option<NotOffered> {
        if card.view.v0_shape_claims_v1 {
            return None;
        }
        let mut declared = card.view.declared_dialects();
        let implied = declared.is_empty() && card.view.has_v0_fields && !card.view.has_v1_fields;
        if implied {
            // A card with no member 0.2 added reads as 0.1.0 and as 0.2.0 alike.
            if card.view.v01_shape {
                declared.push(Dialect::V0_1);
            }
            declared.push(Dialect::V0_2);
        }
        let covers = declared.iter().any(|k| {
            *k == d || (k.is_0x() && d.is_0x() && *k != Dialect::V0_1 && d != Dialect::V0_1)
        });
        if declared.is_empty() || covers {
            return None;
        }
        let list = if implied && card.view.v01_shape {
            "0.1 or 0.2 (a 0.x card: url, and no protocolVersion, which 0.2.5 added)".to_string()
        } else if implied {
            "0.2 (a 0.x card: url, and no protocolVersion, which 0.2.5 added)".to_string()
        } else {
            declared
                .iter()
                .map(|k| k.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let card_ev = Evidence {
            seq: card.seq,
            exchange: Some(card.exchange.clone()),
            pointer: None,
            found: card.view.protocol_version.clone().map(Value::String),
        };
        self.areas.insert("version");
        Some(NotOffered {
            declared,
            list,
            card_ev,
        })
    }
}

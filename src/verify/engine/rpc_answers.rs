//! JSON-RPC answers: results and errors matched to their requests, untranslated gateway answers.

use super::*;

impl State {
    pub(super) fn on_jsonrpc_response(
        &mut self,
        x: &Exch,
        status: u16,
        json: Option<&Json>,
        body: &[u8],
    ) {
        let c = x.call.clone().unwrap_or_default();
        let bseq = x.body_seq();
        // JSON-RPC 2.0 §6 (RPC-001): an empty batch `[]` is an invalid request whose answer
        // is one Response object (-32600 Invalid Request, id null), never an empty array or
        // no answer.
        if (200..300).contains(&status)
            && !x.synthetic
            && matches!(c.rpc, Some(RequestParse::Invalid))
            && x.req_decoded().is_some_and(|b| {
                trim_ascii(&b).starts_with(b"[")
                    && Json::parse(&b)
                        .ok()
                        .and_then(|v| v.as_array().map(|a| a.is_empty()))
                        == Some(true)
            })
        {
            let single_error = json.is_some_and(|v| {
                v.get("error")
                    .and_then(|e| e.get("code"))
                    .and_then(Json::as_i64)
                    == Some(jsonrpc::INVALID_REQUEST)
            });
            if !single_error {
                let what = match json {
                    Some(Json::Array(a)) if a.is_empty() => "an empty array".to_string(),
                    Some(v) => format!("{}", excerpt_value(v)),
                    None if body.is_empty() => "an empty body".to_string(),
                    None => "a body that is not JSON".to_string(),
                };
                self.find(
                    &r::RPC_ENVELOPE,
                    format!("the client's empty JSON-RPC batch [] was answered HTTP {status} with {what} instead of one -32600 Invalid Request error response with id null (JSON-RPC 2.0 §6)"),
                    vec![
                        x.ev(x.req_ev_seq()),
                        if body.is_empty() {
                            x.ev(x.resp_seq)
                        } else {
                            x.ev_at(bseq, "", json.map(excerpt_value))
                        },
                    ],
                    &x.leg,
                );
                self.after_response(x, None, None);
                return;
            }
        }
        let Some(v) = json else {
            let media = x.resp_media();
            // breaker38: a JSON body beyond what the parser reads (RFC 8259 §9, §6), at any
            // HTTP status (a JSON-RPC error under 500 too): its envelope, id and error are
            // unknown, so nothing of the answer is judged (no "not a JSON-RPC response", no
            // refusal read from the status alone), and the exchange is listed so.
            if let Some(limit) = (!body.is_empty()
                && !x.synthetic
                && !self.gw_own_answer.contains(&x.id)
                && media.as_deref().is_some_and(media_names_json))
            .then(|| Json::parse(body).err())
            .flatten()
            .and_then(|e| jsonrpc::parser_limit(&e))
            {
                self.beyond_parser(x, "response body", limit);
                self.after_response(x, None, None);
                return;
            }
            if self.gw_own_answer.contains(&x.id) {
                // The gateway's page, not the agent's answer: GW-RESP-001/002 (gw_note_end).
            } else if self.plain_refusal_of_valid_call(x, status, &c, body) {
                // RPC-001 / RPC-002: a 400 page, or (left56) a call on a task seen finished
                // refused in a page at any judged status, told in one finding.
            } else if (200..300).contains(&status)
                && !body.is_empty()
                && !x.synthetic
                && c.op.is_some_and(Op::is_streaming)
            {
                // RPC-005: a stream in another framing (NDJSON, litellm #20278) is not SSE.
                self.stream_not_sse(
                    x,
                    format!(
                        "streaming call {} was answered with {} instead of text/event-stream",
                        c.method.as_deref().unwrap_or(""),
                        media.as_deref().unwrap_or("no content type")
                    ),
                    vec![x.ev_at(bseq, "", Some(excerpt(&String::from_utf8_lossy(body))))],
                );
            } else if (200..300).contains(&status)
                && !body.is_empty()
                && !x.synthetic
                && media.as_deref().is_some_and(media_names_json)
            {
                // RFC 8259 §8.1: no byte order mark; JSON parsers (json.loads, httpx,
                // JSON.parse) refuse one, and it is invisible in the evidence: name it.
                let msg = format!(
                    "response body of the JSON-RPC call is not JSON{}",
                    json_text_fault(body).unwrap_or_default()
                );
                self.find(
                    &r::RPC_ENVELOPE,
                    msg,
                    vec![x.ev_at(bseq, "", Some(excerpt(&String::from_utf8_lossy(body))))],
                    &x.leg,
                );
            } else if (200..300).contains(&status) && !x.synthetic && expects_response(&c) {
                // RPC-001 (JSON-RPC 2.0 §5): a call with an id gets a Response object; a 204,
                // an empty 200 or an HTML page leaves the client nothing to read.
                let what = if body.is_empty() {
                    "an empty body".to_string()
                } else {
                    media.as_deref().unwrap_or("no content type").to_string()
                };
                // An HTML page (a WAF's block page, a CDN's maintenance page) is plainly not
                // what an A2A agent writes: say who may have produced it.
                let html = media.as_deref().is_some_and(|m| m.contains("html"))
                    || body
                        .iter()
                        .find(|b| !b.is_ascii_whitespace())
                        .is_some_and(|&b| b == b'<');
                let who = if html {
                    let server = x
                        .resp_headers
                        .get("server")
                        .map(|s| format!(", server: {}", s.trim()))
                        .unwrap_or_default();
                    format!(
                        " (an HTML page{server}): such a page usually comes from an intermediary in front of the agent (gateway, WAF, CDN, load balancer) rather than the agent itself; whether the agent or an intermediary sent it cannot be told from this leg: record the upstream leg too (leg \"upstream\") to see which"
                    )
                } else {
                    String::new()
                };
                self.find(
                    &r::RPC_ENVELOPE,
                    format!(
                        "the JSON-RPC call {} was answered HTTP {status} with {what} instead of a JSON-RPC response{who}",
                        c.method.as_deref().unwrap_or("")
                    ),
                    vec![if body.is_empty() {
                        x.ev(x.resp_seq)
                    } else {
                        x.ev_at(bseq, "", Some(excerpt(&String::from_utf8_lossy(body))))
                    }],
                    &x.leg,
                );
            } else if status == 500
                && !x.synthetic
                && matches!(c.rpc, Some(RequestParse::Request { .. }))
                && c.op.is_some()
            {
                // RPC-001: an agent that fails answers -32603 in a JSON-RPC response; a bare
                // HTTP 500 page (chrishayuk/a2a-server #1) leaves the client no error object.
                // 502/503/504 come from intermediaries and are not judged.
                self.find(
                    &r::RPC_ENVELOPE,
                    format!(
                        "the JSON-RPC call {} was answered HTTP 500 with {} instead of a JSON-RPC error response",
                        c.method.as_deref().unwrap_or(""),
                        media.as_deref().unwrap_or("no content type")
                    ),
                    vec![x.ev_at(bseq, "", Some(excerpt(&String::from_utf8_lossy(body))))],
                    &x.leg,
                );
            }
            self.framework_rejection(x, status, &c, body);
            self.after_response(x, None, None);
            return;
        };
        // An HTTP-level rejection (401/403 from an auth layer, 429 from a rate limiter, 5xx
        // from a gateway: ERR-006, ERR-007) with its own JSON (`{"error":"unauthorized"}`,
        // Google's AIP-193 `{"error":{"code":401,"status":"UNAUTHENTICATED"}}`) is no
        // JSON-RPC answer: no `jsonrpc`, no `id` (every JSON-RPC response has one, §5), no
        // `result`. One with an `id` or a JSON-RPC error code is judged as JSON-RPC.
        // An error code in JSON-RPC's reserved range (-32768..-32000, ERR-001) is a JSON-RPC
        // error that lost its envelope (litellm PR #37704: a gateway's HTTP 500
        // `{"error":{"code":-32603,...}}` without jsonrpc and id), not an HTTP-level rejection.
        let rpc_coded = v
            .get("error")
            .and_then(|e| e.get("code"))
            .and_then(Json::as_i64)
            .is_some_and(|k| (-32768..=-32000).contains(&k));
        // A rate limiter's "not now" (429, or 503 with Retry-After: RFC 6585 §4, RFC 9110
        // §10.2.3) is an HTTP-level rejection whatever its JSON says (breaker15b R4).
        let rate_limited =
            status == 429 || (status == 503 && x.resp_headers.get("retry-after").is_some());
        let http_rejection = rate_limited
            || (!(200..300).contains(&status)
                && v.get("jsonrpc").is_none()
                && v.get("result").is_none()
                && !rpc_coded
                && (v.get("id").is_none()
                    || !v
                        .get("error")
                        .is_some_and(|e| e.get("code").is_some_and(Json::is_i64))));
        self.refusal_id_not_echoed(x, &c, status, v, bseq);
        if !jsonrpc::looks_like_response(v) || http_rejection {
            // A non-JSON-RPC JSON body in a 2xx to a call with an id (`null`, `{}`, a bare
            // result): the client got no Response object (RPC-001, JSON-RPC 2.0 §5).
            // Outside 2xx (a gateway's error page, ...): not ours to judge.
            if (200..300).contains(&status)
                && !x.synthetic
                && c.op.is_some_and(Op::is_streaming)
                && !http_rejection
            {
                // RPC-005 (breaker27 G13): a streaming call answered with JSON that is no
                // response object (the stream's events collected into one array by a
                // front that cannot stream): the stream is missing, not an envelope.
                let kind = if v.as_array().is_some() {
                    "a JSON array"
                } else {
                    "JSON that is no JSON-RPC response"
                };
                self.stream_not_sse(
                    x,
                    format!(
                        "streaming call {} was answered with {kind} ({}) instead of text/event-stream",
                        c.method.as_deref().unwrap_or(""),
                        x.resp_media()
                            .unwrap_or_else(|| "no content type".into())
                    ),
                    vec![x.ev_at(bseq, "", Some(excerpt_value(v)))],
                );
            } else if (200..300).contains(&status) && !x.synthetic && expects_response(&c) {
                self.find(
                    &r::RPC_ENVELOPE,
                    format!(
                        "the JSON-RPC call {} was answered HTTP {status} with JSON that is not a JSON-RPC response object",
                        c.method.as_deref().unwrap_or("")
                    ),
                    vec![x.ev_at(bseq, "", Some(excerpt_value(v)))],
                    &x.leg,
                );
            } else if !x.synthetic && expects_response(&c) && !self.jsonrpc_on_rest_route(x) {
                if let Some((what, code)) = rest_binding_error(v, status, &c) {
                    // RPC-001, RPC-002 (ERR-007 leaves only the HTTP status open): an A2A
                    // error in the HTTP+JSON binding's shape on a JSON-RPC call (one error
                    // middleware shared by both bindings) has no jsonrpc and no id; a
                    // JSON-RPC client cannot read it, whatever the status.
                    let want = match code {
                        Some(k) => match jsonrpc::code_name(k) {
                            Some(n) => format!("{k}, ...}}}} ({n})"),
                            None => format!("{k}, ...}}}}"),
                        },
                        None => "<code>, ...}}".into(),
                    };
                    self.find(
                        &r::RPC_ENVELOPE,
                        format!(
                            "the agent answered the JSON-RPC call {} with HTTP {status} and {what}, the HTTP+JSON binding's error shape: no jsonrpc, no id, so a JSON-RPC client cannot read it (expected {{\"jsonrpc\":\"2.0\",\"id\":<request id>,\"error\":{{\"code\":{want})",
                            c.method.as_deref().unwrap_or(""),
                        ),
                        vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, "", Some(excerpt_value(v)))],
                        &x.leg,
                    );
                } else if !rate_limited {
                    // RPC-001 (mine51, mastra #24156): a request validator's own JSON
                    // refusal (400 / 422) of a call with an id.
                    self.json_refusal_of_call(x, status, &c, v);
                }
            }
            self.framework_rejection(x, status, &c, body);
            self.after_response(x, None, None);
            return;
        }
        let rv = jsonrpc::response_view(v);
        if !rv.problems.is_empty() {
            let msg = rv
                .problems
                .iter()
                .map(|p| p.1.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let ev = rv
                .problems
                .iter()
                .map(|p| x.ev_at(bseq, &p.0, v.pointer(&p.0).map(Json::to_value)))
                .collect();
            self.find(&r::RPC_ENVELOPE, msg, ev, &x.leg);
        } else if status >= 400 && !x.synthetic && v.get("result").is_some() {
            // RPC-001/RPC-002 over HTTP (lead48, a mutation of the SDK captures that was
            // silent): a success Response under 4xx/5xx. The SDK transports check the
            // status first (httpx raise_for_status, fetch's !response.ok) and throw the
            // result away; a send the agent carried out is then retried or reported failed.
            self.areas.insert("jsonrpc");
            self.find(
                &r::RPC_RESULT_UNDER_ERROR_STATUS,
                format!(
                    "agent answered the JSON-RPC call {} with HTTP {status} and a success Response (result, no error): a client that checks the HTTP status first (the A2A SDKs do) reports an HTTP {status} failure and never reads the result, although the call was carried out; answer a result with HTTP 200",
                    c.method.as_deref().unwrap_or("")
                ),
                vec![x.ev_at(bseq, "/result", None)],
                &x.leg,
            );
        }
        // RPC-001: a JSON-RPC response is served as application/json (a2a-go #264: text/plain,
        // which strict clients such as Microsoft Copilot refuse). Any JSON media type passes.
        self.v0_answer_in_1_0_media_type(x, &c);
        // review33 Q4: said for what it is, absent or another type, with what to send.
        // A JSON type that names another document is no JSON-RPC response either: RFC 9457's
        // application/problem+json (a2a-java #719 asked for it on JSON-RPC errors) tells a
        // client to read {type, title, status, detail}.
        let media = x.resp_media();
        let problem = media
            .as_deref()
            .is_some_and(|m| m.eq_ignore_ascii_case("application/problem+json"));
        if !x.synthetic && (problem || !media.as_deref().is_some_and(media_names_json)) {
            let what = match media.as_deref().filter(|m| !m.is_empty()) {
                Some(m) if problem => format!(
                    "is served as {m}, RFC 9457's problem-details type (which 1.0 §11.6 replaced with google.rpc.Status even on HTTP+JSON)"
                ),
                Some(m) => format!("is served as {m}"),
                None => "has no Content-Type header".to_string(),
            };
            let call = c.method.as_deref().unwrap_or("the call");
            let msg = if problem {
                format!(
                    "agent's JSON-RPC response to {call} {what}: RPC-001 makes a JSON-RPC response, result or error, application/json, and a client that dispatches on the media type reads the body as a problem document {{type, title, status, detail}} and loses the JSON-RPC id, code and result; send Content-Type: application/json"
                )
            } else {
                format!(
                    "agent's JSON-RPC response to {call} {what}: RPC-001 makes it application/json, and a client that checks the media type (a2a-go #264: Microsoft Copilot) refuses the body while others read it as JSON anyway; send Content-Type: application/json"
                )
            };
            self.find(&r::RPC_ENVELOPE, msg, vec![x.ev(x.resp_seq)], &x.leg);
        }
        // id echo (RPC-002). A request id the A2A schemas do not allow (fractional: string
        // or integer only, RPC-REQ-001) makes the request invalid for an A2A agent, which
        // may answer it -32600 with id null (JSON-RPC 2.0 §5: null when the id could not be
        // read as valid) as fairly as echo it (breaker10n N9).
        // The same for params that are no Structured value (JSON-RPC 2.0 §4.2, breaker11
        // K22): an Invalid Request, answered -32600 with id null as fairly.
        // An error body under an HTTP-level refusal (401/403 of an auth front, 402 of a
        // payment gate, 429 of a rate limiter, 502-504 of a gateway: the status is the
        // answer, AUTH-003, ERR-007) is judged for its id by RPC-ID-002 ([`Self::refusal_id_not_echoed`]), a warning,
        // not as the agent's RPC-ID-001. The same for a refusal of a request the refuser
        // did not read whole (408, 411, 413, 414, 431: [`unread_request_status`]), whose id
        // null is JSON-RPC 2.0 §5's own answer (review26 R13).
        // The same for an error refusing a body the client sent under a media type that is
        // not JSON (text/plain, a form: HTTP-MEDIA-003 names the client): an agent that
        // checks the Content-Type before it parses (the JS SDK's express contentTypeGuard
        // answers -32005 with id null) has read no id, and null is RPC-002's "unreadable"
        // id (sdkc42 wrong-content-type@js). The same for -32005 to any other type than
        // application/json: that guard refuses 1.0's application/a2a+json so too.
        let refused_bad_id = c.rpc_id_ambiguous
            || (rv.id.is_none_or(Json::is_null) && refused_by_media_type(x, rv.error.as_ref()))
            || ((!a2a_request_id_ok(&c) || c.params_not_object().is_some())
                && rv.id.is_none_or(Json::is_null)
                && rv.error.as_ref().and_then(|e| e.code) == Some(jsonrpc::INVALID_REQUEST))
            || (x
                .status
                .is_some_and(|s| front_refusal_status(s) || unread_request_status(s).is_some())
                && rv.error.is_some());
        match &c.rpc {
            Some(RequestParse::Request { id: Some(rid), .. })
                if !rid.is_null()
                    && !refused_bad_id
                    && (!jsonrpc::same_id_key(Some(rid), rv.id)
                        || wide_id_not_echoed(&c, body))
                    && v.get("id").is_some() =>
            {
                let got = jsonrpc::id_key(rv.id);
                // An id wider than 64 bits is shown as written, not as the double it
                // parsed to (both would print 1.8446744073709552e19; breaker30 I12).
                let wide = c.rpc_id_wide.as_deref().map(|w| {
                    let echoed = crate::model::json::top_level_member_raw(body, "id")
                        .flatten()
                        .map(|t| String::from_utf8_lossy(t).into_owned());
                    (w.to_string(), echoed)
                });
                let shown = match &wide {
                    Some((_, Some(echoed))) => echoed.clone(),
                    _ => rv
                        .id
                        .map(|i| i.to_string())
                        .unwrap_or_else(|| "null".into()),
                };
                let rid_shown = match &wide {
                    Some((w, _)) => format!(
                        "{w} (an integer wider than 64 bits: a server that reads ids as doubles echoes it rounded)"
                    ),
                    None => rid.to_string(),
                };
                // Gateway legs: the id the gateway numbered its upstream copy with,
                // handed back to the client, is the gateway's fault (RPC-002).
                let up = self.gateway_rpc_id(x, &got);
                let gateway = up.is_some();
                let (msg, mut ev) = match up {
                    Some((up_x, up_seq, up_id)) => (
                        format!(
                            "gateway answered the client's request id {rid} with id {shown}, the id it gave its own upstream request: the agent echoed {shown} correctly on the upstream leg, and the gateway did not restore the client's id"
                        ),
                        vec![Evidence {
                            seq: up_seq,
                            exchange: Some(up_x),
                            pointer: Some("/id".into()),
                            found: Some(up_id),
                        }],
                    ),
                    None => (
                        format!("response id {shown} does not echo the request id {rid_shown}"),
                        Vec::new(),
                    ),
                };
                // A wide id's double would show both ids alike: the message has the digits.
                let found = |v: Option<Value>| if wide.is_some() { None } else { v };
                let mut all = vec![x.ev_at(x.req_ev_seq(), "/id", found(Some(rid.to_value())))];
                all.append(&mut ev);
                all.push(x.ev_at(bseq, "/id", found(rv.id.map(Json::to_value))));
                let rule = if gateway {
                    &r::GW_ANSWER_ALTERED
                } else {
                    &r::RPC_ID_MISMATCH
                };
                self.find(rule, msg, all, &x.leg);
            }
            _ => {}
        }
        if let Some(e) = &rv.error {
            // ERR-004 (1.0): error.data, when present, is a list of `@type`d objects.
            if c.dialect == Some(Dialect::V1_0) {
                if let Some((msg, found)) = rpc_details_not_data(v, e.data) {
                    self.find(
                        &r::RPC_ERROR_INFO_MALFORMED,
                        msg,
                        vec![x.ev_at(bseq, "/error/details", Some(found))],
                        &x.leg,
                    );
                }
                if let Some(d) = e.data.filter(|d| !d.is_null()) {
                    let ok = d.as_array().is_some_and(|a| {
                        a.iter()
                            .all(|i| i.get("@type").is_some_and(Json::is_string))
                    });
                    if !ok {
                        // Say what was there and what to do (breaker26 E05: a 0.3 agent's
                        // free-form `data` object kept after moving to 1.0).
                        let what = match d {
                            Json::Object(_) => "an object (0.x's free-form data)",
                            Json::Array(_) => {
                                "an array with an entry that is no object with an @type string"
                            }
                            Json::String(_) => "a string",
                            _ => "a scalar",
                        };
                        self.find(
                            &r::RPC_ENVELOPE,
                            format!(
                                "1.0 error data of the answer to {} is {what}, not a list of objects with @type (ERR-004: 1.0 error.data is an array of google.protobuf.Any details, such as a google.rpc.ErrorInfo): a 1.0 client that reads the details fails on it; put the A2A ErrorInfo there and free-form values in its metadata",
                                call_at(x)
                            ),
                            vec![x.ev_at(bseq, "/error/data", Some(excerpt_value(d)))],
                            &x.leg,
                        );
                    } else if let Some((i, ptr, why)) = d
                        .to_value()
                        .as_array()
                        .and_then(|a| error_info_list_defect(a))
                    {
                        // ERR-004: JSON-RPC carries the same ErrorInfo as ERR-003's (a
                        // SHOULD in 1.0.1 §9.5, a MUST in 1.0.0); one that is there but not
                        // in ErrorInfo's shape is RPC-ERROR-002, an error as REST-ERROR-001
                        // and GRPC-ERROR-002 are for the same ErrorInfo (breaker17b V19: a
                        // ProtoJSON client fails on the whole error), not RPC-ENVELOPE-001:
                        // the detail list itself is well formed (a2a-python 1.0 puts its
                        // validation errors, a list, in metadata).
                        let ptr = format!("/error/data/{i}{ptr}");
                        let found = d.to_value().pointer(&ptr["/error/data".len()..]).cloned();
                        self.find(
                            &r::RPC_ERROR_INFO_MALFORMED,
                            format!("1.0 error data: {why}"),
                            vec![x.ev_at(bseq, &ptr, found)],
                            &x.leg,
                        );
                    }
                }
                self.error_info_missing(x, v, e.code, e.data, bseq);
            }
            let data = e.data.map(|d| d.to_value().to_string());
            self.on_rpc_error(x, e.code, e.message, data, bseq);
            self.after_response(x, None, None);
            return;
        }
        if c.op == Some(Op::GetExtendedCard) {
            if let Some(res) = rv.result {
                if (200..300).contains(&status) {
                    self.on_card(x, Some(res), true, "/result");
                }
            }
            // RPC-001 (mutate49): its request body under another media type, as every
            // other call's (this answer skips `after_response`).
            if !c.webhook && !x.synthetic {
                self.request_media_type(x, &c);
            }
            return;
        }
        // Streaming call answered with a plain JSON result (RPC-005).
        if c.op.is_some_and(Op::is_streaming) && rv.result.is_some() && (200..300).contains(&status)
        {
            self.stream_not_sse(
                x,
                format!(
                    "streaming call {} was answered with a single JSON-RPC result ({}) instead of text/event-stream",
                    c.method.as_deref().unwrap_or(""),
                    x.resp_media().unwrap_or_else(|| "no content type".into())
                ),
                vec![x.ev(x.resp_seq)],
            );
        }
        let mut result_task = None;
        if let Some(res) = rv.result {
            if self.gw_untranslated_answer(x, &c, res, bseq) {
                self.after_response(x, None, None);
                return;
            }
            result_task = self.on_result(x, res, "/result", bseq);
            if (200..300).contains(&status) && !x.synthetic {
                self.required_id_missing_accepted(x, &c, bseq);
            }
        }
        let rt = result_task
            .as_ref()
            .map(|(a, b, s)| (a.as_str(), b.as_deref(), *s));
        self.after_response(x, rt, rv.result);
    }

    /// RPC-ERROR-004 (ERR-004, ERR-002; mine39 f880, a2a-elixir #76): the answer `v` (body
    /// event `bseq`) to a 1.0 JSON-RPC call of exchange `x` is an A2A error (`code` -32001 to
    /// -32009) whose `data` holds no google.rpc.ErrorInfo: absent or null, or a list of
    /// `@type`d details without one. A note, once per agent origin (1.0.1 §9.5 makes `data`
    /// optional; 1.0.0 required the ErrorInfo). Data that is no detail list and a list under
    /// `details` are RPC-ENVELOPE-001's and RPC-ERROR-002's, not told again here. Never on
    /// 0.x (left58 item 4): ERR-004 is 1.0's, 0.x `error.data` is free-form (0.3 §8, the 0.2
    /// and 0.3 JSON Schemas' `JSONRPCError.data`), so its help is spelled for 1.0 only.
    fn error_info_missing(
        &mut self,
        x: &Exch,
        v: &Json,
        code: Option<i64>,
        data: Option<&Json>,
        bseq: u64,
    ) {
        let Some(code) = code.filter(|c| (-32009..=-32001).contains(c)) else {
            return;
        };
        let seen = match data.filter(|d| !d.is_null()) {
            None if v.pointer("/error/details").is_some() => return,
            None => "no data member",
            Some(d) => {
                let Some(a) = d.as_array() else { return };
                let typed = a
                    .iter()
                    .all(|i| i.get("@type").is_some_and(Json::is_string));
                if !typed || error_info_reason(Some(d)).is_some() {
                    return;
                }
                if a.is_empty() {
                    "an empty detail list in data"
                } else {
                    "a detail list in data without a google.rpc.ErrorInfo"
                }
            }
        };
        let origin = x.origin.as_deref().unwrap_or_default();
        if !self.error_info_missing_origins.insert(origin.to_string()) {
            return;
        }
        let name = jsonrpc::code_name(code).unwrap_or("the A2A error");
        let reason = reason_for_code(code).unwrap_or("its reason");
        // left57: the help names the error the situation owed (ERR-002), else the one
        // answered, in this call's spelling, not always TASK_NOT_FOUND
        let owed = x
            .call
            .as_deref()
            .and_then(|c| {
                let said = v.pointer("/error/message").and_then(Json::as_str);
                self.situation_error(x, c, code, &[said])
            })
            .map(|(w, _)| w)
            .filter(|w| reason_for_code(*w).is_some())
            .unwrap_or(code);
        let help = format!(
            "answer this error as {}: error.data carries the ErrorInfo of its reason, and every other A2A error its own (the error's UPPER_SNAKE_CASE name without Error, ERR-002's table); 1.0.0 peers require it (1.0.0 §9.5 MUST), 1.0.1 asks for it (SHOULD), and clients and the TCK (JSONRPC-ERR-003) dispatch on the reason, not only on the number",
            // left58 item 4: 1.0's spelling only; this rule is 1.0's (ERR-004: 0.x
            // error.data is free-form), so no 0.x spelling is ever due here
            a2a_error_spelled(owed, Some(Dialect::V1_0), Some(Binding::JsonRpc))
        );
        let mut f = Finding::new(
            &r::RPC_ERROR_INFO_MISSING,
            format!(
                "the agent answered {} with the A2A error {code} {name} and {seen}: a 1.0 A2A error carries [{{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", \"reason\": \"{reason}\", \"domain\": \"a2a-protocol.org\"}}] in error.data (1.0.0 §9.5 MUST, 1.0.1 SHOULD), so a client or the TCK that matches the reason finds none (told once for this agent; its other A2A errors may lack it too)",
                call_at(x)
            ),
        );
        f.help = help;
        f.evidence = vec![x.ev_at(bseq, "/error", None)];
        f.leg = x.leg.clone();
        self.emit(f);
    }

    /// GW-RESP-002 (RPC-002, DATA-005): a translating gateway speaks one protocol version to
    /// the client and another to the agent (a 0.3 `message/send` forwarded as a 1.0
    /// `SendMessage`, or the reverse) but hands the agent's answer back unchanged: the
    /// client leg's JSON-RPC `result` `res` is, member for member, the `result` the agent
    /// gave on an upstream leg to the same operation in the other version, for the same
    /// message id (a send) or task id (a task call). The agent answered the call it got
    /// (judged on the upstream leg); the client got an answer of the wrong version, which
    /// is the gateway's doing. Also records an upstream leg's answer for the client leg.
    /// Returns true when the client leg's answer is reported so (then it is not judged as
    /// the agent's).
    pub(super) fn gw_untranslated_answer(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        bseq: u64,
    ) -> bool {
        let (Some(op), Some(dialect)) = (c.op, c.dialect) else {
            return false;
        };
        let Some(key) = gw_call_key(op, c) else {
            return false;
        };
        if x.leg.is_some() {
            self.gw_up_answers.push_back(UpAnswer {
                op,
                dialect,
                key: key.to_string(),
                method: c.op_term(op.name()).to_string(),
                hash: json_hash(res),
                state: answer_state(res),
                xid: str::to_string(&x.id),
                seq: bseq,
                rpc: c.binding == Some(Binding::JsonRpc),
                kind_shaped: kind_shaped(c),
                texts: answer_text_digest(res),
                no_transform: no_transform(&x.resp_headers),
                ids: answer_ids(res),
                words: answer_word_ids(res),
                stamp: answer_stamp(res),
            });
            if self.gw_up_answers.len() > MAX_PENDING_UP {
                self.gw_up_answers.pop_front();
            }
            return false;
        }
        if self.gw_up_answers.is_empty() {
            return false;
        }
        // a copy sent under a messageId of the front's own (mine30c) is answered under
        // that id: the agent's answers are looked up by it (depth51: a gateway that minted
        // it and changed the agent's task state went untold)
        let own_mid = matches!(op, Op::SendMessage | Op::SendStreamingMessage)
            .then(|| self.gw_pairs.iter().rev().find(|p| *p.client == *x.id))
            .flatten()
            .and_then(|p| p.up_message_id.clone());
        let key = own_mid.as_deref().unwrap_or(key);
        if self.front_answered_itself(x, op, key, res) {
            return false;
        }
        self.learn_gw_ids(op, key, res, &x.scope);
        // (the gateway's id as named under this call's agent scope first: a router's
        // tenants may each have a `task-1`, breaker49)
        let agent_key = (!x.scope.is_empty())
            .then(|| self.gw_ids.get(&format!("{}\u{0}{key}", x.scope)))
            .flatten()
            .or_else(|| self.gw_ids.get(key))
            .cloned();
        let key = agent_key.as_deref().unwrap_or(key);
        let h = json_hash(res);
        let Some(up) =
            self.gw_up_answers.iter().rev().find(|u| {
                u.op == op && u.key == key && u.hash == h && u.kind_shaped != kind_shaped(c)
            })
        else {
            return self.gw_altered_answer(x, c, res, (op, key, h), bseq);
        };
        let (up_method, up_dialect, up_xid, up_seq) =
            (up.method.clone(), up.dialect, up.xid.clone(), up.seq);
        let up_ptr = if up.rpc { "/result" } else { "" };
        let ptr = if c.binding == Some(Binding::JsonRpc) {
            "/result"
        } else {
            ""
        };
        let msg = untranslated_message(c, op, dialect, &up_method, up_dialect, "answer");
        self.gw_own_answer.insert(str::to_string(&x.id), ());
        self.find(
            &r::GW_ANSWER_ALTERED,
            msg,
            vec![
                x.ev(x.req_ev_seq()),
                Evidence {
                    seq: up_seq,
                    exchange: Some(up_xid),
                    pointer: Some(up_ptr.into()),
                    found: None,
                },
                x.ev_at(bseq, ptr, None),
            ],
            &x.leg,
        );
        true
    }

    /// depth51: the client leg's answer `res` to a call paired with an upstream copy
    /// (operation `op`, the copy's message id or task id `key`) names none of the ids of
    /// the agent's answer to that copy ([`answered_itself`]) and does not hand on the
    /// agent's status as it was (the same state at the same `status.timestamp` or both
    /// without one, [`answer_stamp`]: a gateway that maps every id of a bare task,
    /// breaker48, breaker49): the front answered itself
    /// (an orchestrator's own task), so the pair is no relay. It is dropped
    /// ([`State::gw_pairs`]) and remembered ([`State::gw_front_own`]): no GW-* rule
    /// compares the legs, no id map is learnt from them. False (a relay, or no answer of
    /// the agent's kept to tell) otherwise.
    fn front_answered_itself(&mut self, x: &Exch, op: Op, key: &str, res: &Json) -> bool {
        let Some(up) = (self.gw_up_answers.iter().rev()).find(|u| u.op == op && u.key == key)
        else {
            return false;
        };
        let (ids, words) = (answer_ids(res), answer_word_ids(res));
        let mine: Vec<&str> = (ids.iter().map(|(_, i)| &**i))
            .chain(words.iter().map(|w| &**w))
            .collect();
        let theirs: Vec<&str> = (up.ids.iter().map(|(_, i)| &**i))
            .chain(up.words.iter().map(|w| &**w))
            .collect();
        if !answered_itself(&mine, &theirs, x.req_body.as_slice()) {
            return false;
        }
        // every id mapped, but the agent's status handed on as it was (its state at its
        // timestamp, or with none when the agent's had none): a relay of a bare task
        // (breaker48's gateway, breaker49's router that mints ids per tenant), not an
        // orchestrator's own status, which it stamps itself, in its own state
        if up.stamp == answer_stamp(res) && up.state == answer_state(res) {
            return false;
        }
        self.gw_front_own.insert(str::to_string(&x.id), ());
        self.gw_pairs.retain(|p| *p.client != *x.id);
        true
    }

    /// breaker48: a gateway that hands the client task and context ids of its own (ID-001,
    /// ID-002: ids are the server's, and the client's server is the gateway): the ids the
    /// client leg's answer `res` to a send (operation `op`, message id `key`) names beside
    /// those of the agent's answer to the upstream copy of that send (same message id,
    /// [`State::gw_up_answers`]) are recorded in [`State::gw_ids`], so a later task call
    /// naming the gateway's id pairs with its upstream copy naming the agent's.
    /// `scope`: the client-leg agent the answer came from ([`State::agent_scope`]; a tenant
    /// of a router's front): a router that mints ids per tenant hands out `task-1` under
    /// each (breaker49 ids-apart), so each is kept under `scope \0 id` too
    /// ([`State::gw_id_maps`]); the bare id keeps the first scope's (the leg's first agent
    /// keys by no scope) or the first seen.
    fn learn_gw_ids(&mut self, op: Op, key: &str, res: &Json, scope: &str) {
        if self.gw_ids.len() >= MAX_GW_IDS {
            return;
        }
        let Some(up) = self
            .gw_up_answers
            .iter()
            .rev()
            .find(|u| u.op == op && u.key == key)
        else {
            return;
        };
        let learnt: Vec<(String, String)> = answer_ids(res)
            .into_iter()
            .filter_map(|(at, c)| {
                let u = up.ids.iter().find(|(p, _)| *p == at)?;
                (u.1 != c).then(|| (c.into(), u.1.to_string()))
            })
            .collect();
        for (c, u) in learnt {
            if self.gw_ids.len() + 1 < MAX_GW_IDS {
                if !scope.is_empty() {
                    self.gw_ids.insert(format!("{scope}\u{0}{c}"), u.clone());
                }
                if scope.is_empty() || !self.gw_ids.contains_key(&c) {
                    self.gw_ids.insert(c, u);
                }
            }
        }
    }

    /// GW-RESP-002 (RPC-002, TASK-005): the client leg's answer `res` to a call (operation,
    /// key and [`json_hash`] in `call`) names another task state than every answer the
    /// agent gave on an upstream leg to that operation in the same protocol version for the
    /// same message id (a send) or task id (a task call), while at least one such answer is
    /// kept: the gateway changed the task's state on the way (breaker45 state-rewrite:
    /// COMPLETED handed on as FAILED). Only the state is compared: gateways legally rewrite
    /// other members (a file part's url to their public host, a context id they map both
    /// ways, text a content policy redacts). An answer equal to one the agent gave (a
    /// retried send's second answer, GW-REQ-001's) is never told; streams and card answers
    /// are not compared (GW-SSE-002, GW-RESP-004 judge them). Returns true when reported
    /// (the answer is then not judged as the agent's).
    fn gw_altered_answer(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        (op, key, h): (Op, &str, u64),
        bseq: u64,
    ) -> bool {
        if !op.is_task_op() || op.is_streaming() {
            return false;
        }
        let shaped = kind_shaped(c);
        let mut same_call = self
            .gw_up_answers
            .iter()
            .rev()
            .filter(|u| u.op == op && u.key == key && u.kind_shaped == shaped);
        let Some(up) = same_call.next() else {
            // the answer is still judged: its ids are the agent's, only its state changed
            self.gw_translated_state_changed(x, c, res, (op, key), bseq);
            return false;
        };
        let client_state = answer_state(res);
        let (Some(agent_state), Some(got)) = (up.state.clone(), client_state.as_deref()) else {
            return false;
        };
        if up.hash == h {
            return false;
        }
        // open46: the same state with other words is a rewrite only under the agent's
        // `Cache-Control: no-transform` (RFC 9110 §7.7), as GW-SSE-002 judges stream events
        let (up_texts, up_no_transform) = (up.texts, up.no_transform);
        let words = *agent_state == *got;
        let texts = answer_text_digest(res);
        if words && !(up_no_transform && up_texts != texts) {
            return false;
        }
        if same_call.any(|u| u.hash == h || (!words && u.state.as_deref() == Some(got))) {
            return false;
        }
        let up_at = (up.xid.clone(), up.seq, up.rpc);
        let what = if words {
            "the words of its message or artifact parts differ from the agent's, although the agent's answer says Cache-Control: no-transform, which forbids a proxy to transform its content (RFC 9110 §7.7)".to_string()
        } else {
            format!("the agent answered task state {agent_state}, the client got {got}")
        };
        let name = c.op_term(op.name()).to_string();
        let msg = format!(
            "gateway altered the agent's answer to {name} ({} {key}) on the way: {what} (upstream leg {}); a gateway passes the agent's answer on as it came (RPC-002)",
            answer_about(op),
            up_at.0
        );
        self.gw_own_answer.insert(str::to_string(&x.id), ());
        self.gw_state_finding(x, c, msg, (bseq, client_state.map(Into::into)), up_at);
        true
    }

    /// The GW-RESP-002 finding of an answer whose task state a gateway changed
    /// ([`Self::gw_altered_answer`], [`Self::gw_translated_state_changed`]; one builder,
    /// duplicates D22): `msg`, the client leg's answer at event `seq` (`/result` on
    /// JSON-RPC; its state as found, when known), then the agent's answer on the upstream
    /// leg (`up`: exchange, event seq, whether it was JSON-RPC).
    fn gw_state_finding(
        &mut self,
        x: &Exch,
        c: &Call,
        msg: String,
        (seq, got): (u64, Option<String>),
        (up_xid, up_seq, up_rpc): (String, u64, bool),
    ) {
        let ptr = if c.binding == Some(Binding::JsonRpc) {
            "/result"
        } else {
            ""
        };
        let up_ptr = if up_rpc { "/result" } else { "" };
        self.find(
            &r::GW_ANSWER_ALTERED,
            msg,
            vec![
                x.ev_at(seq, ptr, got.map(Value::String)),
                Evidence {
                    seq: up_seq,
                    exchange: Some(up_xid),
                    pointer: Some(up_ptr.into()),
                    found: None,
                },
            ],
            &x.leg,
        );
    }

    /// GW-RESP-002 (RPC-002, TASK-005) across a version-bridging gateway (breaker47
    /// `state-shifted`): the agent answered the call in the other protocol generation (a
    /// 0.3 client's `message/send` forwarded as `SendMessage`, or the reverse) and the
    /// client leg's answer `res` names a valid task state of its own generation that is
    /// another state than every answer the agent gave on an upstream leg to that operation
    /// for the same message id (a send) or task id (a task call): `input-required` handed
    /// on as `TASK_STATE_AUTH_REQUIRED`. States are compared by meaning
    /// ([`TaskState::parse`]), so a translation (`TASK_STATE_COMPLETED` -> `completed`) is
    /// no change, and a state the client's generation does not have (`input_required`,
    /// `cancelled`) is TASK-STATE-005's, not told here. Streams are GW-SSE-002's. Returns
    /// true when reported; the answer is judged as usual all the same (its ids are the
    /// agent's: a follow-up naming its task names a task the agent handed out).
    fn gw_translated_state_changed(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        (op, key): (Op, &str),
        bseq: u64,
    ) -> bool {
        let shaped = kind_shaped(c);
        let Some(got) = answer_state(res) else {
            return false;
        };
        let Some(got_state) = TaskState::parse(&got) else {
            return false;
        };
        let mut other = self
            .gw_up_answers
            .iter()
            .rev()
            .filter(|u| u.op == op && u.key == key && u.kind_shaped != shaped);
        let Some(up) = other.next() else {
            return false;
        };
        let Some(agent_state) = up.state.clone() else {
            return false;
        };
        let same = |s: Option<&str>| s.and_then(TaskState::parse) == Some(got_state);
        if same(Some(&*agent_state)) || other.any(|u| same(u.state.as_deref())) {
            return false;
        }
        if TaskState::parse(&agent_state).is_none() {
            return false;
        }
        let up_at = (up.xid.clone(), up.seq, up.rpc);
        let up_method = up.method.clone();
        let name = c.op_term(op.name()).to_string();
        let msg = format!(
            "gateway translated the agent's answer to {up_method} into {name} ({} {key}) with another task state: the agent answered {agent_state} (upstream leg {}), the client got {got}, which is another state, not the same one in its own version's spelling; a gateway that translates between versions maps each state to the same state (RPC-002)",
            answer_about(op),
            up_at.0
        );
        self.gw_state_finding(x, c, msg, (bseq, Some(got.into())), up_at);
        true
    }

    /// GW-RESP-002 for streams ([`Self::gw_untranslated_answer`]'s kind): the first event
    /// `e` of a stream is, member for member, the first event the agent sent on an upstream
    /// leg's stream of the same operation in the other protocol version (same message id or
    /// task id). An upstream leg's first event is recorded for that. Reported once; the
    /// client leg's stream is then not judged as the agent's (its shape and end rules skip
    /// it). Returns true when the stream is so reported.
    pub(super) fn gw_untranslated_stream(&mut self, x: &mut Exch, e: &SseEvent, seq: u64) -> bool {
        if x.sse.as_ref().is_none_or(|s| s.events != 1) {
            return false;
        }
        let Some(c) = x.call.clone() else {
            return false;
        };
        let (Some(op), Some(dialect)) = (c.op, c.dialect) else {
            return false;
        };
        let Some(key) = gw_call_key(op, &c) else {
            return false;
        };
        if x.leg.is_none() && self.gw_up_answers.is_empty() {
            return false;
        }
        let Ok(v) = Json::parse(e.data.as_bytes()) else {
            return false;
        };
        let payload = match v.get("result") {
            Some(r) if v.get("jsonrpc").is_some() => r,
            _ => &v,
        };
        let h = json_hash(payload);
        if x.leg.is_some() {
            self.gw_up_answers.push_back(UpAnswer {
                op,
                dialect,
                key: key.to_string(),
                method: c.op_term(op.name()).to_string(),
                hash: h,
                state: None,
                xid: str::to_string(&x.id),
                seq,
                rpc: false,
                kind_shaped: kind_shaped(&c),
                texts: 0,
                no_transform: false,
                ids: answer_ids(payload),
                words: answer_word_ids(payload),
                stamp: answer_stamp(payload),
            });
            if self.gw_up_answers.len() > MAX_PENDING_UP {
                self.gw_up_answers.pop_front();
            }
            return false;
        }
        self.learn_gw_ids(op, key, payload, &x.scope);
        let Some(up) = self.gw_up_answers.iter().rev().find(|u| {
            u.op == op && u.key == key && u.hash == h && u.kind_shaped != kind_shaped(&c)
        }) else {
            return false;
        };
        let (up_method, up_dialect, up_xid, up_seq) =
            (up.method.clone(), up.dialect, up.xid.clone(), up.seq);
        let msg = untranslated_message(&c, op, dialect, &up_method, up_dialect, "stream");
        self.gw_own_answer.insert(str::to_string(&x.id), ());
        if let Some(s) = x.sse.as_mut() {
            s.undecodable = true;
        }
        self.stream_once(
            x,
            &r::GW_ANSWER_ALTERED,
            msg,
            vec![
                x.ev(x.req_ev_seq()),
                Evidence {
                    seq: up_seq,
                    exchange: Some(up_xid),
                    pointer: None,
                    found: None,
                },
                x.ev(seq),
            ],
        );
        true
    }
}

/// What a GW-RESP-002 message says the call was about: `message` for a send (keyed by
/// message id), `task` for a task call (keyed by task id).
fn answer_about(op: Op) -> &'static str {
    if matches!(op, Op::SendMessage) {
        "message"
    } else {
        "task"
    }
}

/// Whether an error answer refuses the request by its Content-Type, so that the refuser may
/// not have read the body nor its JSON-RPC id (RPC-002: the answer's id is null when the
/// request's is unreadable): any error to a body under a media type that is not JSON
/// (neither `application/json`, a `+json` type nor a JSON alias such as `text/json`: the
/// client's HTTP-MEDIA-003), or -32005 ContentTypeNotSupportedError to a body under another
/// type than `application/json` (@a2a-js/sdk 1.3.0's express contentTypeGuard takes
/// `application/json` only and refuses even 1.0's `application/a2a+json` so, id null). A
/// request with no Content-Type or an empty one is not such a request.
fn refused_by_media_type(x: &Exch, error: Option<&jsonrpc::ErrorView<'_>>) -> bool {
    let Some(e) = error else {
        return false;
    };
    x.req_media().is_some_and(|mt| {
        !mt.is_empty()
            && ((!is_json_media_type(&mt) && !JSON_ALIASES.contains(&&*mt))
                || (mt != "application/json"
                    && e.code == Some(jsonrpc::CONTENT_TYPE_NOT_SUPPORTED)))
    })
}

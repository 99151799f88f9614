//! Reading tasks back: media types, history length, ListTasks filters and paging.

use super::*;

/// The TaskNotFoundError answer of `x`'s binding and version in the wire's words, and the
/// rule that tells another code in its place: JSON-RPC -32001 (RPC-ERROR-001; 0.x
/// RPC-ERROR-006, ERR-002 a SHOULD there), HTTP+JSON 404 (REST-ERROR-001), gRPC NOT_FOUND.
fn not_found_answer(x: &Exch) -> (String, &'static Rule) {
    // ERR-002: -32001 is a MUST in 1.0, a SHOULD in 0.x (RPC-ERROR-006 there)
    let dialect = x.call.as_ref().and_then(|c| c.dialect);
    match x.call.as_ref().and_then(|c| c.binding) {
        Some(Binding::Rest) => ("HTTP 404 TaskNotFoundError".into(), &r::REST_ERROR_SHAPE),
        Some(Binding::Grpc) => (
            format!(
                "NOT_FOUND TaskNotFoundError{}",
                if dialect.is_some_and(Dialect::is_0x) {
                    super::grpc_calls::V03_GRPC_WORDS
                } else {
                    ""
                }
            ),
            super::grpc_calls::grpc_code_rule(dialect, Some(jsonrpc::TASK_NOT_FOUND)),
        ),
        _ => (
            format!(
                "-32001{}",
                code_recommended_words(dialect, jsonrpc::TASK_NOT_FOUND)
            ),
            code_rule(dialect, jsonrpc::TASK_NOT_FOUND),
        ),
    }
}

/// The rules that judge an error answer's code or HTTP / gRPC status (ERR-001, ERR-002):
/// an answer one of them told is not ID-TASK-010's note as well (left58).
const UNKNOWN_TASK_CODE_RULES: [&str; 5] = [
    "RPC-ERROR-001",
    "RPC-ERROR-006",
    "REST-ERROR-001",
    "GRPC-ERROR-001",
    "GRPC-ERROR-003",
];

/// The key of evidence `e` by which [`State::flush_unknown_task_internal_errs`] knows an
/// answer a code rule told: its exchange, and for a pointer into one element of a JSON-RPC
/// batch's answer (`/N/error/code`) that element's index as well (left59 item 6).
fn answer_told_key(e: &Evidence) -> Option<String> {
    let x = e.exchange.as_deref()?;
    let element = e
        .pointer
        .as_deref()
        .and_then(|p| p.strip_prefix('/'))
        .and_then(|p| p.split('/').next())
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    Some(match element {
        Some(n) => format!("{x}\u{0}{n}"),
        None => x.to_string(),
    })
}

impl State {
    /// TASK-STATE-007 (TASK-005: a 1.0 blocking reply carries the latest status and all
    /// artifacts): task `o` (id `id`, at `ptr` of the answer at `bseq`), a terminal
    /// snapshot from GetTask / CancelTask / ListTasks, carries an `artifactId` the blocking
    /// SendMessage that answered the same task terminal did not. A terminal task never
    /// changes (TASK-001), so the artifact existed when the blocking reply was sent.
    /// Reported once per task.
    pub(super) fn blocking_reply_lacked_artifacts(
        &mut self,
        x: &Exch,
        c: &Call,
        o: &Obj,
        ptr: &str,
        id: &str,
        bseq: u64,
    ) {
        if self.blocking_artifacts.is_empty() {
            return;
        }
        let key = x.tkey(id);
        let Some((had, sseq, sxid, st, send)) = self.blocking_artifacts.get(&key) else {
            return;
        };
        let now = artifact_ids(o);
        let Some(i) = now.iter().position(|a| !had.contains(a)) else {
            return;
        };
        let missing: Vec<&str> = now
            .iter()
            .filter(|a| !had.contains(a))
            .map(String::as_str)
            .collect();
        let (sseq, sxid, st, send) = (*sseq, sxid.clone(), *st, send.clone());
        self.blocking_artifacts.remove(&key);
        let op = c.op_term("GetTask");
        let art_ptr = format!("{ptr}/artifacts/{i}/artifactId");
        self.find(
            &r::TASK_BLOCKING_EARLY,
            format!(
                "blocking {send} answered task {id} {} without artifact {}, which {op} later returns for the same terminal task: the agent sent the blocking reply before the task's artifacts were complete (or changed a terminal task)",
                x.state_term(st),
                missing.join(", ")
            ),
            vec![
                Evidence::event(sseq, sxid),
                x.ev_at(bseq, &art_ptr, Some(Value::String(now[i].clone()))),
            ],
            &x.leg,
        );
    }

    /// HTTP-MEDIA-001 / HTTP-MEDIA-002: an A2A call answered HTTP 415 Unsupported Media
    /// Type although its Content-Type is one the binding defines: `application/json` on
    /// JSON-RPC (RPC-001, MUST) and on 0.3 HTTP+JSON (REST-003, MUST) is an error;
    /// `application/json` (the 1.0.0 text's type) or `application/a2a+json` (1.0 SHOULD)
    /// on 1.0 HTTP+JSON is a warning: both are protocol version 1.0.
    pub(super) fn media_type_refused(&mut self, x: &Exch, c: &Call) {
        let Some(op) = c.op.filter(|o| o.is_task_op()) else {
            return;
        };
        let Some(mt) = x.req_media() else {
            return;
        };
        // A 415 that is ContentTypeNotSupportedError names a part's media type, unless the
        // send has none to refuse: then it refuses the body's (breaker32 C05).
        let ctns = refusal_names_part_type(x, c);
        if ctns && self.no_part_type_to_refuse(x, c).is_none() {
            return;
        }
        let ctns = if ctns {
            " (its ContentTypeNotSupportedError names no part type: every part is plain text the card accepts, so the 415 refuses the body's Content-Type)"
        } else {
            ""
        };
        let term = c.op_term(op.name());
        let (rule, why) = match (c.binding, c.dialect) {
            (Some(Binding::JsonRpc), _) if mt == "application/json" => (
                &r::HTTP_MEDIA_TYPE_REFUSED,
                "JSON-RPC requests are application/json (RPC-001)",
            ),
            (Some(Binding::Rest), Some(d)) if d.is_0x() && mt == "application/json" => (
                &r::HTTP_MEDIA_TYPE_REFUSED,
                "0.3 HTTP+JSON bodies are application/json (REST-003)",
            ),
            (Some(Binding::Rest), Some(Dialect::V1_0)) if mt == "application/json" => (
                &r::HTTP_MEDIA_TYPE_1_0_REFUSED,
                "application/json is the 1.0.0 media type of HTTP+JSON bodies, the same protocol version 1.0 as application/a2a+json, and 1.0.0 clients send it",
            ),
            (Some(Binding::Rest), Some(Dialect::V1_0)) if mt == "application/a2a+json" => (
                &r::HTTP_MEDIA_TYPE_1_0_REFUSED,
                "application/a2a+json is the media type 1.0 HTTP+JSON bodies SHOULD have",
            ),
            _ => return,
        };
        self.find(
            rule,
            format!(
                "agent refused {term} sent with Content-Type {mt} with HTTP 415 Unsupported Media Type{ctns}: {why}"
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// HTTP-MEDIA-007 (RPC-001, RPC-002, REST-003, RPC-005, CARD-001; mine50): an A2A call
    /// on a JSON-RPC or HTTP+JSON interface, or a public card fetch, answered HTTP 406 Not
    /// Acceptable although the request's Accept admits the media type the binding answers
    /// that call with ([`binding_answer_types`], [`accept_admits`]): RFC 9110 §15.5.7 keeps
    /// 406 for a request that accepts
    /// nothing the endpoint can send. A request that accepts only other types (text/html) is
    /// refused rightly and left alone. Said once per exchange; the 406's own text is quoted
    /// (up to 160 characters), with a word on the MCP Streamable HTTP transport's refusal
    /// ("must accept both application/json and text/event-stream"): the card's url is an
    /// MCP endpoint (superset-sh/superset PR #5910).
    pub(super) fn accept_refused(&mut self, x: &Exch, c: &Call) {
        let Some(op) = c.op else {
            return;
        };
        // The public card is a JSON document at a well-known path whatever the interfaces'
        // bindings (CARD-001, CARD-002); every other call needs its binding's answer type.
        let b = match c.binding {
            Some(b @ (Binding::JsonRpc | Binding::Rest)) => b,
            _ if op == Op::GetCard => Binding::JsonRpc,
            _ => return,
        };
        if x.probe_negative() {
            return;
        }
        let accept: Vec<&str> = x.req_headers.get_all("accept").collect();
        let answers = binding_answer_types(op, b, c.dialect);
        let Some(admitted) = answers.iter().find(|t| accept_admits(&accept, t)) else {
            return;
        };
        let shown = if accept.is_empty() {
            "no Accept header, which admits every type".to_string()
        } else {
            format!("Accept: {}", accept.join(", "))
        };
        let body = String::from_utf8_lossy(x.body.as_slice());
        let said: String = body.trim().chars().take(160).collect();
        let said = if said.is_empty() {
            String::new()
        } else {
            format!(" (it said {said:?})")
        };
        let lower = body.to_ascii_lowercase();
        let mcp = if !op.is_streaming()
            && lower.contains("application/json")
            && lower.contains("text/event-stream")
            && lower.contains("accept")
        {
            "; the endpoint demands text/event-stream on a unary call as well, the refusal of an MCP Streamable HTTP transport: the url serves MCP, not A2A"
        } else {
            ""
        };
        let term = c.op_term(op.name());
        let what = if op == Op::GetCard {
            "the media type of an Agent Card".to_string()
        } else {
            format!("the media type the binding answers {term} with")
        };
        self.find(
            &r::HTTP_ACCEPT_REFUSED,
            format!(
                "agent refused {term} with HTTP 406 Not Acceptable{said}, yet the request sent {shown}, admitting {admitted}, {what}{mcp}"
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// HTTP-MEDIA-004 (RPC-001, REST-003, MUST: an error) and HTTP-MEDIA-003 (REST-001,
    /// SHOULD: a warning); breaker19a Y7, review29a, open45. A JSON-RPC or HTTP+JSON call
    /// whose body the client sent under a media type that is not its binding's: not JSON
    /// (`application/x-www-form-urlencoded`, the `curl -d` default; `text/plain`;
    /// `multipart/form-data`) or JSON under another name (`application/json-rpc`,
    /// `text/json`, a vendor `+json` type). JSON-RPC (every version: 1.0 §9.1, 0.3 §3.2.1)
    /// and 0.3 HTTP+JSON (0.3 §3.2.3) take `application/json` only, so 1.0's
    /// `application/a2a+json`, "intended for the HTTP+JSON/REST binding" (1.0 §14.1.1), is
    /// HTTP-MEDIA-004 on a 1.0 JSON-RPC call too (@a2a-js/sdk 1.3.0's JSON-RPC server
    /// refuses it -32005); 1.0 HTTP+JSON (and a route of unknown version) takes
    /// `application/a2a+json` (1.0 §11.1 SHOULD) or 1.0.0's `application/json`, anything
    /// else HTTP-MEDIA-003. A request with no Content-Type or no body is left alone. Said
    /// whatever the agent answered: an agent that processed it tolerates what others refuse
    /// with 415; a 415 is its right answer (the agent is judged by HTTP-MEDIA-001/002 only
    /// for the binding's media types); a request never answered is judged too (mine53).
    /// Not for the prober's deliberately malformed requests.
    pub(super) fn request_media_type(&mut self, x: &Exch, c: &Call) {
        let Some(b) = c
            .binding
            .filter(|b| matches!(b, Binding::JsonRpc | Binding::Rest))
        else {
            return;
        };
        if trim_ascii(x.req_body.as_slice()).is_empty() || x.probe_negative() {
            return;
        }
        let Some(mt) = x.req_media() else {
            return;
        };
        let rest_v1_or_unknown =
            b == Binding::Rest && matches!(c.dialect, None | Some(Dialect::V1_0));
        if mt.is_empty()
            || mt == "application/json"
            || (rest_v1_or_unknown && mt == "application/a2a+json")
            || (mt == "application/a2a+json" && jsonrpc_at_rest_route(x, c))
        {
            return;
        }
        let (rule, want) = match (b, c.dialect) {
            (Binding::JsonRpc, _) if mt == "application/a2a+json" => (
                &r::HTTP_MEDIA_TYPE_CLIENT_JSON,
                "JSON-RPC requests are application/json in every version (1.0 §9.1, RPC-001), and application/a2a+json is 1.0's media type for its HTTP+JSON binding only (1.0 §14.1.1): send Content-Type: application/json",
            ),
            (Binding::JsonRpc, _) => (
                &r::HTTP_MEDIA_TYPE_CLIENT_JSON,
                "JSON-RPC requests are application/json (RPC-001 MUST): send Content-Type: application/json",
            ),
            _ if rest_v1_or_unknown => (
                &r::HTTP_MEDIA_TYPE_CLIENT,
                "1.0 HTTP+JSON bodies are application/a2a+json (1.0 §11.1 SHOULD; application/json is accepted as 1.0.0's type): send Content-Type: application/a2a+json",
            ),
            _ => (
                &r::HTTP_MEDIA_TYPE_CLIENT_JSON,
                "0.3 HTTP+JSON bodies are application/json (REST-003 MUST): send Content-Type: application/json",
            ),
        };
        let json = if is_json_media_type(&mt) || JSON_ALIASES.contains(&&*mt) {
            ", a JSON media type but not the binding's"
        } else {
            ""
        };
        let status = x.status.unwrap_or(0);
        let outcome = if x.status.is_none() {
            // mine53 (verify_mutants49's sample, f398): a request the agent never answered
            // is the client's fault the same
            "the agent never answered it in the recording; one that checks the media type refuses it with 415 Unsupported Media Type".to_string()
        } else if status == 415 {
            "the agent refused it with HTTP 415 Unsupported Media Type, the right answer"
                .to_string()
        } else if (200..300).contains(&status) && x.answer_error && b == Binding::JsonRpc {
            // sdkc42 wrong-content-type@js: @a2a-js/sdk's contentTypeGuard refuses the body
            // with -32005 under HTTP 200 (ERR-007 leaves the status open): an error answer,
            // not the call processed.
            format!(
                "the agent answered it with a JSON-RPC error under HTTP {status}, not processed"
            )
        } else if (200..300).contains(&status) {
            format!("this agent processed it anyway (HTTP {status}); one that checks the media type refuses it with 415 Unsupported Media Type")
        } else {
            format!("the agent answered HTTP {status}; one that checks the media type refuses it with 415 Unsupported Media Type")
        };
        let curl = if mt == "application/x-www-form-urlencoded" {
            " (curl -d sends that unless told -H 'Content-Type: application/json')"
        } else {
            ""
        };
        self.find(
            rule,
            format!(
                "{} {} with Content-Type {mt}{json}{curl}: {want}; {outcome}",
                self.sender(x).sent(),
                if c.batch.is_some() {
                    "its JSON-RPC batch".to_string()
                } else {
                    c.op_term(c.op.map_or("the call", Op::name)).to_string()
                }
            ),
            vec![x.ev(x.req_ev_seq())],
            &x.leg,
        );
    }

    /// HTTP-MEDIA-005 (RPC-001, REST-003; review33 Q5, open45): the agent answered a
    /// JSON-RPC call of any version, or a 0.3 HTTP+JSON call (not a stream), with a body
    /// under `application/a2a+json`, the media type 1.0 defines for its HTTP+JSON binding
    /// only (1.0 §14.1.1): JSON-RPC answers are `application/json` in every version (1.0
    /// §9.1; 0.3 §3.2.1 MUST), and so are 0.3 HTTP+JSON answers (0.3 §3.2.3 MUST), so a
    /// client that checks the media type refuses the answer. The request-side twin is
    /// HTTP-MEDIA-004 (the client's). A 1.0 HTTP+JSON call answered so is right; an
    /// HTTP+JSON call of no known version is not judged.
    pub(super) fn v0_answer_in_1_0_media_type(&mut self, x: &Exch, c: &Call) {
        if x.synthetic
            || c.webhook
            || x.sse.is_some()
            || x.body.as_slice().is_empty()
            || x.resp_media().as_deref() != Some("application/a2a+json")
        {
            return;
        }
        let (binding, rule) = match c.binding {
            Some(Binding::JsonRpc) if jsonrpc_at_rest_route(x, c) => return,
            Some(Binding::JsonRpc) => ("JSON-RPC", "RPC-001 MUST; 1.0 §9.1"),
            Some(Binding::Rest) if c.dialect.is_some_and(Dialect::is_0x) => {
                ("HTTP+JSON", "REST-003 MUST")
            }
            _ => return,
        };
        let d = c
            .dialect
            .map_or(String::new(), |d| format!("{} ", d.as_str()));
        if c.dialect.is_some_and(Dialect::is_0x) {
            self.areas.insert("version");
        }
        self.find(
            &r::HTTP_MEDIA_TYPE_ANSWER,
            format!(
                "agent answered the {d}{binding} call {} with Content-Type application/a2a+json, the media type 1.0 defines for its HTTP+JSON binding only (1.0 §14.1.1): {d}{binding} answers are application/json ({rule}), so a client that checks the media type refuses the answer; answer with Content-Type: application/json",
                call_at(x)
            ),
            vec![x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// HTTP-MEDIA-006 (REST-001, 1.0 §11.1 SHOULD) and HTTP-MEDIA-005 (REST-003, 0.3 §3.2.3
    /// MUST; open46): the agent answered an HTTP+JSON call (not a stream) with a body that
    /// parses as JSON (`json`) under a media type that is not JSON (`text/plain`,
    /// `text/html`, ...) or with no `Content-Type`. 1.0 says `application/a2a+json` SHOULD
    /// be used for responses (1.0.0: `application/json`), so a warning, as the request
    /// side's HTTP-MEDIA-003; a route of unknown version is judged as 1.0's. 0.3 says its
    /// HTTP+JSON response bodies MUST be `application/json`, the error HTTP-MEDIA-005 gives
    /// `application/a2a+json` there. A JSON type under another name (`text/json`,
    /// `application/problem+json`) is not judged here. JSON-RPC answers under a non-JSON
    /// type are RPC-ENVELOPE-001's (RPC-001).
    pub(super) fn rest_answer_not_json_media(&mut self, x: &Exch, c: &Call, json: Option<&Json>) {
        if x.synthetic
            || c.webhook
            || x.sse.is_some()
            || json.is_none()
            || c.binding != Some(Binding::Rest)
        {
            return;
        }
        let media = x.resp_media();
        if media.as_deref().is_some_and(media_names_json) {
            return;
        }
        let shown = match media.as_deref().filter(|m| !m.is_empty()) {
            Some(m) => format!("under Content-Type {m}"),
            None => "with no Content-Type".to_string(),
        };
        let status = x.status.unwrap_or(0);
        let (rule, why, send) = if c.dialect.is_some_and(Dialect::is_0x) {
            self.areas.insert("version");
            (
                &r::HTTP_MEDIA_TYPE_ANSWER,
                "0.3 HTTP+JSON response bodies MUST be application/json (0.3 §3.2.3, REST-003)",
                "application/json",
            )
        } else {
            (
                &r::HTTP_MEDIA_TYPE_ANSWER_REST,
                "1.0 HTTP+JSON responses SHOULD be application/a2a+json (1.0 §11.1; application/json, 1.0.0's type, is accepted)",
                "application/a2a+json",
            )
        };
        self.areas.insert("rest");
        self.find(
            rule,
            format!(
                "agent answered the HTTP+JSON call {} (HTTP {status}) with a JSON body {shown}: {why}; the SDK clients parse it as JSON anyway, a client that checks the media type refuses it; answer with Content-Type: {send}",
                call_at(x)
            ),
            vec![x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// REST-VERB-001 (client) and REST-VERB-002 (agent), REST-001: an HTTP+JSON route
    /// requested with an HTTP method the route is not defined with ([`a2a::rest_verbs`]),
    /// e.g. `GET /tasks/{id}:cancel` or `PUT /message:send`. `served`: the agent executed
    /// the call (REST-VERB-002 too); else it refused it (405, 404, another 4xx, 501), the
    /// agent's right answer, and only the client's call is judged, naming the refusal.
    pub(super) fn rest_wrong_verb(&mut self, x: &Exch, c: &Call, served: bool) {
        let who = self.sender(x).noun();
        let Some(op) = c.op.filter(|o| *o != Op::GetCard) else {
            return;
        };
        let verbs = a2a::rest_verbs(op);
        if verbs.iter().any(|v| x.method.eq_ignore_ascii_case(v)) {
            return;
        }
        let method = x.method.to_ascii_uppercase();
        let want = verbs.join(" or ");
        // breaker27 H26: a config written on its own path (`PUT|PATCH
        // .../pushNotificationConfigs/{id}`) is created by POST on the list path.
        let path = x.path.split('?').next().unwrap_or(&x.path);
        let to = match (op, path.rsplit_once("/pushNotificationConfigs/")) {
            (Op::CreatePushConfig, Some((b, _))) => format!("{b}/pushNotificationConfigs"),
            _ => x.path.clone(),
        };
        // 0.3 HTTP+JSON names operations by their request line: the route as defined
        // (for a config written on its own path, the list path POST takes; review27a).
        let term = if c.request_line.is_some() {
            format!("{} {to}", verbs[0])
        } else {
            c.op_term(op.name()).to_string()
        };
        self.areas.insert("rest");
        let outcome = if served {
            String::new()
        } else {
            format!(
                ", so the agent refused it (HTTP {}): send {want} {to}",
                x.status.unwrap_or(0),
            )
        };
        let mut ev = vec![x.ev(x.req_ev_seq())];
        if !served {
            ev.push(x.ev(x.resp_seq));
        }
        // review33 Q9: `DELETE /tasks/{id}` asks for an operation A2A does not have, not
        // for GetTask in the wrong verb.
        let delete_task = method == "DELETE" && op == Op::GetTask;
        let msg = if let Some(m) = push_path_wrong_verb(op, &method, path, served, x.status) {
            m
        } else if delete_task {
            format!(
                "{who} called {method} {}, an operation A2A does not have: the route /tasks/{{id}} is defined with {want} only (GetTask), and no A2A version deletes a task (a task ends by CancelTask, POST /tasks/{{id}}:cancel, and stays readable){}",
                x.path,
                if served {
                    String::new()
                } else {
                    format!(", so the agent refused it (HTTP {})", x.status.unwrap_or(0))
                }
            )
        } else {
            format!(
                "{who} called {term} as {method} {}; the route is defined with {want} only{outcome}",
                x.path
            )
        };
        self.find(&r::REST_VERB_CLIENT, msg, ev, &x.leg);
        if !served {
            return;
        }
        let safe = if method == "GET" && op != Op::GetExtendedCard {
            ": a GET that changes a task runs whenever a prefetcher, cache or link checker fetches the URL"
        } else {
            ""
        };
        self.find(
            &r::REST_VERB_SERVED,
            format!(
                "agent {} for {method} {} (HTTP {}) instead of refusing the method with 405; the route takes {want}{safe}",
                if delete_task {
                    "answered with success".to_string()
                } else {
                    format!("executed {term}")
                },
                x.path,
                x.status.unwrap_or(0)
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// Records task key `key` (an id this recording never saw the agent hand out) as one the
    /// agent answered TaskNotFoundError for ([`Engine::not_found_ids`], bounded by
    /// [`MAX_ID_ERRORS`]).
    pub(super) fn note_not_found_id(&mut self, key: String) {
        if !self.not_found_ids.contains(&key) {
            self.not_found_ids.push_back(key);
            if self.not_found_ids.len() > MAX_ID_ERRORS {
                self.not_found_ids.pop_front();
            }
        }
    }

    /// GetTask refused with UnsupportedOperationError (`how`: the refusal in the wire's
    /// words, `ev` its evidence; JSON-RPC -32004, HTTP+JSON UNSUPPORTED_OPERATION or the
    /// 0.3 `{"code":-32004}`, gRPC): GetTask needs no capability an agent may lack and names
    /// no task state it could refuse, so the code fits no case: a task the agent does not
    /// know, or that the caller may not see, is TaskNotFoundError (TASK-009, ERR-002), and a
    /// task it knows is returned. Told with the binding's TaskNotFound rule (RPC-ERROR-001;
    /// 0.x RPC-ERROR-006, the code a SHOULD there; HTTP+JSON REST-ERROR-001; gRPC its code
    /// rule). mutate49: a GetTask of an unknown id answered -32004 was silent, every
    /// binding and version.
    pub(super) fn get_task_unsupported(&mut self, x: &Exch, c: &Call, how: &str, ev: Evidence) {
        if c.op != Some(Op::GetTask) || c.webhook || x.probe_negative() {
            return;
        }
        // gRPC UNIMPLEMENTED without the UNSUPPORTED_OPERATION reason is the method itself
        // missing (GRPC-METHOD-001's), not an answer about the task.
        if c.binding == Some(Binding::Grpc) && !how.contains("UNSUPPORTED_OPERATION") {
            return;
        }
        let Some(tid) = c.task_id().map(str::to_string) else {
            return;
        };
        let (want, rule) = not_found_answer(x);
        let method = match x.call.as_ref() {
            Some(k) if k.binding == Some(Binding::Rest) => call_at(x),
            k => k
                .and_then(|k| k.method_name())
                .unwrap_or_else(|| "GetTask".to_string()),
        };
        // a task the recording saw the agent hand out is answered with the Task, not with
        // TaskNotFoundError: the finding says which answer was due
        let (want, known) = if self.knows_task(x, &tid) {
            (
                "the Task".to_string(),
                "the agent handed this task out earlier, so its Task is due",
            )
        } else {
            (want, "the recording never saw the agent hand it out")
        };
        self.find(
            rule,
            format!("agent answered {method} for task {tid} with {how} instead of {want}: reading a task needs no capability an agent may lack, so UnsupportedOperationError fits no GetTask; a task the agent does not know, or that the caller may not see, is TaskNotFoundError (TASK-009), and {known}"),
            vec![x.ev(x.req_ev_seq()), ev],
            &x.leg,
        );
    }

    /// Pairs a TaskNotFoundError with another answer for the same never-seen task id
    /// (ERR-002 / TASK-009; see [`Engine::not_found_ids`]). `code` is the JSON-RPC code of
    /// this answer (REST and gRPC answers mapped to it by their caller): -32001 records the
    /// id as unknown; -32603 Internal error, -32004 UnsupportedOperationError (for a task
    /// that does not exist, it cannot be terminal: TASK-004) and `0` (a successful push
    /// config list, which tells the client the task exists) and, on CancelTask, -32002
    /// TaskNotCancelableError (which tells the client the task exists but cannot be
    /// canceled, ERR-002; breaker12 L4) are the wrong answers, judged now or when the id
    /// gets -32001 later. `at` points at this answer's code or result. `wire` names a REST
    /// or gRPC answer as its wire spells it (`HTTP 400 TASK_NOT_CANCELABLE`); `None` for
    /// JSON-RPC.
    pub(super) fn id_error_codes(
        &mut self,
        x: &Exch,
        key: String,
        code: i64,
        at: Evidence,
        wire: Option<String>,
    ) {
        // HTTP+JSON names the call by its operation and URL (review24a R9)
        let method = match x.call.as_ref() {
            Some(c) if c.binding == Some(Binding::Rest) => call_at(x),
            c => c.and_then(|c| c.method_name()).unwrap_or_default(),
        };
        let tid = key.rsplit('\u{0}').next().unwrap_or(&key).to_string();
        let msg = |m: &str, other: &str, what: &str, want: &str| {
            let code = if want.starts_with("-32001") {
                "-32001 "
            } else {
                ""
            };
            format!("task {tid} is unknown to the agent ({code}TaskNotFoundError on {other}), yet {m} was answered {what} instead of {want}")
        };
        let (want, rule) = not_found_answer(x);
        if code == jsonrpc::TASK_NOT_FOUND {
            let (hits, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut self.internal_errs)
                .into_iter()
                .partition(|e| e.0 == key);
            self.internal_errs = keep.into();
            for (_, leg, mut ev, m, what, want, rule, _, _) in hits {
                ev.push(at.clone());
                self.find(rule, msg(&m, &method, &what, &want), ev, &leg);
            }
            self.note_not_found_id(key);
        } else {
            let what = match code {
                jsonrpc::INTERNAL_ERROR => "-32603 Internal error",
                jsonrpc::UNSUPPORTED_OPERATION => "-32004 UnsupportedOperationError",
                jsonrpc::TASK_NOT_CANCELABLE => "-32002 TaskNotCancelableError",
                0 => "success (an empty push notification config list, as if the task existed)",
                _ => return,
            };
            // open49 item 4: a gateway that handed the agent's error on as another one is
            // told GW-RESP-002 against the agent's answer on the upstream leg; the client
            // leg's answer is the gateway's, not the agent's inconsistency
            if self.gw_error_replaced(x) {
                return;
            }
            let what = wire.unwrap_or_else(|| what.to_string());
            let ev = vec![x.ev(x.req_ev_seq()), at];
            if self.not_found_ids.contains(&key) {
                self.find(
                    rule,
                    msg(&method, "an earlier call", &what, &want),
                    ev,
                    &x.leg,
                );
            } else {
                // left58 item 1: a generic internal error (-32603, HTTP 500, gRPC INTERNAL /
                // UNKNOWN) no TaskNotFoundError ever pairs with is ID-TASK-010's note; the
                // prober's marked read of its random id is ID-TASK-007's, judged at once
                // (nor a request the client got wrong: its own rule says what is owed)
                // (a JSON-RPC batch member too, left59 item 6: its evidence points into its
                // own element of the batch's answer, `/N/error/code`, [`Exch::ev_at`])
                let note = code == jsonrpc::INTERNAL_ERROR
                    && !x.probe_mark(crate::model::PROBE_UNKNOWN_TASK)
                    && !self.request_faulted(x)
                    && x.call
                        .as_ref()
                        .is_none_or(|c| invalid_task_query_param(c, &x.url).is_none());
                self.internal_errs.push_back((
                    key,
                    x.leg.clone(),
                    ev,
                    method,
                    what,
                    want,
                    rule,
                    note,
                    x.call.as_ref().and_then(|c| c.dialect),
                ));
                if self.internal_errs.len() > MAX_ID_ERRORS {
                    if let Some(old) = self.internal_errs.pop_front() {
                        self.unknown_task_internal_note(old);
                    }
                }
            }
        }
    }

    /// ID-TASK-010 (TASK-009, ERR-002, ERR-001; left58 item 1): every wrong answer still
    /// held by [`Self::id_error_codes`] that is a generic internal error to a task id the
    /// recording never saw, with no TaskNotFoundError for the id on another call to pair it
    /// with (that pairing is the code rules' error), told as the passive note: the task may
    /// predate the recording. Called at the end of the run.
    pub(super) fn flush_unknown_task_internal_errs(&mut self) {
        let held = std::mem::take(&mut self.internal_errs);
        if !held.iter().any(|h| h.7) {
            return;
        }
        // an answer whose code or status a code rule already told wrong (a problem+json
        // TaskNotFound under 500, a -32603 to an invalid request) is not noted again
        // (left59 item 6: a JSON-RPC batch's members share its exchange, so a member is
        // told when a code rule pointed into that member's own element, `/N/...`)
        let told: HashSet<String> = self
            .out
            .iter()
            .filter(|f| UNKNOWN_TASK_CODE_RULES.contains(&f.rule.as_str()))
            .flat_map(|f| f.evidence.iter().filter_map(answer_told_key))
            .collect();
        for h in held {
            let key = h.2.iter().rev().find_map(answer_told_key);
            if key.is_some_and(|k| told.contains(&k)) {
                continue;
            }
            self.unknown_task_internal_note(h);
        }
    }

    /// [`Self::flush_unknown_task_internal_errs`] for one held answer (also one pushed out
    /// of the bounded list, which no later TaskNotFoundError can pair any more): the note,
    /// unless the answer is no internal error, was the prober's, or the task showed up later.
    fn unknown_task_internal_note(&mut self, held: WrongUnknownTaskAnswer) {
        let (key, leg, ev, method, what, want, rule, note, dialect) = held;
        if !note || self.tasks.contains_key(&key) {
            return;
        }
        let tid = key.rsplit('\u{0}').next().unwrap_or(&key);
        // the id area: the answer to a task id the recording never saw is judged
        self.areas.insert("id");
        let never = format!(
            "agent answered {method} of task {tid}, an id this recording never saw the agent hand out, with {what}"
        );
        let after = "a client reads a generic internal error as a fault worth retrying (if the task predates the recording and the failure is real, this does not apply)";
        // left59 item 7: on 0.x, where ERR-002 is a SHOULD (RPC-ERROR-006's and
        // GRPC-ERROR-003's versions), one sentence names the code the version recommends,
        // instead of 1.0's "instead of" followed by the recommendation's own clause
        let v = dialect.filter(|d| d.is_0x()).map(|d| d.as_str());
        let msg = match v {
            Some(v) if rule.id == r::RPC_ERROR_CODE_0X.id => format!(
                "{never}, where the {v} spec recommends -32001 TaskNotFoundError for a task the agent does not hold (ERR-002: a SHOULD in {v}, a MUST from 1.0, TASK-009), since {after}"
            ),
            Some(v) if rule.id == r::GRPC_ERROR_CODE_0X.id => format!(
                "{never}, where ERR-002 recommends NOT_FOUND TaskNotFoundError for a task the agent does not hold ({v} gRPC: the {v} spec asks for \"appropriate\" status codes and gives no table, {v} §3.2.2; a MUST from 1.0, TASK-009), since {after}"
            ),
            _ => format!(
                "{never} instead of {want}: a task the agent does not hold is TaskNotFoundError (TASK-009, ERR-002), not a generic internal error, which a client reads as a fault worth retrying (if the task predates the recording and the failure is real, this does not apply)"
            ),
        };
        self.find(&r::ID_UNKNOWN_TASK_INTERNAL_ERROR, msg, ev, &leg);
    }

    /// DATA-006: the history of task `o` (at `ptr`) against the request's `historyLength`
    /// ([`requested_history_length`]). 1.0: more than N messages is DATA-HISTORY-001, N = 0
    /// included (proto `history_length`: "A value of zero is a request to not include any
    /// messages. The server MUST NOT return more messages than the provided value";
    /// breaker12 L16); an empty list under 0 is fine. 0.x: more than N > 0 is
    /// DATA-HISTORY-002 (the 0.3 schema describes the limit without a MUST); 0.x
    /// historyLength 0 is not judged (0.3 gRPC reads it as unlimited, DIGEST trap 7).
    pub(super) fn check_history_length(
        &mut self,
        x: &Exch,
        c: &Call,
        o: &Obj,
        ptr: &str,
        bseq: u64,
    ) {
        let Some(Json::Array(hist)) = o.get("history") else {
            return;
        };
        // breaker46: on the client leg of a call whose query the gateway dropped or renamed
        // (GW-REQ-002) the agent never saw the client's historyLength; its answer is judged
        // on the upstream leg, against the request it got.
        if x.leg.is_none() && self.gw_rerouted(&x.id) {
            return;
        }
        let v1 = c.dialect == Some(Dialect::V1_0);
        let Some(want) = requested_history_length(c, &x.url) else {
            return;
        };
        let got = hist.len() as u64;
        if v1 && got > 0 && got <= want {
            self.history_oldest_kept(x, c, o, hist, ptr, bseq, want);
        }
        let rule = match (v1, want) {
            (true, n) if got > n => &r::DATA_HISTORY_EXCEEDED,
            (false, n) if n > 0 && got > n => &r::DATA_HISTORY_NOT_APPLIED,
            _ => return,
        };
        let op = c.op_term("the call");
        self.find(
            rule,
            format!(
                "task carries {got} history message{} although {op} asked for historyLength {want}{}",
                if got == 1 { "" } else { "s" },
                if want == 0 {
                    ", which asks for none (the server MUST NOT return more messages than the value)"
                } else {
                    ""
                }
            ),
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(bseq, &jptr(ptr, &[Key("history")]), None),
            ],
            &x.leg,
        );
    }

    /// Remembers the tail of a 1.0 task history returned in full (no historyLength asked)
    /// for DATA-HISTORY-003 ([`TaskRec::history_tail`]); called after the task's
    /// observation, so the task is known.
    pub(super) fn note_full_history(&mut self, x: &Exch, c: &Call, o: &Obj) {
        let Some(Json::Array(hist)) = o.get("history") else {
            return;
        };
        if c.dialect != Some(Dialect::V1_0)
            || hist.is_empty()
            || requested_history_length(c, &x.url).is_some()
        {
            return;
        }
        let Some(t) = o
            .get("id")
            .and_then(Json::as_str)
            .and_then(|id| self.task_of_mut(x, id))
        else {
            return;
        };
        let tail = hist.len().saturating_sub(MAX_TASK_MESSAGE_IDS);
        let mut ids = t.history_tail.take().map(|h| h.0).unwrap_or_default();
        ids.clear();
        for m in &hist[tail..] {
            match m.get("messageId").and_then(Json::as_str) {
                Some(mid) => ids.push(mid.to_string()),
                None => return,
            }
        }
        t.history_tail = Some((ids, hist.len(), x.body_seq(), str::to_string(&x.id)));
    }

    /// DATA-HISTORY-003 (DATA-006, proto `history_length`: "the maximum number of most
    /// recent messages"): a 1.0 history trimmed to `want` whose messages all belong to the
    /// task's longer history seen in full earlier ([`TaskRec::history_tail`]) but are not
    /// its newest ones: the agent kept the oldest messages (`history[:n]` instead of
    /// `history[-n:]`). A history that grew in between would carry newer messages the
    /// earlier one lacks, so it is not judged.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn history_oldest_kept(
        &mut self,
        x: &Exch,
        c: &Call,
        o: &Obj,
        hist: &[Json],
        ptr: &str,
        bseq: u64,
        want: u64,
    ) {
        let Some(id) = o.get("id").and_then(Json::as_str) else {
            return;
        };
        let Some((ids, full, hseq, hxid)) =
            self.task_of(x, id).and_then(|t| t.history_tail.as_ref())
        else {
            return;
        };
        let g = hist.len();
        if g >= *full || g > ids.len() || *hseq >= x.req_seq {
            return;
        }
        let newest = &ids[ids.len() - g..];
        let got: Option<Vec<&str>> = hist
            .iter()
            .map(|m| m.get("messageId").and_then(Json::as_str))
            .collect();
        let Some(got) = got else { return };
        if got.iter().zip(newest).all(|(a, b)| *a == b.as_str())
            || !got.iter().all(|a| ids.iter().any(|k| k == a))
        {
            return;
        }
        let msg = format!(
            "agent answered {} with historyLength {want} for task {id} with history [{}], but the task's {full}-message history ends with [{}]: historyLength keeps the most recent messages, not the oldest",
            c.op_term("the call"),
            got.join(", "),
            newest.join(", ")
        );
        let ev = vec![
            Evidence::event(*hseq, hxid.clone()),
            x.ev(x.req_ev_seq()),
            x.ev_at(bseq, &jptr(ptr, &[Key("history")]), None),
        ];
        self.find(&r::DATA_HISTORY_OLDEST_KEPT, msg, ev, &x.leg);
    }

    /// DATA-HISTORY-005 (DATA-006, ID-006): the history of a GetTask answer (0.x
    /// `tasks/get` too) of task `o` (at `ptr`) against the task's previous GetTask answer
    /// ([`TaskRec::history_read`]). A history only grows, and an answer that asked for
    /// historyLength N got the N most recent messages, so when the earlier answer held D
    /// distinct messages, D <= N, and this one holds fewer than D, the agent's store lost
    /// messages (a2a-dotnet #91: the trim for one read was written back to the task).
    /// Not judged: no historyLength or 0 (the server default and 0.3 gRPC's "unlimited"
    /// may be shorter), N smaller than D (a trim), an answer without `history` (an agent
    /// that leaves it out of reads), a message without `messageId`, and a duplicate
    /// dropped (the distinct count stays).
    pub(super) fn check_history_lost(&mut self, x: &Exch, c: &Call, o: &Obj, ptr: &str, bseq: u64) {
        let Some(Json::Array(hist)) = o.get("history") else {
            return;
        };
        if x.leg.is_none() && self.gw_rerouted(&x.id) {
            return;
        }
        let Some(id) = o.get("id").and_then(Json::as_str) else {
            return;
        };
        let mut ids: Vec<&str> = Vec::with_capacity(hist.len());
        for m in hist {
            match m.get("messageId").and_then(Json::as_str) {
                Some(mid) => ids.push(mid),
                None => return,
            }
        }
        let mut uniq = ids.clone();
        uniq.sort_unstable();
        uniq.dedup();
        let distinct = uniq.len();
        let want = requested_history_length(c, &x.url);
        let req_seq = x.req_seq;
        let Some(t) = self.task_of_mut(x, id) else {
            return;
        };
        // The record keeps the longest history read so far (a trimmed read between two
        // full ones leaves it), and takes this one's after a finding (told once).
        let lost = match (&t.history_read, want) {
            (Some((had, _, hseq, _)), Some(n)) => {
                n > 0 && *hseq < req_seq && *had as u64 <= n && distinct < *had
            }
            _ => false,
        };
        let keep = !lost && t.history_read.as_ref().is_some_and(|h| h.0 > distinct);
        let newest = ids[ids.len().saturating_sub(MAX_TASK_MESSAGE_IDS)..]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let read = (distinct, newest, x.body_seq(), str::to_string(&x.id));
        let prev = if keep {
            None
        } else {
            t.history_read.replace(read)
        };
        let (Some((had, had_ids, hseq, hxid)), Some(n), true) = (prev, want, lost) else {
            return;
        };
        let gone: Vec<&str> = had_ids
            .iter()
            .map(String::as_str)
            .filter(|m| !ids.contains(m))
            .collect();
        let gone = if gone.is_empty() {
            String::new()
        } else {
            format!(" ({} no longer there)", gone.join(", "))
        };
        let msg = format!(
            "agent answered {} with historyLength {n} for task {id} with {distinct} history message{}, but an earlier read of the task returned {had}{gone}: a history only grows, so the agent's task store lost messages (a trim for one answer written back to the stored task)",
            c.op_term("the call"),
            if distinct == 1 { "" } else { "s" },
        );
        let ev = vec![
            Evidence::event(hseq, hxid),
            x.ev(x.req_ev_seq()),
            x.ev_at(bseq, &jptr(ptr, &[Key("history")]), None),
        ];
        self.find(&r::DATA_HISTORY_LOST, msg, ev, &x.leg);
    }

    /// DATA-007 (1.0 §3.1.4) on a ListTasks result's `tasks` (at `{base}/tasks`): artifacts
    /// only when the request set `includeArtifacts`, and tasks newest status first (judged
    /// on consecutive tasks whose `status.timestamp`s both parse). Without
    /// `includeArtifacts` the member MUST be omitted entirely, "not present as an empty
    /// array or null value": a 1.0 row with `artifacts: []` or `null` (a2a-python #1211,
    /// ProtoJSON printed with `always_print_fields_with_no_presence`) is DATA-LIST-008's
    /// warning, told only when no row carries real artifacts (DATA-LIST-001's error).
    pub(super) fn check_list_tasks(
        &mut self,
        x: &Exch,
        c: &Call,
        ts: &[Json],
        base: &str,
        bseq: u64,
    ) {
        if !list_includes_artifacts(x, c) {
            let hit = ts.iter().position(|t| {
                t.get("artifacts")
                    .and_then(Json::as_array)
                    .is_some_and(|a| !a.is_empty())
            });
            if let Some(i) = hit {
                self.find(
                    &r::DATA_LIST_ARTIFACTS,
                    format!("listed task {i} carries artifacts although the request did not set includeArtifacts"),
                    vec![
                        x.ev(x.req_ev_seq()),
                        x.ev_at(bseq, &format!("{base}/tasks/{i}/artifacts"), None),
                    ],
                    &x.leg,
                );
            } else if !c.dialect.is_some_and(Dialect::is_0x) {
                // mine49 (a2a-python #1211 / PR #1212): the member written empty or null
                let empty = ts
                    .iter()
                    .enumerate()
                    .filter_map(|(i, t)| match t.get("artifacts") {
                        Some(Json::Array(a)) if a.is_empty() => Some((i, Value::Array(Vec::new()))),
                        Some(Json::Null) => Some((i, Value::Null)),
                        _ => None,
                    });
                let mut rows = Vec::new();
                let mut first = None;
                for (i, v) in empty {
                    first.get_or_insert((i, v));
                    rows.push(i);
                }
                if let Some((i, v)) = first {
                    let what = if v.is_null() { "null" } else { "[]" };
                    let n = rows.len();
                    self.find(
                        &r::DATA_LIST_ARTIFACTS_EMPTY,
                        format!(
                            "{} carr{} artifacts: {what} although the request did not set includeArtifacts: the member must then be left out entirely, not written empty or null (1.0 §3.1.4), or a client reads each task as one that produced nothing",
                            if n == 1 { format!("listed task {i}") } else { format!("{n} listed tasks (first: {i})") },
                            if n == 1 { "ies" } else { "y" },
                        ),
                        vec![
                            x.ev(x.req_ev_seq()),
                            x.ev_at(bseq, &format!("{base}/tasks/{i}/artifacts"), Some(v)),
                        ],
                        &x.leg,
                    );
                }
            }
        }
        self.check_list_filters(x, c, ts, base, bseq);
        // AUTH-SCOPE-003 / -004 (AUTH-006, DATA-007 "only caller-visible tasks"; review33
        // Q9): a listed task handed out under another principal's credentials; the first
        // one told, once per answer.
        if !ts.is_empty() {
            if let Some(caller) = self.caller_of(x) {
                let told = self.out.len();
                for (i, t) in ts.iter().enumerate() {
                    let Some(id) = t.get("id").and_then(Json::as_str) else {
                        continue;
                    };
                    // the pointer is written only if a finding fires (perf32's rule)
                    self.task_served_to_other_caller(
                        &x.tkey(id),
                        id,
                        Some(caller),
                        bseq,
                        x,
                        &format_args!("{base}/tasks/{i}"),
                    );
                    if self.out.len() > told {
                        break;
                    }
                }
            }
        }
        let stamp = |t: &Json| {
            t.get("status")
                .and_then(|s| s.get("timestamp"))
                .and_then(Json::as_str)
                .and_then(|s| parse_rfc3339_ms(s).map(|ms| (ms, s.to_string())))
        };
        // `tasks[1] (t-7, status.timestamp 2026-12-03T05:00:00Z)`: the place in the list, the
        // id a person greps the agent's store for and the time compared, as DATA-LIST-003
        // names a task (breaker24: the message gave only list positions)
        let named = |t: &Json, i: usize, at: &str| {
            let id = t.get("id").and_then(Json::as_str).unwrap_or("no id");
            format!("tasks[{i}] ({id}, status.timestamp {at})")
        };
        for (i, w) in ts.windows(2).enumerate() {
            if let (Some((a, sa)), Some((b, sb))) = (stamp(&w[0]), stamp(&w[1])) {
                if b > a {
                    self.find(
                        &r::DATA_LIST_ORDER,
                        format!(
                            "listed {} has a newer status than {} before it: ListTasks lists tasks newest status first",
                            named(&w[1], i + 1, &sb),
                            named(&w[0], i, &sa),
                        ),
                        vec![
                            x.ev_at(bseq, &format!("{base}/tasks/{i}/status/timestamp"), None),
                            x.ev_at(
                                bseq,
                                &format!("{base}/tasks/{}/status/timestamp", i + 1),
                                Some(Value::String(sb)),
                            ),
                        ],
                        &x.leg,
                    );
                    break;
                }
            }
        }
    }

    /// DATA-LIST-003 (DATA-007, 1.0 §3.1.4; breaker8 G19, breaker9d D4): a 1.0 ListTasks
    /// page `ts` that ignores the request's `contextId`, `status` or `statusTimestampAfter`
    /// filter (JSON-RPC params, HTTP+JSON query parameters, REST-001: `status` repeated or
    /// comma-joined), or lists more tasks than its `pageSize` (1 to 100). The first problem
    /// is reported.
    pub(super) fn check_list_filters(
        &mut self,
        x: &Exch,
        c: &Call,
        ts: &[Json],
        base: &str,
        bseq: u64,
    ) {
        // (a client-leg page of a call whose query the gateway changed, GW-REQ-002: judged
        // on the upstream leg, against the request the agent got; breaker46)
        if x.leg.is_none() && self.gw_rerouted(&x.id) {
            return;
        }
        let param = |name: &str| list_param(x, c, name);
        let label = |i: usize| match ts[i].get("id").and_then(Json::as_str) {
            Some(id) => format!("tasks[{i}] ({id})"),
            None => format!("tasks[{i}]"),
        };
        let ev = |ptr: String, found: Option<Value>| {
            vec![x.ev(x.req_ev_seq()), x.ev_at(bseq, &ptr, found)]
        };
        // One listed task that breaks a filter: its member (under `tasks/{i}/`) as evidence.
        let report = |st: &mut Self, i: usize, member: &str, got: String, msg: String| {
            let e = ev(
                format!("{base}/tasks/{i}/{member}"),
                Some(Value::String(got)),
            );
            st.find(&r::DATA_LIST_FILTER, msg, e, &x.leg);
        };
        if let Some(want) = param("contextId").filter(|s| !s.is_empty()) {
            let hit = ts.iter().enumerate().find_map(|(i, t)| {
                let got = t.get("contextId").and_then(Json::as_str)?;
                (got != want).then(|| (i, got.to_string()))
            });
            if let Some((i, got)) = hit {
                let msg = format!(
                    "listed {} has contextId {got:?} although the request filters contextId {want:?}",
                    label(i)
                );
                report(self, i, "contextId", got, msg);
                return;
            }
        }
        // The requested state: ListTasksRequest.status is one TaskState (proto field 3, not
        // repeated), in JSON-RPC params or once in the HTTP+JSON query. Repeated and
        // comma-joined values are for repeated fields only (1.0 §11.5): `status=A,B` or
        // `status=A&status=B` asks for no state the request can hold, so it is no filter
        // here but DATA-PARAM-001's malformed parameter ([`invalid_task_query_param`]).
        // Only TASK_STATE_* names other than UNSPECIFIED (no filter) are judged.
        let mut states: Vec<String> = match c.params.get("status") {
            Some(v) => v
                .as_str()
                .map(str::to_string)
                .or_else(|| v.as_u64().map(|n| n.to_string()))
                .map(|s| vec![s])
                .unwrap_or_default(),
            None => query_raw_values(&x.url, "status"),
        };
        states.retain(|s| !s.is_empty());
        // A ProtoJSON parser reads the enum's number as the state it numbers (`2` is
        // TASK_STATE_WORKING; proto3 JSON mapping): the agent filters by that state
        // (breaker30 C09). The request keeps its number in the message.
        let asked = states.join(", ");
        for s in states.iter_mut() {
            if let Some(name) = s
                .trim()
                .parse::<u64>()
                .ok()
                .and_then(a2a::proto_task_state_name)
            {
                *s = name.to_string();
            }
        }
        let judged = states.len() == 1
            && states.iter().all(|s| {
                s.starts_with("TASK_STATE_")
                    && s != "TASK_STATE_UNSPECIFIED"
                    && TaskState::is_proto_spelling(s)
                    && TaskState::parse(s).is_some()
            });
        if judged {
            let hit = ts.iter().enumerate().find_map(|(i, t)| {
                let got = t.get("status")?.get("state")?.as_str()?;
                (!states.iter().any(|s| s == got)).then(|| (i, got.to_string()))
            });
            if let Some((i, got)) = hit {
                let names = states.join(", ");
                let msg = if names == asked {
                    format!(
                        "listed {} is {got} although the request filters status {names}",
                        label(i)
                    )
                } else {
                    format!(
                        "listed {} is {got} although the request filters status {asked} ({names})",
                        label(i)
                    )
                };
                report(self, i, "status/state", got, msg);
                return;
            }
        }
        // statusTimestampAfter (RFC 3339; REST-001 ISO 8601 query value): a listed task
        // whose status.timestamp is before it. The SDKs keep timestamps equal to it (>=), so
        // only a strictly older one is judged; a task without a timestamp is not.
        if let Some((raw, after)) =
            param("statusTimestampAfter").and_then(|s| parse_rfc3339_ms(s.trim()).map(|ms| (s, ms)))
        {
            let hit = ts.iter().enumerate().find_map(|(i, t)| {
                let got = t.get("status")?.get("timestamp")?.as_str()?;
                (parse_rfc3339_ms(got)? < after).then(|| (i, got.to_string()))
            });
            if let Some((i, got)) = hit {
                let msg = format!(
                    "listed {} has status.timestamp {got} although the request filters statusTimestampAfter {raw}",
                    label(i)
                );
                report(self, i, "status/timestamp", got, msg);
                return;
            }
        }
        let raw_size = param("pageSize");
        let size = raw_size
            .as_deref()
            .and_then(|s| s.trim().parse::<usize>().ok());
        // No pageSize asks for the default page of 50 tasks (1.0 ListTasksRequest: optional
        // page_size, 1-100, default 50). An explicit 0 is no "unset": `optional` keeps its
        // presence, and 0 is below the minimum (review34: a2a-python, a2a-js and a2a-java
        // refuse it; DATA-PARAM-001 names an agent that serves it), so no page size is
        // judged for it, as for 101.
        let limit = match size {
            Some(n) if (1..=100).contains(&n) => Some((n, false)),
            None if raw_size.is_none() => Some((LIST_TASKS_DEFAULT_PAGE_SIZE, true)),
            _ => None,
        };
        if let Some((n, default)) = limit.filter(|(n, _)| ts.len() > *n) {
            let msg = if default {
                format!(
                    "page lists {} tasks although the ListTasks request sets no pageSize, which defaults to {n}",
                    ts.len()
                )
            } else {
                format!(
                    "page lists {} tasks although the ListTasks request's pageSize is {n}",
                    ts.len()
                )
            };
            let e = ev(format!("{base}/tasks/{n}"), None);
            self.find(&r::DATA_LIST_FILTER, msg, e, &x.leg);
        }
    }

    /// DATA-LIST-006 (DATA-007, 1.0 §3.1.4; a2a-js #614): a 1.0 ListTasks answer `res`
    /// (tasks `ts` at JSON Pointer `base`, line `bseq`) that is the whole listing (no
    /// `pageToken` asked, no `nextPageToken` handed back, fewer tasks than the page holds,
    /// `totalSize` not above them; under an explicit pageSize outside 1-100, which gives no
    /// page size, a `totalSize` equal to the tasks listed) for a request without a status filter (absent,
    /// `TASK_STATE_UNSPECIFIED` or 0), or with one naming a terminal state (probe47: then
    /// only a task whose latest state the recording shows is that state, TASK-001), and
    /// without `statusTimestampAfter`, yet leaves out a
    /// 1.0 task this agent (same leg, agent and tenant scope, same endpoint) handed out in a
    /// send's answer before the request, at most [`LIST_KNOWN_TASK_WINDOW_US`] earlier, to
    /// the same caller ([`Self::caller_of`]: equal credentials, or none on both calls), of
    /// the request's `contextId` when one is set. The latest such task is named, with how
    /// many more are missing. Only runs on a page that can be the whole listing, so the
    /// task table is walked once per such call.
    pub(super) fn check_list_misses_known(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        ts: &[Json],
        base: &str,
        bseq: u64,
    ) {
        let param = |name: &str| list_param(x, c, name).filter(|v| !v.trim().is_empty());
        if param("pageToken").is_some() || param("statusTimestampAfter").is_some() {
            return;
        }
        // a status filter (probe47): a task whose latest state the recording shows is that
        // terminal state (TASK-001: it never changes again) belongs in the listing too; a
        // filter for a state a task may have left unseen (working, input-required) is not
        // judged, nor a status that names no state
        let status_filter = match param("status").map(|s| s.trim().to_string()) {
            None => None,
            Some(s) if s == "TASK_STATE_UNSPECIFIED" || s == "0" => None,
            Some(s) => {
                let name = s
                    .parse::<u64>()
                    .ok()
                    .and_then(crate::model::a2a::proto_task_state_name)
                    .unwrap_or(s.as_str());
                match TaskState::parse(name).filter(|st| st.is_terminal()) {
                    Some(st) => Some(st),
                    None => return,
                }
            }
        };
        if res
            .get("nextPageToken")
            .and_then(Json::as_str)
            .is_some_and(|t| !t.is_empty())
        {
            return;
        }
        let total = res.get("totalSize").and_then(Json::as_i64);
        if total.is_some_and(|n| n > ts.len() as i64) {
            return;
        }
        // The page holds fewer tasks than its page size (absent: the default 50). An
        // explicit pageSize outside 1-100 (0 above all) is no page size (review34: the
        // 1.0 proto's `optional page_size` keeps presence, so a 0 sent is below the
        // minimum, not the unset field; DATA-PARAM-001 names an agent that serves it):
        // then the page is the whole listing only where the answer says so itself, a
        // totalSize equal to the tasks listed (left35; it read such a 0 as 50).
        match param("pageSize") {
            None => {
                if ts.len() >= LIST_TASKS_DEFAULT_PAGE_SIZE {
                    return;
                }
            }
            Some(raw) => match raw.trim().parse::<usize>() {
                Ok(n) if (1..=100).contains(&n) => {
                    if ts.len() >= n {
                        return;
                    }
                }
                _ => {
                    if total != Some(ts.len() as i64) {
                        return;
                    }
                }
            },
        }
        let caller = self.caller_of(x);
        let at = x.endpoint();
        let want_ctx = param("contextId");
        let prefix = task_key(&x.leg, &x.scope, "");
        let listed = |id: &str| {
            ts.iter()
                .any(|t| t.get("id").and_then(Json::as_str) == Some(id))
        };
        let req_seq = x.req_ev_seq();
        let mut missing = 0usize;
        let mut latest: Option<(&str, &TaskRec)> = None;
        for (key, t) in &self.tasks {
            let Some(id) = key
                .strip_prefix(prefix.as_str())
                .filter(|id| !id.is_empty() && !id.contains('\u{0}'))
            else {
                continue;
            };
            let (Some((aseq, _)), Some(at_t)) = (&t.announced, t.announced_t) else {
                continue;
            };
            let recent =
                *aseq < req_seq && at_t <= x.req_t && x.req_t - at_t <= LIST_KNOWN_TASK_WINDOW_US;
            if !recent
                || !t.in_calls
                || t.named_by_message.is_some()
                || t.announced_dialect != Some(Dialect::V1_0)
                || t.caller != caller
                || t.announced_at != at
                || want_ctx
                    .as_deref()
                    .is_some_and(|w| t.context_id.as_deref() != Some(w))
                || status_filter.is_some_and(|st| t.last.map(|(l, _)| l) != Some(st))
                || listed(id)
            {
                continue;
            }
            missing += 1;
            if latest.is_none_or(|(_, l)| l.announced_t < t.announced_t) {
                latest = Some((id, t));
            }
        }
        let Some((id, t)) = latest else {
            return;
        };
        let Some((aseq, axid)) = t.announced.clone() else {
            return;
        };
        let ago = x.req_t.saturating_sub(t.announced_t.unwrap_or(x.req_t)) as f64 / 1e6;
        let status = param("status").map(|s| s.trim().to_string());
        let filters = match (&want_ctx, &status, status_filter) {
            (Some(w), Some(s), Some(_)) => format!("with contextId {w:?} and status {s}"),
            (None, Some(s), Some(_)) => format!("with status {s}"),
            (Some(w), None, _) => format!("with contextId {w:?} and no status filter"),
            (Some(w), Some(s), None) => format!("with contextId {w:?} and status {s} (no filter)"),
            (None, None, _) => "without filters".to_string(),
            (None, Some(s), None) => format!("with status {s} (no filter)"),
        };
        let who = if caller.is_some() {
            "the same credentials"
        } else {
            "no credentials on either call"
        };
        let more = match missing - 1 {
            0 => String::new(),
            1 => ", and 1 more such task".to_string(),
            n => format!(", and {n} more such tasks"),
        };
        let why = match status_filter {
            Some(st) => format!(
                ", whose latest state the agent answered was {}, a terminal state that never changes again (TASK-001){more}: a ListTasks filtered by a status lists every task the caller may see in that state (DATA-007), so a client that lists its finished tasks to collect or clean them up never finds it",
                st.proto_name()
            ),
            None => format!("{more}: a ListTasks without a status filter lists every task the caller may see (DATA-007), so a client that lists its tasks to resume or clean them up never finds it. An agent that decodes the absent status (or TASK_STATE_UNSPECIFIED, the proto3 zero value) as a filter for that state filters every task out (a2a-js #614)"),
        };
        let msg = format!(
            "the agent's ListTasks {filters} lists {} (totalSize {}, no further page) but leaves out task {id}, which this agent handed out {ago:.1} s before the call to the same caller ({who}){why}",
            match ts.len() {
                0 => "no tasks".to_string(),
                1 => "1 task".to_string(),
                n => format!("{n} tasks"),
            },
            total.map_or_else(|| "absent".to_string(), |n| n.to_string()),
        );
        let ev = vec![
            Evidence::event(aseq, axid),
            x.ev(req_seq),
            x.ev_at(bseq, &format!("{base}/tasks"), None),
        ];
        self.find(&r::DATA_LIST_MISSES_KNOWN, msg, ev, &x.leg);
    }

    /// How many tasks of `x`'s agent (its leg and scope) the recording last saw running and
    /// the listing has not listed (on earlier pages, `listed`, or this one, `page`): handed
    /// out, not terminal, last state neither terminal nor interrupted (submitted, working:
    /// the agent may change their status on its own at any time, and a task not listed yet
    /// whose status changes moves before the cursor).
    fn running_tasks_of(&self, x: &Exch, listed: &[String], page: &[&str]) -> usize {
        let prefix = x.tkey("");
        self.tasks
            .iter()
            .filter(|(k, t)| {
                let id = k.get(prefix.len()..).unwrap_or("");
                k.starts_with(prefix.as_str())
                    && !id.contains('\u{0}')
                    && !listed.iter().any(|l| l == id)
                    && !page.contains(&id)
                    && t.announced.is_some()
                    && t.terminal.is_none()
                    && t.last
                        .is_some_and(|(st, _)| !st.is_terminal() && !st.is_interrupted())
            })
            .count()
    }

    /// DATA-LIST-004 (DATA-007 cursor paging, 1.0 §3.1.4; breaker9d D3): a 1.0 ListTasks
    /// page `res` (tasks `ts`, at JSON Pointer `base`, line `bseq`) that ends the paging
    /// (no `nextPageToken`, or `""`) although its `totalSize` counts more tasks than the
    /// pages so far listed, or that a `pageToken` fetched and that lists a task an earlier
    /// page of the same chain listed while `totalSize` stayed the same (no task was added in
    /// between to shift the pages). Leaving out `""` on the last page is trap 12 and fine.
    /// A last page whose `totalSize` fell below the chain's earlier `totalSize` to exactly
    /// its own task count (breaker16a S5: totalSize counted after the pageToken, hiding
    /// tasks a timestamp-only cursor skipped) is judged against the earlier `totalSize`.
    pub(super) fn check_list_paging(
        &mut self,
        x: &Exch,
        c: &Call,
        res: &Json,
        ts: &[Json],
        base: &str,
        bseq: u64,
    ) {
        let token_in = match c.params.get("pageToken") {
            Some(v) => v.as_str().map(str::to_string),
            None => query_param(&x.url, "pageToken"),
        }
        .filter(|t| !t.is_empty());
        let prior = match &token_in {
            None => Some(PageChain {
                count: Some(0),
                ..Default::default()
            }),
            Some(t) => self.list_pages.get(&x.tkey(t)).cloned(),
        };
        let total = res.get("totalSize").and_then(|v| {
            v.as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse::<i64>().ok()))
        });
        let next = res
            .get("nextPageToken")
            .and_then(Json::as_str)
            .filter(|t| !t.is_empty());
        let ids: Vec<&str> = ts
            .iter()
            .map(|t| t.get("id").and_then(Json::as_str).unwrap_or(""))
            .collect();
        let earlier_ev = |p: &PageChain| Evidence::event(p.seq, p.xid.clone());
        let stamp = |t: &Json| {
            t.get("status")
                .and_then(|s| s.get("timestamp"))
                .and_then(Json::as_str)
                .and_then(|s| parse_rfc3339_ms(s).map(|ms| (ms, s.to_string())))
        };
        if let (Some(p), Some(tok)) = (&prior, &token_in) {
            self.list_order_across_pages(x, p, tok, ts, base, bseq, &stamp);
        }
        let mut reported = false;
        if let (Some(p), Some(tok)) = (&prior, &token_in) {
            if total.is_some() && p.total == total {
                let hit = ids
                    .iter()
                    .enumerate()
                    .find(|(_, id)| !id.is_empty() && p.ids.iter().any(|k| k == *id));
                if let Some((i, id)) = hit {
                    self.find(
                        &r::DATA_LIST_PAGING,
                        format!(
                            "the agent's ListTasks page for pageToken {tok:?} lists task {id} again, which an earlier page of the same listing already returned, while totalSize stayed {}: a client following nextPageToken sees it twice or loops",
                            total.unwrap_or(0)
                        ),
                        vec![
                            earlier_ev(p),
                            x.ev(x.req_ev_seq()),
                            x.ev_at(
                                bseq,
                                &format!("{base}/tasks/{i}/id"),
                                Some(Value::String(id.to_string())),
                            ),
                        ],
                        &x.leg,
                    );
                    reported = true;
                }
            }
        }
        // A nextPageToken equal to the pageToken this page was fetched with: a client
        // following it gets this page again, forever.
        if let (Some(tok), Some(n), false) = (&token_in, next, reported) {
            if tok == n {
                let mut ev = Vec::new();
                if let Some(p) = &prior {
                    ev.push(earlier_ev(p));
                }
                ev.push(x.ev(x.req_ev_seq()));
                ev.push(x.ev_at(
                    bseq,
                    &format!("{base}/nextPageToken"),
                    Some(Value::String(n.to_string())),
                ));
                self.find(
                    &r::DATA_LIST_PAGING,
                    format!(
                        "the agent's ListTasks page for pageToken {tok:?} hands back the same nextPageToken {n:?}: a client following nextPageToken fetches this page again and never reaches the end (the last page has nextPageToken \"\")"
                    ),
                    ev,
                    &x.leg,
                );
                reported = true;
            }
        }
        if let (Some(p), Some(n), None, false) = (&prior, total, next, reported) {
            if let Some(before) = p.count {
                let seen = before + ts.len();
                // totalSize counts the tasks before paging (proto ListTasksResponse
                // total_size): a last page whose totalSize fell from the chain's earlier
                // value to exactly the tasks on this page was counted after the pageToken
                // was applied, which hides the tasks the cursor skipped.
                let top = p.top_total.unwrap_or(n);
                if token_in.is_some()
                    && before > 0
                    && top > n
                    && n == ts.len() as i64
                    && top > seen as i64
                {
                    self.find(
                        &r::DATA_LIST_PAGING,
                        format!(
                            "the agent's ListTasks paging ended after {seen} of {top} tasks: the last page (pageToken {:?}) has {} and its totalSize fell from {top} to {n}, the tasks on that page alone, so the agent counts totalSize after applying the pageToken and the {} its cursor skipped {} never listed",
                            token_in.as_deref().unwrap_or(""),
                            if res.get("nextPageToken").is_some() {
                                "an empty nextPageToken"
                            } else {
                                "no nextPageToken"
                            },
                            if top - seen as i64 == 1 {
                                "task".to_string()
                            } else {
                                format!("{} tasks", top - seen as i64)
                            },
                            if top - seen as i64 == 1 { "is" } else { "are" },
                        ),
                        vec![
                            earlier_ev(p),
                            x.ev(x.req_ev_seq()),
                            x.ev_at(bseq, &format!("{base}/totalSize"), Some(Value::from(n))),
                        ],
                        &x.leg,
                    );
                } else if token_in.is_some()
                    && before > 0
                    && last_page_total_is_its_own_count(top, n, ts.len(), seen)
                {
                    let msg = format!(
                        "the agent's ListTasks last page (pageToken {:?}) says totalSize {n}, the tasks on that page alone, where the earlier page of the same listing said {top} and the pages together listed {seen}: totalSize counts the matching tasks before paging (proto ListTasksResponse.total_size), the same on every page, so a client that shows or checks the count is told {n}",
                        token_in.as_deref().unwrap_or("")
                    );
                    let ev = vec![
                        earlier_ev(p),
                        x.ev(x.req_ev_seq()),
                        x.ev_at(bseq, &format!("{base}/totalSize"), Some(Value::from(n))),
                    ];
                    self.find(&r::DATA_LIST_PAGING, msg, ev, &x.leg);
                } else if list_total_to_reach(n, p.low_total, token_in.is_some()) > seen as i64
                    // The page's cursor under another name is DATA-SHAPE-001's, the cause.
                    && list_next_page_alias(res).is_none()
                    // left60 (a2a-python 1.3.0, tests/sdk_legal60.rs): a task still running
                    // while the client paged changes status, and newest-status-first order
                    // (DATA-007) moves it before the cursor: legal, and the tasks missed are
                    // at most the running ones the recording knows of this agent
                    && list_total_to_reach(n, p.low_total, token_in.is_some()) - seen as i64
                        > self.running_tasks_of(x, &p.ids, &ids) as i64
                {
                    let reach = list_total_to_reach(n, p.low_total, token_in.is_some());
                    let how = if res.get("nextPageToken").is_some() {
                        "an empty nextPageToken (last page)"
                    } else {
                        "no nextPageToken"
                    };
                    let mut ev = Vec::new();
                    if token_in.is_some() {
                        ev.push(earlier_ev(p));
                    }
                    ev.push(x.ev_at(bseq, &format!("{base}/totalSize"), Some(Value::from(n))));
                    self.find(
                        &r::DATA_LIST_PAGING,
                        format!(
                            "the agent's ListTasks page has {how} although totalSize {reach}{} counts more tasks than the {seen} listed so far: the client cannot fetch the other {}",
                            if reach < n {
                                format!(" (when the client started paging; this page says {n}, counting tasks added since, which sort before the cursor)")
                            } else {
                                String::new()
                            },
                            reach - seen as i64
                        ),
                        ev,
                        &x.leg,
                    );
                }
            }
        }
        // DATA-007 ("" on the last page; session 46): a later page (fetched with a
        // pageToken) that, with the pages before it, listed every task its totalSize counts,
        // yet hands out a nextPageToken: a client follows it to a page with nothing on it
        // (or loops). The first page's form (totalSize no more than its own rows beside a
        // nextPageToken) is DATA-SHAPE-001's (`list_tasks_page_problem`) when the page is
        // full; a first page with room left (fewer rows than its page size) whose totalSize
        // is its rows is the whole listing, so its nextPageToken is the fault (breaker55).
        // Pages that together listed more distinct tasks than totalSize show the count
        // wrong, not the token: the tasks the token leads to exist (breaker55
        // v10-list-totalsize-short), DATA-SHAPE-001 below.
        let full = ts.len() as i64 >= list_page_limit(res, c, x);
        if let (Some(p), Some(n), Some(nt), false) = (&prior, total, next, reported) {
            if let Some(before) = p.count.filter(|b| *b > 0 || (token_in.is_none() && !full)) {
                let seen = before + ts.len();
                let tok = token_in.as_deref().unwrap_or("");
                if seen as i64 > n && before > 0 {
                    self.find(
                        &r::RESULT_SHAPE,
                        format!(
                            "result of ListTasks is malformed: totalSize {n} is smaller than the {seen} tasks the pages of this listing have listed so far (pageToken {tok:?} hands out nextPageToken {nt:?}, so more follow): totalSize counts the matching tasks before paging (proto ListTasksResponse.total_size), so a client that shows or checks the count is told too few"
                        ),
                        vec![
                            earlier_ev(p),
                            x.ev(x.req_ev_seq()),
                            x.ev_at(bseq, &format!("{base}/totalSize"), Some(Value::from(n))),
                        ],
                        &x.leg,
                    );
                } else if seen as i64 >= n && nt != tok {
                    let page = if token_in.is_some() {
                        format!("page for pageToken {tok:?}")
                    } else {
                        let room = list_page_limit(res, c, x) - ts.len() as i64;
                        format!(
                            "first page, with room for {room} more task{},",
                            if room == 1 { "" } else { "s" }
                        )
                    };
                    self.find(
                        &r::DATA_LIST_PAGING,
                        format!(
                            "the agent's ListTasks {page} completes the listing ({seen} task{} listed, totalSize {n}) yet hands out nextPageToken {nt:?}: the last page's nextPageToken is \"\" (1.0 §3.1.4), so a client fetches a page with nothing on it",
                            if seen == 1 { "" } else { "s" }
                        ),
                        token_in
                            .is_some()
                            .then(|| earlier_ev(p))
                            .into_iter()
                            .chain([
                                x.ev(x.req_ev_seq()),
                                x.ev_at(
                                    bseq,
                                    &format!("{base}/nextPageToken"),
                                    Some(Value::String(nt.to_string())),
                                ),
                            ])
                            .collect(),
                        &x.leg,
                    );
                }
            }
        }
        let Some(next) = next else { return };
        let mut chain = prior.unwrap_or_default();
        chain.count = chain.count.map(|k| k + ts.len());
        for id in ids.iter().filter(|id| !id.is_empty()) {
            if chain.ids.len() < MAX_PAGE_CHAIN_IDS {
                chain.ids.push(id.to_string());
            }
        }
        chain.total = total;
        chain.top_total = chain.top_total.max(total);
        chain.low_total = match (chain.low_total, total) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        chain.seq = bseq;
        chain.xid = str::to_string(&x.id);
        chain.req_seq = x.req_seq;
        chain.last_stamp = ts.iter().rev().find_map(|t| {
            let (ms, raw) = stamp(t)?;
            Some((ms, raw, t.get("id").and_then(Json::as_str)?.to_string()))
        });
        self.remember_page_chain(x.tkey(next), chain);
    }

    /// DATA-LIST-002 across the pages of one 1.0 ListTasks listing (DATA-007, 1.0 §3.1.4:
    /// the whole listing is newest status first, paged by cursor): a task of the page a
    /// `pageToken` (`tok`) fetched whose `status.timestamp` is newer than that of the last
    /// task of the page that handed the token out (`p`), although the task was already in
    /// a terminal state (its timestamp final) before that earlier page was asked: it
    /// belonged on that page or before. A task still running may have moved since, so
    /// only finished ones are judged. Told once per page.
    #[allow(clippy::too_many_arguments)]
    fn list_order_across_pages(
        &mut self,
        x: &Exch,
        p: &PageChain,
        tok: &str,
        ts: &[Json],
        base: &str,
        bseq: u64,
        stamp: &dyn Fn(&Json) -> Option<(i64, String)>,
    ) {
        let Some((before_ms, before_raw, before_id)) = &p.last_stamp else {
            return;
        };
        let hit = ts.iter().enumerate().find_map(|(i, t)| {
            let (ms, raw) = stamp(t)?;
            let id = t.get("id").and_then(Json::as_str)?;
            let settled = self
                .task_of(x, id)
                .and_then(|k| k.terminal.as_ref())
                .is_some_and(|(_, tseq, _)| *tseq < p.req_seq);
            (ms > *before_ms && settled && id != before_id).then(|| (i, id.to_string(), raw))
        });
        let Some((i, id, raw)) = hit else { return };
        self.find(
            &r::DATA_LIST_ORDER,
            format!(
                "the agent's ListTasks page for pageToken {tok:?} lists task {id} (status.timestamp {raw}), whose status is newer than that of task {before_id} ({before_raw}) on the earlier page that handed out the token, although {id} had finished before that page was asked: a listing is newest status first across its pages, so a client paging it reads the tasks out of order and stops early on an older one"
            ),
            vec![
                Evidence::event(p.seq, p.xid.clone()),
                x.ev_at(
                    bseq,
                    &format!("{base}/tasks/{i}/status/timestamp"),
                    Some(Value::String(raw)),
                ),
            ],
            &x.leg,
        );
    }

    /// Remembers the page `chain` that handed out the page token under `key` (a ListTasks
    /// token, or a push config listing's: [`Self::push_list_paging`]), keeping at most
    /// [`MAX_PAGE_TOKENS`] tokens, the oldest forgotten first.
    pub(super) fn remember_page_chain(&mut self, key: String, chain: PageChain) {
        if self.list_pages.insert(key.clone(), chain).is_none() {
            self.list_page_order.push_back(key);
            if self.list_page_order.len() > MAX_PAGE_TOKENS {
                if let Some(old) = self.list_page_order.pop_front() {
                    self.list_pages.remove(&old);
                }
            }
        }
    }
}

/// Whether JSON-RPC call `c` went to a 1.0 HTTP+JSON route (`POST /message:send` with a
/// JSON-RPC envelope, breaker27 H02): there `application/a2a+json` is the route's own media
/// type, and the fault is the body's binding (CARD-BIND-*), not its media type (HTTP-MEDIA-004
/// and -005 are left out).
fn jsonrpc_at_rest_route(x: &Exch, c: &Call) -> bool {
    c.binding == Some(Binding::JsonRpc)
        && a2a::rest_route(&x.method, &x.path).is_some_and(|r| r.dialect == Dialect::V1_0)
}

/// The media types a binding answers operation `op` with (HTTP-MEDIA-007): a streaming
/// operation `text/event-stream` (RPC-005, REST-002); the public card `application/json`
/// (CARD-001: a JSON document, whatever binding its interfaces declare); a unary one
/// `application/json` on JSON-RPC (1.0 §9.1, 0.3 §3.2.1) and on 0.x HTTP+JSON (0.3
/// §3.2.3), and on 1.0 HTTP+JSON
/// (or a route of unknown version) `application/a2a+json` (1.0 §11.1) or 1.0.0's
/// `application/json`.
fn binding_answer_types(op: Op, b: Binding, d: Option<Dialect>) -> &'static [&'static str] {
    if op.is_streaming() {
        return &["text/event-stream"];
    }
    if op == Op::GetCard {
        return &["application/json"];
    }
    match (b, d) {
        (Binding::Rest, Some(d)) if d.is_0x() => &["application/json"],
        (Binding::Rest, _) => &["application/a2a+json", "application/json"],
        _ => &["application/json"],
    }
}

/// Whether the Accept field values `accept` admit media type `ty` (`type/subtype`,
/// lowercase): RFC 9110 §12.5.1, no Accept admits everything; otherwise the most specific
/// range that matches `ty` (the type itself, then `type/*`, then `*/*`; case-insensitive,
/// other parameters ignored) decides, and admits it unless its `q` is 0
/// (`application/json;q=0, */*` does not admit application/json). No matching range: not
/// admitted.
fn accept_admits(accept: &[&str], ty: &str) -> bool {
    if accept.iter().all(|v| v.trim().is_empty()) {
        return true;
    }
    let (major, _) = ty.split_once('/').unwrap_or((ty, ""));
    // (specificity, admitted) of the most specific matching range; the first one of equal
    // specificity wins.
    let mut best: Option<(u8, bool)> = None;
    for range in accept.iter().flat_map(|v| v.split(',')) {
        let mut parts = range.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let rank = if name == ty {
            3
        } else if name.strip_suffix("/*").is_some_and(|m| m == major) {
            2
        } else if name == "*/*" {
            1
        } else {
            continue;
        };
        let refused = parts.any(|p| {
            p.trim().split_once('=').is_some_and(|(k, v)| {
                k.trim().eq_ignore_ascii_case("q")
                    && v.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
            })
        });
        if best.is_none_or(|(r, _)| rank > r) {
            best = Some((rank, !refused));
        }
    }
    best.is_some_and(|(_, admitted)| admitted)
}

#[cfg(test)]
mod accept_tests {
    use super::accept_admits;

    /// HTTP-MEDIA-007's reading of Accept (RFC 9110 §12.5.1): no header admits all; the
    /// most specific matching range decides, q=0 refuses.
    #[test]
    fn most_specific_range_decides() {
        let j = "application/json";
        assert!(accept_admits(&[], j));
        assert!(accept_admits(&["application/json"], j));
        assert!(accept_admits(&["text/html, application/*;q=0.5"], j));
        assert!(accept_admits(&["*/*"], "text/event-stream"));
        assert!(accept_admits(&["Application/JSON; charset=utf-8"], j));
        assert!(!accept_admits(&["text/html"], j));
        assert!(!accept_admits(&["application/json;q=0, text/html"], j));
        assert!(!accept_admits(&["application/json;q=0, */*"], j));
        assert!(accept_admits(&["application/*;q=0, application/json"], j));
        assert!(accept_admits(&["text/html", "application/json"], j));
    }
}

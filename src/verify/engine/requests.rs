//! Checks on a request as it arrives: its shape, its version and extensions headers, what a gateway changed on the way to the agent.

use super::*;

/// The snake_case spellings of 0.x send members ([`proto_field_name_member`]'s table, the
/// members 0.x defines): in a 0.x JSON-RPC send they are unknown members (DATA-SHAPE-002).
const V0_SNAKE_CASE_NAMES: &[&str] = &[
    "message_id",
    "context_id",
    "task_id",
    "reference_task_ids",
    "history_length",
    "accepted_output_modes",
    "push_notification_config",
];

impl State {
    /// Checks that need only the request (and the earlier traffic).
    pub(super) fn request_checks(&mut self, x: &Exch) {
        let who = self.sender(x).noun();
        let Some(c) = x.call.clone() else { return };
        self.note_cancel_asked(x, &c);
        self.check_tls_downgrade(x, &c);
        // The 0.x members of a request judged as 1.0 (a message's kind, 0.x send options):
        // when its method name alone is 1.0 against a 0.x (or no) A2A-Version, they are
        // the same mix, told in the one method finding (mine25a K3), not once more each.
        let ox_members = if c.dialect == Some(Dialect::V1_0) && !c.webhook {
            zero_x_request_members(&c)
        } else {
            Vec::new()
        };
        let mut method_mix_told = false;
        // VER-MIX-002: 1.0 header with a 0.x method / route, or the reverse: a 0.x header
        // with a 1.0 JSON-RPC method (VER-002, DATA-001; breaker9a B9). A REST route is the
        // same path in 0.3 and 1.0, so only its header says which; not judged the reverse way.
        if let (Some(hv), Some(d)) = (c.header_version.as_deref(), c.dialect) {
            let declared = Dialect::from_version(hv);
            let reverse = declared.is_some_and(Dialect::is_0x)
                && d == Dialect::V1_0
                && c.binding == Some(Binding::JsonRpc)
                && c.method.is_some();
            if (declared == Some(Dialect::V1_0) && d.is_0x() && c.binding.is_some()) || reverse {
                // gRPC: the method is SendMessage in both generations; the service name
                // is what differs (0.3 a2a.v1.A2AService, 1.0 lf.a2a.v1.A2AService,
                // GRPC-001), so name the service (breaker13 M10).
                let grpc_service = (c.binding == Some(Binding::Grpc))
                    .then(|| x.path.trim_start_matches('/').split('/').next())
                    .flatten()
                    .filter(|s| !s.is_empty());
                let what = match (grpc_service, &c.method, c.binding) {
                    (Some(svc), _, _) => {
                        let want = if declared == Some(Dialect::V1_0) {
                            "lf.a2a.v1.A2AService"
                        } else {
                            "a2a.v1.A2AService"
                        };
                        format!("gRPC service {svc}; the {hv} service is {want}")
                    }
                    (None, Some(m), _) => format!("method {m}"),
                    _ => format!("route {}", x.path),
                };
                let mut ev = vec![x.ev(x.req_seq)];
                let rest = if reverse {
                    method_mix_told = true;
                    self.rest_is_0x(x, &c, &ox_members, hv, &mut ev)
                } else {
                    String::new()
                };
                self.find(
                    if c.webhook {
                        &r::VER_MIXED_PAYLOAD
                    } else {
                        &r::VER_MIXED_REQUEST
                    },
                    format!(
                        "request declares A2A-Version {hv} but uses the {} {what}{rest}",
                        d.as_str()
                    ),
                    ev,
                    &x.leg,
                );
            }
        }
        // VER-001 / VER-003: a header-less request is a 0.3 request (missing A2A-Version =
        // 0.3), so a 1.0 JSON-RPC method name without the header is the same mix as an
        // explicit 0.3 header with it: a strict 1.0-only agent refuses it.
        if c.header_version.is_none()
            && c.dialect == Some(Dialect::V1_0)
            && c.binding == Some(Binding::JsonRpc)
            && !c.webhook
            && x.leg.as_deref() != Some("upstream")
        {
            if let Some(m) = c.method.as_deref() {
                self.areas.insert("version");
                method_mix_told = true;
                let mut ev = vec![x.ev(x.req_seq)];
                let rest = self.rest_is_0x(x, &c, &ox_members, "0.3", &mut ev);
                let fix = if rest.is_empty() {
                    ": a 1.0 client sends A2A-Version: 1.0 on every request"
                } else {
                    ""
                };
                let old_name = old_version_header(x, "A2A-Version");
                self.find(
                    &r::VER_MIXED_REQUEST,
                    format!(
                        "client's request sends no A2A-Version (which means 0.3{old_name}) but uses the 1.0 method {m}{fix}{rest}"
                    ),
                    ev,
                    &x.leg,
                );
            }
        }
        // VER-001 / VER-003 on HTTP+JSON and gRPC (q28b 1): the same mix by route or
        // service. A header-less call is 0.3, whose HTTP+JSON routes all sit under `/v1`
        // (REST-003); a route without `/v1` (kept as 1.0 above: not an origin whose card
        // declares HTTP+JSON in 0.x only) is the 1.0 route, as a PascalCase method is the
        // 1.0 method on JSON-RPC, and lf.a2a.v1.A2AService is the 1.0 gRPC service.
        if c.header_version.is_none()
            && c.dialect == Some(Dialect::V1_0)
            && matches!(c.binding, Some(Binding::Rest | Binding::Grpc))
            && !c.webhook
            && x.leg.as_deref() != Some("upstream")
        {
            let rt = (c.binding == Some(Binding::Rest))
                .then(|| rest_route(&x.method, &x.path))
                .flatten();
            if let Some(rt) = rt {
                self.areas.insert("version");
                let path = x.path.split('?').next().unwrap_or(&x.path);
                let verb = x.method.to_ascii_uppercase();
                let route = &path[rt.base.len().min(path.len())..];
                let mut ev = vec![x.ev(x.req_seq)];
                let parts = params_message(c.params.json())
                    .is_some_and(|m| m.get("parts").is_some() && m.get("content").is_none());
                let shape = if parts {
                    ev.push(x.ev_at(x.req_ev_seq(), "/message/parts", None));
                    ", and its message has the 1.0 member parts (0.3 HTTP+JSON names it content)"
                } else {
                    ""
                };
                let old_name = old_version_header(x, "A2A-Version");
                self.find(
                    &r::VER_MIXED_REQUEST,
                    format!(
                        "client's request sends no A2A-Version (which means 0.3{old_name}) but uses the 1.0 route {verb} {path}{shape}: every 0.3 HTTP+JSON route sits under /v1 ({verb} {}/v1{route}), so an agent that applies 0.3 as the spec says finds no such route, and a strict 1.0-only agent refuses it; a 1.0 client sends A2A-Version: 1.0 on every request",
                        rt.base
                    ),
                    ev,
                    &x.leg,
                );
            }
            // gRPC (GRPC-001): the method is SendMessage in both generations; the service
            // says which, and a2a-version metadata is the header (DIGEST §2 gRPC).
            if c.binding == Some(Binding::Grpc) {
                let service = x
                    .path
                    .trim_start_matches('/')
                    .split('/')
                    .next()
                    .unwrap_or("");
                let m = c.method.as_deref().unwrap_or("call");
                self.areas.insert("version");
                let old_name = old_version_header(x, "a2a-version");
                self.find(
                    &r::VER_MIXED_REQUEST,
                    format!(
                        "{who}'s gRPC call {m} sends no a2a-version metadata (which means 0.3{old_name}) but uses the 1.0 service {service}: the 0.3 service is a2a.v1.A2AService, so an agent that applies 0.3 as the spec says has no such service, and a strict 1.0-only agent refuses it; a 1.0 client sends a2a-version: 1.0 on every call"
                    ),
                    vec![x.ev(x.req_seq)],
                    &x.leg,
                );
            }
        }
        // DATA-PARAM-005 (q28b 2; REST-001, DATA-006, DATA-007, ERR-006): a request
        // parameter of the wrong JSON type or out of range (historyLength "ten" or -1,
        // pageSize "x") is the client's fault: the agent's -32602 / 400 INVALID_ARGUMENT is
        // the right answer (ERR-006), judged at the answer. A prober's deliberate negative
        // call is not told.
        if !c.webhook && x.leg.as_deref() != Some("upstream") && !x.probe_negative() {
            if let Some((name, shown, why, ptr)) = invalid_request_param(&c, &x.url) {
                let op = c.op_term("call").to_string();
                let where_ = if ptr.is_none() { " in the query" } else { "" };
                let refusal = match c.binding {
                    Some(Binding::Rest) => "HTTP 400 (INVALID_ARGUMENT)",
                    Some(Binding::Grpc) => "gRPC status INVALID_ARGUMENT",
                    _ => "-32602 InvalidParams",
                };
                self.find(
                    &r::DATA_PARAM_CLIENT_INVALID,
                    format!(
                        "{who}'s {op} sends {name} {shown}{where_}, which is not {why}: an agent that validates its input first (ERR-006) refuses the call with {refusal}, which is the right answer, and the call gets no work done"
                    ),
                    vec![match ptr.as_deref() {
                        Some(p) => x.ev_at(x.req_ev_seq(), p, None),
                        None => x.ev(x.req_seq),
                    }],
                    &x.leg,
                );
            }
        }
        // AUTH-001: credentials travel in HTTP headers, never in A2A payloads (metadata is
        // kept in task history and logs; breaker11 K32).
        if c.op.is_some() && !c.webhook {
            let base = c.params_base();
            let push_config_op = matches!(
                c.op,
                Some(
                    Op::CreatePushConfig
                        | Op::GetPushConfig
                        | Op::ListPushConfigs
                        | Op::DeletePushConfig
                )
            );
            if let Some((ptr, key)) = payload_credential(c.params.json(), base, push_config_op) {
                self.areas.insert("auth");
                // f1102: a member the request's schema does not define is kept with the
                // request all the same (task history, logs, a delegate's copy).
                let why = if ptr.contains("/metadata") {
                    "the agent stores metadata in task history and logs"
                } else {
                    "no A2A request defines that member, and an agent that ignores it still keeps the whole request (task history, logs, a forwarded copy)"
                };
                self.find(
                    &r::AUTH_CREDENTIAL_IN_PAYLOAD,
                    format!(
                        "{who}'s {} carries a credential in the A2A payload ({key} at {ptr}) instead of an HTTP header: {why}",
                        c.method.as_deref().unwrap_or("call")
                    ),
                    vec![x.ev_at(x.req_ev_seq(), &ptr, None)],
                    &x.leg,
                );
            }
        }
        // RPC-001 / RPC-002 (DIGEST §3: request `id` string|integer required): an A2A call
        // without id is a notification; a null, fractional, boolean or structured id is
        // none the A2A schemas allow.
        if let (Some(RequestParse::Request { id, method, .. }), Some(_), false) =
            (&c.rpc, c.op, c.webhook)
        {
            let why = match id {
                None => Some("has no id: it is a notification, which gets no answer the client can match (JSON-RPC 2.0 §4.1)"),
                Some(Json::Null) => Some("has id null, which the A2A schemas do not allow (string or integer)"),
                Some(Json::String(_)) => None,
                Some(Json::Number(Num::PosInt(_) | Num::NegInt(_))) => None,
                Some(Json::Number(Num::Float(_))) if c.rpc_id_wide.is_some() => None,
                // `1e3`: a whole number in exponent notation is an integer id (RFC 8259 §6,
                // draft-07 `integer`; JSON-RPC 2.0 §4 objects only to fractional parts,
                // which `1.0` writes and `1e3` does not); Python's json and JSON.parse read
                // it, and the echo compares by value ([`jsonrpc::id_key`]; review33 Q6).
                Some(Json::Number(Num::Float(_))) if c.rpc_id_exponent => None,
                Some(_) => Some("has an id that is neither a string nor an integer"),
            };
            let deliberate = x.probe_negative();
            if let (Some(why), false) = (why, deliberate) {
                self.find(
                    &r::RPC_REQUEST_ID,
                    format!("{who}'s JSON-RPC call {method} {why}"),
                    vec![x.ev_at(x.req_ev_seq(), "/id", id.as_ref().map(Json::to_value))],
                    &x.leg,
                );
            }
        }
        // RPC-001 / RPC-002 on a request that parsed as no valid request: an A2A call whose
        // id is an object, array or boolean (JSON-RPC 2.0 §4 makes it an Invalid Request:
        // the agent's −32600 is right; breaker10n N9), or without "jsonrpc": "2.0" (absent,
        // "1.0", 2.0 as a number: no JSON-RPC 2.0 request; breaker10 E15). The client is at
        // fault whatever the agent answers. Invalid requests are rare: their body is parsed
        // again here.
        if matches!(c.rpc, Some(RequestParse::Invalid)) && !c.webhook && !x.probe_negative() {
            let body = x.req_decoded().unwrap_or_default();
            // JSON-RPC 2.0 §6 (RPC-001, breaker11 K24): an empty batch `[]` is an invalid
            // request; the agent's one -32600 answer is judged at the response.
            if c.binding == Some(Binding::JsonRpc)
                && trim_ascii(&body).starts_with(b"[")
                && Json::parse(&body)
                    .ok()
                    .and_then(|v| v.as_array().map(Vec::is_empty))
                    == Some(true)
            {
                self.find(
                    &r::RPC_REQUEST_BATCH_EMPTY,
                    format!(
                        "{} an empty JSON-RPC batch []: an Invalid Request (JSON-RPC 2.0 \u{a7}6), answered at best with one -32600 error and no result",
                        self.sender(x).sent()
                    ),
                    vec![x.ev_at(x.req_ev_seq(), "", Some(Value::Array(Vec::new())))],
                    &x.leg,
                );
            }
            if let Ok(v) = Json::parse(&body) {
                let method = v
                    .get("method")
                    .and_then(Json::as_str)
                    .filter(|m| method_op(m).is_some());
                let is_2_0 = v.get("jsonrpc").and_then(Json::as_str) == Some("2.0");
                let id = v.get("id");
                let kind = match id {
                    Some(Json::Object(_)) => Some("an object"),
                    Some(Json::Array(_)) => Some("an array"),
                    Some(Json::Bool(_)) => Some("a boolean"),
                    _ => None,
                };
                if let (Some(m), Some(kind), true) = (method, kind, is_2_0) {
                    self.find(
                        &r::RPC_REQUEST_ID,
                        format!("{who}'s JSON-RPC call {m} has an id that is {kind}: JSON-RPC 2.0 allows a string, number or null (an Invalid Request, -32600), the A2A schemas a string or integer"),
                        vec![x.ev_at(x.req_ev_seq(), "/id", id.map(Json::to_value))],
                        &x.leg,
                    );
                }
                // RPC-001 (python-a2a PR #55, field f382): no JSON-RPC request object at
                // all, but an A2A payload posted bare (a message, or the params object
                // {"message": ...}) to a URL the agent's card declares as a JSON-RPC
                // interface: the client left out the envelope (jsonrpc, method, params, id).
                if v.get("method").is_none() && v.get("jsonrpc").is_none() {
                    if let Some(what) = bare_a2a_payload(&v) {
                        let bindings = self.interface_bindings_at(x);
                        if bindings.iter().any(|b| b.eq_ignore_ascii_case("JSONRPC")) {
                            self.areas.insert("jsonrpc");
                            self.find(
                                &r::RPC_REQUEST_NOT_2_0,
                                bare_payload_message(
                                    what,
                                    x.url_named(),
                                    "the agent card declares JSON-RPC at this URL",
                                ),
                                vec![x.ev_at(x.req_ev_seq(), "", None)],
                                &x.leg,
                            );
                        } else if bindings.is_empty() && self.bare_pending.len() < MAX_BARE_PENDING
                        {
                            // No card says what this URL serves (mine25a K2): told at the
                            // end if the agent's answer, or another call at this URL, shows
                            // it speaks JSON-RPC; an HTTP+JSON base URL stays silent.
                            if let Some(key) = Self::endpoint_key(x) {
                                self.bare_pending.push(BarePayload {
                                    key,
                                    exchange: str::to_string(&x.id),
                                    what,
                                    url: x.url.clone(),
                                    ev: x.ev_at(x.req_ev_seq(), "", None),
                                    leg: x.leg.clone(),
                                });
                            }
                        }
                    }
                }
                if let (Some(m), Some(o), false) = (method, v.as_object(), is_2_0) {
                    let got = o.get("jsonrpc");
                    let what = match got {
                        None => "has no jsonrpc member".to_string(),
                        Some(j) => format!("has jsonrpc {} instead of \"2.0\"", j.to_value()),
                    };
                    self.areas.insert("jsonrpc");
                    self.find(
                        &r::RPC_REQUEST_NOT_2_0,
                        format!("{who}'s JSON-RPC call {m} {what}: it is no JSON-RPC 2.0 request, and a strict agent answers -32600"),
                        vec![x.ev_at(x.req_ev_seq(), if got.is_some() { "/jsonrpc" } else { "" }, got.map(Json::to_value))],
                        &x.leg,
                    );
                }
            }
        }
        // ID-007: a messageId names one message; a retry resends the same one.
        if matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) && !c.webhook {
            self.message_id_reused(x, &c);
        }
        // PUSH-002: a push config names the webhook url it is for.
        if !c.webhook {
            // The 0.x nesting in a 1.0 Create, where 1.0 reads no config (DATA-003 ignores
            // it; a send's 0.x member is VER-MIX-002's, judged with the send options).
            let nested_0x = c.dialect == Some(Dialect::V1_0)
                && c.op == Some(Op::CreatePushConfig)
                && member_path(c.params.json(), "/pushNotificationConfig")
                    .is_some_and(Json::is_object);
            if rest03_push_create_wrapped(&c) {
                self.areas.insert("push");
                let verb = x.method.to_ascii_uppercase();
                self.find(
                    &r::PUSH_CONFIG_REST03_BODY,
                    format!(
                        "{who}'s 0.3 HTTP+JSON CreateTaskPushNotificationConfig ({verb} {}) sends the whole gRPC request message {{\"parent\", \"config\": {{...}}}} as its body: the 0.3 proto maps this route with body: \"config\", so the body is the TaskPushNotificationConfig itself ({{\"name\", \"pushNotificationConfig\": {{\"url\", ...}}}}) and the task id travels in the path; an agent that follows the proto finds no pushNotificationConfig at the body root and refuses the call",
                        x.path
                    ),
                    vec![x.ev_at(x.req_ev_seq(), "/config", None)],
                    &x.leg,
                );
            } else if let Some(ptr) = push_config_without_url(&c) {
                self.areas.insert("push");
                let why = if nested_0x {
                    ": it nests the config in the 0.3 member pushNotificationConfig, and 1.0 takes the flat {taskId, url, token?, authentication?}"
                } else {
                    create_config_wrapped(&c)
                };
                self.find(
                    &r::PUSH_CONFIG_NO_URL,
                    format!(
                        "{who}'s {} carries a push notification config without url{why}",
                        c.op_term("call")
                    ),
                    vec![x.ev_at(x.req_ev_seq(), &ptr, None)],
                    &x.leg,
                );
            } else if let Some((ptr, sent, why)) = push_config_auth_problem(&c) {
                self.areas.insert("push");
                self.find(
                    &r::PUSH_CONFIG_NO_URL,
                    format!(
                        "{who}'s {} carries a push notification config whose {why}",
                        c.op_term("call")
                    ),
                    vec![x.ev_at(x.req_ev_seq(), &ptr, sent)],
                    &x.leg,
                );
            }
        }
        // DATA-SHAPE-003 (PUSH-002): a 1.0 send's inline config belongs to the task the send
        // creates or continues; a taskId naming another task leaves undefined which task
        // gets the webhook.
        if !c.webhook
            && c.dialect == Some(Dialect::V1_0)
            && matches!(c.op, Some(Op::SendMessage | Op::SendStreamingMessage))
        {
            self.inline_push_config_other_task(x, &c);
        }
        // DATA-SHAPE-006: a follow-up's contextId / taskId sent beside the message
        // (breaker16a S11, a2a-elixir #63).
        if !c.webhook && matches!(c.op, Some(Op::SendMessage | Op::SendStreamingMessage)) {
            self.ids_outside_message(x, &c);
        }
        // VER-001: the client's A2A-Version (header or query parameter) is Major.Minor. Only
        // 1.x-looking values and values with no digit at all (`null`, mine36) are judged
        // (0.x had no version header).
        if let Some(hv) = c.header_version.as_deref().filter(|_| !c.webhook) {
            if let Some(why) = version_not_major_minor(hv) {
                let deliberate = x.probe_negative();
                if !deliberate {
                    self.find(
                        &r::VER_HEADER_NOT_MAJOR_MINOR,
                        // On the upstream leg the gateway sent it (breaker22 Z02).
                        format!("{} A2A-Version {hv:?}, {why}", self.sender(x).sent()),
                        vec![x.ev(x.req_seq)],
                        &x.leg,
                    );
                }
            }
        }
        // which of the whole-body walks can find anything in a send request's params (one
        // pass, issue #7; DATA-MEDIA-001 and VER-MIX-002 below)
        let params_walks = (matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            && !c.webhook)
            .then(|| BodyWalks::of(c.params.json()));
        // DATA-MEDIA-001 (DATA-004): a part of the client's message whose media type is no
        // media type (assistant-ui PR #5036 sent image/*), in any version.
        if params_walks.is_some_and(BodyWalks::bad_media) {
            if let Some(m) = params_message(c.params.json()) {
                let base = if c.bare_params() {
                    "/message"
                } else {
                    "/params/message"
                };
                // The wording is formatted only when the rule fires (perf30).
                let term = c.op_term("send");
                let who = format_args!("the client's {term} request");
                if let Some((msg, ev)) = part_media_finding(x, m, base, x.req_ev_seq(), &who, false)
                {
                    self.find(&r::PART_MEDIA_TYPE_INVALID, msg, vec![ev], &x.leg);
                }
            }
        }
        // 1.0 request payload with 0.x-only members.
        if c.dialect == Some(Dialect::V1_0) && !c.webhook {
            if let Some((p, _)) = ox_members
                .iter()
                .find(|(p, _)| p.ends_with("/kind"))
                .filter(|_| !method_mix_told)
            {
                self.find(
                    &r::VER_MIXED_REQUEST,
                    "1.0 request message carries the 0.x member kind".to_string(),
                    vec![x.ev_at(x.req_ev_seq(), p, None)],
                    &x.leg,
                );
            }
            // DATA-001: 1.0 JSON members are camelCase; a proto field name (`message_id`,
            // `return_immediately`) is read by ProtoJSON parsers only (breaker11 K26).
            if c.binding != Some(Binding::Grpc) && !x.probe_negative() {
                let base = c.params_base();
                // a JSON-RPC call's params are its body's: no `_` there, no proto name
                let none = c.binding == Some(Binding::JsonRpc) && x.req_body_lacks(b'_');
                if let Some((ptr, snake, camel)) = (!none)
                    .then(|| proto_field_name_member(c.params.json(), base))
                    .flatten()
                {
                    self.find(
                        &r::REQUEST_SHAPE,
                        format!(
                            "{who}'s 1.0 {} request uses the proto field name {snake} where the JSON member is {camel} (DATA-001: camelCase): only a ProtoJSON parser reads it, any other agent ignores it",
                            c.method.as_deref().unwrap_or("A2A")
                        ),
                        vec![x.ev_at(x.req_ev_seq(), &ptr, None)],
                        &x.leg,
                    );
                } else if let Some((raw, camel)) = (c.binding == Some(Binding::Rest))
                    .then(|| proto_name_query_param(&x.url))
                    .flatten()
                {
                    // REST-001: GET / DELETE fields travel as camelCase query parameters.
                    self.find(
                        &r::REQUEST_SHAPE,
                        format!(
                            "{who}'s 1.0 HTTP+JSON {} {} sends the query parameter {raw} under its proto field name where REST-001 names it {camel} (camelCase): a hand-written agent ignores it and answers as if it were not set (grpc-gateway alone reads both)",
                            x.method,
                            x.path
                        ),
                        vec![x.ev(x.req_seq)],
                        &x.leg,
                    );
                }
            }
            // DATA-PARAM-007 (DATA-003): a member the method's 1.0 request message does not
            // define (A2A #2162: ListTasks paged with cursor / limit), which the agent
            // ignores, so what the client asked for with it is silently not done.
            self.unknown_request_member(x, &c);
            // 0.x SendMessageConfiguration names a 1.0 agent ignores as unknown (DATA-003):
            // the webhook is never called, or the call blocks (DIGEST §1, trap 8; a2a-dotnet
            // PR #418).
            if let Some(Json::Object(cfg)) = c.params.get("configuration") {
                let old = ox_members
                    .iter()
                    .find(|(p, _)| p.contains("/configuration/"))
                    .filter(|_| !method_mix_told);
                if let Some((ptr, o)) = old {
                    // blocking is the inverse of 1.0's returnImmediately: say which value
                    // means what, so no one writes returnImmediately: false for blocking:
                    // false (review27a).
                    let n = if *o == "blocking" {
                        match cfg.get("blocking").and_then(Json::as_bool) {
                            Some(false) => "returnImmediately: true, the inverse of blocking: false; an agent that honours the 0.x member is lenient, one that ignores it waits for the task",
                            Some(true) => "returnImmediately: false, the default, the inverse of blocking: true",
                            _ => "returnImmediately, the inverse of blocking",
                        }
                    } else {
                        "taskPushNotificationConfig"
                    };
                    self.find(
                        &r::VER_MIXED_REQUEST,
                        format!("1.0 send configuration carries the 0.x member {o}, which 1.0 does not define (1.0: {n})"),
                        vec![x.ev_at(x.req_ev_seq(), ptr, None)],
                        &x.leg,
                    );
                }
                // DATA-001 (breaker19b Z7): `returnImmediately: "true"` or
                // `acceptedOutputModes: "text/plain"` makes a ProtoJSON agent refuse the send.
                let base = if c.bare_params() {
                    "/configuration"
                } else {
                    "/params/configuration"
                };
                let probe = x.probe_negative();
                if let (Some((ptr, msg)), false) = (
                    a2a::proto_type_problem(
                        cfg,
                        base,
                        "send configuration",
                        a2a::V1_SEND_CONFIGURATION_FIELDS,
                    ),
                    probe,
                ) {
                    self.find(
                        &r::REQUEST_SHAPE,
                        format!("{who}'s {msg}"),
                        vec![x.ev_at(x.req_ev_seq(), &ptr, None)],
                        &x.leg,
                    );
                }
            }
        }
        // The mirror (breaker24 R04): a 0.x send whose configuration carries only the 1.0
        // name, which a 0.x agent ignores (DATA-003): `returnImmediately: true` read by
        // nobody leaves a 0.3 agent free to block (trap 8: blocking's sense is inverted),
        // `taskPushNotificationConfig` leaves the webhook uncalled.
        if c.dialect.is_some_and(|d| d.is_0x())
            && !c.webhook
            && matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
        {
            if let Some(Json::Object(cfg)) = c.params.get("configuration") {
                // bool32 (DATA-001): `blocking: "false"` is true to a JavaScript agent,
                // which then waits; a typed agent refuses the send. The 1.0 twin is
                // returnImmediately, judged above with the 1.0 proto's types.
                self.v0_send_configuration_type(x, &c, cfg);
                let new = [
                    ("taskPushNotificationConfig", "pushNotificationConfig"),
                    ("returnImmediately", "blocking"),
                ]
                .into_iter()
                .find(|(n, o)| cfg.contains_key(n) && !cfg.contains_key(o));
                if let Some((n, o)) = new {
                    let base = if c.bare_params() {
                        "/configuration"
                    } else {
                        "/params/configuration"
                    };
                    let d = c.dialect.map(Dialect::as_str).unwrap_or("0.x");
                    let inverted = if n == "returnImmediately" {
                        ", with the opposite sense: blocking false asks to return at once"
                    } else {
                        ""
                    };
                    self.find(
                        &r::VER_MIXED_REQUEST,
                        format!("{d} send configuration carries the 1.0 member {n}, which a {d} agent ignores as unknown ({d}: {o}{inverted})"),
                        vec![x.ev_at(x.req_ev_seq(), &format!("{base}/{n}"), None)],
                        &x.leg,
                    );
                }
            }
        }
        // DATA-SHAPE-002 (mine51, agent-zero's FastA2A client: `configuration:
        // {"accepted_output_modes": [...]}`): a 0.x JSON-RPC send whose message or
        // configuration names a member in snake_case. The 0.x JSON schema's names are
        // camelCase (messageId, contextId, acceptedOutputModes, historyLength,
        // pushNotificationConfig); an agent that reads the schema (a2a-js, a2a-java, a2a-go)
        // ignores the snake_case member, so what it asked for is silently not done. 0.3's
        // HTTP+JSON binding is ProtoJSON, which reads proto names too: JSON-RPC only.
        if c.dialect.is_some_and(|d| d.is_0x())
            && !c.webhook
            && c.binding == Some(Binding::JsonRpc)
            && matches!(
                c.op,
                Some(Op::SendMessage) | Some(Op::SendStreamingMessage) | Some(Op::GetTask)
            )
            && !x.probe_negative()
        {
            // tasks/get's one optional member (its id's snake_case is DATA-PARAM-003's)
            let hit = if c.op == Some(Op::GetTask) {
                (c.params.get("history_length").is_some()
                    && c.params.get("historyLength").is_none())
                .then(|| {
                    (
                        format!("{}/history_length", c.params_base()),
                        "history_length".to_string(),
                        "historyLength".to_string(),
                    )
                })
            } else if x.req_body_lacks(b'_') {
                // no `_` in the body, so none in a member name (perf52)
                None
            } else {
                proto_field_name_member(c.params.json(), c.params_base())
                    .filter(|(_, s, _)| V0_SNAKE_CASE_NAMES.contains(&s.as_str()))
            };
            if let Some((ptr, snake, camel)) = hit {
                let d = c.dialect.map(Dialect::as_str).unwrap_or("0.x");
                self.find(
                    &r::REQUEST_SHAPE,
                    format!(
                        "the {}'s {d} {} request names the member {snake} in snake_case where the {d} JSON schema names it {camel}: an agent that reads the schema (a2a-js, a2a-java, a2a-go) ignores {snake} and answers as if it were not set (only a2a-python's models also read the snake_case name)",
                        self.sender(x).noun(),
                        c.method.as_deref().unwrap_or("send")
                    ),
                    vec![x.ev_at(x.req_ev_seq(), &ptr, None)],
                    &x.leg,
                );
            }
        }
        // A part of the client's message naming its media type or file name as in the other
        // generation (VER-MIX-002; DIGEST §1 parts row, trap 11): the agent drops it.
        if let Some(walks) = params_walks {
            let base = c.params_base();
            if let Some(m) = part_style(&c)
                .filter(|st| walks.part_mix(*st))
                .and_then(|st| a2a::part_member_mix(c.params.json(), base, st))
            {
                let who = format!("the {}'s request message", self.sender(x).noun());
                let msg = part_mix_message(&who, &c, &m);
                self.find(
                    &r::VER_MIXED_REQUEST,
                    msg,
                    vec![x.ev_at(x.req_ev_seq(), &m.pointer, None)],
                    &x.leg,
                );
            }
        }
        // DATA-005 / DATA-004: the client's message in a send request. Not for requests the
        // prober malformed on purpose (marked with PROBE_NEGATIVE_HEADER): the agent's
        // answer to those is judged, the client is not.
        let deliberate = x.probe_mark(crate::model::PROBE_NEGATIVE_TEST);
        // Nor a request body the recording lacks (`Content-Length` bytes not all recorded:
        // the proxy could not read it, breaker9a B2): nothing is known of the message.
        if matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
            && !c.webhook
            && !deliberate
            && !x.req_body_missing()
            // a body that is no JSON at all is judged at the agent's answer (REST-ERROR-001),
            // as the JSON-RPC binding's unparseable request is (RPC-ERROR-001)
            && !x.rest_body_not_json(&c)
            // params that are no object are RPC-REQ-005's finding, not a missing message
            && (c.binding != Some(Binding::JsonRpc) || c.params_not_object().is_none())
            // ... and an HTTP+JSON body that is no object is the same fault (mine31b f700)
            && x.rest_body_not_object(&c).is_none()
            // an HTTP+JSON send by another verb than POST with no body (GET
            // /message:send) lacks its message because of the verb: REST-VERB-001's
            // finding, not a malformed message (breaker21 B11)
            && !(c.binding == Some(Binding::Rest)
                && !x.method.eq_ignore_ascii_case("POST")
                && x.req_body.as_slice().is_empty())
        {
            let base = if c.bare_params() {
                if c.params.get("message").is_some() {
                    "/message"
                } else {
                    "/request"
                }
            } else {
                "/params/message"
            };
            let lifted = (c.dialect == Some(Dialect::V0_1))
                .then(|| {
                    params_message(c.params.json())
                        .and_then(|m| a2a::lift_v01(&Json::Object(m.clone()), None))
                })
                .flatten();
            // DATA-005 / DATA-003 (breaker18a W3): `request` is the 0.3 proto's field name
            // of the message, legal ProtoJSON input on the 0.3 HTTP+JSON and gRPC bindings
            // only; 0.x JSON-RPC params and every 1.0 request have `message`.
            let under_request = c.params.get("message").is_none()
                && c.params.get("request").is_some()
                && !(c.dialect == Some(Dialect::V0_3) && c.bare_params());
            let probs = match lifted
                .as_ref()
                .and_then(Json::as_object)
                .or_else(|| params_message(c.params.json()))
            {
                _ if under_request => vec![(
                    if c.binding == Some(Binding::JsonRpc) { "/params/request".to_string() } else { base.to_string() },
                    format!(
                        "{} no message (found request, the 0.3 proto's field name, which {} does not know: send the message as message)",
                        if c.binding == Some(Binding::JsonRpc) { "send request params have" } else { "send request body has" },
                        match (c.dialect, c.binding) {
                            (Some(Dialect::V1_0), _) => "the 1.0 SendMessageRequest",
                            _ => "0.x JSON-RPC MessageSendParams",
                        }
                    ),
                )],
                // a message member of another JSON type (ux34: `{"message": 5}` read "has
                // no message"): named with what it holds; `null` is the unset field
                None => vec![(
                    base.to_string(),
                    match c.params.get("message").or_else(|| c.params.get("request")) {
                        Some(v) if !matches!(v, Json::Null) => format!(
                            "send request's {} is not a Message object: it is {}",
                            base.rsplit('/').next().unwrap_or("message"),
                            crate::model::json::value_words(v)
                        ),
                        _ => "send request has no message".to_string(),
                    },
                )],
                Some(m) if message_wrapped_twice(m) => {
                    // mine30b (a2a-js PR #520): `{"request": {"message": {...}}}` (or
                    // `{"message": {"message": ...}}`): one wrapper too many, so the agent
                    // sees a Message with no messageId, role or parts. Named as such, with
                    // what the inner message gets wrong on a 0.3 HTTP+JSON route.
                    let member = base.rsplit('/').next().unwrap_or("message");
                    let at = format!("{base}/message");
                    let mut text = format!(
                        "the send request's {member} member holds {{\"message\": {{...}}}} around the Message, one wrapper too many ({{\"{member}\": {{\"message\": {{...}}}}}}), so the agent finds no messageId, role or parts in it: the body is {{\"message\": {{messageId, role, ...}}}} itself"
                    );
                    if let Some(Json::Object(inner)) = m.get("message") {
                        if c.dialect == Some(Dialect::V0_3) && c.binding == Some(Binding::Rest) {
                            let q = a2a::rest03_message_problems(inner, &at);
                            if !q.is_empty() {
                                let more: Vec<&str> = q
                                    .iter()
                                    .map(|(_, m)| m.strip_prefix("0.3 HTTP+JSON ").unwrap_or(m))
                                    .collect();
                                text.push_str(&format!("; inside it, too: {}", more.join("; ")));
                            }
                        }
                    }
                    vec![(at, text)]
                }
                Some(m) => {
                    // The style the message is judged in: the call's, unless the method
                    // and the A2A-Version header disagree and the message is in the
                    // header's shape (VER-MIX-002 names that slip).
                    let style = send_message_style(&c, m);
                    let mut p = a2a::message_problems(m, base);
                    // 0.1: what the lifted copy no longer shows (breaker36 Z04, N18), in a
                    // 0.1 TaskSendParams (it names its task: `id` is required in 0.1); a
                    // tasks/send without it carrying a 0.2 message is a 0.2 client on the
                    // retired method name (field v02-retired-method-internal-error).
                    let v01_params = lifted.is_some() && c.params.get("id").is_some();
                    if let (Some(orig), true) = (params_message(c.params.json()), v01_params && p.is_empty()) {
                        p.extend(a2a::v01_message_problems(orig, base));
                    }
                    if p.is_empty() && lifted.is_none() {
                        if let Some(style) = style {
                            p.extend(a2a::content_for_parts_problem(m, base, style));
                        }
                    }
                    // 0.2/0.3 JSON-RPC: `kind: "message"` is schema-required (DATA-005;
                    // a2a-tck PR #63: a2a-dotnet rejects a message without it).
                    if p.is_empty()
                        && lifted.is_none()
                        && style == Some(a2a::PartStyle::V0Rpc)
                        && m.get("kind").and_then(Json::as_str) != Some("message")
                    {
                        p.push((
                            format!("{base}/kind"),
                            "0.x message has no kind \"message\"".into(),
                        ));
                    }
                    if p.is_empty() && style == Some(a2a::PartStyle::V0Rest) {
                        p = a2a::rest03_message_problems(m, base);
                        // every JSON-RPC spelling the ProtoJSON server refuses, in the one
                        // finding: a client that drops `kind` alone still gets the 400 for
                        // its `parts` (newcomer28 N8)
                        if p.len() > 1 {
                            let (ptr, first) = p[0].clone();
                            let more: Vec<&str> = p[1..]
                                .iter()
                                .map(|(_, m)| m.strip_prefix("0.3 HTTP+JSON ").unwrap_or(m))
                                .collect();
                            p = vec![(ptr, format!("{first}; also: {}", more.join("; ")))];
                        }
                    }
                    // DATA-001 / DATA-005 (breaker26 M02, M03): the role spelled as the
                    // version spells it (the reply side's check, message_shape_problems). A
                    // 1.0 call whose message is the whole 0.x shape (it carries kind) is
                    // VER-MIX-002's one verdict (breaker23 M01).
                    if p.is_empty() && lifted.is_none() {
                        if let Some(s @ (a2a::PartStyle::V1 | a2a::PartStyle::V0Rpc)) = style {
                            if s == a2a::PartStyle::V0Rpc || !m.contains_key("kind") {
                                p.extend(a2a::role_spelling_problem(m, base, s));
                            }
                        }
                    }
                    if p.is_empty() {
                        p.extend(a2a::metadata_extensions_problem(m, base, "message"));
                    }
                    // DATA-005 (breaker27 K09): the send request's own metadata is a
                    // google.protobuf.Struct (0.x: an object), as the message's is.
                    if p.is_empty() {
                        match c.params.get("metadata") {
                            None | Some(Json::Null) | Some(Json::Object(_)) => {}
                            Some(_) => {
                                // the pointer cut only for the finding (a `char` pattern's
                                // searcher, ~200 instructions per send otherwise)
                                let at = base.rsplit_once('/').map_or("", |(b, _)| b);
                                p.push((
                                    format!("{at}/metadata"),
                                    SEND_REQUEST_METADATA_NOT_OBJECT.into(),
                                ))
                            }
                        }
                    }
                    // DATA-001 / DATA-005 (breaker19b Z6, Z7): 1.0 members typed as the proto
                    // types them, and a set (non-empty) messageId.
                    if p.is_empty() && style == Some(a2a::PartStyle::V1) {
                        p.extend(
                            a2a::proto_type_problem(m, base, "message", a2a::V1_MESSAGE_FIELDS)
                                .or_else(|| a2a::empty_required_id(m, base, "message", "messageId")),
                        );
                    }
                    if p.is_empty() {
                        if let (Some(style), Some(parts)) = (style, message_parts(m)) {
                            p = a2a::message_parts_problems(parts.1, base, parts.0, style);
                            if p.is_empty() && parts.1.as_array().is_some_and(Vec::is_empty) {
                                p.push((
                                    format!("{base}/{}", parts.0),
                                    "message has no parts".into(),
                                ));
                            }
                        }
                    }
                    p
                }
            };
            if let Some((ptr, msg)) = probs.first() {
                if let Some((ptr, msg)) = probs.iter().find(|(_, m)| message_content_missing(m)) {
                    self.malformed_sends.push_back((
                        str::to_string(&x.id),
                        ptr.clone(),
                        msg.clone(),
                    ));
                    if self.malformed_sends.len() > MAX_PENDING_UP {
                        self.malformed_sends.pop_front();
                    }
                }
                // review27a: the send request's own metadata (beside the message, not in it)
                // is named as the request's, with the call and where it sits.
                let text = if msg == SEND_REQUEST_METADATA_NOT_OBJECT {
                    let member = if ptr.is_empty() || ptr == "/metadata" {
                        "the body's metadata member".to_string()
                    } else {
                        ptr.trim_start_matches('/').replace('/', ".")
                    };
                    format!(
                        "{} request {} is malformed: its own metadata ({member}, beside the message, not the message's) is not a JSON object (a google.protobuf.Struct; 0.x: an object)",
                        self.sender(x).noun(),
                        call_at(x)
                    )
                } else {
                    format!("{} message is malformed: {msg}", self.sender(x).noun())
                };
                self.find(
                    &r::REQUEST_SHAPE,
                    text,
                    vec![x.ev_at(x.req_ev_seq(), ptr, None)],
                    &x.leg,
                );
            } else if let Some(role) = lifted
                .as_ref()
                .and_then(Json::as_object)
                .or_else(|| params_message(c.params.json()))
                .and_then(|m| m.get("role"))
                .and_then(Json::as_str)
                .filter(|r| r.eq_ignore_ascii_case("ROLE_AGENT") || r.eq_ignore_ascii_case("agent"))
            {
                // DATA-005 / proto Role: ROLE_USER is the client's side (the mirror of
                // DATA-ROLE-001 on the agent's replies).
                self.find(
                    &r::DATA_CLIENT_ROLE,
                    format!(
                        "{} its {} message with role {role}, the agent's role",
                        self.sender(x).sent(),
                        c.op_term("send")
                    ),
                    vec![x.ev_at(
                        x.req_ev_seq(),
                        &format!("{base}/role"),
                        Some(Value::String(role.to_string())),
                    )],
                    &x.leg,
                );
            }
        }
        // DATA-PARAM-003 (breaker18a W5, W1): a JSON-RPC task call names its task as
        // params.id in every generation (0.x TaskQueryParams / TaskIdParams, 1.0
        // GetTaskRequest.id REQUIRED).
        if matches!(
            c.op,
            Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
        ) && !c.webhook
            && !deliberate
            && !x.req_body_missing()
            && c.params_not_object().is_none()
            && missing_param(&c) == Some("params.id")
        {
            // Only params that name the task under another member: empty or foreign params
            // are how conformance suites probe the agent's -32602 (breaker14's legal
            // `tasks/get {}`), not a client that meant to name a task.
            let known = |t: &str| self.knows_task(x, t);
            let mut hint = task_id_member_hint(c.params.json(), &known);
            // open48 item 3: params with no id member at all that carry a member of the
            // call's own request message (GetTask's historyLength, a tenant, 0.x metadata)
            // are that call with its REQUIRED id lost (1.0 GetTaskRequest.id, 0.x
            // TaskQueryParams / TaskIdParams.id), not a probe of -32602 (those send {} or
            // members no request defines)
            if hint.is_empty() && c.params.get("id").is_none() {
                if let Some((member, message)) =
                    own_task_call_member(c.params.json(), c.op, c.dialect == Some(Dialect::V1_0))
                {
                    hint = format!(
                        " member, though they carry {member}, a member of the call's {message}, which requires id"
                    );
                }
            }
            if !hint.is_empty() {
                let method = c.method.as_deref().unwrap_or("the task call");
                self.find(
                    &r::DATA_PARAM_TASK_ID_MISSING,
                    format!("{who}'s {method} params name no task: they have no id{hint}"),
                    vec![x.ev_at(x.req_ev_seq(), "/params/id", None)],
                    &x.leg,
                );
            }
        }
        // DATA-PARAM-003 (breaker19b Z2): a push notification config call names its task
        // and (Get / Delete) its config by REQUIRED members. As for the task calls, params
        // that carry nothing ({}) are a probe of the agent's -32602, not judged here.
        if let (Some(missing), false) = (push_param_missing(&c), deliberate || x.req_body_missing())
        {
            // An empty string sent where the member belongs is the id the client was given
            // (a create answered without id, field case f87): the agent's fault, judged there.
            // left58 item 7: otherwise a blank id ("" or spaces) names no config or task, as
            // the HTTP+JSON route with a blank segment does not (DATA-PARAM-003 there too).
            let given_blank =
                || push_call_task(&c).is_some_and(|t| self.push_idless.contains(&x.tkey(t)));
            let config_id = missing == "pushNotificationConfigId"
                || (missing == "id" && c.dialect == Some(Dialect::V1_0));
            let blank = c.params.get(missing).is_some_and(Json::is_string);
            // left59 item 4 (DATA-003, PUSH-003): proto3 writes no empty string, so on the
            // gRPC wire an id of "" is an absent one: read as absent (its words), and as the
            // id a create without id gave (f87's kind) alike
            let grpc = c.binding == Some(Binding::Grpc);
            let absent = !((blank || grpc) && config_id && given_blank());
            if absent && c.params.as_object().is_some_and(|o| !o.is_empty()) {
                let method = c
                    .method
                    .as_deref()
                    .unwrap_or("the push notification config call");
                let what = match (missing, c.dialect) {
                    ("taskId", _) => "the task it is about (taskId)",
                    ("id", Some(Dialect::V1_0)) => "the config it is about (id)",
                    ("id", _) => "the task it is about (id)",
                    _ => "the config it deletes (pushNotificationConfigId)",
                };
                let hint = if c.dialect == Some(Dialect::V1_0)
                    && missing == "id"
                    && c.params.get("pushNotificationConfigId").is_some()
                {
                    " (found pushNotificationConfigId, the 0.3 member; 1.0 names the config id)"
                } else if c.dialect.is_some_and(Dialect::is_0x)
                    && missing == "id"
                    && c.params.get("taskId").is_some()
                {
                    " (found taskId, the 1.0 member; 0.x names the task id)"
                } else {
                    ""
                };
                let at = format!("{}/{missing}", c.params_base());
                let lack = if grpc {
                    format!("lack {missing} (an empty string is absent on the gRPC wire: proto3 writes no \"\", so an id of \"\" and none read alike)")
                } else if blank {
                    format!("carry an empty {missing} (\"\")")
                } else {
                    format!("lack {missing}")
                };
                self.find(
                    &r::DATA_PARAM_TASK_ID_MISSING,
                    format!(
                        "{who}'s {method} params {lack}, which the method requires: they do not name {what}{hint}"
                    ),
                    vec![x.ev_at(x.req_ev_seq(), &at, None)],
                    &x.leg,
                );
            }
        }
        // CARD-008: a 1.0 call to an interface whose card entry sets a tenant carries that
        // tenant (a2a-java #663: the client API had no way to send one). JSON-RPC: the
        // `tenant` param; HTTP+JSON (REST-001: every route also under `/{tenant}`): the first
        // path segment after the interface base, or the `tenant` member / query parameter.
        let rest = c.binding == Some(Binding::Rest);
        if c.dialect == Some(Dialect::V1_0)
            && (rest || c.binding == Some(Binding::JsonRpc))
            && c.op.is_some_and(|o| o != Op::GetCard)
            && !c.webhook
            && !deliberate
        {
            if let (Some(card), Some(p)) = (self.card_for(x).cloned(), x.parts.as_ref()) {
                let path = net::norm_path(&p.path);
                // The same URL may be listed once per tenant (REST-001 `/{tenant}`): the
                // request is right when it carries the tenant of any of those entries, in
                // this card or in another card of the origin listing the URL (a router's
                // card per tenant, each naming the front with its own tenant: breaker49
                // tenant-route). The card the call is judged by comes first, so its
                // tenant is the one named.
                let cards: Vec<Arc<CardRec>> = std::iter::once(card.clone())
                    .chain(
                        x.origin
                            .as_deref()
                            .and_then(|o| self.cards.get(o))
                            .into_iter()
                            .flatten()
                            .filter(|c| !Arc::ptr_eq(c, &card))
                            .cloned(),
                    )
                    .collect();
                let declared: Vec<_> = cards
                    .iter()
                    .flat_map(|c| c.view.interfaces.iter().map(move |i| (c, i)))
                    .filter_map(|(c, i)| {
                        let t = i.tenant.as_deref()?;
                        // An entry of another binding is not the call's: skipped before its
                        // URL is parsed; the origin compared by its parts (perf31).
                        let binding = if rest { "HTTP+JSON" } else { "JSONRPC" };
                        if !i.binding.eq_ignore_ascii_case(binding) {
                            return None;
                        }
                        let u = i.parts()?;
                        if !u.same_origin(p) {
                            return None;
                        }
                        let base = net::norm_path(&u.path);
                        let first = if rest {
                            let tail = path.strip_prefix(base).filter(|r| r.starts_with('/'))?;
                            // REST-001: path values are URL-encoded (breaker24 QL9: tenant
                            // "acme corp" arrives as /acme%20corp/...).
                            net::segments(tail).first().map(|s| a2a::percent_decode(s))
                        } else if base == path {
                            None
                        } else {
                            return None;
                        };
                        Some((
                            t.to_string(),
                            i.pointer().to_string(),
                            i.url.clone(),
                            first,
                            (c.seq, c.exchange.clone()),
                        ))
                    })
                    .collect();
                let got = c.params.get("tenant").and_then(Json::as_str);
                let query_tenant = if rest {
                    query_param(&x.url, "tenant")
                } else {
                    None
                };
                let sent = |want: &str, first: &Option<String>| {
                    got == Some(want)
                        || (rest
                            && (first.as_deref() == Some(want)
                                || query_tenant.as_deref() == Some(want)))
                };
                let any_sent = declared.iter().any(|(w, _, _, f, _)| sent(w, f));
                if let Some((want, ptr, url, _, (card_seq, card_exchange))) = declared
                    .into_iter()
                    .next()
                    .filter(|(w, ..)| !any_sent && !self.client_sent_tenant(x, w))
                {
                    {
                        let (message, at) = if rest {
                            (
                                format!(
                                    "the card's HTTP+JSON interface {url} declares tenant {want:?}, yet the client's {} {} carries it neither as the path segment after the interface base nor as tenant",
                                    x.method, x.path
                                ),
                                x.ev(x.req_seq),
                            )
                        } else {
                            (
                                format!(
                                    "the card's interface {url} declares tenant {want:?}, yet the client's {} carries {}",
                                    c.method.as_deref().unwrap_or("call"),
                                    got.map(|g| format!("tenant {g:?}"))
                                        .unwrap_or_else(|| "no tenant".into())
                                ),
                                x.ev_at(x.req_ev_seq(), "/params/tenant", None),
                            )
                        };
                        self.find(
                            &r::CARD_URL_TENANT_NOT_SENT,
                            message,
                            // the client's call first: it is what lacks the tenant
                            vec![
                                at,
                                Evidence {
                                    seq: card_seq,
                                    exchange: Some(card_exchange),
                                    pointer: Some(ptr.replace("/url", "/tenant")),
                                    found: Some(Value::String(want.clone())),
                                },
                            ],
                            &x.leg,
                        );
                    }
                }
            }
        }
        // Capability vs behaviour is exercised when a declared capability gets used.
        let push = push_url_of(&c);
        if (c.op.is_some_and(|o| o.is_streaming() || o.is_push_config()) || push.is_some())
            && self.card_for(x).is_some()
        {
            self.areas.insert("capability");
        }
        // Push config URLs (PUSH-002, PUSH-006): remember them for webhook detection.
        if let Some(push) = push {
            self.register_push_config(x, &c, push);
        }
        // Gateway: A2A-Version stripped on the upstream leg (VER-001, VER-003).
        if x.leg.as_deref() == Some("upstream") {
            self.check_version_stripped(x);
        } else if !self.one_leg {
            // (one leg only: nothing will ever pair with it; perfp40)
            self.done_requests.push_back((
                x.id.clone(),
                x.leg.clone(),
                x.method.clone(),
                x.req_body.share(),
                x.asked_version(),
                x.req_seq,
                extensions_header(&x.req_headers),
            ));
            self.done_paths.insert(x.id.clone(), x.path.clone());
            if !self.pending_up.is_empty() && !self.ver_stripped_done.contains(&*x.id) {
                if let Some(done) = self.done_requests.back().cloned() {
                    self.pair_pending_up(&done);
                }
            }
            if self.done_requests.len() > 256 {
                if let Some(old) = self.done_requests.pop_front() {
                    self.done_paths.remove(&old.0);
                    self.client_answered_at.remove(&old.0);
                    // No longer a pairing candidate once also closed: forget its mark.
                    if !self.open.contains_key(&old.0) {
                        self.ver_stripped_done.remove(&*old.0);
                    }
                }
            }
        }
    }

    /// Whether upstream-leg request `up` forwards a client-leg call (still open, sent before
    /// it, same method) that carried tenant `want` (a path segment, the `tenant` query
    /// parameter or JSON-RPC `params.tenant`): the gateway dropped the tenant, which
    /// GW-REQ-002 tells; CARD-URL-006 (breaker40 A35, A38) is then not told of the gateway's
    /// request as well. A client-leg request is never judged so.
    fn client_sent_tenant(&self, up: &Exch, want: &str) -> bool {
        up.leg.is_some()
            && self.open.values().any(|o| {
                o.leg.is_none()
                    && o.req_seq < up.req_seq
                    && o.method.eq_ignore_ascii_case(&up.method)
                    && (net::segments(o.path.split('?').next().unwrap_or(&o.path))
                        .iter()
                        .any(|s| a2a::percent_decode(s) == want)
                        || query_param(&o.url, "tenant").as_deref() == Some(want)
                        || Json::parse(o.req_body.as_slice()).ok().is_some_and(|v| {
                            v.get("params")
                                .and_then(|p| p.get("tenant"))
                                .and_then(Json::as_str)
                                == Some(want)
                        }))
            })
    }

    /// bool32 (DATA-001, DATA-SHAPE-002): a 0.x send configuration `cfg` of call `c` whose
    /// boolean `blocking` is a string, number, list or object (0.2 / 0.3 JSON Schema
    /// `boolean`; 0.3 proto `bool` on HTTP+JSON). A prober's deliberate negative call is
    /// not told. The integer historyLength is DATA-PARAM-005's, in every version.
    pub(super) fn v0_send_configuration_type(&mut self, x: &Exch, c: &Call, cfg: &Obj) {
        let who = self.sender(x).noun();
        if x.probe_negative() {
            return;
        }
        let Some(d) = c.dialect.filter(|d| d.is_0x()) else {
            return;
        };
        let base = if c.bare_params() {
            "/configuration"
        } else {
            "/params/configuration"
        };
        let proto = c.binding != Some(Binding::JsonRpc);
        if let Some((ptr, msg)) = a2a::v0_type_problem(
            cfg,
            base,
            "send configuration",
            a2a::V0_SEND_CONFIGURATION_BOOLS,
            d.as_str(),
            proto,
        ) {
            self.find(
                &r::REQUEST_SHAPE,
                format!("{who}'s {msg}"),
                vec![x.ev_at(x.req_ev_seq(), &ptr, None)],
                &x.leg,
            );
        }
    }

    /// GW-REQ-002 (REST-001, DATA-006; breaker48 `history-dropped`): a client's GetTask
    /// (method, path, body, request seq, exchange) and its upstream copy in the other
    /// binding (method, path, body; evidence `up_ev`) that lost or changed the client's
    /// `historyLength` ([`bridged_history_lost`]): the agent answers another history than
    /// the client asked for, which the gateway did not ask it for.
    fn bridged_params_compared(
        &mut self,
        (cm, cpath, cbody, cseq, cid): (&str, &str, &[u8], u64, &str),
        up: (&str, &str, Option<String>, &[u8]),
        up_ev: Evidence,
    ) {
        // the client's query: from its URL while its exchange is open (a REST GetTask waits
        // for the gateway's answer)
        let cq = self
            .open
            .get(cid)
            .and_then(|o| query_param(&o.url, "historyLength"));
        let (um, upath) = (up.0, up.1);
        let Some((cv, uv)) = bridged_history_lost((cm, cpath, cq, cbody), up) else {
            return;
        };
        let how = match &uv {
            Some(u) => format!("with historyLength {u} instead of the client's {cv}"),
            None => "without it".to_string(),
        };
        let rpc = is_jsonrpc_request_body(cbody);
        let (asked, ptr) = if rpc {
            (
                format!("params.historyLength {cv}"),
                "/params/historyLength",
            )
        } else {
            (format!("?historyLength={cv}"), "")
        };
        self.areas.insert("interop");
        self.find(
            &r::GW_ROUTE_REWRITTEN,
            format!(
                "gateway forwarded the client's GetTask ({asked}) upstream in the other binding as {um} {upath} {how}: the agent answers the history it was asked for (its default when none: DATA-006), not the one the client asked for"
            ),
            vec![
                Evidence {
                    seq: cseq,
                    exchange: Some(cid.to_string()),
                    pointer: Some(ptr.to_string()).filter(|p| !p.is_empty()),
                    found: Some(Value::String(cv)),
                },
                up_ev,
            ],
            &None,
        );
    }

    /// The request path of client-leg exchange `id`, open or done ([`State::done_paths`]).
    /// GW-RESP-004 (CARD-005, CARD-006; mine58 f1314): client-leg call `cid`, forwarded
    /// upstream as `up`, used a card url the gateway rewrote to its public prefix for the
    /// agent ([`State::gw_path_dropped`]), and the gateway sent it to another path on the
    /// agent's origin than the agent's own url: the rewrite cut that path off, and every
    /// call the card leads to lands where the agent does not serve A2A. Once per url.
    fn gw_dropped_path_used(&mut self, cid: &str, up: &Exch) {
        if self.gw_path_dropped.is_empty() {
            return;
        }
        let Some(path) = self.client_path(cid) else {
            return;
        };
        let path = net::norm_path(path).trim_end_matches('/').to_string();
        let up_path = net::norm_path(&up.path).trim_end_matches('/').to_string();
        let up_origin = up.parts.as_ref().map(|p| p.origin());
        // The call at the public url itself (JSON-RPC) or below it (an HTTP+JSON route):
        // forwarded faithfully, it lands at the agent's url plus the same rest.
        let Some(i) = self.gw_path_dropped.iter().position(|d| {
            let rest = match path.strip_prefix(d.public_path.as_str()) {
                Some(r) if r.is_empty() || r.starts_with('/') => r,
                _ => return false,
            };
            !d.told
                && format!("{}{rest}", d.agent_path) != up_path
                && parse_url(&d.agent_url).map(|a| a.origin()) == up_origin
        }) else {
            return;
        };
        let d = &mut self.gw_path_dropped[i];
        d.told = true;
        let shown_up = if up_path.is_empty() {
            "/"
        } else {
            up_path.as_str()
        };
        let msg = format!(
            "gateway rewrote the agent card's interface url {} (upstream leg) to {}, which drops the agent's own path {}: the gateway forwards that url to {shown_up} on the agent, where the agent does not serve its interface, so every call the card leads to misses the agent's endpoint",
            d.agent_url, d.public_url, d.agent_path
        );
        let mut ev = d.evidence.clone();
        ev.push(up.ev(up.req_ev_seq()));
        self.areas.insert("interop");
        self.find(&r::GW_CARD_REWRITE_BROKEN, msg, ev, &None);
    }

    fn client_path(&self, id: &str) -> Option<&str> {
        self.open
            .get(id)
            .map(|x| x.path.as_str())
            .or_else(|| self.done_paths.get(id).map(String::as_str))
    }

    /// Whether client-leg request `c` (an open or done exchange's [`DoneRequest`]) may be
    /// the call that upstream-leg request `up` forwards: a client-leg call made before
    /// `up`, of the same method (any letter case), not yet paired with a forwarded copy
    /// ([`State::ver_stripped_done`]). Each pairing in [`Self::check_version_stripped`]
    /// adds its own test of the two bodies.
    fn forward_candidate(&self, up: &Exch, c: &DoneRequest) -> bool {
        let (id, leg, m, _, _, seq, _) = c;
        leg.is_none()
            && *seq < up.req_seq
            && m.eq_ignore_ascii_case(&up.method)
            && !self.ver_stripped_done.contains(&**id)
    }

    /// Pairs an upstream-leg request with the client-leg request it forwards (same method
    /// and body; for empty bodies the same path tail) and compares their `A2A-Version`
    /// (VER-HDR-002, from VER-001/VER-003). When the client body is not recorded yet, the
    /// upstream request waits in [`State::pending_up`] for [`Self::pair_pending_up`].
    pub(super) fn check_version_stripped(&mut self, up: &Exch) {
        if self.send_retried(up) {
            return;
        }
        // The client-leg request this upstream request forwards: same method and body,
        // whether that exchange is still open (usual: the gateway answers later) or done.
        let open_clients: Vec<_> = self
            .open
            .values()
            .filter(|o| o.leg.is_none() && o.req_seq < up.req_seq)
            .map(|o| {
                (
                    o.id.clone(),
                    o.leg.clone(),
                    o.method.clone(),
                    o.req_body.share(),
                    o.asked_version(),
                    o.req_seq,
                    extensions_header(&o.req_headers),
                )
            })
            .collect();
        let client = open_clients
            .iter()
            .chain(self.done_requests.iter())
            .filter(|c @ (id, _, _, b, _, _, _)| {
                self.forward_candidate(up, c)
                    && same_forwarded_body(b, up.req_body.as_slice())
                    && (!b.is_empty() || tail_matches(&self.open, &self.done_paths, id, &up.path))
            })
            .max_by_key(|c| c.5)
            .cloned();
        // breaker47: a version-bridging gateway's copy, the client's call in the other
        // generation (same message or task id), before a look-alike call of another client
        // in the upstream's generation is taken for it
        let client = client.or_else(|| {
            open_clients
                .iter()
                .chain(self.done_requests.iter())
                .filter(|c| {
                    self.forward_candidate(up, c)
                        && translated_twin(&c.3, up.req_body.as_slice()).is_some()
                })
                .max_by_key(|c| c.5)
                .cloned()
        });
        // breaker48: a binding-bridging gateway's copy, the client's call in the other
        // binding (a JSON-RPC GetTask as GET /tasks/{id}, a REST send as SendMessage; same
        // message or task id, a task id read through the ids the gateway mapped)
        let mut bridged = None;
        let client = client.or_else(|| {
            // (the copy's key read once, each candidate's only when the copy has one)
            let up_key = bridge_key(&up.method, &up.path, up.req_body.as_slice())?;
            let c = open_clients
                .iter()
                .chain(self.done_requests.iter())
                .filter_map(|c| {
                    let ok = c.1.is_none()
                        && c.5 < up.req_seq
                        && !self.ver_stripped_done.contains(&*c.0);
                    let path = self.client_path(&c.0).filter(|_| ok)?;
                    bridged_keys(&bridge_key(&c.2, path, &c.3)?, &up_key, &self.gw_ids)
                        .map(|d| (c, d))
                })
                .max_by_key(|(c, _)| c.5)
                .map(|(c, d)| (c.clone(), d));
            bridged = c.as_ref().map(|(_, d)| *d);
            c.map(|(c, _)| c)
        });
        let own_message_id = client.is_none();
        let client = client.or_else(|| {
            // No copy of the same body: the same send under a messageId of the
            // gateway's own (breaker40 C06), an HTTP+JSON one on the same route.
            open_clients
                .iter()
                .chain(self.done_requests.iter())
                .filter(|c @ (id, _, _, b, _, _, _)| {
                    self.forward_candidate(up, c)
                        && same_forwarded_send(b, up.req_body.as_slice())
                        && (is_jsonrpc_request_body(b)
                            || tail_matches(&self.open, &self.done_paths, id, &up.path))
                })
                .max_by_key(|c| c.5)
                .cloned()
        });
        let client = client.or_else(|| {
            // breaker46 `post-to-get`: a bodiless GET upstream on the route of a client's POST
            // (a gateway that followed a 303 of its own hop, RFC 9110 §15.4.4, or dropped the
            // body of a redirected POST): the same call with its method and body lost.
            if !up.method.eq_ignore_ascii_case("GET") || !up.req_body.as_slice().is_empty() {
                return None;
            }
            open_clients
                .iter()
                .chain(self.done_requests.iter())
                .filter(|(id, leg, m, _, _, seq, _)| {
                    leg.is_none()
                        && *seq < up.req_seq
                        && m.eq_ignore_ascii_case("POST")
                        && !self.ver_stripped_done.contains(&**id)
                        && tail_matches(&self.open, &self.done_paths, id, &up.path)
                })
                .max_by_key(|c| c.5)
                .cloned()
        });
        // (the header, or the A2A-Version query parameter VER-001 lets replace it: a gateway
        // may move the version between the two, breaker40 B13)
        let up_version = up.asked_version();
        let up_ext = extensions_header(&up.req_headers);
        match client {
            Some(client) => {
                let cid = client.0.clone();
                self.gw_dropped_path_used(&cid, up);
                // (a copy in the other binding has no route of the client's to keep)
                if bridged.is_none() {
                    let untenanted = self.serves_no_tenant(up);
                    self.check_route_rewritten(
                        &cid,
                        (&up.id, untenanted),
                        (&up.method, &up.path, query_param(&up.url, "tenant")),
                        Some(&up.url),
                        up_version.as_deref(),
                        up.ev(up.req_seq),
                    );
                }
                if bridged.is_some() {
                    let cpath = self.client_path(&cid).unwrap_or_default().to_string();
                    self.bridged_params_compared(
                        (&client.2, &cpath, &client.3, client.5, &cid),
                        (
                            &up.method,
                            &up.path,
                            query_param(&up.url, "historyLength"),
                            up.req_body.as_slice(),
                        ),
                        up.ev(up.req_seq),
                    );
                }
                let translated = translated_twin(&client.3, up.req_body.as_slice())
                    .map(|(_, u)| u)
                    .or(bridged);
                self.compare_version(
                    client,
                    up_version,
                    up_ext,
                    (rpc_request_id(up.req_body.as_slice()), translated),
                    up.ev(up.req_seq),
                    up.leg.clone(),
                );
                if own_message_id {
                    self.note_own_message_id(&up.id, up.req_body.as_slice());
                }
            }
            None if !up.req_body.as_slice().is_empty() => {
                // GW-REQ-002's JSON-RPC form (breaker23 G03): the client's call with the
                // same body but for the task id in params in other letter case.
                // A client call already paired with an upstream copy is not a candidate
                // (review23a R7: a body recorded after its copy could pair with an older
                // call whose task id differs only in case, two legal ids).
                let recased = open_clients
                    .iter()
                    .chain(self.done_requests.iter())
                    .filter(|c| self.forward_candidate(up, c))
                    .filter_map(|(id, _, _, b, _, seq, _)| {
                        task_id_recased(b, up.req_body.as_slice()).map(|d| (id.clone(), *seq, d))
                    })
                    .max_by_key(|c| c.1);
                if let Some((cid, cseq, (member, cv, uv, method))) = recased {
                    self.ver_stripped_done.insert(str::to_string(&cid));
                    self.gw_rerouted.push_back(str::to_string(&cid));
                    self.gw_rerouted.push_back(str::to_string(&up.id));
                    while self.gw_rerouted.len() > 2 * MAX_PENDING_UP {
                        self.gw_rerouted.pop_front();
                    }
                    self.areas.insert("interop");
                    self.find(
                        &r::GW_ROUTE_REWRITTEN,
                        format!(
                            "gateway forwarded the client's JSON-RPC {method} call upstream with params.{member} {uv:?} instead of the client's {cv:?} (task ids are opaque and case-sensitive): whatever the agent answers there is not the answer to the client's call"
                        ),
                        vec![
                            Evidence {
                                seq: cseq,
                                exchange: Some(str::to_string(&cid)),
                                pointer: Some(format!("/params/{}", member.replace('.', "/"))),
                                found: Some(Value::String(cv)),
                            },
                            up.ev_at(
                                up.req_ev_seq(),
                                &format!("/params/{}", member.replace('.', "/")),
                                Some(Value::String(uv)),
                            ),
                        ],
                        &None,
                    );
                    return;
                }
                // The same for `params.tenant` dropped or changed (breaker24 Z10): a tenant a
                // card declares (CARD-008) that the agent no longer sees looks the call up
                // outside the client's tenant.
                let untenanted = open_clients
                    .iter()
                    .chain(self.done_requests.iter())
                    .filter(|c| self.forward_candidate(up, c))
                    .filter_map(|(id, _, _, b, _, seq, _)| {
                        tenant_param_changed(b, up.req_body.as_slice())
                            .map(|d| (id.clone(), *seq, d))
                    })
                    .filter(|(_, _, (cv, uv, _))| {
                        self.agent_ifaces
                            .values()
                            .flatten()
                            .any(|i| i.tenants.iter().any(|t| t == cv))
                            // a router's tenant removed before an agent whose card declares
                            // no tenant: that agent serves one tenant, and owes the call
                            // none (CARD-008 binds a client to the tenant of the interface
                            // it calls; breaker49 tenant-route)
                            && (uv.is_some() || !self.serves_no_tenant(up))
                    })
                    .max_by_key(|c| c.1);
                if let Some((cid, cseq, (cv, uv, method))) = untenanted {
                    self.ver_stripped_done.insert(str::to_string(&cid));
                    self.gw_rerouted.push_back(str::to_string(&cid));
                    self.gw_rerouted.push_back(str::to_string(&up.id));
                    while self.gw_rerouted.len() > 2 * MAX_PENDING_UP {
                        self.gw_rerouted.pop_front();
                    }
                    self.areas.insert("interop");
                    let how = match &uv {
                        Some(u) => {
                            format!("with params.tenant {u:?} instead of the client's {cv:?}")
                        }
                        None => format!("without the client's params.tenant {cv:?}"),
                    };
                    self.find(
                        &r::GW_ROUTE_REWRITTEN,
                        format!(
                            "gateway forwarded the client's JSON-RPC {method} call upstream {how}, the tenant the agent card declares for the interface (CARD-008): the agent looks the call up outside the client's tenant, so whatever it answers there is not the answer to the client's call"
                        ),
                        vec![
                            Evidence {
                                seq: cseq,
                                exchange: Some(str::to_string(&cid)),
                                pointer: Some("/params/tenant".into()),
                                found: Some(Value::String(cv)),
                            },
                            up.ev_at(up.req_ev_seq(), "/params", None),
                        ],
                        &None,
                    );
                    return;
                }
                // GW-REQ-003 (ID-002, ID-001): the client's send, forwarded with another
                // contextId / taskId on its message (LiteLLM PR #28664: a context id injected).
                // Only a client call still waiting for its answer: one the gateway already
                // answered (refused it itself) was not forwarded now, and a retry of it
                // whose body is not recorded yet is the copy's client (review24b). An
                // upstream request the agent never answered is judged at its end, often
                // after the gateway answered the client (a 504 on a timeout): a client
                // answered only after this request was sent was still waiting then (R1).
                let unanswered = up.status.is_none();
                // mine30c: a client send that differs from this copy only in the messageId
                // (a gateway that mints its own) is the copy's client, ids unchanged: no other
                // open send of the same text is told as rewritten.
                // Asked only once a rewritten send is found: it parses both bodies, and an
                // upstream copy's ids are most often unchanged (session 30: asked for every
                // copy it cost offline verify ~9 % of its instructions).
                let same_ids_client = || {
                    open_clients.iter().chain(self.done_requests.iter()).any(
                        |c @ (id, _, _, b, _, _, _)| {
                            self.forward_candidate(up, c)
                                && self.open.contains_key(id)
                                && same_send_but_message_id(b, up.req_body.as_slice())
                        },
                    )
                };
                let rewritten = open_clients
                    .iter()
                    .chain(self.done_requests.iter())
                    .filter(|c @ (id, _, _, b, _, _, _)| {
                        self.forward_candidate(up, c)
                            && (self.open.contains_key(id)
                                || (unanswered
                                    && self
                                        .client_answered_at
                                        .get(id)
                                        .is_some_and(|at| *at > up.req_seq)))
                            && (is_jsonrpc_request_body(b)
                                || tail_matches(&self.open, &self.done_paths, id, &up.path))
                    })
                    .filter_map(|(id, _, _, b, _, seq, _)| {
                        message_ids_rewritten(b, up.req_body.as_slice())
                            .map(|d| (id.clone(), *seq, d))
                    })
                    .max_by_key(|c| c.1)
                    .filter(|_| !same_ids_client());
                if let Some((cid, cseq, d)) = rewritten {
                    self.message_ids_rewritten_found(up, str::to_string(&cid), cseq, d);
                    return;
                }
                // The client's body may be recorded after the forwarded copy ended.
                self.pending_up.push_back(PendingUp {
                    history_query: query_param(&up.url, "historyLength"),
                    method: up.method.clone(),
                    body: up.req_body.share(),
                    path: up.path.clone(),
                    tenant_query: query_param(&up.url, "tenant"),
                    version: up_version,
                    extensions: up_ext,
                    ev: up.ev(up.req_seq),
                    leg: up.leg.clone(),
                });
                if self.pending_up.len() > MAX_PENDING_UP {
                    self.pending_up.pop_front();
                }
            }
            None => {}
        }
    }

    /// GW-REQ-003: report upstream request `up`, the copy of client-leg send `cid` (its
    /// request at `cseq`) with the message id `d` says changed; neither call's answer is
    /// then judged as an answer to the other ([`State::gw_rerouted`]).
    pub(super) fn message_ids_rewritten_found(
        &mut self,
        up: &Exch,
        cid: String,
        cseq: u64,
        d: IdsRewritten,
    ) {
        let IdsRewritten {
            member,
            client,
            upstream,
            call,
            base,
            task_too,
        } = d;
        self.ver_stripped_done.insert(cid.clone());
        // gwmiss52: the copy is paired with the client's send, so the front's answer can
        // say whether it relayed the copy or made its own call (depth51,
        // [`State::gw_front_own`]): GW-REQ-003 is held for that ([`Self::hold_gw`]).
        self.pair_rewritten_copy(&cid, up);
        self.gw_rerouted.push_back(cid.clone());
        self.gw_rerouted.push_back(str::to_string(&up.id));
        while self.gw_rerouted.len() > 2 * MAX_PENDING_UP {
            self.gw_rerouted.pop_front();
        }
        let what = match (&client, &upstream) {
            (None, Some(u)) => {
                format!("added {member} {u:?} to the message, which the client sent without one")
            }
            (Some(c), None) => format!("dropped the message's {member} {c:?}"),
            (Some(c), Some(u)) => format!("replaced the message's {member} {c:?} with {u:?}"),
            (None, None) => String::new(),
        };
        // mine30c: the taskId changed beside the contextId is named too.
        let what = match &task_too {
            Some((None, Some(u))) => format!("{what}, and added taskId {u:?}"),
            Some((Some(c), None)) => format!("{what} and its taskId {c:?}"),
            Some((Some(c), Some(u))) => format!("{what}, and replaced its taskId {c:?} with {u:?}"),
            _ => what,
        };
        let why = match (member, client.is_some(), upstream.is_some()) {
            ("contextId", false, _) => "a message without contextId lets the agent mint the context (and an agent may refuse one it did not mint), so the agent now judges a context the client never chose",
            ("contextId", true, false) => "without contextId the agent starts a new context, so the client's conversation never gets this message",
            ("contextId", _, _) => "the contextId says which conversation a message belongs to, so the agent now answers in a context the client never chose and the client's conversation never gets this message",
            (_, false, _) => "a message without taskId starts a new task; with one the agent continues (or refuses) a task the client did not name",
            (_, true, false) => "without taskId the agent starts a new task, so the client's input never reaches the task it continues",
            _ => "the taskId says which task a message continues, so the agent now works on another task than the client named",
        };
        let ptr = format!("{base}/message/{member}");
        // (the exchange whose answer decides, the value that clears the finding there)
        let held = match (member, &client, &upstream) {
            ("contextId", None, Some(u)) => Some((up.id.clone(), u.clone())),
            (_, Some(c), Some(_)) => Some((ExchangeId::from(cid.as_str()), c.clone())),
            _ => None,
        };
        let msg = format!(
            "gateway forwarded the client's {call} upstream but {what}: {why}; whatever the agent answers there is not the answer to the client's message"
        );
        let pair_client = cid.clone();
        let ev = vec![
            Evidence {
                seq: cseq,
                exchange: Some(cid),
                pointer: Some(ptr.clone()),
                found: client.map(Value::String),
            },
            up.ev_at(up.req_ev_seq(), &ptr, upstream.map(Value::String)),
        ];
        if let Some((at, added)) = held {
            // Judged on that answer ([`State::resolve_ctx_added`]).
            if self.gw_ctx_added.len() >= MAX_PENDING_UP {
                let (_, old) = self.gw_ctx_added.remove(0);
                self.areas.insert("interop");
                self.find(&r::GW_MESSAGE_IDS_REWRITTEN, old.msg, old.ev, &None);
            }
            self.gw_ctx_added.push((
                str::to_string(&at),
                CtxAdded {
                    member,
                    added,
                    msg,
                    ev,
                },
            ));
            return;
        }
        self.areas.insert("interop");
        self.hold_gw(
            &r::GW_MESSAGE_IDS_REWRITTEN,
            pair_client,
            str::to_string(&up.id),
            msg,
            ev,
        );
    }

    /// gwmiss52: remembers upstream copy `up` of client send `cid` whose message ids the
    /// gateway changed (GW-REQ-003) as the client's pair ([`State::gw_pairs`]), unless it
    /// is paired already: the legs' answers then tell a relay from the front's own call
    /// (depth51), and the agent's 401 to a relayed copy without the client's credentials
    /// is GW-HDR-002. The copy's messageId is kept when it is not the client's.
    fn pair_rewritten_copy(&mut self, cid: &str, up: &Exch) {
        if self.gw_pairs.iter().any(|p| *p.up == *up.id) {
            return;
        }
        let client_mid = self
            .open
            .get(cid)
            .and_then(|c| send_message_id(c.req_body.as_slice()));
        let up_mid = send_message_id(up.req_body.as_slice());
        self.gw_pairs.push_back(GwPair {
            client: cid.to_string(),
            up: str::to_string(&up.id),
            up_rpc_id: rpc_request_id(up.req_body.as_slice()),
            up_seq: up.req_seq,
            up_message_id: up_mid
                .filter(|m| Some(m) != client_mid.as_ref())
                .map(Into::into),
        });
        if self.gw_pairs.len() > MAX_PENDING_UP {
            if let Some(old) = self.gw_pairs.pop_front() {
                self.gw_ended.remove(&old.client);
            }
        }
    }

    /// GW-REQ-003 held for exchange `x` ([`State::gw_ctx_added`]), now answered. Nothing
    /// is told when a unary success answers in the held value: the agent accepted the
    /// contextId the gateway added (ID-002: it MAY take a client's contextId, and the
    /// client gets the context back as if the agent had minted it), or the client got its
    /// own contextId / taskId back from a gateway that replaced it upstream (it translates
    /// ids both ways); a stream, when its events carry that value. A refusal or another id
    /// is told as held.
    pub(super) fn resolve_ctx_added(&mut self, x: &Exch, success: bool) {
        let Some(i) = self.gw_ctx_added.iter().position(|(id, _)| **id == *x.id) else {
            return;
        };
        let (_, held) = self.gw_ctx_added.remove(i);
        let at: &[&str] = if held.member == "taskId" {
            &[
                "/result/id",
                "/result/taskId",
                "/result/task/id",
                "/result/message/taskId",
                "/id",
                "/taskId",
                "/task/id",
                "/message/taskId",
            ]
        } else {
            &[
                "/result/contextId",
                "/result/task/contextId",
                "/result/message/contextId",
                "/contextId",
                "/task/contextId",
                "/message/contextId",
            ]
        };
        let accepted = success
            && match x.sse.as_ref() {
                // a stream: the task (and context) its events carry
                Some(s) if held.member == "taskId" => s.task_id.as_deref() == Some(&held.added),
                Some(s) => s.context_id.as_deref() == Some(&held.added),
                None => unary_answers_in(x, at, &held.added),
            };
        if !accepted {
            self.areas.insert("interop");
            self.hold_ctx_added(held);
        }
    }

    /// GW-REQ-003 of [`State::gw_ctx_added`] to be told: held for the relay-or-own
    /// decision of its pair ([`Self::hold_for_pair`]; the pair's ids are its evidence's:
    /// the client's request first, the upstream copy's second), told at once when it names
    /// no pair.
    pub(super) fn hold_ctx_added(&mut self, held: CtxAdded) {
        let ids = |i: usize| held.ev.get(i).and_then(|e| e.exchange.clone());
        let pair = ids(0).zip(ids(1));
        let mut f = Finding::new(&r::GW_MESSAGE_IDS_REWRITTEN, held.msg);
        f.evidence = held.ev;
        self.hold_for_pair(pair, PairTell::Relay, f);
    }

    /// GW-REQ-001 (RFC 9110 §9.2.2; ID-007, TASK-005): an upstream-leg message send whose
    /// client-leg request is already paired with an earlier upstream copy and still waits
    /// for its answer: the gateway sent the client's one send twice (nginx
    /// `proxy_next_upstream` on a timeout). A copy sent after the agent refused the earlier
    /// one unrun (404, 405, 421) is not one: it is paired in its place. Returns whether it
    /// was one (then it is not paired again).
    pub(super) fn send_retried(&mut self, up: &Exch) -> bool {
        // (a REST cancel may come without a body: its path names the task)
        let rest_cancel = |p: &str| a2a::before_query(p).ends_with(":cancel");
        let rest_push_create = |p: &str| {
            a2a::before_query(p)
                .trim_end_matches('/')
                .ends_with("/pushNotificationConfigs")
        };
        if !up.method.eq_ignore_ascii_case("POST")
            || (up.req_body.as_slice().is_empty() && !rest_cancel(&up.path))
        {
            return false;
        }
        let first = self.gw_pairs.iter().rev().find_map(|p| {
            if *p.up == *up.id || p.up_seq >= up.req_seq {
                return None;
            }
            let c = self.open.get(p.client.as_str())?;
            // (the client's call is built when its exchange ends: read the request itself)
            let send = match c.call.as_ref().and_then(|k| k.op) {
                Some(o) => matches!(o, Op::SendMessage | Op::SendStreamingMessage),
                None => {
                    let method = Json::parse(c.req_body.as_slice())
                        .ok()
                        .and_then(|v| v.get("method").and_then(Json::as_str).map(str::to_string));
                    match method {
                        Some(m) => matches!(
                            m.as_str(),
                            "SendMessage"
                                | "SendStreamingMessage"
                                | "message/send"
                                | "message/stream"
                                | "tasks/send"
                                | "tasks/sendSubscribe"
                        ),
                        None => {
                            c.path.ends_with("message:send") || c.path.ends_with("message:stream")
                        }
                    }
                }
            };
            // breaker46 `cancel-retry`: a cancel is a POST too (RFC 9110 §9.2.2); its copies
            // are one cancel when they name the same task (JSON-RPC: the same body; REST:
            // the same path as well, as every REST cancel body may be `{}` or empty).
            let cancel = match c.call.as_ref().and_then(|k| k.op) {
                Some(o) => o == Op::CancelTask,
                None => {
                    rest_cancel(&c.path)
                        || Json::parse(c.req_body.as_slice()).ok().is_some_and(|v| {
                            matches!(
                                v.get("method").and_then(Json::as_str),
                                Some("CancelTask" | "tasks/cancel")
                            )
                        })
                }
            };
            // open47: a push notification config create is a POST too (1.0
            // CreateTaskPushNotificationConfig, 0.x pushNotificationConfig/set, HTTP+JSON
            // POST .../pushNotificationConfigs): each copy the agent runs creates a config of
            // its own (PUSH-003: the agent assigns its id), so the webhook is told every
            // update twice and the client knows one of the two ids. Not one that names its
            // config id (a set of that config again, the same state twice), nor a delete
            // (idempotent, PUSH-003: "Delete idempotent"), nor a get or list (safe).
            let push_create = match c.call.as_ref().and_then(|k| k.op) {
                Some(o) => o == Op::CreatePushConfig,
                None => {
                    rest_push_create(&c.path)
                        || Json::parse(c.req_body.as_slice()).ok().is_some_and(|v| {
                            matches!(
                                v.get("method").and_then(Json::as_str),
                                Some(
                                    "CreateTaskPushNotificationConfig"
                                        | "tasks/pushNotificationConfig/set"
                                        | "tasks/pushNotification/set"
                                )
                            )
                        })
                }
            } && !push_create_names_config(c.req_body.as_slice());
            let same_target = !(rest_cancel(&c.path) || rest_push_create(&c.path))
                || route_key(&c.path) == route_key(&up.path);
            let kind = if send {
                Retried::Send
            } else if cancel {
                Retried::Cancel
            } else {
                Retried::PushCreate
            };
            (c.leg.is_none()
                && (send || ((cancel || push_create) && same_target))
                && c.method.eq_ignore_ascii_case(&up.method)
                && same_forwarded_send(c.req_body.as_slice(), up.req_body.as_slice()))
            .then(|| (p.client.clone(), p.up.clone(), p.up_seq, c.req_seq, kind))
        });
        let Some((cid, first_up, first_seq, client_seq, kind)) = first else {
            return self.send_retried_before(up);
        };
        // The agent refused the first copy before this one went out (404: no A2A route
        // there, or on HTTP+JSON TaskNotFoundError; 405: no POST on that route; 421:
        // misdirected, which RFC 9110 §15.5.20 lets a sender retry whatever the method;
        // 429 / 503: refused unhandled, see [`refused_unrun`]): it ran nothing, so this copy
        // to another route or backend is the call's one run, not a duplicate (nginx
        // `proxy_next_upstream http_404`). It is paired with the client's call in place of
        // the refused one. A copy sent before that answer came is a blind retry and stays
        // GW-REQ-001.
        if self
            .gw_ended
            .get(&first_up)
            .is_some_and(|e| refused_unrun(e.status) && e.resp_seq < up.req_seq)
        {
            self.ver_stripped_done.remove(cid.as_str());
            return false;
        }
        if self.client_resent(&cid, up.req_seq, up.req_body.as_slice()) {
            return false;
        }
        let answered = self
            .gw_ended
            .get(&first_up)
            .and_then(|e| Some((e.status?, e.resp_seq)))
            .map(|(s, at)| {
                if at < up.req_seq {
                    format!(" (the first copy was answered HTTP {s})")
                } else {
                    format!(" (before the agent's answer to the first copy, HTTP {s}, came)")
                }
            })
            .unwrap_or_default();
        let client_body = self
            .open
            .get(cid.as_str())
            .map(|c| c.req_body.as_slice().to_vec())
            .unwrap_or_default();
        let copies = [
            self.copy_message_id(&first_up, &client_body),
            send_message_id(up.req_body.as_slice()),
        ];
        let first_ev = Evidence::event(first_seq, first_up);
        if kind != Retried::Send {
            // The client gets the last copy's answer: the pair follows it (its refusal is
            // the agent's answer to that copy, not one of the gateway's own, GW-RESP-002).
            if let Some(p) = self.gw_pairs.iter_mut().rev().find(|p| *p.client == *cid) {
                p.up = up.id.to_string();
                p.up_seq = up.req_seq;
            }
            let harm = if kind == Retried::Cancel {
                "the client's one CancelTask upstream again while the client still waited for the answer{answered}: a retry of a non-idempotent request (a POST), and the client learns only of the last copy's answer: once the first copy has canceled the task, the agent refuses the second with TaskNotCancelableError (TASK-003), and the client is told its cancel failed"
            } else {
                "the client's one push notification config create (CreateTaskPushNotificationConfig) upstream again while the client still waited for the answer{answered}: a retry of a non-idempotent request (a POST that names no config id), and each copy the agent runs creates a config of its own (PUSH-003: the agent assigns the id), so the webhook is notified of every update twice, and the client learns only the last config's id and cannot delete the other"
            };
            self.find(
                &r::GW_SEND_RETRIED,
                format!("gateway sent {}", harm.replace("{answered}", &answered)),
                vec![
                    Evidence::event(client_seq, cid.to_string()),
                    first_ev,
                    up.ev(up.req_seq),
                ],
                &None,
            );
            return true;
        }
        // (the copy takes the pair over if the agent answers it before the client is
        // answered: [`State::gw_send_retries`])
        if self.gw_send_retries.len() >= MAX_PENDING_UP {
            self.gw_send_retries.pop_front();
        }
        self.gw_send_retries
            .push_back((str::to_string(&up.id), cid.to_string()));
        self.report_send_retried(
            &cid,
            client_seq,
            (first_ev, up.ev(up.req_seq)),
            &client_body,
            copies,
            &answered,
        );
        true
    }

    /// Whether a second client-leg request with body `body`, other than `cid` and sent before
    /// `before` (a seq) and not yet paired with a forwarded copy, exists: the client retried
    /// itself, and the upstream copy forwards that request (no gateway retry). A copy of
    /// `cid`'s very body (its messageId too) forwards no request of another messageId; one
    /// under a messageId of the gateway's own may forward either (breaker40 C06).
    fn client_resent(&self, cid: &str, before: u64, body: &[u8]) -> bool {
        let cid_body = match self.open.get(cid) {
            Some(c) => Some(c.req_body.as_slice()),
            None => self
                .done_requests
                .iter()
                .find(|d| *d.0 == *cid)
                .map(|d| &d.3[..]),
        };
        let copy_of_cid = cid_body.is_some_and(|c| same_forwarded_body(c, body));
        let source = |other: &[u8]| {
            if copy_of_cid {
                same_forwarded_body(other, body)
            } else {
                same_forwarded_send(other, body)
            }
        };
        self.open.values().any(|o| {
            o.leg.is_none()
                && *o.id != *cid
                && o.req_seq < before
                && !self.ver_stripped_done.contains(&*o.id)
                && source(o.req_body.as_slice())
        }) || self.done_requests.iter().any(|d| {
            d.1.is_none()
                && *d.0 != *cid
                && d.5 < before
                && !self.ver_stripped_done.contains(&*d.0)
                && source(&d.3)
        })
    }

    /// GW-REQ-001, the copies met in the other order (breaker40 C01, C05): upstream request
    /// `up`, a message send, is judged only now (its exchange ended unanswered, or its
    /// answer came after a later copy's), while a copy the gateway sent *after* it is
    /// already paired with the client's send, which `up` also forwards (same method and
    /// body, sent after the client's request). `up` is then the first copy and the paired
    /// one the retry: a hedged request, or a retry after the gateway's upstream timeout
    /// while the first copy was still open. A first copy the agent refused unrun before
    /// the later one went out ([`refused_unrun`]) makes no retry. Reports it and returns
    /// true (then `up` is not paired).
    fn send_retried_before(&mut self, up: &Exch) -> bool {
        let is_send = up
            .call
            .as_ref()
            .and_then(|k| k.op)
            .is_some_and(|o| matches!(o, Op::SendMessage | Op::SendStreamingMessage));
        if !is_send {
            return false;
        }
        let later = self.gw_pairs.iter().rev().find_map(|p| {
            if *p.up == *up.id || p.up_seq <= up.req_seq {
                return None;
            }
            let (leg_none, method, body_ok, cseq) = match self.open.get(p.client.as_str()) {
                Some(c) => (
                    c.leg.is_none(),
                    c.method.clone(),
                    same_forwarded_send(c.req_body.as_slice(), up.req_body.as_slice()),
                    c.req_seq,
                ),
                None => {
                    let d = self.done_requests.iter().find(|d| *d.0 == *p.client)?;
                    (
                        d.1.is_none(),
                        d.2.clone(),
                        same_forwarded_send(&d.3, up.req_body.as_slice()),
                        d.5,
                    )
                }
            };
            (leg_none && body_ok && cseq < up.req_seq && method.eq_ignore_ascii_case(&up.method))
                .then(|| (p.client.clone(), p.up.clone(), p.up_seq, cseq))
        });
        let Some((cid, later_up, later_seq, client_seq)) = later else {
            return false;
        };
        if up.status.is_some() && refused_unrun(up.status) && up.resp_seq < later_seq {
            return false;
        }
        if self.client_resent(&cid, later_seq, up.req_body.as_slice()) {
            return false;
        }
        let answered = match up.status {
            Some(s) if up.resp_seq > later_seq => {
                format!(" (the first copy, still open when the second went out, was answered HTTP {s} after it)")
            }
            Some(s) => format!(" (the first copy was answered HTTP {s})"),
            None => " (the first copy was never answered: the gateway gave up waiting)".to_string(),
        };
        let client_body = match self.open.get(cid.as_str()) {
            Some(c) => c.req_body.as_slice().to_vec(),
            None => self
                .done_requests
                .iter()
                .find(|d| *d.0 == *cid)
                .map(|d| d.3.to_vec())
                .unwrap_or_default(),
        };
        let copies = [
            send_message_id(up.req_body.as_slice()),
            self.copy_message_id(&later_up, &client_body),
        ];
        self.report_send_retried(
            &cid,
            client_seq,
            (up.ev(up.req_seq), Evidence::event(later_seq, later_up)),
            &client_body,
            copies,
            &answered,
        );
        true
    }

    /// Reports GW-REQ-001 for client send `cid` (request at `client_seq`, its body `body`:
    /// the messageId named is the client's) sent upstream as `copies.0` and again as
    /// `copies.1`, whose messageIds are `copy_ids` (`None` when not known: that copy's
    /// request is no longer held); `answered` tells how the first copy ended.
    fn report_send_retried(
        &mut self,
        cid: &str,
        client_seq: u64,
        (first, again): (Evidence, Evidence),
        body: &[u8],
        copy_ids: [Option<String>; 2],
        answered: &str,
    ) {
        let client_mid = send_message_id(body);
        let mid = client_mid
            .as_deref()
            .map(|m| format!(" (messageId {m})"))
            .unwrap_or_default();
        let so = retried_ids_words(client_mid.as_deref(), copy_ids);
        self.find(
            &r::GW_SEND_RETRIED,
            format!(
                "gateway sent the client's one message send{mid} upstream again while the client still waited for the answer{answered}: a retry of a non-idempotent request{so} and the client learns only of the last run"
            ),
            vec![Evidence::event(client_seq, cid.to_string()), first, again],
            &None,
        );
    }

    /// A client-leg request ended: the oldest waiting upstream request with its method and
    /// body is its forwarded copy (VER-HDR-002; see [`Self::check_version_stripped`]).
    pub(super) fn pair_pending_up(&mut self, client: &DoneRequest) {
        if self.pending_up.is_empty() || client.1.is_some() || client.3.is_empty() {
            return;
        }
        let waits = |p: &PendingUp| {
            p.method.eq_ignore_ascii_case(&client.2)
                && p.ev.seq > client.5
                && self
                    .done_paths
                    .get(&client.0)
                    .is_none_or(|cp| tail(cp) == tail(&p.path))
        };
        // (the same send under a messageId of the gateway's own only when no copy of the
        // same body waits, breaker40 C06)
        let exact = (self.pending_up.iter())
            .position(|p| waits(p) && same_forwarded_body(&client.3, &p.body))
            .or_else(|| {
                (self.pending_up.iter())
                    .position(|p| waits(p) && translated_twin(&client.3, &p.body).is_some())
            });
        // breaker48: the client's call in the other binding (any HTTP method, any path)
        let cpath = self.client_path(&client.0).unwrap_or_default().to_string();
        let bridged_at = || {
            let ck = bridge_key(&client.2, &cpath, &client.3)?;
            (self.pending_up.iter()).position(|p| {
                p.ev.seq > client.5
                    && bridge_key(&p.method, &p.path, &p.body)
                        .is_some_and(|u| bridged_keys(&ck, &u, &self.gw_ids).is_some())
            })
        };
        let exact = exact.or_else(bridged_at);
        let own_message_id = exact.is_none();
        let Some(i) = exact.or_else(|| {
            (self.pending_up.iter())
                .position(|p| waits(p) && same_forwarded_send(&client.3, &p.body))
        }) else {
            return;
        };
        let Some(p) = self.pending_up.remove(i) else {
            return;
        };
        let up_rpc_id = rpc_request_id(&p.body);
        let bridged = bridged_twin(
            (&client.2, &cpath, &client.3),
            (&p.method, &p.path, &p.body),
            &self.gw_ids,
        );
        if let (Some(up_id), None) = (p.ev.exchange.clone(), bridged) {
            let untenanted = self
                .open
                .get(&up_id)
                .is_some_and(|u| self.serves_no_tenant(u));
            self.check_route_rewritten(
                &client.0,
                (&up_id, untenanted),
                (&p.method, &p.path, p.tenant_query.clone()),
                None,
                p.version.as_deref(),
                p.ev.clone(),
            );
        }
        let up_id = p.ev.exchange.clone();
        if bridged.is_some() {
            self.bridged_params_compared(
                (&client.2, &cpath, &client.3, client.5, &client.0),
                (&p.method, &p.path, p.history_query.clone(), &p.body),
                p.ev.clone(),
            );
        }
        let translated = translated_twin(&client.3, &p.body)
            .map(|(_, u)| u)
            .or(bridged);
        self.compare_version(
            client.clone(),
            p.version,
            p.extensions,
            (up_rpc_id, translated),
            p.ev,
            p.leg,
        );
        if let (true, Some(up_id)) = (own_message_id, up_id) {
            self.note_own_message_id(&up_id, &p.body);
        }
    }

    /// Remembers on the pair of upstream copy `up_id` (its request body `body`) the
    /// messageId the gateway put on it in place of the client's ([`GwPair::up_message_id`]).
    fn note_own_message_id(&mut self, up_id: &str, body: &[u8]) {
        if let Some(p) = self.gw_pairs.iter_mut().rev().find(|p| *p.up == *up_id) {
            p.up_message_id = send_message_id(body).map(Into::into);
        }
    }

    /// GW-REQ-001's words: the messageId upstream copy `up_id` carried, for client send
    /// body `client_body`: read from the copy while it is open, else the one its pair
    /// remembers, else the client's (a copy paired by its very body). `None`: not known.
    fn copy_message_id(&self, up_id: &str, client_body: &[u8]) -> Option<String> {
        if let Some(o) = self.open.get(up_id) {
            return send_message_id(o.req_body.as_slice());
        }
        let p = self.gw_pairs.iter().rev().find(|p| *p.up == *up_id)?;
        match &p.up_message_id {
            Some(m) => Some(m.to_string()),
            None => send_message_id(client_body),
        }
    }

    /// GW-HDR-002 (AUTH-002, AUTH-001): the agent refused upstream exchange `up` with 401
    /// while the client-leg call `cid` it forwards carried credentials (`Authorization`,
    /// an API key header the card declares, `Cookie`) the upstream request lacks: the
    /// gateway dropped them. A gateway that authenticates upstream itself sends its own
    /// credentials, and an agent that accepts them gives no 401: not judged.
    pub(super) fn gw_credentials_lost(&mut self, cid: &str, up: &Exch) {
        let Some(client) = self.open.get(cid) else {
            return;
        };
        let mut names: Vec<String> = self
            .card_for(client)
            .map(|c| c.view.credential_headers.clone())
            .unwrap_or_default();
        for n in ["authorization", "x-api-key", "cookie"] {
            if !names.iter().any(|h| h == n) {
                names.push(n.to_string());
            }
        }
        let sent = |h: &Headers, n: &str| h.get(n).is_some_and(|v| !v.trim().is_empty());
        let lost: Vec<&str> = names
            .iter()
            .filter(|n| sent(&client.req_headers, n) && !sent(&up.req_headers, n))
            .map(String::as_str)
            .collect();
        // Another credential on the upstream leg: the gateway swapped in its own.
        let replaced = names
            .iter()
            .any(|n| sent(&up.req_headers, n) && !lost.contains(&n.as_str()));
        if lost.is_empty() || replaced {
            return;
        }
        let shown = lost
            .iter()
            .map(|n| wire_header_name(n))
            .collect::<Vec<_>>()
            .join(", ");
        let (cev, uev, rev) = (
            Evidence {
                seq: client.req_seq,
                exchange: Some(str::to_string(&client.id)),
                pointer: None,
                found: Some(Value::String(shown.clone())),
            },
            up.ev(up.req_seq),
            Evidence {
                found: Some(Value::from(401)),
                ..up.ev(up.resp_seq)
            },
        );
        let msg = format!(
            "gateway dropped the client's {shown} on the upstream leg and the agent refused the call with 401: the client authenticated, the gateway did not pass its credentials on"
        );
        // left52 (depth51's leftover): held until both legs ended: a front that answers
        // its client with an A2A result of its own after the 401 made its own call (an
        // orchestrator's, which owes its delegate none of its client's credentials:
        // AUTH-FWD-001), not a relay ([`State::gw_front_own`], set in `gw_note_end`)
        self.hold_gw(
            &r::GW_CREDENTIALS_STRIPPED,
            cid.to_string(),
            str::to_string(&up.id),
            msg,
            vec![cev, uev, rev],
        );
    }

    /// depth51: a GW-* finding `rule` (`msg`, `ev`) on the pair of client-leg call `client`
    /// and upstream exchange `up`, held ([`State::held_pair`]) until both legs ended and told
    /// then unless the pair turned out to be the front's own call (an orchestrator's,
    /// [`State::gw_front_own`]), not a relay ([`Self::hold_for_pair`]).
    pub(super) fn hold_gw(
        &mut self,
        rule: &'static Rule,
        client: String,
        up: String,
        msg: String,
        ev: Vec<Evidence>,
    ) {
        let mut f = Finding::new(rule, msg);
        f.evidence = ev;
        self.hold_for_pair(Some((client, up)), PairTell::Relay, f);
    }

    /// GW-REQ-002 (REST-001, CARD-008, ID-001): a client-leg HTTP+JSON call and its
    /// upstream copy `up_path` (paired by method and body) name different A2A routes: the
    /// upstream path is no route (`/tasks/t1:cancel` -> `/tasks/t1/cancel`), another
    /// operation, a 1.0 route moved under the 0.3 `/v1` while the upstream request still
    /// says `A2A-Version: 1.0`, another task id (`Tk-9AbC` -> `tk-9abc`), or the `/{tenant}`
    /// segment the card declares for the interface dropped. Only the route after the base
    /// path is compared (a gateway may map `/api` to `/`); `%3A` is `:` for telling the
    /// route. breaker46 adds the gateway's own `%3A` for the client's `:`, a 0.3 call moved
    /// off `/v1`, a base path segment repeated and a GET's A2A query parameters dropped or
    /// renamed (`up_url`, the upstream request's URL with its query, when known). Both
    /// exchanges are then kept out of the agent's judgement ([`State::gw_rerouted`]).
    /// `up_untenanted`: the copy's agent has a card declaring no tenant
    /// ([`State::serves_no_tenant`]), so a tenant segment removed is a router's mapping of
    /// tenants to agents, not lost (breaker49).
    pub(super) fn check_route_rewritten(
        &mut self,
        client_id: &str,
        (up_id, up_untenanted): (&str, bool),
        (up_method, up_path, up_tenant_query): (&str, &str, Option<String>),
        up_url: Option<&str>,
        up_version: Option<&str>,
        up_ev: Evidence,
    ) {
        let Some(cx) = self.open.get(client_id) else {
            return;
        };
        if cx
            .call
            .as_ref()
            .is_some_and(|c| c.binding.is_some_and(|b| b != Binding::Rest))
        {
            return;
        }
        // `%3A` is the custom verb's `:`; percent-encoded unreserved characters are the
        // characters themselves (RFC 3986 §6.2.2.2: `/acme%2Dco/` is `/acme-co/`).
        let decode = |p: &str| -> String {
            let p = p.split('?').next().unwrap_or(p);
            if p.contains('%') {
                decode_unreserved(p).replace("%3A", ":").replace("%3a", ":")
            } else {
                p.to_string()
            }
        };
        let cpath = decode(&cx.path);
        let Some(cr) = a2a::rest_route(&cx.method, &cpath) else {
            return;
        };
        if cr.op == Op::GetCard {
            return;
        }
        let upath = decode(up_path);
        let ur = a2a::rest_route(up_method, &upath);
        let client_line = format!("{} {}", cx.method, cx.path);
        let up_line = format!("{up_method} {up_path}");
        // breaker33 G14: the client's path holds an escaped `/` (`%2F`, inside a task id or a
        // tenant) and the upstream path none: the gateway decoded it into a separator.
        let has_2f = |p: &str| {
            p.as_bytes()
                .windows(3)
                .any(|w| w[0] == b'%' && w[1] == b'2' && w[2].eq_ignore_ascii_case(&b'f'))
        };
        let slash_decoded = if has_2f(&cx.path) && !has_2f(up_path) {
            " (the gateway decoded the escaped / (%2F) in a path value into a path separator, so the value became two path segments; RFC 3986 §2.2: %2F is data, not a delimiter)"
        } else {
            ""
        };
        let method_changed = !up_method.eq_ignore_ascii_case(&cx.method);
        let what = match &ur {
            _ if method_changed => Some(format!(
                "with method {} in place of the client's {}{}: REST-001 defines {} with {} only (RFC 9110 §15.4.4: only a 303 turns a POST into a GET, and only the client follows it)",
                up_method.to_ascii_uppercase(),
                cx.method.to_ascii_uppercase(),
                if up_method.eq_ignore_ascii_case("GET") && !cx.req_body.as_slice().is_empty() {
                    " and without the client's body"
                } else {
                    ""
                },
                cr.op.name(),
                cx.method.to_ascii_uppercase()
            )),
            None => Some(format!(
                "which is no A2A route (no agent router matches it){slash_decoded}"
            )),
            Some(u) if u.op != cr.op => Some(format!(
                "which is the route of {}, not {}",
                u.op.name(),
                cr.op.name()
            )),
            Some(u)
                if u.dialect != cr.dialect
                    && cr.dialect == Dialect::V1_0
                    && up_version.is_some_and(|v| v.starts_with('1')) =>
            {
                Some(format!(
                    "under the 0.3 route prefix /v1 while the request still says A2A-Version {}: 1.0 routes have no /v1",
                    up_version.unwrap_or_default()
                ))
            }
            Some(u) if u.dialect != cr.dialect && cr.dialect == Dialect::V0_3 => {
                // breaker46: the 0.3 call moved onto the 1.0 route (`/v1` dropped); without
                // A2A-Version it declares 0.3 (VER-003) on a route that serves 1.0.
                Some(format!(
                    "on the 1.0 route, without the 0.3 route prefix /v1 the client's call has ({}): the agent reads a 0.3 call on a route that serves 1.0 (REST-003: 0.3 routes live under /v1)",
                    match up_version {
                        Some(v) => format!("under A2A-Version {v}"),
                        None => "with no A2A-Version, which declares 0.3 (VER-003)".to_string(),
                    }
                ))
            }
            Some(_) if verb_escaped(&cx.path, up_path) => Some(
                "with the custom verb's `:` percent-encoded (%3A): RFC 3986 §2.2 makes that another URI, and the HTTP mapping the routes come from (google/api/http.proto) reads an escaped `:` as data inside the last path segment, not as the verb, so a router that keeps reserved escapes (grpc-gateway's default) finds no route; only an agent that decodes them first serves it".to_string(),
            ),
            Some(u)
                if u.task_id != cr.task_id
                    && !matches!((&cr.task_id, &u.task_id), (Some(c), Some(a)) if self.gw_id_maps(cx, c, a)) =>
            {
                Some(format!(
                "with task id {} in the path instead of the client's {} (task ids are opaque and case-sensitive){slash_decoded}",
                u.task_id.as_deref().unwrap_or("(none)"),
                cr.task_id.as_deref().unwrap_or("(none)")
            ))
            }
            Some(u) => {
                // The `/{tenant}` segment the card declares, present on the client leg and
                // dropped upstream.
                // Segments compare percent-decoded (REST-001: path values are URL-encoded;
                // a tenant "acme corp" travels as /acme%20corp).
                let last = net::segments(&cr.base)
                    .last()
                    .map(|s| a2a::percent_decode(s));
                let declared = last.filter(|t| self.declares_tenant(cx, t));
                // How often the tenant ends each leg's base: none upstream is the segment
                // dropped; more upstream than on the client leg is it doubled (breaker24
                // T03: a gateway that prefixes the tenant to a path that has it already).
                let trailing = |base: &str, t: &str| {
                    net::segments(base)
                        .iter()
                        .rev()
                        .take_while(|s| a2a::percent_decode(s) == t)
                        .count()
                };
                declared.and_then(|t| {
                    let (kc, ku) = (trailing(&cr.base, &t), trailing(&u.base, &t));
                    if ku == 0 && up_tenant_query.as_deref() == Some(t.as_str()) {
                        // The tenant moved into the query (breaker24 TL5): a GET / DELETE
                        // route reads every field not in its path from the query
                        // (REST-001), so the agent still gets it; a POST route whose body
                        // is the request (body "*") does not.
                        (!matches!(up_method.to_ascii_uppercase().as_str(), "GET" | "DELETE"))
                            .then(|| format!(
                                "with the tenant segment /{t} the card declares moved into the query (?tenant={t}), which a {} route whose body is the request (REST-001, body \"*\") does not read: the agent cannot find a tenant's tasks without it",
                                up_method.to_ascii_uppercase()
                            ))
                    } else if ku == 0 && up_untenanted {
                        // (an agent whose card declares no tenant serves one: a router that
                        // removes the tenant before it maps tenants to agents, breaker49)
                        None
                    } else if ku == 0 {
                        Some(format!(
                            "without the tenant segment /{t} the card declares for the interface (the agent cannot find a tenant's tasks without it){slash_decoded}"
                        ))
                    } else if ku > kc {
                        let (up_run, cl_run) = (format!("/{t}").repeat(ku), format!("/{t}").repeat(kc));
                        Some(format!(
                            "with the tenant segment repeated ({up_run} where the client sent {cl_run}): the agent takes the first /{t} as the tenant and the rest of the path as the route, which no A2A route matches, or looks the tasks up under the wrong tenant"
                        ))
                    } else {
                        None
                    }
                })
                .or_else(|| prefix_doubled(&cr.base, &u.base))
                .or_else(|| query_changed(cr.op, &cx.url, up_url?))
            }
        };
        let Some(what) = what else {
            return;
        };
        let cev = cx.ev(cx.req_ev_seq());
        self.gw_rerouted.push_back(client_id.to_string());
        self.gw_rerouted.push_back(up_id.to_string());
        while self.gw_rerouted.len() > 2 * MAX_PENDING_UP {
            self.gw_rerouted.pop_front();
        }
        self.areas.insert("interop");
        self.find(
            &r::GW_ROUTE_REWRITTEN,
            format!(
                "gateway forwarded the client's {} `{client_line}` upstream as `{up_line}`, {what}: whatever the agent answers there is not the answer to the client's call",
                cr.op.name()
            ),
            vec![cev, up_ev],
            &None,
        );
    }

    /// DATA-SHAPE-006 (ID-003, DATA-003): the client's send names `contextId` / `taskId`
    /// (or `context_id` / `task_id`) at the params level (JSON-RPC `params`, the HTTP+JSON
    /// body), where neither 0.2.x/0.3 `MessageSendParams` nor 1.0 `SendMessageRequest` has
    /// such members, and the message itself does not carry that id: the agent ignores
    /// unknown members, so the follow-up starts a new task and context. gRPC cannot carry
    /// the mistake (no such proto field); 0.1 `tasks/send` names the task in `params.id`
    /// and is not judged here. Reads only members of the already parsed params.
    pub(super) fn ids_outside_message(&mut self, x: &Exch, c: &Call) {
        let who = self.sender(x).noun();
        if c.binding == Some(Binding::Grpc)
            || matches!(
                c.method.as_deref(),
                Some("tasks/send" | "tasks/sendSubscribe")
            )
        {
            return;
        }
        let Json::Object(params) = c.params.json() else {
            return;
        };
        let msg = params_message(c.params.json());
        let mut named: Vec<(String, String)> = Vec::new();
        for (member, on_message) in [
            ("contextId", "contextId"),
            ("context_id", "contextId"),
            ("taskId", "taskId"),
            ("task_id", "taskId"),
        ] {
            let Some(v) = params.get(member).and_then(Json::as_str) else {
                continue;
            };
            if msg.is_some_and(|m| m.get(on_message).is_some()) {
                continue;
            }
            named.push((member.to_string(), format!("{member} {v:?}")));
        }
        if named.is_empty() {
            return;
        }
        let base = c.params_base();
        let (what, holder) = if base.is_empty() {
            ("request body", "message")
        } else {
            ("params", "params.message")
        };
        let ev = named
            .iter()
            .map(|(m, _)| x.ev_at(x.req_ev_seq(), &format!("{base}/{m}"), None))
            .collect();
        let ids = named
            .iter()
            .map(|(_, s)| s.as_str())
            .collect::<Vec<_>>()
            .join(" and ");
        self.find(
            &r::CLIENT_IDS_OUTSIDE_MESSAGE,
            format!(
                "{who}'s {} names {ids} at the {what} level, where A2A defines no such member; a follow-up's ids belong on the message ({holder}.contextId / {holder}.taskId), so an agent that follows the spec ignores them (DATA-003) and starts a new task and context",
                c.method
                    .clone()
                    .unwrap_or_else(|| format!("{} {}", x.method, x.path))
            ),
            ev,
            &x.leg,
        );
    }

    /// Whether client-leg call `x` reached the agent under another protocol version than
    /// it asked for (VER-001, VER-003: a gateway dropped, changed or added `A2A-Version`),
    /// whatever order the two legs' events were recorded in: the pair is made and told
    /// (VER-HDR-002, [`State::ver_stripped_clients`]), or its upstream copy is not paired
    /// yet and asks for another version. Such a copy waits in [`State::pending_up`] (the
    /// client's body was recorded after the copy ended), or is still open (race51: its
    /// request body was recorded after the client's answer, as when the agent refuses the
    /// version from the headers before it reads the body; breaker46 drop-version drew
    /// VER-CARD-001 at load 12). An open copy is an upstream request of `x`'s method and
    /// path tail sent after `x`'s request and before its answer, paired with no other client
    /// call, whose body (once recorded) is `x`'s. Versions compare as VER-HDR-002 does:
    /// major.minor, none (or empty) meaning 0.3. Always `false` on the upstream leg.
    pub(super) fn version_changed_upstream(&self, x: &Exch) -> bool {
        if self.ver_stripped_clients.contains(&x.id) {
            return true;
        }
        if x.leg.is_some() || self.one_leg {
            return false;
        }
        fn minor(v: Option<&str>) -> &str {
            match v.map(str::trim).filter(|v| !v.is_empty()) {
                Some(v) => major_minor(v),
                None => "0.3",
            }
        }
        let asked_version = x.asked_version();
        let asked = minor(asked_version.as_deref());
        let waiting = self.pending_up.iter().any(|p| {
            p.leg.is_some()
                && p.ev.seq > x.req_seq
                && p.method.eq_ignore_ascii_case(&x.method)
                && tail(&p.path) == tail(&x.path)
                && minor(p.version.as_deref()) != asked
        });
        if waiting {
            return true;
        }
        let answered_at = if x.resp_seq > x.req_seq {
            x.resp_seq
        } else {
            u64::MAX
        };
        self.open.values().any(|u| {
            u.leg.is_some()
                && u.req_seq > x.req_seq
                && u.req_seq < answered_at
                && u.method.eq_ignore_ascii_case(&x.method)
                && tail(&u.path) == tail(&x.path)
                && minor(u.asked_version().as_deref()) != asked
                && !self.gw_pairs.iter().any(|p| *p.up == *u.id)
                && (u.req_body.as_slice().is_empty()
                    || same_forwarded_body(x.req_body.as_slice(), u.req_body.as_slice())
                    || same_forwarded_send(x.req_body.as_slice(), u.req_body.as_slice()))
        })
    }

    /// Whether exchange `id` is a client-leg call (or its upstream copy) whose route the
    /// gateway rewrote (GW-REQ-002): the agent's answer is not judged as an answer to it.
    pub(super) fn gw_rerouted(&self, id: &str) -> bool {
        !self.gw_rerouted.is_empty() && self.gw_rerouted.iter().any(|x| x == id)
    }

    /// A client-leg request and its upstream copy are paired: remembers the pair
    /// ([`State::gw_pairs`]) and compares the A2A headers the gateway passed on
    /// (`A2A-Version`: VER-HDR-002; `A2A-Extensions`: GW-HDR-001). The copy's JSON-RPC id
    /// comes with the generation it was translated into ([`translated_twin`], breaker47),
    /// `None` when it is the client's call in the client's own generation.
    pub(super) fn compare_version(
        &mut self,
        client: DoneRequest,
        uv: Option<String>,
        up_ext: Option<Vec<String>>,
        (up_rpc_id, translated): (Option<Value>, Option<Dialect>),
        up_ev: Evidence,
        up_leg: Option<String>,
    ) {
        self.ver_stripped_done.insert(str::to_string(&client.0));
        if let Some(up_id) = up_ev.exchange.clone() {
            self.gw_pairs.push_back(GwPair {
                client: str::to_string(&client.0),
                up: up_id,
                up_rpc_id,
                up_seq: up_ev.seq,
                up_message_id: None,
            });
            if self.gw_pairs.len() > MAX_PENDING_UP {
                if let Some(old) = self.gw_pairs.pop_front() {
                    self.gw_ended.remove(&old.client);
                }
            }
        }
        // EXT-001: extension URIs the client asked for that never reach the agent.
        if let Some(ce) = client.6.as_deref() {
            let lost: Vec<&str> = ce
                .iter()
                .filter(|u| !up_ext.as_deref().is_some_and(|ue| ue.contains(u)))
                .map(String::as_str)
                .collect();
            if !lost.is_empty() {
                let how = if up_ext.is_none() {
                    "the upstream leg carries no A2A-Extensions header".to_string()
                } else {
                    format!(
                        "the upstream leg names only {}",
                        up_ext.as_deref().unwrap_or_default().join(", ")
                    )
                };
                let msg = format!(
                    "gateway dropped extension {} the client requested in A2A-Extensions: {how}, so the agent never activates it",
                    lost.join(", ")
                );
                let ev = vec![
                    Evidence {
                        seq: client.5,
                        exchange: Some(str::to_string(&client.0)),
                        pointer: None,
                        found: Some(Value::String(ce.join(", "))),
                    },
                    up_ev.clone(),
                ];
                // depth51: told once the answers say the copy was a relay, not the
                // front's own call (an orchestrator's, which owes its delegate none of its
                // client's extensions)
                match up_ev.exchange.clone() {
                    Some(up) => self.hold_gw(
                        &r::GW_EXTENSIONS_STRIPPED,
                        str::to_string(&client.0),
                        up,
                        msg,
                        ev,
                    ),
                    None => self.find(&r::GW_EXTENSIONS_STRIPPED, msg, ev, &None),
                }
            }
        }
        // breaker47: a gateway that translates the call into another generation speaks
        // that generation's header upstream (1.0 under A2A-Version 1.0, 0.3 with none or
        // 0.3, VER-003): the header changed with the method, which is no stripped version
        if let Some(up_gen) = translated {
            let minor = uv.as_deref().map(major_minor).filter(|v| !v.is_empty());
            let fits = match up_gen {
                Dialect::V1_0 => minor == Some("1.0"),
                _ => minor.is_none() || minor == Some("0.3"),
            };
            if fits {
                return;
            }
        }
        // VER-003: a missing or empty A2A-Version means 0.3. A gateway that adds another
        // version upstream to a client's header-less call changes the declared version as
        // much as one that strips it (CASE-19 the other way round, breaker14 P9); adding
        // `0.3` only makes the implicit version explicit.
        let Some(cv) = client.4.as_deref().filter(|v| !v.trim().is_empty()) else {
            let Some(u) = uv.as_deref().map(str::trim).filter(|u| !u.is_empty()) else {
                return;
            };
            if major_minor(u) == "0.3" {
                return;
            }
            self.ver_stripped_clients.push_back(client.0.clone());
            if self.ver_stripped_clients.len() > MAX_PENDING_UP {
                self.ver_stripped_clients.pop_front();
            }
            self.find(
                &r::VER_HEADER_STRIPPED,
                format!(
                    "gateway added header A2A-Version {u} on the upstream leg to a client call that sent none (which declares 0.3, VER-003): the agent judges the client's call as {u}"
                ),
                vec![
                    Evidence::event(client.5, str::to_string(&client.0)),
                    up_ev,
                ],
                &up_leg,
            );
            return;
        };
        if uv.as_deref() != Some(cv) {
            let msg = match uv.as_deref() {
                None => {
                    format!(
                        "header A2A-Version {cv} sent by the client is missing on the upstream leg"
                    )
                }
                Some(u) => {
                    format!("header A2A-Version {cv} sent by the client arrives upstream as {u}")
                }
            };
            self.ver_stripped_clients.push_back(client.0.clone());
            if self.ver_stripped_clients.len() > MAX_PENDING_UP {
                self.ver_stripped_clients.pop_front();
            }
            self.find(
                &r::VER_HEADER_STRIPPED,
                msg,
                vec![
                    Evidence {
                        seq: client.5,
                        exchange: Some(str::to_string(&client.0)),
                        pointer: None,
                        found: Some(Value::String(cv.to_string())),
                    },
                    up_ev,
                ],
                &up_leg,
            );
        }
    }

    /// Records the dialect an exchange used (the per-exchange list keeps the first
    /// [`MAX_EXCHANGE_DIALECTS`] exchanges; the set of dialects is complete).
    pub(super) fn note_dialect(&mut self, xid: &ExchangeId, d: Dialect) {
        self.note_dialect_label(xid, d.as_str());
    }

    /// Counts one call exchange of A2A version `version` (`"1.0"`, `"0.3"`, ...) over
    /// `binding` (JSON-RPC, HTTP+JSON, gRPC: the spec's names) for the outcome's
    /// [`super::super::VerifyOutcome::bindings`]. Card fetches are no binding's calls.
    /// Also per leg (`leg`: the exchange's, `None` for the client-facing hop) for the
    /// outcome's `leg_bindings`, at most [`MAX_BINDING_LEGS`] legs.
    pub(super) fn note_binding(
        &mut self,
        leg: &Option<String>,
        version: &'static str,
        binding: Binding,
    ) {
        let name = binding_name(binding);
        *self.bindings.entry((version, name)).or_insert(0) += 1;
        let leg = leg.as_deref().unwrap_or("client");
        // a walk of the few entries (at most MAX_BINDING_LEGS * 8, most recordings 1-3),
        // not a `String` made per call to look one up (perf52)
        if let Some((_, n)) = self
            .leg_bindings
            .iter_mut()
            .find(|((l, v, b), _)| l == leg && *v == version && *b == name)
        {
            *n += 1;
        } else if self.leg_bindings.len() < MAX_BINDING_LEGS * 8 {
            self.leg_bindings
                .insert((leg.to_string(), version, name), 1);
        }
    }

    /// Counts call exchange `x` as A2A version `d` over binding `b` ([`Self::note_dialect`],
    /// [`Self::note_binding`]) once: read again (an early answer's request body came after
    /// the response head), it moves from what it was counted under to what the new reading
    /// says, or stays. The set of dialects seen keeps a first reading's dialect.
    pub(super) fn count_call(&mut self, x: &mut Exch, d: Dialect, b: Binding) {
        match x.counted {
            Some(k) if k == (d, b) => return,
            Some((d0, b0)) => {
                let name = binding_name(b0);
                if let Some(n) = self.bindings.get_mut(&(d0.as_str(), name)) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        self.bindings.remove(&(d0.as_str(), name));
                    }
                }
                let key = (
                    x.leg.as_deref().unwrap_or("client").to_string(),
                    d0.as_str(),
                    name,
                );
                if let Some(n) = self.leg_bindings.get_mut(&key) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        self.leg_bindings.remove(&key);
                    }
                }
                // its entry in the per-exchange list takes the new dialect
                if let Some(e) = self
                    .exchange_dialects
                    .iter_mut()
                    .rev()
                    .find(|e| e.0 == x.id)
                {
                    e.1 = d.as_str();
                }
                self.dialects.insert(d.as_str());
                self.note_binding(&x.leg, d.as_str(), b);
            }
            None => {
                self.note_dialect(&x.id, d);
                self.note_binding(&x.leg, d.as_str(), b);
            }
        }
        x.counted = Some((d, b));
    }

    /// Records a dialect label (`"1.0"`, or `"1.0 gRPC"` / `"0.3 gRPC"` for the gRPC
    /// binding) for the outcome's `dialects` and `exchange_dialects`.
    pub(super) fn note_dialect_label(&mut self, xid: &ExchangeId, label: &'static str) {
        self.dialects.insert(label);
        if self.exchange_dialects.len() < MAX_EXCHANGE_DIALECTS {
            self.exchange_dialects.push((xid.clone(), label));
        }
    }
}

impl State {
    /// DATA-PARAM-007 (DATA-003, DATA-001): the first member of 1.0 request `c` (JSON-RPC
    /// `params`, an HTTP+JSON POST body, or, for a GET / DELETE, an HTTP+JSON query
    /// parameter) that the operation's request message does not define
    /// ([`a2a::v1_request_members`]) and whose name is another API's word for a member it
    /// does define ([`a2a::v1_request_member_alias`]: `limit` for `pageSize`, `cursor` for
    /// `pageToken`): the client evidently meant that member. Any other unknown member is a
    /// newer client's field, which DATA-003 tells the agent to ignore: not judged. Not for
    /// gRPC (its binary request has no such members), the prober's deliberate negative
    /// calls, a request already judged for the client, a proto field name
    /// (`page_size`: DATA-SHAPE-002's) or a JSON-RPC call without object params.
    fn unknown_request_member(&mut self, x: &Exch, c: &Call) {
        let Some(op) = c.op else { return };
        let Some(members) = a2a::v1_request_members(op) else {
            return;
        };
        if c.binding == Some(Binding::Grpc) || c.binding.is_none() || x.probe_negative() {
            return;
        }
        let known = |k: &str| {
            members.contains(&k)
                || (k.contains('_') && members.iter().any(|m| a2a::snake_to_camel_eq(k, m)))
        };
        let rest = c.binding == Some(Binding::Rest);
        let get_like = rest && matches!(x.method.as_str(), "GET" | "DELETE");
        // (name, JSON Pointer or None for a query parameter)
        let hit: Option<(String, Option<String>)> = if get_like {
            query_of(&x.url).and_then(|q| {
                q.split('&').find_map(|kv| {
                    let k = kv.split_once('=').map_or(kv, |(k, _)| k);
                    let k = a2a::percent_decode(k);
                    (!known(&k) && a2a::v1_request_member_alias(&k, members).is_some())
                        .then(|| (k.to_string(), None))
                })
            })
        } else {
            let base = if rest { "" } else { "/params" };
            c.params.as_object().and_then(|o| {
                o.keys()
                    .find(|k| !known(k) && a2a::v1_request_member_alias(k, members).is_some())
                    .map(|k| (k.to_string(), Some(format!("{base}/{k}"))))
            })
        };
        let Some((name, ptr)) = hit else { return };
        // After the hit, not before: a walk of the latest findings per 1.0 request
        // (~2.4k instructions on the bench's, docs/performance.md "Session 38 (lead)").
        if self.request_faulted(x) {
            return;
        }
        let message = match op {
            Op::SendMessage | Op::SendStreamingMessage => "SendMessageRequest",
            Op::GetTask => "GetTaskRequest",
            Op::ListTasks => "ListTasksRequest",
            Op::CancelTask => "CancelTaskRequest",
            Op::SubscribeToTask => "SubscribeToTaskRequest",
            Op::CreatePushConfig => "TaskPushNotificationConfig",
            Op::GetPushConfig => "GetTaskPushNotificationConfigRequest",
            Op::ListPushConfigs => "ListTaskPushNotificationConfigsRequest",
            Op::DeletePushConfig => "DeleteTaskPushNotificationConfigRequest",
            Op::GetExtendedCard | Op::GetCard => "GetExtendedAgentCardRequest",
        };
        // Whether the member meant is sent too (in the query, for a GET / DELETE).
        let sent = |m: &str| {
            if get_like {
                query_param(&x.url, m).is_some()
            } else {
                c.params.get(m).is_some_and(|v| !v.is_null())
            }
        };
        let instead = match a2a::v1_request_member_alias(&name, members) {
            Some(m) if !sent(m) => {
                format!(" and the member for what it asks is {m}, which it does not send")
            }
            Some(m) => format!(" (the member for what it asks is {m})"),
            None => String::new(),
        };
        let place = match &ptr {
            Some(_) if rest => "in its body".to_string(),
            Some(_) => "in its params".to_string(),
            None => format!("as a query parameter of {} {}", x.method, x.path),
        };
        let msg = format!(
            "{}'s 1.0 {} request carries {name} {place}, which {message} does not define{instead}: the agent ignores an unknown member (DATA-003) and answers as if it were not sent, or a strict ProtoJSON agent refuses the call ({message}'s members: {})",
            self.sender(x).noun(),
            c.op_term(op.name()),
            members.join(", ")
        );
        let ev = match &ptr {
            Some(p) => x.ev_at(x.req_ev_seq(), p, None),
            None => x.ev(x.req_seq),
        };
        self.find(&r::DATA_PARAM_UNKNOWN_MEMBER, msg, vec![ev], &x.leg);
    }
}

/// Whether an upstream answer of HTTP `status` refuses a message send before the agent ran
/// it, so the gateway may send the call on (GW-REQ-001 is not told): 404 (no A2A route, or
/// on HTTP+JSON TaskNotFoundError), 405 (no POST there), 421 (misdirected: RFC 9110
/// §15.5.20 lets any request be retried), 429 (RFC 6585 §4: too many requests, refused with
/// a Retry-After) and 503 (RFC 9110 §15.6.4: the server is unable to handle the request
/// now; ambiguous when an inner proxy says it after forwarding, so the legal reading wins).
fn refused_unrun(status: Option<u16>) -> bool {
    matches!(status, Some(404 | 405 | 421 | 429 | 503))
}

/// Whether a gateway percent-encoded the custom verb's `:` (`/message:send` ->
/// `/message%3Asend`): the client's path (query stripped) has no `%3A` and the upstream
/// path has one (breaker46 `colon-encoded`; GW-REQ-002).
fn verb_escaped(client_path: &str, up_path: &str) -> bool {
    let escaped = |p: &str| {
        a2a::before_query(p)
            .as_bytes()
            .windows(3)
            .any(|w| w[0] == b'%' && w[1] == b'3' && w[2].eq_ignore_ascii_case(&b'a'))
    };
    !escaped(client_path) && escaped(up_path)
}

/// GW-REQ-002 (breaker46 `prefix-doubled`): the upstream base path ends in the client
/// base's last segment more often than the client's (`/rest` -> `/rest/rest`): the agent
/// takes the extra segment for a `/{tenant}` (1.0 §11: every route is served under one
/// too) or finds no route. A gateway that maps one base onto another (`/a2a/rest` ->
/// `/rest`) repeats nothing and is left alone.
fn prefix_doubled(client_base: &str, up_base: &str) -> Option<String> {
    let segs = net::segments(client_base);
    let last = segs.last()?;
    let trailing = |base: &str| {
        net::segments(base)
            .iter()
            .rev()
            .take_while(|s| s == &last)
            .count()
    };
    let (kc, ku) = (trailing(client_base), trailing(up_base));
    (ku > kc).then(|| {
        format!(
            "with the path prefix segment /{last} repeated ({} where the client's interface has {}): the agent takes the extra /{last} for a tenant (1.0 §11 serves every route under /{{tenant}} too) or finds no route",
            format!("/{last}").repeat(ku),
            format!("/{last}").repeat(kc)
        )
    })
}

/// The A2A request fields a GET route reads from its query (REST-001: fields not in the
/// path travel as camelCase query parameters).
const QUERY_FIELDS: [&str; 7] = [
    "historyLength",
    "pageSize",
    "pageToken",
    "contextId",
    "status",
    "statusTimestampAfter",
    "includeArtifacts",
];

/// GW-REQ-002 (breaker46 `query-dropped`, `query-snake`): a GET call's A2A query
/// parameters ([`QUERY_FIELDS`]) the gateway did not pass on as the client sent them:
/// dropped, or renamed (`historyLength` -> `history_length`). Values compare
/// percent-decoded; parameters that are no A2A field (a gateway's own, an API key it
/// consumed) are not compared. `None` when every field arrived.
fn query_changed(op: Op, client_path: &str, up_path: &str) -> Option<String> {
    if !matches!(op, Op::GetTask | Op::ListTasks) {
        return None;
    }
    let params = |p: &str| -> Vec<(String, String)> {
        p.split_once('?')
            .map(|(_, q)| q)
            .unwrap_or("")
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| {
                let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                (a2a::percent_decode(k), a2a::percent_decode(v))
            })
            .collect()
    };
    let (cq, uq) = (params(client_path), params(up_path));
    let fold = |k: &str| k.replace('_', "").to_ascii_lowercase();
    let mut lost: Vec<String> = Vec::new();
    for (k, v) in cq
        .iter()
        .filter(|(k, _)| QUERY_FIELDS.contains(&k.as_str()))
    {
        if uq.iter().any(|(uk, uv)| uk == k && uv == v) {
            continue;
        }
        match uq.iter().find(|(uk, _)| uk != k && fold(uk) == fold(k)) {
            Some((uk, uv)) => lost.push(format!("{k}={v} renamed to {uk}={uv}")),
            None => match uq.iter().find(|(uk, _)| uk == k) {
                Some((_, uv)) => lost.push(format!("{k}={v} changed to {k}={uv}")),
                None => lost.push(format!("{k}={v} dropped")),
            },
        }
    }
    (!lost.is_empty()).then(|| {
        format!(
            "with the client's query parameter{} {} (REST-001: a GET's fields travel as camelCase query parameters; the agent answered a request the client did not make)",
            if lost.len() == 1 { "" } else { "s" },
            lost.join(", ")
        )
    })
}

/// What kind of non-idempotent call a gateway sent upstream twice (GW-REQ-001).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Retried {
    /// A message send (each copy may run the work).
    Send,
    /// A cancel (the second copy is refused, TaskNotCancelableError).
    Cancel,
    /// A push notification config create naming no config id (each copy creates one).
    PushCreate,
}

/// Whether a push notification config create's body names the config's id (1.0 flat `id`
/// in JSON-RPC `params` or the HTTP+JSON body, `config.id`; 0.x
/// `pushNotificationConfig.id`): then a second copy sets that config again, the same state
/// twice, and is no duplicate (open47).
fn push_create_names_config(body: &[u8]) -> bool {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(body) else {
        return false;
    };
    // a JSON-RPC body's own `id` is the request's, not the config's
    let p = match v.get("params") {
        Some(p) => p,
        None if v.get("jsonrpc").is_some() => return false,
        None => &v,
    };
    let named = |x: Option<&serde_json::Value>| {
        x.and_then(serde_json::Value::as_str)
            .is_some_and(|s| !s.is_empty())
    };
    named(p.get("id"))
        || named(p.pointer("/config/id"))
        || named(p.pointer("/pushNotificationConfig/id"))
}

/// The spec's name of binding `b` as the outcome's `bindings` spell it.
fn binding_name(b: Binding) -> &'static str {
    match b {
        Binding::JsonRpc => "JSON-RPC",
        Binding::Rest => "HTTP+JSON",
        Binding::Grpc => "gRPC",
    }
}

impl State {
    /// Remembers the push config of call `c` (exchange `x`) whose webhook `url` sits at
    /// `ptr` in its params (PUSH-002, PUSH-006): for webhook detection (a later POST to that
    /// URL is a delivery), its token and credentials (PUSH-AUTH-*), the agent it was given
    /// to. Called from the call's request checks at its response head, and earlier for a
    /// config inline in a send still waiting for its answer when a delivery to its URL
    /// comes ([`Self::register_inline_push_of_open_sends`], open49 item 5); the second
    /// registration of one exchange replaces the first's secret and keeps what the
    /// deliveries in between settled (capability judged, a missing token told).
    pub(super) fn register_push_config(
        &mut self,
        x: &Exch,
        c: &Call,
        (ptr, url): (String, String),
    ) {
        // Userinfo is not part of the delivery's request URL (the agent's HTTP client
        // sends it as Authorization: Basic): key configs without it.
        let url = webhook_key(&url).into_owned();
        self.areas.insert("push");
        let origin = x.parts.as_ref().map(|p| (p.origin(), p.path.clone()));
        let creds = push_config_has_credentials(c, &ptr);
        if !self.push_urls.contains_key(&url) {
            self.push_order.push_back(url.clone());
            if self.push_order.len() > MAX_PUSH_URLS {
                if let Some(old) = self.push_order.pop_front() {
                    self.push_urls.remove(&old);
                    self.push_secrets.remove(&old);
                    self.push_secrets_full.remove(&old);
                    self.push_forgotten = true;
                }
            }
        }
        let mut secret = push_config_secret(c, &ptr);
        secret.origin = x.origin.clone();
        secret.xid = str::to_string(&x.id);
        secret.ptr = ptr.clone();
        secret.span = (x.req_seq, x.resp_seq.max(x.req_seq));
        secret.leg = x.leg.as_deref().map(str::to_string);
        secret.scope = x.scope.clone();
        self.check_push_config_relayed(&url, &secret);
        let list = self.push_secrets.entry(url.clone()).or_default();
        // the same exchange registered early (its inline config, before its answer)
        let early = list
            .iter()
            .position(|s| s.xid == secret.xid && s.ptr == secret.ptr);
        if let Some(i) = early {
            list[i] = secret;
        } else if list.len() < MAX_PUSH_SECRETS {
            if !list.contains(&secret) {
                list.push(secret);
            }
        } else {
            self.push_secrets_full.insert(url.clone());
        }
        if self.push_url_scope.len() < MAX_PUSH_URLS || self.push_url_scope.contains_key(&url) {
            self.push_url_scope
                .insert(url.clone(), (x.scope.clone(), x.leg.clone()));
        }
        // deliveries the agent made before this answer (a config inline in a blocking
        // send): the webhook was called (newcomer48)
        if self.recent_posts.iter().any(|(seq, k)| {
            *seq > x.req_seq && (*k == url || k.split(['?', '#']).next() == Some(url.as_str()))
        }) && self.push_reached.len() < MAX_PUSH_URLS
        {
            self.push_reached.insert(url.clone());
        }
        let settled = match (early, self.push_urls.get(&url)) {
            (Some(_), Some(p)) => (p.2, p.4),
            _ => (false, false),
        };
        self.push_urls
            .insert(url, (c.dialect, origin, settled.0, creds, settled.1));
    }

    /// Before delivery `x` (a POST with a body to a URL no config names yet) is read as a
    /// call: the inline push configs of sends still open without an answer head (a
    /// blocking send whose agent delivers while it works: the a2a-sdk with
    /// `configuration.pushNotificationConfig` / `taskPushNotificationConfig`, open49 item 5)
    /// whose webhook URL is `x`'s are registered now ([`Self::register_push_config`]), so
    /// `x` is judged as the delivery it is (PUSH-AUTH-*, PUSH-BODY-001, PUSH-DELIV-*),
    /// as a delivery after the answer is. Only JSON-RPC and HTTP+JSON sends whose body
    /// names a push config are parsed; a config's task is known from the answer only.
    pub(super) fn register_inline_push_of_open_sends(&mut self, x: &Exch) {
        // (`x` itself is taken out of the open exchanges while its call is built)
        if self.open.len() == 0 {
            return;
        }
        let key = self.delivery_key(&x.url);
        let cut = key.split(['?', '#']).next().unwrap_or(&key).to_string();
        let mut found: Vec<String> = Vec::new();
        // at most the first 256 open exchanges are looked at (a busy proxy holds many)
        for y in self.open.values().take(256) {
            if y.id == x.id
                || y.status.is_some()
                || y.call.is_some()
                || y.grpc.is_some()
                || !y.method.eq_ignore_ascii_case("POST")
                || y.req_seq >= x.req_seq
            {
                continue;
            }
            let Some(b) = y.req_decoded() else { continue };
            // the URL as written, or a body with JSON escapes (`https:\/\/...` is the same
            // URL, RFC 8259 §7): the call is read whole below either way
            if contains(&b, b"ushNotification")
                && (contains(&b, cut.as_bytes()) || contains(&b, b"\\"))
            {
                found.push(str::to_string(&y.id));
            }
            if found.len() >= 8 {
                break;
            }
        }
        for id in found {
            let Some((t, mut y)) = self.open.take(&id) else {
                continue;
            };
            if let Some(c) = inline_send_call(&y) {
                if let Some(push) = push_url_of(&c) {
                    if webhook_key(&push.1) == key.as_str() || webhook_key(&push.1) == cut.as_str()
                    {
                        y.scope = self.agent_scope(&y);
                        self.register_push_config(&y, &c, push);
                    }
                }
            }
            self.open.put(t, y);
        }
    }
}

/// A send of exchange `y` read from its request alone, for its inline push config
/// ([`State::register_inline_push_of_open_sends`]): a JSON-RPC `SendMessage` /
/// `SendStreamingMessage` / `message/send` / `message/stream` / 0.1 `tasks/send` (params),
/// or an HTTP+JSON `message:send` / `message:stream` route (the body); `None` otherwise.
fn inline_send_call(y: &Exch) -> Option<Call> {
    let body = y.req_decoded()?;
    let mut c = Call::default();
    match parse_request_owned(&body) {
        RequestParse::Request { method, params, .. } => {
            let (op, d) = method_op(&method)?;
            c.binding = Some(Binding::JsonRpc);
            c.method = Some(method);
            c.op = Some(op);
            c.dialect = Some(d);
            c.params = Params::owned(params);
        }
        _ => {
            let route = rest_route(&y.method, &y.path)?;
            c.binding = Some(Binding::Rest);
            c.op = Some(route.op);
            c.params = Params::owned(Json::parse_owned(&body).ok()?);
        }
    }
    matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)).then_some(c)
}

/// An `A2A-Version` value's major.minor (`1.0.2` -> `1.0`, `1` -> `1`), trimmed: versions
/// compare at that depth (VER-001: the header is `Major.Minor`; a patch number a sender
/// adds names no other protocol).
fn major_minor(v: &str) -> &str {
    let v = v.trim();
    match v.match_indices('.').nth(1) {
        Some((i, _)) => &v[..i],
        None => v,
    }
}

/// VER-001 (a2a-java PR #709, mine56b f1249 / f1257): the clause a VER-MIX-002 finding on a
/// call without A2A-Version adds when the call carries the pre-1.0 drafts' header name
/// instead, `X-A2A-Version` (gRPC metadata `x-a2a-version`): "; its X-A2A-Version: 1.0 is
/// the pre-1.0 drafts' name for A2A-Version, which a 1.0 agent does not read". `name` is the
/// header's right spelling for the binding ("A2A-Version", or "a2a-version" for gRPC
/// metadata); "" when the call has no such header.
fn old_version_header(x: &Exch, name: &str) -> String {
    let Some(v) = x.req_headers.get("x-a2a-version") else {
        return String::new();
    };
    let shown = if name == "a2a-version" {
        "x-a2a-version"
    } else {
        "X-A2A-Version"
    };
    format!(
        "; its {shown}: {} is the pre-1.0 drafts' name for {name}, which a 1.0 agent does not read",
        v.trim()
    )
}

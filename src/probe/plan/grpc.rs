/*!
The plan's gRPC binding (GRPC-001; 1.0 `lf.a2a.v1.A2AService`, a2aproject/A2A v1.0.1
`specification/a2a.proto`; 0.3 `a2a.v1.A2AService`): the same tests as JSON-RPC and
HTTP+JSON, sent as gRPC calls through the same recording pipeline, so the verifier judges
the probe's gRPC calls with its GRPC-, ERR-, TASK- and STREAM- rules exactly as it judges
passive gRPC traffic, and its findings decide the tests' verdicts ([`super::super::merge_findings`]).

Design: the HTTP+JSON 1.0 binding *is* ProtoJSON of the proto's messages (and 0.3 REST is
ProtoJSON of the 0.3 proto), so a gRPC call takes the plan's HTTP+JSON request body as it
stands: [`grpc_request`] moves it into the method's request message (the tenant in it for
1.0, CARD-008; 0.3 names a task `tasks/{id}`), [`crate::model::grpc::encode_request`]
encodes it with the descriptor pool the verifier decodes recorded gRPC with, and
[`super::super::transport::Transport::send_h2`] sends it as one HTTP/2 request with prior
knowledge (`POST /<service>/<Method>`, `content-type: application/grpc`, `te: trailers`,
`a2a-version` and the credentials as metadata, the 5-byte length-prefixed message) to the
recording listener, which speaks HTTP/2 to the agent. [`grpc_rpc`] reads the answer back
into the plan's view, the one HTTP+JSON answers take ([`super::rest_rpc`]): the response
messages decoded to ProtoJSON, a unary success as `result`, an A2A error (a non-OK
`grpc-status`, from the trailers or a Trailers-Only head, with the `google.rpc.ErrorInfo`
reason of `grpc-status-details-bin`, ERR-005) as `error` with the JSON-RPC code of its
reason, else of its status (ERR-002's gRPC column), and a streaming call's messages as the
stream's events ([`GrpcAnswer::messages`]), its closing status as the stream's end.

A bare `UNIMPLEMENTED` (no ErrorInfo) is gRPC's own answer to a method or service the
server does not register, not an A2A error: an interface answering it to `GetTask` does not
serve A2A there. `UNAUTHENTICATED` / `PERMISSION_DENIED` read as HTTP 401 / 403 (gRPC's
mapping of those statuses, PROTOCOL-HTTP2.md), which the plan's credential checks read.

An interface `url` written as a gRPC target (`host:port`, `dns:///host:port`) is called
over h2c when the card was fetched over plain HTTP and over TLS when it was fetched over
HTTPS ([`grpc_target`]); an `http://` / `https://` URL as written.
*/

use bytes::Bytes;
use http::Method;
use serde_json::{json, Value};
use url::Url;

use super::super::card::Binding;
use super::super::dialect::{Dialect, Op};
use super::super::transport::{ProbeRequest, ProbeResponse};
use super::{CallError, Rpc, Runner, Target};
use crate::model::grpc::{self as wire, GrpcRoute, Side};

/// The gRPC method of `op` in `d`'s `A2AService` (GRPC-001): 1.0 names them as its
/// JSON-RPC methods; 0.3 says `TaskSubscription` and `ListTaskPushNotificationConfig` and
/// has no `ListTasks`. `None` for an operation the version's service lacks.
pub(super) fn grpc_method(d: Dialect, op: Op) -> Option<&'static str> {
    Some(match (d, op) {
        (_, Op::Send) => "SendMessage",
        (_, Op::Stream) => "SendStreamingMessage",
        (_, Op::Get) => "GetTask",
        (_, Op::Cancel) => "CancelTask",
        (Dialect::V1_0, Op::Subscribe) => "SubscribeToTask",
        (Dialect::V0_3, Op::Subscribe) => "TaskSubscription",
        (Dialect::V1_0, Op::List) => "ListTasks",
        (Dialect::V0_3, Op::List) => return None,
        (_, Op::CreatePush) => "CreateTaskPushNotificationConfig",
        (_, Op::GetPush) => "GetTaskPushNotificationConfig",
        (Dialect::V1_0, Op::ListPush) => "ListTaskPushNotificationConfigs",
        (Dialect::V0_3, Op::ListPush) => "ListTaskPushNotificationConfig",
        (_, Op::DeletePush) => "DeleteTaskPushNotificationConfig",
    })
}

/// The gRPC service of `d` (`lf.a2a.v1.A2AService`, `a2a.v1.A2AService`).
fn service(d: Dialect) -> &'static str {
    match d {
        Dialect::V1_0 => wire::SERVICE_1_0,
        Dialect::V0_3 => wire::SERVICE_0_3,
    }
}

/// The route of `method` on `d`'s service (`/lf.a2a.v1.A2AService/GetTask`).
pub(super) fn route_of(d: Dialect, method: &str) -> Option<GrpcRoute> {
    wire::grpc_route(&format!("/{}/{method}", service(d)))
}

/// The request message (ProtoJSON) of `op` from the plan's HTTP+JSON-shaped `params`: 1.0
/// takes them as they are, with the interface's `tenant` (CARD-008); 0.3 names a task by
/// resource name (`GetTaskRequest.name = "tasks/{id}"`, 0.3 proto), its SendMessageRequest
/// being the 0.3 REST body already ([`Runner::send_params`]).
pub(super) fn grpc_request(d: Dialect, op: Op, params: &Value, tenant: Option<&str>) -> Value {
    let mut p = params.clone();
    match d {
        Dialect::V1_0 => {
            if let (Some(t), Some(o)) = (tenant, p.as_object_mut()) {
                o.insert("tenant".into(), json!(t));
            }
            p
        }
        Dialect::V0_3 => {
            let id = params.get("id").and_then(Value::as_str).unwrap_or("");
            match op {
                Op::Get => {
                    let mut r = json!({"name": format!("tasks/{id}")});
                    if let Some(n) = params.get("historyLength") {
                        r["historyLength"] = n.clone();
                    }
                    r
                }
                Op::Cancel | Op::Subscribe => json!({"name": format!("tasks/{id}")}),
                _ => p,
            }
        }
    }
}

/// `url` of a GRPC interface as the probe calls it: an `http://` / `https://` URL as
/// written, `grpc://` as `http://` and `grpcs://` as `https://`; a gRPC target without a
/// scheme (`host:port`, `dns:///host:port`, `dns:host:port`; gRPC naming) with the scheme
/// of the probed card's URL `base` (a card served over TLS sends its clients to TLS).
/// `None` for anything else.
pub(super) fn grpc_target(url: &str, base: &Url) -> Option<Url> {
    let lower = url.to_ascii_lowercase();
    for (from, to) in [("grpc://", "http://"), ("grpcs://", "https://")] {
        if lower.starts_with(from) {
            return Url::parse(&format!("{to}{}", &url[from.len()..])).ok();
        }
    }
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return Url::parse(url).ok();
    }
    let t = url
        .strip_prefix("dns:///")
        .or_else(|| url.strip_prefix("dns:"))
        .unwrap_or(url);
    let (host, port) = t.rsplit_once(':')?;
    if host.is_empty()
        || host.contains(['/', '@', ' ', '?', '#'])
        || port.is_empty()
        || !port.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let scheme = if base.scheme() == "https" {
        "https"
    } else {
        "http"
    };
    Url::parse(&format!("{scheme}://{host}:{port}/")).ok()
}

/// What one gRPC call answered, read from the HTTP/2 response (GRPC-001, ERR-005).
#[derive(Clone, Debug, Default)]
pub(super) struct GrpcAnswer {
    /// `grpc-status` of the trailers, or of a Trailers-Only head; `None` when neither
    /// carries one (an answer cut short, or no gRPC answer at all).
    pub status: Option<u32>,
    /// `grpc-message`, percent-decoded.
    pub message: Option<String>,
    /// The `google.rpc.ErrorInfo.reason` of `grpc-status-details-bin` (`TASK_NOT_FOUND`).
    pub reason: Option<String>,
    /// Each response message decoded to ProtoJSON, in order.
    pub messages: Vec<Value>,
    /// Why messages did not decode, or the framing broke (the verifier's GRPC-FRAME-001).
    pub unreadable: Vec<String>,
    /// The answer's head said `application/grpc*`.
    pub grpc_content: bool,
}

impl GrpcAnswer {
    /// `gRPC NOT_FOUND TASK_NOT_FOUND: task x not found`, or `no grpc-status` when none came.
    pub fn status_words(&self) -> String {
        let Some(code) = self.status else {
            return "no grpc-status".into();
        };
        let mut s = format!("gRPC {}", wire::code_name(code));
        if let Some(r) = &self.reason {
            s.push(' ');
            s.push_str(r);
        }
        if let Some(m) = self.message.as_deref().filter(|m| !m.trim().is_empty()) {
            let m: String = m.chars().take(160).collect();
            s.push_str(": ");
            s.push_str(m.trim());
        }
        s
    }

    /// A non-OK status that is an A2A error: any but `OK`, and a bare `UNIMPLEMENTED` (no
    /// ErrorInfo: gRPC's own answer to an unregistered method), `UNAUTHENTICATED` and
    /// `PERMISSION_DENIED` (the credentials, read as HTTP 401 / 403).
    fn a2a_error(&self) -> bool {
        match self.status {
            None | Some(0) | Some(7) | Some(16) => false,
            Some(12) => self.reason.is_some(),
            Some(_) => true,
        }
    }
}

/// The JSON-RPC code of a gRPC A2A error: from its ErrorInfo `reason` (ERR-003, the same
/// table as HTTP+JSON), else from its status (ERR-002's gRPC column: NOT_FOUND
/// TaskNotFound, UNIMPLEMENTED UnsupportedOperation, INVALID_ARGUMENT InvalidParams, any
/// other an internal error).
fn grpc_code(reason: Option<&str>, status: u32) -> i64 {
    if reason.is_some() {
        let c = super::rest_code(reason, 0);
        if c != super::rest_code(None, 0) {
            return c;
        }
    }
    match status {
        5 => -32001,
        12 => -32004,
        3 => -32602,
        _ => -32603,
    }
}

/// Reads `resp`, the answer to a call of `route` (`streaming` for a server-streaming
/// method), into [`GrpcAnswer`].
pub(super) fn read_answer(route: &GrpcRoute, resp: &ProbeResponse) -> GrpcAnswer {
    let header = |name: &str| {
        resp.trailers
            .get(name)
            .or_else(|| resp.headers.get(name))
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let mut a = GrpcAnswer {
        status: header("grpc-status").and_then(|s| s.trim().parse().ok()),
        message: header("grpc-message").map(|m| crate::model::a2a::percent_decode(&m)),
        grpc_content: wire::is_grpc_content_type(&resp.content_type()),
        ..GrpcAnswer::default()
    };
    if let Some(d) = header("grpc-status-details-bin") {
        match wire::decode_status_details(&d) {
            Ok(st) => {
                a.reason = st
                    .get("details")
                    .and_then(Value::as_array)
                    .and_then(|ds| {
                        ds.iter()
                            .find_map(|x| x.get("reason").and_then(Value::as_str))
                    })
                    .map(str::to_string);
            }
            Err(e) => a.unreadable.push(e),
        }
    }
    if !a.grpc_content || resp.body.is_empty() {
        return a;
    }
    let encoding = resp
        .headers
        .get("grpc-encoding")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let codec = wire::codec_of(
        resp.headers
            .get(http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or(""),
    );
    let mut frames = wire::FrameDecoder::new();
    match frames.push(&resp.body) {
        Ok(list) => {
            for f in list {
                match wire::decode_message_as(route, Side::Response, &f, encoding.as_deref(), codec)
                {
                    Ok(v) => a.messages.push(v),
                    Err(e) => a.unreadable.push(e.to_string()),
                }
            }
        }
        Err(e) => a.unreadable.push(e),
    }
    if resp.complete {
        if let Some(e) = frames.finish() {
            a.unreadable.push(e);
        }
    }
    a
}

/// The plan's view of a gRPC answer (see the module docs): `result` for a unary success's
/// message, or a streaming call's first message; `error` for an A2A error (code of
/// [`grpc_code`], message `gRPC <STATUS> <reason>`), when no message came before it on a
/// stream. UNAUTHENTICATED / PERMISSION_DENIED set the view's status to 401 / 403.
pub(super) fn grpc_rpc(route: &GrpcRoute, mut resp: ProbeResponse) -> Rpc {
    let a = read_answer(route, &resp);
    if resp.status == 200 {
        match a.status {
            Some(16) => resp.status = 401,
            Some(7) => resp.status = 403,
            _ => {}
        }
    }
    let streaming = matches!(
        route.op,
        Some(crate::model::a2a::Op::SendStreamingMessage | crate::model::a2a::Op::SubscribeToTask)
    );
    let ok = a.status.is_none_or(|s| s == 0);
    let json = match a.messages.first() {
        // a stream's first event, whatever status ended it; a unary call's message when
        // its status is OK (or none came: the verifier's GRPC-FRAME-001)
        Some(m) if ok || streaming => Some(json!({"jsonrpc": "2.0", "result": m})),
        _ if a.a2a_error() => {
            let code = a.status.unwrap_or(2);
            let mut msg = format!("gRPC {}", wire::code_name(code));
            if let Some(r) = &a.reason {
                msg.push(' ');
                msg.push_str(r);
            }
            Some(json!({"jsonrpc": "2.0", "error": {
                "code": grpc_code(a.reason.as_deref(), code),
                "message": msg,
            }}))
        }
        _ => None,
    };
    Rpc {
        resp,
        json,
        grpc: Some(a),
    }
}

impl Runner<'_> {
    /// One gRPC call of `op` on `tg` (see the module docs): `params` in the plan's
    /// HTTP+JSON shape, the credentials as metadata when `auth`, `version` as `a2a-version`.
    pub(super) async fn grpc_call(
        &self,
        tg: &Target,
        op: Option<Op>,
        params: &Value,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        let Some(method) = op.and_then(|op| grpc_method(tg.dialect, op)) else {
            return Err(CallError::Other(format!(
                "the {} gRPC service has no method for this operation",
                tg.dialect.label()
            )));
        };
        let msg = grpc_request(
            tg.dialect,
            op.unwrap_or(Op::Get),
            params,
            tg.tenant.as_deref(),
        );
        self.grpc_send(tg, method, &msg, auth, version).await
    }

    /// `method` of `tg`'s service called with the request message `msg` (ProtoJSON), or
    /// with `raw` bytes instead ([`Runner::grpc_send_bytes`]).
    pub(super) async fn grpc_send(
        &self,
        tg: &Target,
        method: &str,
        msg: &Value,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        let route = route_of(tg.dialect, method)
            .ok_or_else(|| CallError::Other(format!("no gRPC route for {method}")))?;
        let bytes = wire::encode_request(&route, msg)
            .map_err(|e| CallError::Other(format!("{method} request: {e}")))?;
        self.grpc_send_bytes(tg, &route, bytes, auth, version).await
    }

    /// One gRPC call of `route` on `tg` whose request message is `msg` (protobuf bytes,
    /// framed here).
    pub(super) async fn grpc_send_bytes(
        &self,
        tg: &Target,
        route: &GrpcRoute,
        msg: Vec<u8>,
        auth: bool,
        version: Option<&str>,
    ) -> Result<Rpc, CallError> {
        let mut headers = vec![
            ("content-type".to_string(), "application/grpc".to_string()),
            ("te".to_string(), "trailers".to_string()),
        ];
        headers.extend(self.request_headers(false, auth, version));
        let mut url = tg.url.clone();
        let path = format!(
            "{}/{}/{}",
            url.path().trim_end_matches('/'),
            route.service,
            route.method
        );
        url.set_path(&path);
        url.set_query(None);
        let req = ProbeRequest {
            method: Method::POST,
            url,
            headers,
            body: Some(Bytes::from(wire::frame(&msg))),
        };
        let resp = self.t.send_h2(req, self.cfg.timeout).await?;
        Ok(grpc_rpc(route, resp))
    }

    /// `errors.*` on gRPC: `errors.unknown-method` calls a method the service does not
    /// have (`/<service>/NoSuchMethod`), which gRPC answers UNIMPLEMENTED (PROTOCOL-HTTP2.md;
    /// GRPC-001: the service is the proto's); `errors.invalid-params` a SendMessage without
    /// its REQUIRED `message` (the verifier judges the answer: an A2A error, or a served
    /// call); `errors.invalid-request` and `errors.parse-error` are JSON's (a gRPC request
    /// is protobuf, no JSON-RPC envelope to break). Then `errors.unsupported-version`.
    pub(super) async fn grpc_error_tests(&mut self, tg: &Target) {
        use super::Outcome;
        use crate::verify::Category;
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        let v = tg.dialect.version_header();
        for name in ["errors.invalid-request", "errors.parse-error"] {
            self.skip(
                name,
                d,
                eh,
                "json-rpc and http+json only (a gRPC request is a protobuf message: no JSON to break)",
            );
        }
        let started = self.begin("errors.unknown-method", d);
        self.negative = true;
        let sent = match wire::grpc_route(&format!("/{}/NoSuchMethod", service(tg.dialect))) {
            Some(route) => self.grpc_send_bytes(tg, &route, Vec::new(), true, v).await,
            None => Err(CallError::Other("no route".into())),
        };
        self.negative = false;
        let o = match sent {
            Ok(rpc) => match (rpc.resp.no_answer(), rpc.grpc.as_ref()) {
                (Some(no), _) => Outcome::Fail(format!("{no} (gRPC UNIMPLEMENTED expected)")),
                (None, Some(a)) if a.status == Some(12) => {
                    Outcome::Pass(format!("answered {}", a.status_words()))
                }
                (None, Some(a)) => Outcome::Fail(format!(
                    "expected gRPC UNIMPLEMENTED for a method the service does not have, got {} (HTTP {})",
                    a.status_words(),
                    rpc.resp.status
                )),
                (None, None) => Outcome::Fail(format!("got {}", rpc.describe())),
            },
            Err(e) => e.outcome("request failed"),
        };
        self.push("errors.unknown-method", d, eh, started, o);

        let started = self.begin("errors.invalid-params", d);
        self.negative = true;
        let sent = self.grpc_send(tg, "SendMessage", &json!({}), true, v).await;
        self.negative = false;
        let o = match sent {
            Ok(rpc)
                if rpc.resp.no_answer().is_none()
                    && (rpc.result().is_some() || rpc.error_code().is_some()) =>
            {
                Outcome::Pass(format!(
                    "answered {} (-32602 InvalidParamsError, gRPC INVALID_ARGUMENT, expected)",
                    rpc.describe()
                ))
            }
            Ok(rpc) => {
                super::expect_code(&rpc, -32602, "InvalidParamsError (gRPC INVALID_ARGUMENT)")
            }
            Err(e) => e.outcome("request failed"),
        };
        self.push("errors.invalid-params", d, eh, started, o);
        self.unsupported_version_test(
            tg,
            "VersionNotSupportedError, gRPC FAILED_PRECONDITION VERSION_NOT_SUPPORTED",
        )
        .await;
    }
}

/// The binding's name in results and reports: `http+json`, `grpc`, none for JSON-RPC.
pub(super) fn binding_label(b: Binding) -> Option<&'static str> {
    match b {
        Binding::HttpJson => Some("http+json"),
        Binding::Grpc => Some("grpc"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grpc_target_takes_the_cards_scheme_and_urls_stay() {
        let http = Url::parse("http://127.0.0.1:8080/").unwrap();
        let https = Url::parse("https://agent.example/").unwrap();
        let t = |u: &str, b: &Url| grpc_target(u, b).map(|u| u.to_string());
        assert_eq!(
            t("127.0.0.1:50051", &http).as_deref(),
            Some("http://127.0.0.1:50051/")
        );
        assert_eq!(
            t("agent.example:443", &https).as_deref(),
            Some("https://agent.example/")
        );
        assert_eq!(
            t("dns:///localhost:9", &http).as_deref(),
            Some("http://localhost:9/")
        );
        assert_eq!(t("grpc://h:7/x", &http).as_deref(), Some("http://h:7/x"));
        assert_eq!(t("https://h:7/", &http).as_deref(), Some("https://h:7/"));
        assert_eq!(t("not a target", &http), None);
        assert_eq!(t("host:", &http), None);
    }

    /// An answer to `route` with `headers` (name, value) and `body`, whole.
    fn answer(headers: &[(&str, &str)], body: Vec<u8>, trailers: &[(&str, &str)]) -> ProbeResponse {
        let map = |kv: &[(&str, &str)]| {
            let mut m = http::HeaderMap::new();
            for (k, v) in kv {
                m.append(
                    http::header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                    v.parse().unwrap(),
                );
            }
            m
        };
        ProbeResponse {
            status: 200,
            headers: map(headers),
            body: Bytes::from(body),
            complete: true,
            cut: None,
            content_coding: None,
            undecodable: None,
            connect_failure: None,
            trailers: map(trailers),
            quiet_ms: None,
        }
    }

    /// The plan's view of gRPC answers (ERR-002's gRPC column, ERR-005): a Trailers-Only
    /// NOT_FOUND with the ErrorInfo TASK_NOT_FOUND is TaskNotFoundError (-32001); a bare
    /// UNIMPLEMENTED is no A2A error; UNAUTHENTICATED reads as HTTP 401; a unary OK answer's
    /// message is the result, and a stream's messages its events with the closing status.
    #[test]
    fn grpc_answers_read_as_the_plans_view() {
        use base64::Engine as _;
        let get = route_of(Dialect::V1_0, "GetTask").unwrap();
        let status = wire::encode_json(
            "google.rpc.Status",
            &json!({"code": 5, "message": "no task", "details": [{
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}),
        )
        .unwrap();
        let details = base64::engine::general_purpose::STANDARD_NO_PAD.encode(status);
        let ct = ("content-type", "application/grpc");
        let rpc = grpc_rpc(
            &get,
            answer(
                &[
                    ct,
                    ("grpc-status", "5"),
                    ("grpc-message", "no%20task"),
                    ("grpc-status-details-bin", &details),
                ],
                Vec::new(),
                &[],
            ),
        );
        assert_eq!(rpc.error_code(), Some(-32001));
        assert_eq!(rpc.describe(), "error -32001 gRPC NOT_FOUND TASK_NOT_FOUND");
        assert_eq!(
            rpc.grpc.as_ref().unwrap().status_words(),
            "gRPC NOT_FOUND TASK_NOT_FOUND: no task"
        );
        let rpc = grpc_rpc(&get, answer(&[ct, ("grpc-status", "12")], Vec::new(), &[]));
        assert!(rpc.json.is_none());
        assert_eq!(rpc.describe(), "gRPC UNIMPLEMENTED");
        let rpc = grpc_rpc(&get, answer(&[ct, ("grpc-status", "16")], Vec::new(), &[]));
        assert_eq!((rpc.resp.status, rpc.json.is_none()), (401, true));
        let task =
            json!({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}});
        let msg = wire::encode_json("lf.a2a.v1.Task", &task).unwrap();
        let rpc = grpc_rpc(
            &get,
            answer(&[ct], wire::frame(&msg), &[("grpc-status", "0")]),
        );
        assert_eq!(rpc.result(), Some(&task));
        let stream = route_of(Dialect::V1_0, "SubscribeToTask").unwrap();
        let ev = wire::encode_json("lf.a2a.v1.StreamResponse", &json!({"task": task})).unwrap();
        let mut body = wire::frame(&ev);
        body.extend(wire::frame(&ev));
        let rpc = grpc_rpc(&stream, answer(&[ct], body, &[("grpc-status", "13")]));
        let a = rpc.grpc.as_ref().unwrap();
        assert_eq!((a.messages.len(), a.status), (2, Some(13)));
        assert_eq!(rpc.result(), Some(&json!({"task": task})));
    }

    #[test]
    fn a_03_task_call_names_the_task_by_resource_name() {
        let p = json!({"id": "t1", "historyLength": 2});
        assert_eq!(
            grpc_request(Dialect::V0_3, Op::Get, &p, None),
            json!({"name": "tasks/t1", "historyLength": 2})
        );
        assert_eq!(
            grpc_request(Dialect::V1_0, Op::Get, &p, Some("acme")),
            json!({"id": "t1", "historyLength": 2, "tenant": "acme"})
        );
        let route = route_of(Dialect::V0_3, "GetTask").unwrap();
        let bytes =
            wire::encode_request(&route, &grpc_request(Dialect::V0_3, Op::Get, &p, None)).unwrap();
        assert!(bytes.windows(8).any(|w| w == b"tasks/t1"));
    }
}

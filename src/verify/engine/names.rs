//! Proto field names, error reasons and codes, media types, and the body walks that find them.

use super::*;

/// The paging members of a 1.0 `ListTasksResponse` `res` whose `tasks` holds `rows` tasks
/// (1.0 proto: `nextPageToken`, `pageSize`, `totalSize` are REQUIRED; DATA-007, RPC-004):
/// `(JSON Pointer under base, message)` of the first problem. ProtoJSON omits an int32 0
/// and an empty string, so an absent `totalSize` is legal on an empty list and an absent
/// `nextPageToken` on the last page (DIGEST trap 12), but `pageSize` is the page size used,
/// 1 to 100, never the default 0 (a2a-python #872). `totalSize` counts the tasks before
/// pagination: never fewer than this page holds, and more than it when a next page is
/// announced (a2a-js PR #383). That last form is told only of a full page (`rows` at least
/// `limit`, [`list_page_limit`]): a page with room left beside a `totalSize` equal to its
/// rows is the whole listing, so its `nextPageToken` is the member at fault, which
/// `check_list_paging` tells as DATA-LIST-004 (breaker55 v10-list-token-on-last).
pub(super) fn list_tasks_page_problem(
    res: &Json,
    rows: usize,
    base: &str,
    limit: i64,
) -> Option<(String, String)> {
    // ProtoJSON readers accept an int32 as a number or a decimal string.
    let int = |name: &str| -> Option<Option<i64>> {
        let v = res.get(name)?;
        Some(
            v.as_i64()
                .or_else(|| v.as_str().and_then(|s| s.trim().parse::<i64>().ok())),
        )
    };
    let ptr = |name: &str| format!("{base}/{name}");
    match int("pageSize") {
        None => {
            return Some((
                base.to_string(),
                "ListTasks result has no pageSize (the page size used, 1 to 100, is REQUIRED)"
                    .into(),
            ))
        }
        Some(None) => {
            return Some((ptr("pageSize"), "pageSize is not an integer".into()));
        }
        Some(Some(_)) => {}
    }
    let more = res
        .get("nextPageToken")
        .and_then(Json::as_str)
        .is_some_and(|t| !t.is_empty());
    // A2A #2162: the v1 migration guide answered the next page as nextCursor. A cursor
    // under another name, with no nextPageToken, reads to a 1.0 client as the last page.
    if let Some((n, t)) = list_next_page_alias(res) {
        return Some((
            ptr(n),
            format!(
                "ListTasks result names its next page as {n} {t:?}, a member ListTasksResponse does not define, and has no nextPageToken: a 1.0 client reads nextPageToken, finds none, takes this page for the last and never fetches the rest (send the cursor as nextPageToken)"
            ),
        ));
    }
    match int("totalSize") {
        None if rows > 0 => Some((
            base.to_string(),
            format!(
                "ListTasks result has no totalSize although it lists {rows} task{} (totalSize is REQUIRED; only 0 may be omitted)",
                if rows == 1 { "" } else { "s" }
            ),
        )),
        None => None,
        Some(None) => Some((ptr("totalSize"), "totalSize is not an integer".into())),
        Some(Some(n)) if n < rows as i64 => Some((
            ptr("totalSize"),
            format!(
                "totalSize {n} is smaller than the {rows} task{} on this page",
                if rows == 1 { "" } else { "s" }
            ),
        )),
        Some(Some(n)) if more && n <= rows as i64 && rows as i64 >= limit => Some((
            ptr("totalSize"),
            format!(
                "totalSize {n} counts only this page's {rows} task{} while nextPageToken announces another page (totalSize is the count before pagination)",
                if rows == 1 { "" } else { "s" }
            ),
        )),
        Some(Some(_)) => None,
    }
}

/// The most tasks a 1.0 ListTasks page `res` answering call `c` (exchange `x`) could hold:
/// the `pageSize` the response says it used (proto ListTasksResponse.page_size, "the page
/// size used for this response"), else the request's `pageSize` (JSON-RPC params or the
/// HTTP+JSON query), else the default 50 (proto ListTasksRequest.page_size); a page with
/// fewer rows left room for more (DATA-007).
pub(super) fn list_page_limit(res: &Json, c: &Call, x: &Exch) -> i64 {
    let int = |v: &Json| {
        v.as_i64()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse::<i64>().ok()))
    };
    res.get("pageSize")
        .and_then(int)
        .filter(|n| *n > 0)
        .or_else(|| {
            c.params
                .get("pageSize")
                .and_then(int)
                .or_else(|| query_param(&x.url, "pageSize").and_then(|s| s.parse().ok()))
                .filter(|n| *n > 0)
        })
        .unwrap_or(50)
}

/// A 1.0 `ListTasksResponse` `res` without a non-empty `nextPageToken` that announces its
/// next page under another name (`nextCursor`, `cursor`, `next`, `nextToken`, `nextPage`,
/// `continuationToken`; A2A #2162), as `(member, value)`; `None` otherwise (DATA-007).
pub(super) fn list_next_page_alias<'a>(res: &'a Json) -> Option<(&'static str, &'a str)> {
    const OTHER: &[&str] = &[
        "nextCursor",
        "cursor",
        "next",
        "nextToken",
        "nextPage",
        "continuationToken",
    ];
    if res
        .get("nextPageToken")
        .and_then(Json::as_str)
        .is_some_and(|t| !t.is_empty())
    {
        return None;
    }
    OTHER.iter().find_map(|n| {
        res.get(n)
            .and_then(Json::as_str)
            .filter(|t| !t.is_empty())
            .map(|t| (*n, t))
    })
}

/// A 1.0 (or 0.3 HTTP+JSON) `ListTaskPushNotificationConfigsResponse` `res` without a
/// `configs` member that holds its list under another member (`pushNotificationConfigs`,
/// `items`, `data`, ...): the first member whose value is a non-empty array of objects that
/// each carry a push config's `url`, `id` or (0.3 HTTP+JSON, `{name, pushNotificationConfig}`)
/// `pushNotificationConfig`, as `(member, entries)`; `None` otherwise
/// (mine39, the session-38 lead; 1.0:proto ListTaskPushNotificationConfigsResponse).
pub(super) fn push_list_alias<'a>(res: &'a Json) -> Option<(&'a str, usize)> {
    let o = res.as_object()?;
    if o.get("configs").is_some() {
        return None;
    }
    o.iter().find_map(|(k, v)| {
        let a = v.as_array().filter(|a| !a.is_empty())?;
        a.iter()
            .all(|e| {
                ["url", "id", "pushNotificationConfig"]
                    .iter()
                    .any(|m| e.get(m).is_some())
            })
            .then_some((k, a.len()))
    })
}

/// The task a send's message names (`message.taskId`, 0.x `task_id` too; HTTP+JSON, JSON-RPC
/// params and a gRPC request's ProtoJSON alike): `None` for a message without one.
pub(super) fn message_task_id(c: &Call) -> Option<String> {
    params_message(c.params.json())
        .and_then(a2a::message_task_id)
        .map(str::to_string)
}

/// Decodes the whole request `body` of a gRPC call of `route` with `grpc-encoding` `enc`:
/// exactly one length-prefixed message of the method's request type (GRPC-001).
pub(super) fn decode_grpc_request(
    route: &GrpcRoute,
    body: &[u8],
    enc: Option<&str>,
) -> GrpcRequest {
    let mut dec = FrameDecoder::new();
    let frames = match dec.push(body) {
        Err(e) if dec.over_cap() => {
            return GrpcRequest::OverCap(format!(
                "request: {e}, this tool's decode cap (gRPC sets no maximum)"
            ))
        }
        Err(e) => return GrpcRequest::Bad(format!("request: {e}"), false),
        Ok(frames) => frames,
    };
    if let Some(e) = dec.finish() {
        return GrpcRequest::Bad(format!("request: {e}"), true);
    }
    let [f] = frames.as_slice() else {
        return GrpcRequest::Bad(
            match frames.len() {
                0 => "request has no message".into(),
                n => format!("request has {n} messages (the method takes one)"),
            },
            false,
        );
    };
    match grpc::decode_message(route, grpc::Side::Request, f, enc) {
        Ok(v) => GrpcRequest::Params(v),
        Err(DecodeError::Malformed(m)) => GrpcRequest::Bad(format!("request message: {m}"), false),
        Err(DecodeError::Unreadable(m)) => GrpcRequest::Unreadable(m),
    }
}

/// How a call named the version it asked for, to start a VER-HDR-001 message (VER-001):
/// `gRPC call with a2a-version metadata` on gRPC (the version travels in metadata there),
/// `request with the A2A-Version query parameter` when only the query named it, else
/// `request with A2A-Version` (the header).
pub(super) fn version_asked_as(x: &Exch, c: &Call) -> String {
    let call = call_at(x);
    if c.binding == Some(Binding::Grpc) {
        format!("gRPC call {call} with a2a-version metadata")
    } else if x.req_headers.get("a2a-version").is_none() {
        format!("request {call} with the A2A-Version query parameter")
    } else {
        format!("request {call} with A2A-Version")
    }
}

/// Whether the HTTP+JSON error `e` (a google.rpc.Status's `error` member, or a 0.3 error
/// object) of GetTask / CancelTask / SubscribeToTask says in its `message` that the route's
/// task does not exist ([`says_task_missing`]): REST-ERROR-001's message-based verdict
/// ([`State::rest_missing_task_status`]) names the status then.
pub(super) fn rest_route_task_said_missing(c: &Call, e: &Obj) -> bool {
    matches!(
        c.op,
        Some(Op::GetTask) | Some(Op::CancelTask) | Some(Op::SubscribeToTask)
    ) && c.route_task.as_deref().is_some_and(|tid| {
        e.get("message")
            .and_then(Json::as_str)
            .is_some_and(|m| says_task_missing(m, tid))
    })
}

/// The call exchange `x` made, as a finding's message names it (review24a R9: which call,
/// at which URL, where several agents share an origin): the operation as its wire names
/// it ([`Call::op_term`]) and the request line with the whole URL,
/// `message/send (POST https://agent.example.test/a)`; a 0.3 HTTP+JSON route, which its
/// wire names by the request line, as `POST https://agent.example.test/v1/message:send`.
/// The URL's query and userinfo are left out ([`super::super::wording::url_shown`]).
pub(super) fn call_at(x: &Exch) -> String {
    let url = super::super::wording::url_shown(x.url_named());
    let line = format!("{} {url}", x.method.to_ascii_uppercase());
    match x
        .call
        .as_ref()
        .filter(|c| c.op.is_some() || c.method.is_some())
    {
        Some(c) => {
            let op = c.op_term("");
            if op.is_empty() || c.request_line.as_deref() == Some(op) {
                line
            } else {
                format!("{op} ({line})")
            }
        }
        None => line,
    }
}

/// GW-RESP-003's message for an HTTP 413 Content Too Large with no A2A answer (ERR-007):
/// `call` names the call (`JSON-RPC call SendMessage`), `what` the answer's media type and
/// server. The request's size is `exchange_end.request_bytes` when the recording has it
/// (the whole body, also one recorded in part), else the bytes recorded.
pub(super) fn too_large_message(call: &str, what: &str, x: &Exch) -> String {
    let size = x.req_bytes.max(x.req_body.as_slice().len() as u64);
    let inline = if contains(x.req_body.as_slice(), b"\"bytes\"")
        || contains(x.req_body.as_slice(), b"\"raw\"")
    {
        ", with inline file bytes"
    } else {
        ""
    };
    // where the limit most likely is: the front the answer shows, else the agent's own
    // server (an Express agent's body parser answers 413 itself: newcomer26)
    let whose = match front_sign(&x.resp_headers) {
        Some(f) => format!("of the front that answered ({f}; nginx client_max_body_size is 1 MB by default) or of a hop behind it"),
        None => {
            let powered = x
                .resp_headers
                .get("x-powered-by")
                .map(|p| format!(", x-powered-by: {}", excerpt_str(p.trim(), 40)))
                .unwrap_or_default();
            format!("that most likely is the agent's own HTTP server's, since nothing in the answer shows a front (no Via header, no proxy's Server header{powered}; Express's express.json() takes 100 kB by default)")
        }
    };
    format!(
        "the {call} got HTTP 413 Content Too Large ({what}) and no A2A answer: the request body ({size} bytes{inline}) is over a body-size limit {whose}, so the agent's A2A handler never got the call; raise that limit for the A2A routes, or send large files by reference (a file part with uri, 1.0 Part.url) instead of inline base64 bytes"
    )
}

/// REST-ERROR-001's help on a route of version `d` (ERR-002, ERR-003, REST-003): the
/// error status and body that version's clients read, and only that one.
pub(super) fn rest_error_help(d: Dialect) -> &'static str {
    if d == Dialect::V1_0 {
        "answer an A2A error on a 1.0 HTTP+JSON route with the HTTP status of ERR-002 (TaskNotFoundError 404; TaskNotCancelableError, UnsupportedOperationError and the other precondition errors 400; InvalidAgentResponseError 500) and the google.rpc.Status body {\"error\":{\"code\":<http status>,\"status\":\"NOT_FOUND\",\"message\":...,\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"TASK_NOT_FOUND\",\"domain\":\"a2a-protocol.org\"}]}}, status the google.rpc.Code name of the HTTP status (1.0 §11.6)"
    } else {
        "answer an A2A error on a 0.3 /v1 HTTP+JSON route with an HTTP error status that matches it (TaskNotFoundError 404) and the 0.3 A2A error object {\"code\":-32001,\"message\":...} that 0.3 clients parse (REST-003); the {\"error\":{...}} google.rpc.Status envelope is 1.0's, which 0.3 clients do not read"
    }
}

/// The sign, in an answer's headers, that a front (reverse proxy, gateway, CDN, load
/// balancer) sent or passed it: a `Via` header (RFC 9110 §7.6.3), a `Server` naming a
/// proxy product, or a header only such fronts add. Shown as the header (`server: nginx`,
/// `via: 1.1 google`); `None` when the answer shows none (the agent's own server may have
/// answered). Advice about a gateway is given as fact only with such a sign (newcomer26).
pub(super) fn front_sign(h: &Headers) -> Option<String> {
    if let Some(v) = h.get("via").map(str::trim).filter(|v| !v.is_empty()) {
        return Some(format!("via: {}", excerpt_str(v, 60)));
    }
    const PROXIES: [&str; 18] = [
        "nginx",
        "openresty",
        "tengine",
        "envoy",
        "istio",
        "cloudflare",
        "awselb",
        "elb",
        "haproxy",
        "traefik",
        "caddy",
        "kong",
        "apisix",
        "varnish",
        "akamai",
        "google frontend",
        "gfe",
        "cloudfront",
    ];
    if let Some(v) = h.get("server").map(str::trim) {
        let low = v.to_ascii_lowercase();
        let product = low.split(['/', ' ', '(']).next().unwrap_or("");
        if PROXIES
            .iter()
            .any(|p| product == *p || low.starts_with(p) || (p.len() > 4 && low.contains(p)))
        {
            return Some(format!("server: {}", excerpt_str(v, 60)));
        }
    }
    const FRONT_HEADERS: [&str; 9] = [
        "x-envoy-upstream-service-time",
        "cf-ray",
        "x-amz-cf-id",
        "x-amzn-requestid",
        "apigw-requestid",
        "x-kong-proxy-latency",
        "x-azure-ref",
        "x-served-by",
        "x-cache",
    ];
    FRONT_HEADERS
        .iter()
        .find(|n| h.get(n).is_some())
        .map(|n| format!("{n}: {}", excerpt_str(h.get(n).unwrap_or("").trim(), 60)))
}

/// GW-RESP-003's help for one finding (RPC-002, ERR-007): fitted to the status (413: a
/// body-size limit; 404/405: no A2A endpoint at the URL; 502/503/504: an answer that is
/// none) and to whether the answer shows a front ([`front_sign`]), so a recording of an
/// agent called directly is not told to look at a gateway it does not have (newcomer26).
pub(super) fn gw_unseen_help(front: Option<&str>, status: u16) -> String {
    match (status, front) {
        (413, Some(f)) => format!(
            "raise the body-size limit on every hop of the A2A routes: the front that answered ({f}; nginx client_max_body_size defaults to 1 MB), any ingress or API gateway behind it, and the agent's own server; or send large files by reference (a file part with uri, 1.0 Part.url) instead of inline bytes"
        ),
        (413, None) => "nothing in the answer shows a front (no Via header, no proxy's Server header), so the agent's own HTTP server most likely refused the body before its A2A handler ran: raise its request-body limit for the A2A routes (Express: express.json({ limit: '50mb' }), whose default is 100 kB) and that of any front you know is there (nginx client_max_body_size: 1 MB by default); or send large files by reference (a file part with uri, 1.0 Part.url) instead of inline bytes".to_string(),
        (404 | 405 | 501, Some(f)) => format!(
            "POST every JSON-RPC call to the interface url the agent card names (1.0 supportedInterfaces[].url, 0.x url); the answer came through a front ({f}): make its route forward that path unchanged to the agent's JSON-RPC endpoint (no prefix added or dropped), and check the URL the client was given against the card"
        ),
        (404 | 405 | 501, None) => "POST every JSON-RPC call to the interface url the agent card names (1.0 supportedInterfaces[].url, 0.x url): check the URL the client was given against the card and the path the agent's server mounts its JSON-RPC handler at (a server that also answers the card fetch 404 is no A2A agent at all: another service or port); if a gateway or ingress is in front, check that its route forwards that path unchanged".to_string(),
        (524, f) => format!(
            "the front{} waited its proxy read timeout (Cloudflare: 125 s by default) for the agent's first byte and gave up; the agent may still have run the call. Keep long calls from holding the connection silent: stream them (SendStreamingMessage / message/stream, with the agent sending events or SSE comment keep-alives well inside the timeout), or send with returnImmediately (1.0) / blocking false (0.3) and poll GetTask / tasks/get; to see when the agent answered, record the leg between the front and the agent too (proxy --listener upstream@127.0.0.1:8081=AGENT_URL)",
            f.map(|f| format!(" ({f})")).unwrap_or_default()
        ),
        (_, Some(f)) => format!(
            "record the leg between the front ({f}) and the agent too (a second listener of the same proxy between them, proxy --listener upstream@127.0.0.1:8081=AGENT_URL, with the front's upstream pointed at it) to see whether the agent failed, answered too late for the front's upstream timeout, or never got the call; meanwhile check the front's error log and its upstream timeout"
        ),
        (_, None) => format!(
            "nothing in the answer shows a front (no Via header, no proxy's Server header): if the client calls the agent directly, the agent's own server answered HTTP {status} (overloaded, starting or stopping, or an error handler that maps a failure to {status}): check the agent's log at that time and answer A2A calls with a JSON-RPC error or an HTTP+JSON error body instead; if a gateway or load balancer is in front after all, record the leg between it and the agent too (proxy --listener upstream@127.0.0.1:8081=AGENT_URL, with the front's upstream pointed at it) and check its error log and upstream timeout"
        ),
    }
}

/// The JSON-RPC `method` of a request body the recording holds only in part: the string
/// value of the first `"method"` member before any `"params"` (SDK clients write `method`
/// first; a `"method"` inside `params` is message text, not the call). `None` when not
/// found or not a plain JSON string of at most 100 bytes.
pub(super) fn jsonrpc_method_in_start(body: &[u8]) -> Option<String> {
    let end = memchr::memmem::find(body, b"\"params\"").unwrap_or(body.len());
    let head = &body[..end];
    let at = memchr::memmem::find(head, b"\"method\"")? + 8;
    let rest = head[at..]
        .trim_ascii_start()
        .strip_prefix(b":")?
        .trim_ascii_start();
    let rest = rest.strip_prefix(b"\"")?;
    let close = rest
        .iter()
        .take(101)
        .position(|&b| b == b'"' || b == b'\\')?;
    if rest[close] != b'"' {
        return None;
    }
    std::str::from_utf8(&rest[..close]).ok().map(str::to_string)
}

/// The binding's form of VersionNotSupportedError (ERR-002), for a VER-HDR-001 message
/// on gRPC, where the rule's help names the JSON-RPC code and HTTP status: empty elsewhere.
pub(super) fn refusal_for_binding(c: &Call) -> &'static str {
    if c.binding == Some(Binding::Grpc) {
        " (gRPC FAILED_PRECONDITION with ErrorInfo reason VERSION_NOT_SUPPORTED)"
    } else {
        ""
    }
}

/// The A2A error reason (ERR-002) an RFC 9457 problem `title` names: its letters and digits,
/// upper-cased, with a trailing "ERROR" dropped, equal a reason's without the underscores
/// (`VersionNotSupported`, `Version not supported`, `TaskNotFoundError` ->
/// VERSION_NOT_SUPPORTED, ...; 0.3's `AuthenticatedExtendedCardNotConfigured` too).
/// `None` for a title that names no A2A error ("Not Found", "Bad Request").
pub(super) fn reason_named_by_title(title: &str) -> Option<&'static str> {
    let t: String = title
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_uppercase();
    let t = t.strip_suffix("ERROR").unwrap_or(&t);
    let t = match t {
        "AUTHENTICATEDEXTENDEDCARDNOTCONFIGURED" => "EXTENDEDAGENTCARDNOTCONFIGURED",
        _ => t,
    };
    A2A_REASONS.into_iter().find(|r| r.replace('_', "") == t)
}

/// The A2A reasons (ERR-002, 1.0.1 or 1.0.0 statuses) whose HTTP status may be `status`.
pub(super) fn reasons_for_status(status: u16) -> Vec<&'static str> {
    A2A_REASONS
        .into_iter()
        .filter(|r| reason_expectation(r).is_some_and(|(_, st)| st.contains(&status)))
        .collect()
}

/// The A2A reason (ERR-002) of JSON-RPC code `code`; none for a code outside the table.
pub(super) fn reason_for_code(code: i64) -> Option<&'static str> {
    A2A_REASONS
        .into_iter()
        .find(|r| reason_expectation(r).is_some_and(|(c, _)| c == code))
}

/// The JSON-RPC code an HTTP+JSON or gRPC A2A error stands for (ERR-002), from its
/// ErrorInfo `reason` ([`reason_expectation`]), or TaskNotFoundError (-32001) for a
/// reason-less `not_found` (HTTP 404, gRPC NOT_FOUND); `None` otherwise.
pub(super) fn rest_grpc_code(reason: Option<&str>, not_found: bool) -> Option<i64> {
    match reason {
        Some(r) => reason_expectation(r).map(|(k, _)| k),
        None => not_found.then_some(jsonrpc::TASK_NOT_FOUND),
    }
}

/// The JSON-RPC code an HTTP+JSON or gRPC error answer stands for (ERR-002, BIND-001: one
/// error mapping for every binding), for the shared situation table
/// ([`Engine::situation_error`]): its ErrorInfo `reason` (an A2A reason of the ERR-002
/// table, or a JSON-RPC standard error's name: `METHOD_NOT_FOUND`, `INVALID_PARAMS`, ...),
/// else a 0.3 HTTP+JSON body `code` in the JSON-RPC ranges, else the AIP-193 / gRPC status
/// name (`INVALID_ARGUMENT` is InvalidParams), else TaskNotFoundError for a reason-less
/// `not_found` (HTTP 404, gRPC NOT_FOUND). `None` when the answer names none of these.
pub(super) fn answer_code(
    reason: Option<&str>,
    status_name: Option<&str>,
    not_found: bool,
    body_code: Option<i64>,
) -> Option<i64> {
    if let Some(r) = reason {
        if let Some((k, _)) = reason_expectation(r) {
            return Some(k);
        }
        let k = match r {
            "METHOD_NOT_FOUND" => Some(jsonrpc::METHOD_NOT_FOUND),
            "INVALID_PARAMS" => Some(jsonrpc::INVALID_PARAMS),
            "INVALID_REQUEST" => Some(jsonrpc::INVALID_REQUEST),
            "PARSE_ERROR" => Some(jsonrpc::PARSE_ERROR),
            // left56: an ErrorInfo reason that names the generic failure itself (a 500 /
            // gRPC INTERNAL with reason INTERNAL) is -32603 as a reason-less one is
            "INTERNAL" | "INTERNAL_ERROR" => Some(jsonrpc::INTERNAL_ERROR),
            _ => None,
        };
        if k.is_some() {
            return k;
        }
    }
    if let Some(k) = body_code.filter(|k| (-32700..=-32000).contains(k)) {
        return Some(k);
    }
    if status_name == Some("INVALID_ARGUMENT") {
        return Some(jsonrpc::INVALID_PARAMS);
    }
    // left54 (ERR-002's table: -32603 InternalError is HTTP 500 / gRPC INTERNAL): an
    // internal failure without an A2A reason is -32603 in every situation, as on JSON-RPC
    if reason.is_none() && status_name == Some("INTERNAL") {
        return Some(jsonrpc::INTERNAL_ERROR);
    }
    (reason.is_none() && not_found).then_some(jsonrpc::TASK_NOT_FOUND)
}

/// Whether answering `got` where the situation table wants `want` is still fine: -32600
/// for a call whose params are missing (a request that is no valid call).
pub(super) fn answer_still_fits(want: i64, got: i64) -> bool {
    want == jsonrpc::INVALID_PARAMS && got == jsonrpc::INVALID_REQUEST
}

/// How an HTTP+JSON agent answers A2A error `code` (ERR-002 1.0.1 column): "HTTP 400
/// FAILED_PRECONDITION with ErrorInfo reason PUSH_NOTIFICATION_NOT_SUPPORTED
/// (PushNotificationNotSupportedError)"; a 0.x dialect has no ErrorInfo: "-32003
/// PushNotificationNotSupportedError".
pub(super) fn rest_error_term(code: i64, d: Option<Dialect>) -> String {
    let name = jsonrpc::code_name(code).unwrap_or_default();
    let Some(r) = reason_for_code(code).filter(|_| d == Some(Dialect::V1_0)) else {
        return format!("{code} {name}");
    };
    let st = reason_expectation(r)
        .and_then(|(_, st)| st.first().copied())
        .unwrap_or(400);
    format!(
        "HTTP {st} {} with ErrorInfo reason {r} ({name})",
        grpc_code_name_for_reason(r)
    )
}

/// left57 (ERR-002, ERR-003, ERR-004, ERR-005): A2A error `code` (a JSON-RPC code of
/// ERR-002's table, -32001 to -32009) as the generation and binding of the call spell it,
/// for a finding's help:
/// - 0.x JSON-RPC (no ErrorInfo): `-32002 TaskNotCancelableError`;
/// - 1.0 JSON-RPC: `{"code": -32002, "message": ..., "data": [{"@type":
///   "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_CANCELABLE", "domain":
///   "a2a-protocol.org"}]} (TaskNotCancelableError)`;
/// - 1.0 HTTP+JSON: `HTTP 400 FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE
///   (TaskNotCancelableError)` ([`rest_error_term`]);
/// - gRPC: `gRPC FAILED_PRECONDITION with ErrorInfo reason TASK_NOT_CANCELABLE
///   (TaskNotCancelableError)` (0.3 gRPC has no ErrorInfo of its own: the status alone).
pub(super) fn a2a_error_spelled(code: i64, d: Option<Dialect>, b: Option<Binding>) -> String {
    let name = jsonrpc::code_name(code).unwrap_or("the A2A error");
    let v1 = d == Some(Dialect::V1_0);
    let reason = reason_for_code(code);
    match (b, reason) {
        (Some(Binding::Grpc), Some(r)) if v1 => format!(
            "gRPC {} with ErrorInfo reason {r} ({name})",
            grpc_code_name_for_reason(r)
        ),
        (Some(Binding::Grpc), Some(r)) => {
            format!("gRPC {} ({name})", grpc_code_name_for_reason(r))
        }
        (Some(Binding::Rest), _) => rest_error_term(code, d),
        (_, Some(r)) if v1 => format!(
            "{{\"code\": {code}, \"message\": ..., \"data\": [{}]}} ({name})",
            error_info_json(r)
        ),
        _ => format!("{code} {name}"),
    }
}

/// left57 (ERR-005, ERR-002): a GRPC-ERROR-002 help that names A2A error `owed` (its
/// JSON-RPC code) in gRPC's spelling ([`a2a_error_spelled`]) and the ErrorInfo its status
/// details carry, not always TASK_NOT_FOUND as the rule's own help shows.
pub(super) fn grpc_error_info_help(owed: i64, d: Option<Dialect>) -> String {
    format!(
        "answer this error as {}: send grpc-status-details-bin with a google.rpc.Status whose details hold {}; register every A2AService method and refuse the ones the agent does not offer with the A2A error and its ErrorInfo, not by leaving the method unregistered",
        a2a_error_spelled(owed, d, Some(Binding::Grpc)),
        error_info_json(reason_for_code(owed).unwrap_or_default())
    )
}

/// The A2A google.rpc.ErrorInfo of `reason` as ProtoJSON (ERR-004): `{"@type":
/// "type.googleapis.com/google.rpc.ErrorInfo", "reason": "<reason>", "domain":
/// "a2a-protocol.org"}`.
pub(super) fn error_info_json(reason: &str) -> String {
    format!(
        "{{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", \"reason\": \"{reason}\", \"domain\": \"a2a-protocol.org\"}}"
    )
}

/// ERR-002 table: the 1.0.1 google.rpc.Code name (`status` of an HTTP+JSON error body, gRPC
/// status) of an A2A ErrorInfo reason; "UNKNOWN" for a reason outside the table.
pub(super) fn grpc_code_name_for_reason(reason: &str) -> &'static str {
    match reason {
        "TASK_NOT_FOUND" => "NOT_FOUND",
        "CONTENT_TYPE_NOT_SUPPORTED" => "INVALID_ARGUMENT",
        "INVALID_AGENT_RESPONSE" => "INTERNAL",
        "TASK_NOT_CANCELABLE"
        | "PUSH_NOTIFICATION_NOT_SUPPORTED"
        | "UNSUPPORTED_OPERATION"
        | "EXTENDED_AGENT_CARD_NOT_CONFIGURED"
        | "EXTENSION_SUPPORT_REQUIRED"
        | "VERSION_NOT_SUPPORTED" => "FAILED_PRECONDITION",
        _ => "UNKNOWN",
    }
}

/// The ERR-002 ErrorInfo reason that `reason` spells another way: the error's name
/// (`TaskNotFoundError`, `TaskNotFound`, the 0.3 name
/// `AuthenticatedExtendedCardNotConfiguredError`), another case or separator
/// (`task_not_found`, `task-not-found`). `None` when it names no A2A error.
pub(super) fn misspelled_a2a_reason(reason: &str) -> Option<&'static str> {
    if reason.len() > 64 {
        return None;
    }
    let key: String = reason
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let key = key.strip_suffix("ERROR").unwrap_or(&key);
    let key = match key {
        "AUTHENTICATEDEXTENDEDCARDNOTCONFIGURED" => "EXTENDEDAGENTCARDNOTCONFIGURED",
        k => k,
    };
    A2A_REASONS.into_iter().find(|r| {
        r.len() - r.matches('_').count() == key.len()
            && r.bytes().filter(|b| *b != b'_').eq(key.bytes())
    })
}

/// ERR-002 table: the JSON-RPC code and the HTTP statuses (1.0.1, and 1.0.0 where it
/// differs) of an A2A ErrorInfo reason.
pub(super) fn reason_expectation(reason: &str) -> Option<(i64, &'static [u16])> {
    Some(match reason {
        "TASK_NOT_FOUND" => (jsonrpc::TASK_NOT_FOUND, &[404]),
        "TASK_NOT_CANCELABLE" => (jsonrpc::TASK_NOT_CANCELABLE, &[400, 409]),
        "PUSH_NOTIFICATION_NOT_SUPPORTED" => (jsonrpc::PUSH_NOT_SUPPORTED, &[400, 501]),
        "UNSUPPORTED_OPERATION" => (jsonrpc::UNSUPPORTED_OPERATION, &[400, 501]),
        "CONTENT_TYPE_NOT_SUPPORTED" => (jsonrpc::CONTENT_TYPE_NOT_SUPPORTED, &[400, 415]),
        "INVALID_AGENT_RESPONSE" => (jsonrpc::INVALID_AGENT_RESPONSE, &[500, 502]),
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED" => (jsonrpc::EXTENDED_CARD_NOT_CONFIGURED, &[400]),
        "EXTENSION_SUPPORT_REQUIRED" => (jsonrpc::EXTENSION_SUPPORT_REQUIRED, &[400]),
        // §5.4's HTTP column says 400 at v1.0.0 and v1.0.1 alike, but 1.0.0's status
        // UNIMPLEMENTED maps to HTTP 501 under AIP-193 (ERR-003), so a 1.0.0 agent may
        // answer 501 UNIMPLEMENTED (breaker10 legal-v10-rest-1.0.0-error-statuses; judged
        // again for a2a-java #730, breaker17a U7: not provable, not reported).
        "VERSION_NOT_SUPPORTED" => (jsonrpc::VERSION_NOT_SUPPORTED, &[400, 501]),
        _ => return None,
    })
}

/// How the call's dialect and binding spell parts (DATA-004); `None` when unknown.
/// The task a push config call names: the HTTP+JSON route's `{id}`; 1.0 JSON-RPC
/// `taskId` (its `id` names the config); 0.x JSON-RPC `id` (get, list, delete) or `taskId`
/// (set). `None` for other calls or when absent.
pub(super) fn push_call_task(c: &Call) -> Option<&str> {
    if !c.op.is_some_and(Op::is_push_config) {
        return None;
    }
    if let Some(t) = c.route_task.as_deref().filter(|t| !t.is_empty()) {
        return Some(t);
    }
    let s = |k: &str| {
        c.params
            .get(k)
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
    };
    if c.dialect == Some(Dialect::V1_0) {
        s("taskId")
    } else {
        s("id").or_else(|| s("taskId"))
    }
}

/// REST-001: the first query parameter of 1.0 HTTP+JSON request URL `url` spelled with the
/// proto field name of a request field (`history_length`, `page_size`, ...) instead of its
/// camelCase name, as `(name as sent, camelCase name)`; `None` without a query or such a
/// name, or when the camelCase name is sent too. Names are compared percent-decoded, case-insensitively (as [`query_param`] reads).
pub(super) fn proto_name_query_param(url: &str) -> Option<(String, &'static str)> {
    const NAMES: &[(&str, &str)] = &[
        ("history_length", "historyLength"),
        ("page_size", "pageSize"),
        ("page_token", "pageToken"),
        ("context_id", "contextId"),
        ("status_timestamp_after", "statusTimestampAfter"),
        ("include_artifacts", "includeArtifacts"),
    ];
    let q = query_of(url)?;
    q.split('&').find_map(|kv| {
        let k = kv.split_once('=').map_or(kv, |(k, _)| k);
        if !k.contains('_') && !k.contains('%') {
            return None;
        }
        let k = a2a::percent_decode(k);
        NAMES
            .iter()
            .find(|(snake, camel)| {
                k.eq_ignore_ascii_case(snake) && query_param(url, camel).is_none()
            })
            .map(|(_, camel)| (k.to_string(), *camel))
    })
}

/// DATA-001: the first member of 1.0 JSON `v` (at JSON Pointer `base`) spelled with its
/// proto field name instead of its JSON name ([`PROTO_NAMES_1_0`]), as
/// `(pointer, proto name, JSON name)`. The values of `metadata` and of a data part's `data`
/// are the sender's own content and are not walked; depth is bounded (16 levels). The
/// findings name every such member ([`proto_field_names`]); this first-hit form is kept for
/// the unit tests that pin the walk.
#[cfg(test)]
pub(super) fn proto_field_name(
    v: &Json,
    base: &str,
) -> Option<(String, &'static str, &'static str)> {
    let mut first = None;
    walk_proto_names(v, base, |ptr, snake, camel| {
        first = Some((ptr.to_string(), snake, camel));
        false
    });
    first
}

/// How many distinct proto field names a DATA-001 finding names ([`proto_field_names`]);
/// the rest are counted ("and 3 more").
pub(super) const PROTO_NAMES_SHOWN: usize = 5;

/// DATA-001 (left55): every proto field name [`proto_field_name`] would find in 1.0 JSON
/// `v` (at `base`), one entry per distinct name in the order first met, at most `limit`
/// entries, each `(pointer of its first use, proto name, JSON name)`; with the number of
/// distinct names found in all (entries beyond `limit` counted, not kept). Same walk, same
/// bounds (`metadata`, `data` and `extensions` values not walked, 16 levels).
pub(super) fn proto_field_names(
    v: &Json,
    base: &str,
    limit: usize,
) -> (Vec<(String, &'static str, &'static str)>, usize) {
    let mut hits: Vec<(String, &'static str, &'static str)> = Vec::new();
    // every distinct name counted (PROTO_NAMES_1_0 is a short static table)
    let mut seen: Vec<&'static str> = Vec::new();
    walk_proto_names(v, base, |ptr, snake, camel| {
        if !seen.contains(&snake) {
            seen.push(snake);
            if hits.len() < limit {
                hits.push((ptr.to_string(), snake, camel));
            }
        }
        true
    });
    (hits, seen.len())
}

/// The snake_case names of members the 0.2 / 0.3 JSON-RPC schema defines in camelCase
/// (`messageId`, `contextId`, `taskId`, `artifactId`, `referenceTaskIds`, `lastChunk`,
/// `pushNotificationConfig`): [`PROTO_NAMES_1_0`] entries whose JSON name is a 0.x member too.
const SNAKE_CASE_0X: &[&str] = &[
    "message_id",
    "context_id",
    "task_id",
    "artifact_id",
    "reference_task_ids",
    "last_chunk",
    "push_notification_config",
];

/// cards60: the members of a 0.2 / 0.3 JSON-RPC result or event `v` (at `base`) named in
/// snake_case where the 0.x schema names them in camelCase ([`SNAKE_CASE_0X`]), as
/// [`proto_field_names`] gives them (at most [`PROTO_NAMES_SHOWN`], with the number of
/// distinct names in all). The same walk: `metadata` and a data part's `data` not walked.
pub(super) fn snake_case_0x_names(
    v: &Json,
    base: &str,
) -> (Vec<(String, &'static str, &'static str)>, usize) {
    let (all, _) = proto_field_names(v, base, PROTO_NAMES_1_0.len());
    let mut hits: Vec<_> = all
        .into_iter()
        .filter(|(_, snake, _)| SNAKE_CASE_0X.contains(snake))
        .collect();
    let total = hits.len();
    hits.truncate(PROTO_NAMES_SHOWN);
    (hits, total)
}

/// How a finding names the 0.x snake_case names `hits` ([`snake_case_0x_names`]), as
/// [`proto_names_said`] names proto field names: "the snake_case name context_id where the
/// schema's member is contextId: a client that reads the schema (...) reading contextId
/// finds nothing".
pub(super) fn snake_names_said(
    hits: &[(String, &'static str, &'static str)],
    total: usize,
) -> String {
    proto_names_said(
        hits,
        total,
        "a client that reads the schema (a2a-js, a2a-java, a2a-go)",
    )
    .replace("proto field name", "snake_case name")
    .replace("the JSON member", "the schema's member")
}

/// How a finding names the proto field names `hits` ([`proto_field_names`], `total`
/// distinct in all) read by `reader` ("a client", "a receiver"): "the proto field name
/// task_id where the JSON member is taskId: a receiver reading taskId finds nothing" for
/// one, "the proto field names task_id, context_id where the JSON members are taskId,
/// contextId (and 2 more): a receiver reading them finds nothing" for several.
pub(super) fn proto_names_said(
    hits: &[(String, &'static str, &'static str)],
    total: usize,
    reader: &str,
) -> String {
    match hits {
        [] => String::new(),
        [(_, snake, camel)] if total <= 1 => format!(
            "the proto field name {snake} where the JSON member is {camel}: {reader} reading {camel} finds nothing"
        ),
        _ => {
            let snakes: Vec<&str> = hits.iter().map(|h| h.1).collect();
            let camels: Vec<&str> = hits.iter().map(|h| h.2).collect();
            let more = total.saturating_sub(hits.len());
            let more = if more > 0 {
                format!(" (and {more} more)")
            } else {
                String::new()
            };
            format!(
                "the proto field names {} where the JSON members are {}{more}: {reader} reading them finds nothing",
                snakes.join(", "),
                camels.join(", ")
            )
        }
    }
}

/// The walk of [`proto_field_name`] and [`proto_field_names`]: calls `hit(pointer, proto
/// name, JSON name)` for each member of `v` (at `base`) spelled with its proto name where
/// its object has no member of the JSON name, in document order, until `hit` answers false.
fn walk_proto_names(
    v: &Json,
    base: &str,
    mut hit: impl FnMut(&str, &'static str, &'static str) -> bool,
) {
    /// Walks `v` with `ptr` its pointer, grown and cut back in place (no pointer text is
    /// built for a member that is not a hit). Returns false once `hit` asked to stop.
    fn walk(
        v: &Json,
        ptr: &mut String,
        depth: u8,
        hit: &mut dyn FnMut(&str, &'static str, &'static str) -> bool,
    ) -> bool {
        if depth > 16 {
            return true;
        }
        match v {
            Json::Object(o) => {
                for (k, val) in o.iter() {
                    // Every proto name has a `_` (`proto_names_all_have_an_underscore`):
                    // the table is searched only for such a member.
                    if k.as_bytes().contains(&b'_') {
                        if let Some((snake, camel)) =
                            PROTO_NAMES_1_0.iter().find(|(sn, _)| *sn == k)
                        {
                            if !o.contains_key(camel) {
                                let at = ptr.len();
                                push_pointer_token(ptr, k);
                                let go_on = hit(ptr, snake, camel);
                                ptr.truncate(at);
                                if !go_on {
                                    return false;
                                }
                            }
                        }
                    }
                    if matches!(k, "metadata" | "data" | "extensions")
                        || !matches!(val, Json::Object(_) | Json::Array(_))
                    {
                        continue;
                    }
                    let at = ptr.len();
                    push_pointer_token(ptr, k);
                    let go_on = walk(val, ptr, depth + 1, hit);
                    ptr.truncate(at);
                    if !go_on {
                        return false;
                    }
                }
                true
            }
            Json::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    if !matches!(x, Json::Object(_) | Json::Array(_)) {
                        continue;
                    }
                    let at = ptr.len();
                    ptr.push('/');
                    ptr.push_str(itoa::Buffer::new().format(i));
                    let go_on = walk(x, ptr, depth + 1, hit);
                    ptr.truncate(at);
                    if !go_on {
                        return false;
                    }
                }
                true
            }
            _ => true,
        }
    }
    // room for a few tokens: grown from `base`'s exact size, the pointer reallocated
    // two or three times per body walked (perfj34)
    let mut ptr = String::with_capacity(base.len() + 64);
    ptr.push_str(base);
    walk(v, &mut ptr, 0, &mut hit);
}

impl BodyWalks {
    /// A member named as a 1.0 proto field ([`PROTO_NAMES_1_0`]), anywhere.
    pub(super) const PROTO_NAME: u8 = 1;
    /// An object with `mimeType` or `update`, or with `name` or `file` beside `url` or
    /// `raw`: the members a 1.0 part or status of the other generation has.
    pub(super) const MIX_V1: u8 = 2;
    /// A `mediaType` or `filename` member: a 0.x part or file of the other generation.
    pub(super) const MIX_V0: u8 = 4;
    /// A `mediaType` or `mimeType` member whose string is no media type
    /// ([`not_a_media_type`]).
    pub(super) const BAD_MEDIA: u8 = 8;
    pub(super) const ALL: u8 = 15;
    /// Deeper trees are not read: every walk is run (they stop at 16 levels or fewer).
    pub(super) const MAX_DEPTH: u32 = 48;

    /// The notes for tree `v` (the value the walks are given, or a tree holding it).
    pub(super) fn of(v: &Json) -> BodyWalks {
        let mut bits = 0u8;
        Self::scan(v, 0, &mut bits);
        BodyWalks(bits)
    }

    pub(super) fn scan(v: &Json, depth: u32, bits: &mut u8) {
        if depth > Self::MAX_DEPTH {
            *bits = Self::ALL;
            return;
        }
        match v {
            Json::Object(o) => {
                // `name` or `file` (1), `url` or `raw` (2) in this object
                let mut part = 0u8;
                for (k, c) in o.iter() {
                    match k {
                        "url" | "raw" => part |= 2,
                        "name" | "file" => part |= 1,
                        // the sender's own JSON: none of the three walks enters it
                        "data" | "metadata" => continue,
                        "update" => *bits |= Self::MIX_V1,
                        "filename" => *bits |= Self::MIX_V0,
                        "mimeType" | "mediaType" => {
                            *bits |= if k.len() == 8 {
                                Self::MIX_V1
                            } else {
                                Self::MIX_V0
                            };
                            if let Json::String(s) = c {
                                if not_a_media_type(s) {
                                    *bits |= Self::BAD_MEDIA;
                                }
                            }
                        }
                        _ => {
                            if may_be_proto_name(k.as_bytes())
                                && PROTO_NAMES_1_0.iter().any(|(sn, _)| *sn == k)
                            {
                                *bits |= Self::PROTO_NAME;
                            }
                        }
                    }
                    if matches!(c, Json::Object(_) | Json::Array(_)) {
                        Self::scan(c, depth + 1, bits);
                    }
                }
                if part == 3 {
                    *bits |= Self::MIX_V1;
                }
            }
            Json::Array(a) => {
                for c in a {
                    if matches!(c, Json::Object(_) | Json::Array(_)) {
                        Self::scan(c, depth + 1, bits);
                    }
                }
            }
            _ => {}
        }
    }

    /// [`proto_field_name`] can find a member.
    pub(super) fn proto_name(self) -> bool {
        self.0 & Self::PROTO_NAME != 0
    }

    /// [`a2a::part_member_mix`] in `style` can find a member.
    pub(super) fn part_mix(self, style: a2a::PartStyle) -> bool {
        let bit = match style {
            a2a::PartStyle::V1 => Self::MIX_V1,
            a2a::PartStyle::V0Rpc | a2a::PartStyle::V0Rest => Self::MIX_V0,
        };
        self.0 & bit != 0
    }

    /// [`first_bad_part_media`] can find a part.
    pub(super) fn bad_media(self) -> bool {
        self.0 & Self::BAD_MEDIA != 0
    }
}

/// Whether member name `k` may be one of [`PROTO_NAMES_1_0`]: 7 to 24 bytes with a `_`
/// (every proto name has one, `proto_names_all_have_an_underscore`). Names of 8 to 16
/// bytes, most of A2A's, are tested by two 8-byte loads and no call.
#[inline(always)]
pub(super) fn may_be_proto_name(k: &[u8]) -> bool {
    /// Whether a byte of `w` is `_` (the zero-byte test on `w ^ "________"`: exact).
    fn has_underscore(w: u64) -> bool {
        const ONES: u64 = 0x0101_0101_0101_0101;
        let x = w ^ (ONES * u64::from(b'_'));
        x.wrapping_sub(ONES) & !x & (ONES << 7) != 0
    }
    let word = |b: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&b[..8]);
        u64::from_le_bytes(w)
    };
    match k.len() {
        0..=6 => false,
        n @ 8..=16 => has_underscore(word(k)) || has_underscore(word(&k[n - 8..])),
        _ => k.contains(&b'_'),
    }
}

/// The media types the parts of a send request's message name (1.0 `mediaType`, 0.x
/// `file.mimeType` / `file.mediaType`, ProtoJSON `media_type`), at most 16.
pub(super) fn request_part_media_types(params: &Json) -> Vec<String> {
    let Some(parts) = params_message(params).and_then(|m| {
        m.get("parts")
            .or_else(|| m.get("content"))
            .and_then(Json::as_array)
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in parts.iter().take(16) {
        let file = p.get("file");
        for v in [
            p.get("mediaType"),
            p.get("media_type"),
            file.and_then(|f| f.get("mimeType")),
            file.and_then(|f| f.get("mediaType")),
        ]
        .into_iter()
        .flatten()
        {
            if let Some(s) = v.as_str().filter(|s| !s.is_empty()) {
                out.push(s.to_string());
            }
        }
    }
    out
}

/// The `artifactId`s of task `o`'s `artifacts` (1.0 / 0.2+ shape), in order.
/// Whether ListTasks call `c` asked for artifacts (`includeArtifacts` true in the body, or
/// `?includeArtifacts=true` on HTTP+JSON; DATA-007): then each listed task carries all of
/// its artifacts, and no `artifacts` member means none.
pub(super) fn list_includes_artifacts(x: &Exch, c: &Call) -> bool {
    match c.params.get("includeArtifacts") {
        Some(v) => v.as_bool() == Some(true) || v.as_str() == Some("true"),
        None => query_param(&x.url, "includeArtifacts").as_deref() == Some("true"),
    }
}

pub(super) fn artifact_ids(o: &Obj) -> Vec<String> {
    match o.get("artifacts") {
        Some(Json::Array(a)) => a
            .iter()
            .filter_map(|x| x.get("artifactId").and_then(Json::as_str))
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether call `c` went over JSON-RPC (the binding whose error codes
/// [`Engine::id_error_codes`] compares).
pub(super) fn rpc_binding(c: &Call) -> bool {
    c.binding == Some(Binding::JsonRpc)
}

/// The config id a push config Get / Delete names: the last segment of an HTTP+JSON
/// `…/pushNotificationConfigs/{configId}` path, 1.0 JSON-RPC `id`, 0.x
/// `pushNotificationConfigId`.
pub(super) fn push_call_config_id(c: &Call, path: &str) -> Option<String> {
    if c.binding == Some(Binding::Rest) {
        let (head, last) = path.trim_end_matches('/').rsplit_once('/')?;
        return (head.ends_with("pushNotificationConfigs") && !last.is_empty())
            .then(|| last.to_string());
    }
    let key = if c.dialect == Some(Dialect::V1_0) {
        "id"
    } else {
        "pushNotificationConfigId"
    };
    c.params
        .get(key)
        .and_then(Json::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// PUSH-002: the JSON Pointer of the missing `url` when the push notification config of a
/// Create / 0.x set call (1.0 flat, 0.x `pushNotificationConfig`) or of a send's
/// `configuration` (1.0 `taskPushNotificationConfig`, 0.x `pushNotificationConfig`) has no
/// url or an empty one; `None` when every config present has a url, or there is none.
/// The media type of a message or artifact part (DATA-004), lowercase without parameters:
/// its `mediaType` (1.0) or `file.mimeType` (0.x) when given, else `text/plain` for a text
/// part and `application/json` for a data part; `None` for a file part of unstated type.
pub(super) fn part_media_type(part: &Obj) -> Option<String> {
    let stated = part
        .get("mediaType")
        .and_then(Json::as_str)
        .or_else(|| {
            part.get("file")
                .and_then(Json::as_object)
                .and_then(|f| f.get("mimeType").or_else(|| f.get("mediaType")))
                .and_then(Json::as_str)
        })
        .map(|m| {
            m.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .filter(|m| !m.is_empty());
    if stated.is_some() {
        return stated;
    }
    let kind = part.get("kind").and_then(Json::as_str);
    if kind == Some("text") || (kind.is_none() && part.contains_key("text")) {
        Some("text/plain".into())
    } else if kind == Some("data") || (kind.is_none() && part.contains_key("data")) {
        Some("application/json".into())
    } else {
        None
    }
}

/// The media type a part that states none in its own members (1.0 `mediaType`, 0.x
/// `file.mimeType`) names in its `metadata` (`mimeType` or `mediaType`), lowercase without
/// parameters, when it is a `type/subtype`: how 0.x extensions type a DataPart, which has
/// no media-type member (A2UI's `metadata.mimeType: "application/json+a2ui"`, a2ui #233;
/// Microsoft Agents' data parts, f594). `None` when the part states its type itself.
pub(super) fn part_metadata_media_type(part: &Obj) -> Option<String> {
    let stated = part
        .get("mediaType")
        .and_then(Json::as_str)
        .is_some_and(|m| !m.trim().is_empty())
        || part
            .get("file")
            .and_then(Json::as_object)
            .and_then(|f| f.get("mimeType").or_else(|| f.get("mediaType")))
            .and_then(Json::as_str)
            .is_some_and(|m| !m.trim().is_empty());
    if stated {
        return None;
    }
    let md = part.get("metadata")?.as_object()?;
    let m = md
        .get("mimeType")
        .or_else(|| md.get("mediaType"))?
        .as_str()?
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let (ty, sub) = m.split_once('/')?;
    (!ty.is_empty() && !sub.is_empty() && !m.contains('*')).then_some(m)
}

/// `media` is covered by one of the media ranges in `accepted` (`*/*`, `image/*`, exact;
/// parameters and letter case ignored).
pub(super) fn media_accepted(media: &str, accepted: &[String]) -> bool {
    accepted.iter().any(|a| {
        let a = a.as_str();
        a == "*" || a == "*/*" || a == media || {
            a.strip_suffix("/*")
                .is_some_and(|ty| media.split('/').next() == Some(ty))
        }
    })
}

/// CAP-MODE-001 (proto `SendMessageConfiguration.accepted_output_modes`: agents SHOULD
/// tailor their output to it): the first part of the answer `payload` (a Task's artifacts,
/// an artifact update's artifact, a Message's parts; at JSON Pointer `base`) whose media
/// type (DATA-004, [`part_media_type`]) none of the send request's `acceptedOutputModes`
/// covers. Returns the part's JSON Pointer, its media type and the finding's message.
/// Only a list of media types is judged: an empty list, or one with a token that is no
/// media type (0.2 samples' `"text"`), gives `None`.
pub(super) fn output_mode_miss(
    c: &Call,
    payload: &Obj,
    base: &str,
) -> Option<(String, String, String)> {
    if !matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage)) {
        return None;
    }
    let list = member_path(c.params.json(), "/configuration/acceptedOutputModes")?.as_array()?;
    let mut accepted = Vec::with_capacity(list.len());
    for m in list {
        let m = m
            .as_str()?
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if m != "*" && !m.contains('/') {
            return None;
        }
        accepted.push(m);
    }
    if accepted.is_empty() {
        return None;
    }
    let miss = |parts: &[Json], ptr: String| {
        parts.iter().enumerate().find_map(|(i, p)| {
            let part = p.as_object()?;
            let media = part_media_type(part)?;
            if media_accepted(&media, &accepted) {
                return None;
            }
            // A part that states no type of its own may name it in its metadata, as 0.x
            // extensions do (A2UI's DataPart metadata.mimeType "application/json+a2ui"):
            // accepted under either name; reported under the one its metadata declares.
            match part_metadata_media_type(part) {
                Some(m) if media_accepted(&m, &accepted) => None,
                Some(m) => Some((format!("{ptr}/{i}"), m, true)),
                None => Some((format!("{ptr}/{i}"), media, false)),
            }
        })
    };
    let mut hit = None;
    let mut what = String::new();
    if let Some(parts) = payload.get("parts").and_then(Json::as_array) {
        hit = miss(parts, format!("{base}/parts"));
        what = format!("message {}", message_id_of(payload));
    }
    let arts: Vec<(usize, &Json)> = match (payload.get("artifacts"), payload.get("artifact")) {
        (Some(Json::Array(a)), _) => a.iter().enumerate().collect(),
        (_, Some(a)) => vec![(usize::MAX, a)],
        _ => Vec::new(),
    };
    for (i, a) in arts {
        if hit.is_some() {
            break;
        }
        let Some(parts) = a.get("parts").and_then(Json::as_array) else {
            continue;
        };
        let ap = if i == usize::MAX {
            format!("{base}/artifact")
        } else {
            format!("{base}/artifacts/{i}")
        };
        hit = miss(parts, format!("{ap}/parts"));
        let aid = a
            .get("artifactId")
            .and_then(Json::as_str)
            .unwrap_or("(without artifactId)");
        what = format!("artifact {aid}");
    }
    let (ptr, media, in_metadata) = hit?;
    let msg = format!(
        "agent answered {} with a part of media type {media}{} in {what}, which the client's acceptedOutputModes [{}] do not include",
        c.op_term("the send"),
        if in_metadata {
            " (named in the part's metadata)"
        } else {
            ""
        },
        accepted.join(", ")
    );
    Some((ptr, media, msg))
}

/// PUSH-CFG-007 (PUSH-002, REST-001, GRPC-001): a 0.x HTTP+JSON
/// CreateTaskPushNotificationConfig whose body is the whole gRPC request message
/// `{"parent": "tasks/{id}", "config": {TaskPushNotificationConfig}}` instead of the
/// `TaskPushNotificationConfig` itself (the 0.3 proto maps the route with `body: "config"`,
/// so the body *is* `config`; a2a-python 1.3.0's 0.3 client sends the wrapped shape). True
/// only when the body root has an object `config` and no `pushNotificationConfig` /
/// `push_notification_config` of its own.
pub(super) fn rest03_push_create_wrapped(c: &Call) -> bool {
    c.binding == Some(Binding::Rest)
        && c.op == Some(Op::CreatePushConfig)
        && c.dialect.is_some_and(Dialect::is_0x)
        && !c.webhook
        && c.params.get("config").is_some_and(Json::is_object)
        && c.params.get("pushNotificationConfig").is_none()
        && c.params.get("push_notification_config").is_none()
}

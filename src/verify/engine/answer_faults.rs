//! Bodies that are not what they claim (not JSON, not UTF-8, an HTML page) and calls left without an answer.

use super::*;

/// Events of one stream held back and passed on in bursts by an intermediary (GW-SSE-001,
/// STREAM-005; breaker14 P15): `client` and `upstream` are the arrival times (µs) of the
/// same events on the client leg and the upstream leg, in order. An event is *held* when it
/// reached the client at least 1 s after it reached the proxy from upstream **and** no
/// earlier than the next event's upstream arrival (it waited for a later event: the two
/// were coalesced). `Some((held events, longest hold in µs, index of that event))` when at
/// least two events were held; a stream passed on late but event by event (a slow link)
/// and a single hiccup are not bursts.
pub(super) fn held_in_bursts(client: &[u64], upstream: &[u64]) -> Option<(usize, u64, usize)> {
    let n = client.len().min(upstream.len());
    let mut held = 0;
    let mut worst = (0u64, 0usize);
    for k in 0..n.saturating_sub(1) {
        let delay = client[k].saturating_sub(upstream[k]);
        if delay >= 1_000_000 && client[k] >= upstream[k + 1] {
            held += 1;
            if delay > worst.0 {
                worst = (delay, k);
            }
        }
    }
    (held >= 2).then_some((held, worst.0, worst.1))
}

/// SSE-FRAME-002's message for an event whose `data` is no JSON document (RPC-005,
/// REST-002), `err` the parser's words. Names the two causes seen in the field that the
/// parser's words hide: JSON continuation lines written without `data:` in front
/// ([`SseEvent::stray_json_lines`]: pretty-printed JSON, which the SSE parser drops as
/// unknown fields), and OpenAI's `[DONE]` end-of-stream sentinel (breaker22 Y01, Y02).
pub(super) fn sse_not_json_message(e: &SseEvent, err: &str) -> String {
    if let Some((n, first)) = &e.stray_json_lines {
        let first: String = first
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
        return format!(
            "sse event data is not JSON ({err}): {n} line(s) of the event continue a JSON document without a data: field (the first: {first:?}), so the SSE parser ignored them as unknown fields and the data holds only what the data: lines carried; put \"data: \" in front of every line of a multi-line JSON text, or write it on one line (W3C SSE 9.2.6)"
        );
    }
    if e.data.trim() == "[DONE]" {
        return "sse event data is [DONE], the end-of-stream sentinel of OpenAI's streaming API, not a JSON document: an A2A stream carries one JSON-RPC response (HTTP+JSON: one StreamResponse) per event and ends by closing the connection after the terminal event; drop the sentinel".to_string();
    }
    format!("sse event data is not JSON ({err})")
}

/// What a non-UTF-8 byte `b` would be in Latin-1 / windows-1252, the usual cause:
/// ` (Latin-1 "é"?)`, or `` for an ASCII byte.
pub(super) fn latin1_guess(b: u8) -> String {
    match b {
        0xA0..=0xFF => format!(" (Latin-1 {:?}?)", char::from(b).to_string()),
        0x80..=0x9F => " (windows-1252 text?)".into(),
        _ => String::new(),
    }
}

/// RFC 8259 §8.1: JSON text exchanged between systems is UTF-8. For a body that is not:
/// `: it is not valid UTF-8: byte 0xE9 at offset 97, after "caf" (Latin-1 "é"?) ...`, told
/// as the one fault when the body is JSON but for those bytes. `None` for valid UTF-8.
pub(super) fn not_utf8_json(body: &[u8]) -> Option<String> {
    let e = std::str::from_utf8(body).err()?;
    let at = e.valid_up_to();
    let b = *body.get(at)?;
    let before = String::from_utf8_lossy(&body[..at]);
    let n = before.chars().count();
    let before: String = before.chars().skip(n.saturating_sub(24)).collect();
    let lossy = String::from_utf8_lossy(body);
    let what = if Json::parse_str(&lossy).is_ok() {
        "it is JSON text except that it is"
    } else {
        "it is also"
    };
    Some(format!(
        ": {what} not valid UTF-8: byte 0x{b:02X} at offset {at}, after {before:?}{}; JSON text must be UTF-8 (RFC 8259 §8.1) and parsers reject other bytes: encode the text as UTF-8",
        latin1_guess(b)
    ))
}

/// Whether `t` (a trimmed body) opens an object whose first member name is single-quoted
/// (`{'jsonrpc': '2.0', ...}`): a Python dict's repr or a JavaScript object literal, not
/// JSON (RFC 8259 §7 strings are double-quoted). For DATA-SHAPE-005 (mine34, a2a-tck #216).
pub(super) fn single_quoted_object(t: &[u8]) -> bool {
    t.strip_prefix(b"{")
        .is_some_and(|rest| trim_ascii(rest).starts_with(b"'"))
}

/// Why a body declared JSON fails to parse, when the cause is invisible in a terminal: a
/// byte order mark ([`bom_before_json`]) or bytes that are not UTF-8 ([`not_utf8_json`]).
pub(super) fn json_text_fault(body: &[u8]) -> Option<String> {
    bom_before_json(body).or_else(|| not_utf8_json(body))
}

/// `Some(": it starts with a UTF-8 byte order mark ...")` when `body` is JSON after a
/// leading UTF-8 BOM (EF BB BF): RFC 8259 §8.1 forbids it, parsers (`json.loads`, httpx,
/// `JSON.parse`) reject it, and the evidence does not show it (breaker10 E27).
pub(super) fn bom_before_json(body: &[u8]) -> Option<String> {
    let rest = body.strip_prefix(b"\xEF\xBB\xBF")?;
    Json::parse(rest).is_ok().then(|| {
        ": it starts with a UTF-8 byte order mark (bytes EF BB BF, U+FEFF) before the JSON text, which RFC 8259 §8.1 forbids and JSON parsers reject (\"Unexpected UTF-8 BOM\"); write the body without a BOM (.NET: new UTF8Encoding(false))".to_string()
    })
}

/// Whether `x` was answered HTTP 501 with a page rather than an A2A error (CARD-005;
/// mine24a): an HTML or plain-text "Not Implemented" from a front, or JSON that is no A2A
/// error. A2A's own 501s are answers, not a missing URL: 1.0.0's UNIMPLEMENTED (a
/// google.rpc Status with `status` "UNIMPLEMENTED" or `code` 12 / 501 at top level or
/// under `error`), any error carrying an `a2a-protocol.org` ErrorInfo or an A2A code
/// (-32099..-32001), a JSON-RPC error, and an RFC 9457 problem whose `type` is an
/// a2a-protocol.org URI or whose `title` names an A2A error (1.0.0's problem+json form).
pub(super) fn not_implemented_page(x: &Exch) -> bool {
    if x.status != Some(501) || x.synthetic {
        return false;
    }
    let body = x.resp_decoded().unwrap_or_default();
    let Ok(Json::Object(o)) = Json::parse(&body) else {
        return true;
    };
    let unimplemented = |e: &Obj| {
        e.get("status")
            .and_then(Json::as_str)
            .is_some_and(|s| s.eq_ignore_ascii_case("UNIMPLEMENTED"))
            || (e.get("code").and_then(Json::as_i64) == Some(12) && e.contains_key("message"))
    };
    if unimplemented(&o)
        || o.get("error")
            .and_then(Json::as_object)
            .is_some_and(unimplemented)
    {
        return false;
    }
    let problem = o
        .get("type")
        .and_then(Json::as_str)
        .is_some_and(|t| t.to_ascii_lowercase().contains("a2a-protocol.org"))
        || o.get("title")
            .and_then(Json::as_str)
            .is_some_and(|t| reason_named_by_title(t).is_some());
    // The A2A shapes only: `{"error": "Not Implemented"}` or `{"detail": ...}` is a page.
    let a2a_code = |v: Option<&Json>| {
        v.and_then(Json::as_i64)
            .is_some_and(|n| (-32099..=-32001).contains(&n))
    };
    let err = o.get("error").and_then(Json::as_object);
    let a2a = (o.contains_key("jsonrpc") && o.contains_key("error"))
        || a2a_code(o.get("code"))
        || err.is_some_and(|e| {
            a2a_code(e.get("code"))
                || e.get("details").and_then(Json::as_array).is_some_and(|d| {
                    d.iter().any(|i| {
                        i.get("domain")
                            .and_then(Json::as_str)
                            .is_some_and(|t| t.eq_ignore_ascii_case("a2a-protocol.org"))
                    })
                })
        });
    !(problem || a2a)
}

/// True when JSON error body `o` of a 404/405 to call `c` is an answer of the agent, not
/// a router's or gateway's "no such route" page (CARD-005, breaker14 P2): a JSON-RPC error
/// envelope, a 1.0 AIP-193 `error` object (`{"error":{code,status,...}}`, or one whose
/// `details` carry a `google.rpc.ErrorInfo` of domain `a2a-protocol.org`), a 0.x A2A error code (−32001..−32099, ERR-002), or any
/// `error`/`code`+`message` body to a call that names a resource that can be missing (a
/// task id in the route, params or the message). A `message:send` naming no task, and
/// `GET /extendedAgentCard`, have no such resource: `{"code":404,"status":"NOT_FOUND"}` or
/// Kong's `{"message":"no Route matched"}` there means the route is missing.
pub(super) fn a2a_error_answer(c: Option<&Call>, o: &Obj) -> bool {
    if o.contains_key("jsonrpc") && o.contains_key("error") {
        return true;
    }
    let a2a_code = |v: Option<&Json>| {
        v.and_then(Json::as_i64)
            .is_some_and(|n| (-32099..=-32001).contains(&n))
    };
    if a2a_code(o.get("code")) {
        return true;
    }
    if let Some(e) = o.get("error").and_then(Json::as_object) {
        if a2a_code(e.get("code")) {
            return true;
        }
        let a2a_domain = e.get("details").and_then(Json::as_array).is_some_and(|d| {
            d.iter().any(|i| {
                i.get("domain")
                    .and_then(Json::as_str)
                    .is_some_and(|t| t.eq_ignore_ascii_case("a2a-protocol.org"))
            })
        });
        if a2a_domain {
            return true;
        }
        // The 1.0 binding's own error shape (`{"error":{code,status,message}}`, ERR-003)
        // without an A2A ErrorInfo is also what Google-style API gateways and frameworks
        // write for a path they do not route: it is an A2A answer only where an A2A error
        // can be (below): a SendMessage that names no task cannot be TaskNotFound, so its
        // 404 NOT_FOUND says the route is not served (breaker15a Q4, client leg only).
    }
    // RFC 9457 problem details whose type or title names an A2A error (the 1.0 drafts'
    // HTTP+JSON error form, which 1.0 §6.4 / §6.5 still show: DIGEST trap 10; A2A #1596,
    // mine56b f1254): the agent's own error answer, not a router's page (a framework's
    // ProblemDetails 404 says "Not Found" under an RFC 9110 type, which names no A2A error).
    if (o.contains_key("type") || o.contains_key("title"))
        && super::rest::problem_reason_of(
            o.get("type").and_then(Json::as_str).unwrap_or(""),
            o.get("title").and_then(Json::as_str),
        )
        .is_some()
    {
        return true;
    }
    if !(o.contains_key("error") || (o.contains_key("code") && o.contains_key("message"))) {
        return false;
    }
    let Some(c) = c else { return true };
    let Some(op) = c.op else { return true };
    let names_task = c.task_id().is_some()
        || a2a::params_message(c.params.json()).is_some_and(|m| {
            m.get("taskId")
                .or_else(|| m.get("task_id"))
                .and_then(Json::as_str)
                .is_some_and(|t| !t.is_empty())
        });
    // GetExtendedAgentCard names no resource either: its A2A errors are
    // UnsupportedOperationError and ExtendedAgentCardNotConfiguredError (HTTP 400 with an
    // ErrorInfo, AUTH-005), so a bare 404 NOT_FOUND there is the route missing (breaker24
    // K06).
    !matches!(
        op,
        Op::SendMessage | Op::SendStreamingMessage | Op::GetExtendedCard
    ) || names_task
}

/// `https://host:port/` for a `GRPC` interface `url` written as a gRPC target without a
/// URL scheme (`localhost:50051`, `10.0.0.7:50051`, `dns:///planner.svc:50051`; gRPC
/// naming), so the card-URL rules can read its authority (CARD-005); `None` otherwise.
pub(super) fn grpc_target_url(binding: &str, url: &str) -> Option<String> {
    if !binding.eq_ignore_ascii_case("GRPC") || (url.contains("://") && !url.starts_with("dns:")) {
        return None;
    }
    let t = url
        .strip_prefix("dns:///")
        .or_else(|| url.strip_prefix("dns:"))
        .unwrap_or(url);
    let (host, port) = t.rsplit_once(':')?;
    if host.is_empty()
        || host.contains(['/', '@', ' '])
        || port.is_empty()
        || !port.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some(format!("https://{host}:{port}/"))
}

/// An event stream's answer came before its request body was whole (an early answer,
/// fix19p P2), as far as the response head can tell: fewer bytes than the request's
/// `Content-Length`, or, without one, a POST whose body is empty or does not parse yet (a
/// JSON-RPC request that is not JSON, an HTTP+JSON body that is not). The call built from it
/// then lacks what the rest of the body says, so the stream waits for it.
pub(super) fn call_body_unread(x: &Exch) -> bool {
    if x.req_body_missing() {
        return true;
    }
    if x.req_body.expected > 0 || !x.method.eq_ignore_ascii_case("POST") {
        return false;
    }
    let Some(c) = x.call.as_deref() else {
        return false;
    };
    if c.webhook {
        return false;
    }
    if x.req_body.as_slice().is_empty() {
        return c.binding.is_some() || x.req_headers.get("content-length").is_none();
    }
    match c.binding {
        Some(Binding::JsonRpc) => matches!(
            c.rpc,
            Some(RequestParse::Invalid) | Some(RequestParse::NotJson)
        ),
        Some(Binding::Rest) => c.params.is_null(),
        _ => false,
    }
}

/// The request body of an exchange whose stream is held ([`call_body_unread`]) is whole
/// now: its `Content-Length` reached, or, without one, it ends in `}` and parses as JSON
/// (checked only then, so a long body arriving in many frames is not parsed each time).
pub(super) fn late_body_whole(x: &Exch) -> bool {
    if x.req_body.expected > 0 {
        return x.req_body.len() >= x.req_body.expected;
    }
    let b = x.req_body.as_slice();
    if b.iter().rev().find(|c| !c.is_ascii_whitespace()) != Some(&b'}') {
        return false;
    }
    decode_body(&x.req_headers, b).is_some_and(|d| Json::parse(&d).is_ok())
}

/// GW-RESP-006's explanation of a call the recording proxy answered itself: whether the
/// proxy sent the request twice, or why it did not (breaker16b T5). The proxy sends a
/// request again on a new upstream connection only when the first one closed or reset
/// before any answer and the request is idempotent (GET, HEAD, OPTIONS, TRACE, PUT, DELETE)
/// without a body, over HTTP/1.1 (RFC 9112 §9.3.1.1, RFC 9110 §9.2.2); `closed`: the
/// recorded cause is such a close. Empty when there is nothing to explain.
pub(super) fn resend_note(x: &Exch, closed: bool) -> String {
    if let Some(first) = x.resent.as_deref() {
        return format!(
            ": the proxy sent this {} twice: the upstream closed its kept connection before any answer ({first}), and the new connection it sent the request on again failed as quoted, so the upstream fails fresh connections too, not only a kept-alive connection racing its idle timeout (RFC 9112 §9.3.1.1)",
            x.method.to_ascii_uppercase()
        );
    }
    if !closed {
        return String::new();
    }
    let method = x.method.to_ascii_uppercase();
    let idempotent = matches!(
        method.as_str(),
        "GET" | "HEAD" | "OPTIONS" | "TRACE" | "PUT" | "DELETE"
    );
    let body = x.req_body.len() > 0
        || x.req_body.expected > 0
        || x.req_headers.get("transfer-encoding").is_some();
    let not_again = if !idempotent {
        format!(
            "a {method} is not idempotent, so the proxy does not send it again on another connection (RFC 9112 §9.3.1.1, RFC 9110 §9.2.2): the agent may have run it"
        )
    } else if body {
        format!(
            "this {method} has a body, which the proxy does not send a second time, so it was not sent again on another connection (RFC 9112 §9.3.1.1)"
        )
    } else {
        format!(
            "this bodyless {method} was not sent again: the proxy resends an idempotent bodyless request over a plain HTTP/1.1 or a TLS upstream, not over h2c (HTTP/2 prior knowledge) (RFC 9112 §9.3.1.1; older a2a-interop builds resent none)"
        )
    };
    format!(
        ": the upstream closed the connection without answering; on a kept-alive connection that is a server's idle keep-alive timeout racing the request; {not_again}"
    )
}

/// For an exchange the agent did not answer (no response head, or the recording proxy's own
/// 502/504): why, from the recorded `exchange_end` outcome and error text (the proxy's
/// "upstream ... unreachable: ...", a HAR's `_error` such as `net::ERR_CONNECTION_RESET`).
/// `None` for an answered exchange.
pub(super) fn no_answer_cause(x: &Exch) -> Option<NoAnswer> {
    // the recording proxy could not open a connection at all: said as a kind (session 33)
    if x.connect_failure.is_some() && x.outcome == Some(Outcome::UpstreamError) {
        return Some(NoAnswer::NotReached);
    }
    let err = x.end_error.as_deref().unwrap_or("").to_ascii_uppercase();
    let any = |ps: &[&str]| ps.iter().any(|p| err.contains(p));
    const NOT_REACHED: &[&str] = &[
        "REFUSED",
        "NOT_RESOLVED",
        "NAME_RESOLUTION",
        "UNKNOWN_HOST",
        "UNREACHABLE",
        "CONNECTION_FAILED",
        "NO ROUTE",
        "DNS",
    ];
    const REACHED: &[&str] = &[
        "RESET",
        "CLOSED",
        "EMPTY_RESPONSE",
        "INTERRUPT",
        "NO VALID HTTP",
        "SWITCHING PROTOCOLS",
    ];
    match (x.status, x.synthetic, x.outcome) {
        (Some(502) | Some(504), true, _) => Some(if any(REACHED) {
            NoAnswer::Reached
        } else {
            NoAnswer::NotReached
        }),
        (None, _, Some(Outcome::UpstreamError)) => Some(if any(NOT_REACHED) {
            NoAnswer::NotReached
        } else if any(REACHED) {
            NoAnswer::Reached
        } else {
            NoAnswer::Unknown
        }),
        (None, _, Some(Outcome::Open)) => Some(NoAnswer::Unknown),
        _ => None,
    }
}

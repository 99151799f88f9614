/*!
JSON-RPC 2.0 vocabulary as A2A uses it (RPC-001, RPC-002, ERR-001, ERR-002): error codes,
lenient request/response views over [`super::json::Json`], and id correlation keys.
*/

use super::json::{Json, Num};

/// −32700 JSONParseError (ERR-001).
pub const PARSE_ERROR: i64 = -32700;
/// −32600 InvalidRequestError (ERR-001).
pub const INVALID_REQUEST: i64 = -32600;
/// −32601 MethodNotFoundError (ERR-001).
pub const METHOD_NOT_FOUND: i64 = -32601;
/// −32602 InvalidParamsError (ERR-001).
pub const INVALID_PARAMS: i64 = -32602;
/// −32603 InternalError (ERR-001).
pub const INTERNAL_ERROR: i64 = -32603;
/// −32001 TaskNotFoundError (ERR-002).
pub const TASK_NOT_FOUND: i64 = -32001;
/// −32002 TaskNotCancelableError (ERR-002).
pub const TASK_NOT_CANCELABLE: i64 = -32002;
/// −32003 PushNotificationNotSupportedError (ERR-002).
pub const PUSH_NOT_SUPPORTED: i64 = -32003;
/// −32004 UnsupportedOperationError (ERR-002).
pub const UNSUPPORTED_OPERATION: i64 = -32004;
/// −32005 ContentTypeNotSupportedError (ERR-002).
pub const CONTENT_TYPE_NOT_SUPPORTED: i64 = -32005;
/// −32006 InvalidAgentResponseError (ERR-002).
pub const INVALID_AGENT_RESPONSE: i64 = -32006;
/// −32007 ExtendedAgentCardNotConfiguredError (ERR-002).
pub const EXTENDED_CARD_NOT_CONFIGURED: i64 = -32007;
/// −32008 ExtensionSupportRequiredError (ERR-002, 1.0).
pub const EXTENSION_SUPPORT_REQUIRED: i64 = -32008;
/// −32009 VersionNotSupportedError (ERR-002, 1.0).
pub const VERSION_NOT_SUPPORTED: i64 = -32009;

/// Spec name of a JSON-RPC / A2A error code, if it has one (ERR-001, ERR-002).
pub fn code_name(code: i64) -> Option<&'static str> {
    Some(match code {
        PARSE_ERROR => "JSONParseError",
        INVALID_REQUEST => "InvalidRequestError",
        METHOD_NOT_FOUND => "MethodNotFoundError",
        INVALID_PARAMS => "InvalidParamsError",
        INTERNAL_ERROR => "InternalError",
        TASK_NOT_FOUND => "TaskNotFoundError",
        TASK_NOT_CANCELABLE => "TaskNotCancelableError",
        PUSH_NOT_SUPPORTED => "PushNotificationNotSupportedError",
        UNSUPPORTED_OPERATION => "UnsupportedOperationError",
        CONTENT_TYPE_NOT_SUPPORTED => "ContentTypeNotSupportedError",
        INVALID_AGENT_RESPONSE => "InvalidAgentResponseError",
        EXTENDED_CARD_NOT_CONFIGURED => "ExtendedAgentCardNotConfiguredError",
        EXTENSION_SUPPORT_REQUIRED => "ExtensionSupportRequiredError",
        VERSION_NOT_SUPPORTED => "VersionNotSupportedError",
        _ => return None,
    })
}

/// `n:<i>` without the formatting machinery (every request and answer is keyed).
fn int_key(i: i64) -> String {
    let mut k = String::with_capacity(24);
    k.push_str("n:");
    if i < 0 {
        k.push('-');
    }
    crate::model::json::push_decimal(&mut k, i.unsigned_abs());
    k
}

/// `id_key(a) == id_key(b)`, without building the two keys when both ids are strings or
/// both integers (the verifier compares every answer's id with its request's).
pub fn same_id_key(a: Option<&Json>, b: Option<&Json>) -> bool {
    // The integer an id keys as (`n:<i>`): integers, and integral floats up to 2^53.
    fn int(j: &Json) -> Option<i128> {
        match j {
            Json::Number(Num::PosInt(u)) => Some(i128::from(*u)),
            Json::Number(Num::NegInt(i)) => Some(i128::from(*i)),
            Json::Number(Num::Float(f))
                if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 =>
            {
                Some(i128::from(*f as i64))
            }
            _ => None,
        }
    }
    if let (Some(Json::String(x)), Some(Json::String(y))) = (a, b) {
        return x == y;
    }
    if let (Some(x), Some(y)) = (a.and_then(int), b.and_then(int)) {
        return x == y;
    }
    id_key(a) == id_key(b)
}

/// Whether a JSON number read as a double (`1.0`, `1e3`, `-2E2`) holds a whole value that
/// every JSON parser keeps exactly (|f| <= 2^53): JSON has one number type (RFC 8259 §6),
/// so such a literal is the integer it writes, and JSON Schema draft-07's `integer` (the
/// 0.2/0.3 A2A schemas' id type) accepts it.
pub fn integral_double(f: f64) -> bool {
    f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0
}

/// A request id as a correlation key: `"s:abc"` for strings, `"n:1"` for numbers (`1.0`
/// too: one JSON number), `None` for absent / null (a notification, or an unreadable
/// request).
pub fn id_key(id: Option<&Json>) -> Option<String> {
    match id? {
        Json::String(s) => {
            let mut k = String::with_capacity(2 + s.len());
            k.push_str("s:");
            k.push_str(s);
            Some(k)
        }
        // RFC 8259 §6: JSON has one number type, so `1.0` and `1` are the same id (a
        // JavaScript server echoes the client's `1.0` as `1`; breaker11 K6). Integral
        // values up to 2^53 (exact in every JSON parser) key as the integer.
        Json::Number(Num::Float(f)) if integral_double(*f) => Some(int_key(*f as i64)),
        Json::Number(Num::NegInt(i)) => Some(int_key(*i)),
        Json::Number(Num::PosInt(u)) => {
            let mut k = String::with_capacity(24);
            k.push_str("n:");
            crate::model::json::push_decimal(&mut k, *u);
            Some(k)
        }
        Json::Number(n) => Some(format!("n:{n}")),
        _ => None,
    }
}

/// Whether the id of the JSON-RPC message `text` is written in exponent notation without a
/// fraction (`1e3`, `2E+2`) and holds a whole value ([`integral_double`]): the integer
/// 1000 in another notation, with no fractional part for JSON-RPC 2.0 §4's "SHOULD NOT
/// contain fractional parts" to object to, and an `integer` for the draft-07 A2A schemas
/// (review33 Q6). `1.0` writes a fractional part and is not one (breaker11 K6). False when
/// `text` is no JSON object the walk can read.
pub fn exponent_integer_id(text: &[u8]) -> bool {
    let Some(Some(raw)) = crate::model::json::top_level_member_raw(text, "id") else {
        return false;
    };
    let exp = raw.iter().any(|b| matches!(b, b'e' | b'E'));
    exp && !raw.contains(&b'.')
        && std::str::from_utf8(raw)
            .ok()
            .and_then(|t| t.parse::<f64>().ok())
            .is_some_and(integral_double)
}

/// The id of the JSON-RPC message `text` as written, when it is an integer literal too wide
/// for `u64` / `i64` (`18446744073709551617`, a Python client's `uuid4().int`): JSON-RPC 2.0
/// §4 allows any number and the A2A schemas any integer (RPC-002), but [`Json`] reads such
/// a literal as an `f64`, which loses its last digits. `None` for every other id, and when
/// `text` is no JSON object the walk can read.
pub fn wide_integer_id(text: &[u8]) -> Option<&str> {
    let raw = crate::model::json::top_level_member_raw(text, "id")??;
    let digits = raw.strip_prefix(b"-").unwrap_or(raw);
    let integer = !digits.is_empty()
        && digits.iter().all(u8::is_ascii_digit)
        && (digits[0] != b'0' || digits.len() == 1);
    let t = std::str::from_utf8(raw).ok()?;
    (integer && t.parse::<i64>().is_err() && t.parse::<u64>().is_err()).then_some(t)
}

/// How a JSON-RPC request body parsed (RPC-001).
#[derive(Clone, Debug, PartialEq)]
pub enum RequestParse {
    /// Not JSON at all: the server must answer −32700.
    NotJson,
    /// JSON, but not a valid request object (no `method` string, wrong `jsonrpc`): −32600.
    Invalid,
    /// Valid JSON perhaps, beyond what the parser reads: nested deeper than its 128 levels
    /// (RFC 8259 §9 lets a parser limit nesting) or a number beyond a 64-bit float's range
    /// (§6 lets it limit range), so −32700 and any other rejection are both fair: not
    /// judged. The text says which limit ([`parser_limit`]).
    BeyondParser(&'static str),
    /// A request (or notification when `id` is absent).
    Request {
        method: String,
        id: Option<Json<'static>>,
        params: Json<'static>,
    },
}

/// [`parser_limit`]'s words for a body nested deeper than serde_json reads (128 levels).
pub const TOO_DEEP: &str = "nests JSON deeper than the parser's 128 levels";

/// [`parser_limit`]'s words for a number beyond a 64-bit float's range (`1e400`).
pub const NUMBER_OUT_OF_RANGE: &str =
    "holds a number beyond the parser's range (a 64-bit float's; RFC 8259 §6 lets a parser limit it)";

/// When `e` is no syntax error but a limit of the parser on what may be valid JSON (RFC
/// 8259 §9: nesting, serde_json's 128 levels; §6: a number's range, as `1e400`), the
/// words for it ([`TOO_DEEP`], [`NUMBER_OUT_OF_RANGE`]); `None` for a syntax error.
pub fn parser_limit(e: &serde_json::Error) -> Option<&'static str> {
    let m = e.to_string();
    if m.starts_with("recursion limit exceeded") {
        Some(TOO_DEEP)
    } else if m.starts_with("number out of range") {
        Some(NUMBER_OUT_OF_RANGE)
    } else {
        None
    }
}

/// Parses a request body leniently.
pub fn parse_request(body: &[u8]) -> RequestParse {
    let v = match Json::parse(body) {
        Ok(v) => v,
        Err(e) => {
            return parser_limit(&e).map_or(RequestParse::NotJson, RequestParse::BeyondParser)
        }
    };
    request_from_value(&v)
}

/// Reads a request out of an already-parsed body.
pub fn request_from_value(v: &Json) -> RequestParse {
    let Some(obj) = v.as_object() else {
        return RequestParse::Invalid;
    };
    if obj.get("jsonrpc").and_then(Json::as_str) != Some("2.0") {
        return RequestParse::Invalid;
    }
    let Some(method) = obj.get("method").and_then(Json::as_str) else {
        return RequestParse::Invalid;
    };
    RequestParse::Request {
        method: method.to_string(),
        id: obj.get("id").cloned().map(Json::into_owned),
        params: obj
            .get("params")
            .cloned()
            .map(Json::into_owned)
            .unwrap_or(Json::Null),
    }
}

/// What makes `v` no JSON-RPC 2.0 request object ([`RequestParse::Invalid`]), in words a
/// finding quotes: `it has no method member`, `its jsonrpc is "1.0", not "2.0"`, `it is a
/// JSON array, not an object` (JSON-RPC 2.0 §4: an object with `jsonrpc` "2.0" and a
/// `method` string). `None` when `v` is a valid request object.
pub fn invalid_request_why(v: &Json) -> Option<String> {
    let Some(obj) = v.as_object() else {
        let kind = match v {
            Json::Array(_) => "a JSON array",
            Json::String(_) => "a JSON string",
            Json::Number(_) => "a JSON number",
            Json::Bool(_) => "a JSON boolean",
            _ => "JSON null",
        };
        return Some(format!("it is {kind}, not an object"));
    };
    match obj.get("jsonrpc") {
        None => return Some("it has no jsonrpc member".into()),
        Some(j) if j.as_str() != Some("2.0") => {
            let shown: String = j.to_value().to_string().chars().take(40).collect();
            return Some(format!("its jsonrpc is {shown}, not \"2.0\""));
        }
        _ => {}
    }
    match obj.get("method") {
        None => Some("it has no method member".into()),
        Some(m) if m.as_str().is_none() => Some("its method is not a string".into()),
        _ => None,
    }
}

/// A lenient view of a JSON-RPC response object. `problems` lists envelope violations
/// (RPC-001, RPC-002) as `(JSON Pointer, what is wrong)`.
#[derive(Debug)]
pub struct ResponseView<'a> {
    pub raw: &'a Json<'a>,
    pub id: Option<&'a Json<'a>>,
    pub result: Option<&'a Json<'a>>,
    pub error: Option<ErrorView<'a>>,
    pub problems: Vec<(String, String)>,
}

/// A JSON-RPC error object view.
#[derive(Debug)]
pub struct ErrorView<'a> {
    pub code: Option<i64>,
    pub message: Option<&'a str>,
    pub data: Option<&'a Json<'a>>,
}

/// True when `v` looks like a JSON-RPC response (has `jsonrpc`, `result` or `error`).
pub fn looks_like_response(v: &Json) -> bool {
    v.as_object().is_some_and(|o| {
        o.contains_key("jsonrpc") || o.contains_key("result") || o.contains_key("error")
    })
}

/// Reads a response envelope (RPC-001, RPC-002).
pub fn response_view<'a>(v: &'a Json<'a>) -> ResponseView<'a> {
    let mut problems = Vec::new();
    let Some(obj) = v.as_object() else {
        problems.push(("".into(), "response is not a JSON object".into()));
        return ResponseView {
            raw: v,
            id: None,
            result: None,
            error: None,
            problems,
        };
    };
    match obj.get("jsonrpc") {
        Some(Json::String(s)) if s == "2.0" => {}
        Some(other) => problems.push((
            "/jsonrpc".into(),
            format!("jsonrpc member is {other} instead of \"2.0\""),
        )),
        None => problems.push(("/jsonrpc".into(), "jsonrpc member is missing".into())),
    }
    if !obj.contains_key("id") {
        problems.push(("/id".into(), "id member is missing".into()));
    }
    let result = obj.get("result");
    let error_v = obj.get("error");
    match (result, error_v) {
        (Some(_), None) => {}
        // JSON-RPC 2.0 §5: error "MUST NOT exist if there was no error" (RPC-002: exactly
        // one of result/error). The JSON-RPC 1.0 habit; clients that test for the member
        // (`"error" in response`) read the success as a failure.
        (Some(_), Some(Json::Null)) => problems.push((
            "/error".into(),
            "agent's success response carries \"error\": null (the member must be absent without an error)"
                .into(),
        )),
        (None, Some(Json::Null)) => problems.push((
            "/error".into(),
            "response carries no result and a null error".into(),
        )),
        (None, Some(_)) => {}
        (Some(_), Some(_)) => {
            problems.push(("".into(), "response carries both result and error".into()))
        }
        // mine48 f1036 (OmniRoute streaming.ts): a request or notification written where
        // the answer belongs ({jsonrpc, method, params}, no result): the writer sent the
        // client a call of its own, not the answer to the client's call.
        (None, None) if obj.get("method").is_some_and(Json::is_string) => problems.push((
            "".into(),
            format!(
                "it is a JSON-RPC {} (method {}, params), not a response: an answer carries the call's id and result or error (JSON-RPC 2.0 §5), so a client finds no answer to its call in it",
                if obj.contains_key("id") { "request" } else { "notification" },
                obj.get("method").map(|m| m.to_string()).unwrap_or_default()
            ),
        )),
        (None, None) => problems.push((
            "".into(),
            // newcomer32 N2: the Python SDK's 0.3 `tasks/pushNotificationConfig/delete`
            // success `{"id":..,"jsonrpc":"2.0"}` (its serializer drops the null result)
            "response carries neither result nor error: a success carries \"result\" even when the method returns nothing (null in 0.3, {} in 1.0), and a serializer that drops null members (pydantic exclude_none, omitempty) drops it; a client that reads result finds nothing and fails the call (JSON-RPC 2.0 §5)".into(),
        )),
    }
    let error = match error_v {
        Some(Json::Null) | None => None,
        Some(e) => {
            let eo = e.as_object();
            let code = eo.and_then(|o| o.get("code")).and_then(Json::as_i64);
            let message = eo.and_then(|o| o.get("message")).and_then(Json::as_str);
            if eo.is_none() {
                problems.push(("/error".into(), "error member is not an object".into()));
            } else {
                if code.is_none() {
                    problems.push((
                        "/error/code".into(),
                        "error code is missing or not an integer".into(),
                    ));
                }
                if message.is_none() {
                    problems.push((
                        "/error/message".into(),
                        "error message is missing or not a string".into(),
                    ));
                }
            }
            Some(ErrorView {
                code,
                message,
                data: eo.and_then(|o| o.get("data")),
            })
        }
    };
    ResponseView {
        raw: v,
        id: obj.get("id"),
        result: if error.is_some() { None } else { result },
        error,
        problems,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::json::test_json as json;

    /// review33 Q6: an id in exponent notation without a fraction and of a whole value is an
    /// integer id; `1.0`, a fraction, a value past 2^53, a string or no id are not.
    #[test]
    fn exponent_integer_id_reads_the_literal() {
        let id = |lit: &str| {
            exponent_integer_id(
                format!("{{\"jsonrpc\":\"2.0\",\"id\":{lit},\"method\":\"m\"}}").as_bytes(),
            )
        };
        for yes in ["1e3", "1E3", "2e+2", "-7e1", "5e0", "1000e-3"] {
            assert!(id(yes), "{yes}");
        }
        for no in ["1.0", "1.5e1", "15e-1", "1e300", "1000", "\"1e3\"", "null"] {
            assert!(!id(no), "{no}");
        }
        assert!(!exponent_integer_id(
            b"{\"jsonrpc\":\"2.0\",\"method\":\"m\"}"
        ));
    }

    /// `same_id_key` answers as a comparison of the two `id_key`s, for every pair of a
    /// grid of ids: strings, integers of both signs and at the ends of their types,
    /// integral and fractional floats on both sides of 2^53, null and no id.
    #[test]
    fn same_id_key_agrees_with_comparing_id_keys() {
        let texts = [
            "\"1\"",
            "\"a\"",
            "\"\"",
            "\"n:1\"",
            "1",
            "1.0",
            "1e0",
            "-1",
            "-1.0",
            "0",
            "-0.0",
            "0.0",
            "1.5",
            "-2.5",
            "2",
            "9007199254740992",
            "9007199254740992.0",
            "9007199254740993",
            "9007199254740994.0",
            "1e300",
            "-9223372036854775808",
            "9223372036854775807",
            "9223372036854775808",
            "18446744073709551615",
            "1152921504606846976",
            "1152921504606846976.0",
            "1e20",
            "null",
            "true",
            "[1]",
            "{}",
        ];
        let ids: Vec<Option<Json>> = texts
            .iter()
            .map(|t| Some(Json::parse(t.as_bytes()).expect("json")))
            .chain([None])
            .collect();
        for a in &ids {
            for b in &ids {
                assert_eq!(
                    same_id_key(a.as_ref(), b.as_ref()),
                    id_key(a.as_ref()) == id_key(b.as_ref()),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    /// RFC 8259 §6: `1.0` and `1` are one JSON number, so one id (breaker11 K6); a
    /// fraction, a string and a huge integral float stay apart.
    #[test]
    fn id_key_compares_numbers_by_value() {
        let key = |t: &str| id_key(Some(&Json::parse(t.as_bytes()).expect("json")));
        assert_eq!(key("1.0"), Some("n:1".to_string()));
        assert_eq!(key("1.0"), key("1"));
        assert_eq!(key("-2.0"), key("-2"));
        assert_eq!(key("1e0"), key("1"));
        assert_ne!(key("1.5"), key("1"));
        assert_ne!(key("\"1\""), key("1"));
        assert_ne!(key("1e300"), Some(format!("n:{}", i64::MAX)));
        assert_ne!(key("1e300"), key("1"));
        assert_eq!(key("-17"), Some("n:-17".to_string()));
        assert_eq!(
            key("18446744073709551615"),
            Some("n:18446744073709551615".to_string())
        );
        assert_eq!(key("0"), Some("n:0".to_string()));
        assert_eq!(key(&i64::MIN.to_string()), Some(format!("n:{}", i64::MIN)));
    }

    #[test]
    fn envelope_problems() {
        let ok = json!({"jsonrpc":"2.0","id":1,"result":{}});
        assert!(response_view(&ok).problems.is_empty());
        let python_null_data =
            json!({"jsonrpc":"2.0","id":"a","error":{"code":-32001,"data":null,"message":"x"}});
        let v = response_view(&python_null_data);
        assert!(v.problems.is_empty());
        assert_eq!(v.error.unwrap().code, Some(TASK_NOT_FOUND));
        let both = json!({"jsonrpc":"1.0","result":1,"error":{"code":"x"}});
        let v = response_view(&both);
        let ptrs: Vec<&str> = v.problems.iter().map(|p| p.0.as_str()).collect();
        assert!(ptrs.contains(&"/jsonrpc") && ptrs.contains(&"/id") && ptrs.contains(&""));
        assert!(ptrs.contains(&"/error/code") && ptrs.contains(&"/error/message"));
        // RPC-002 / JSON-RPC 2.0 §5: a null error member on a success is one too much; the
        // result is still read.
        let null_error = json!({"jsonrpc":"2.0","id":1,"result":{"x":1},"error":null});
        let v = response_view(&null_error);
        let ptrs: Vec<&str> = v.problems.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(ptrs, ["/error"]);
        assert!(v.result.is_some() && v.error.is_none());
        let only_null = json!({"jsonrpc":"2.0","id":1,"error":null});
        assert_eq!(response_view(&only_null).problems.len(), 1);
    }

    /// newcomer32 N2: a success whose null result a serializer dropped (the Python SDK's 0.3
    /// push-config delete) is told with what to do, not only "neither result nor error".
    #[test]
    fn a_dropped_null_result_is_named_with_its_cause() {
        let dropped = json!({"id":"d1","jsonrpc":"2.0"});
        let v = response_view(&dropped);
        assert_eq!(v.problems.len(), 1, "{:?}", v.problems);
        let msg = &v.problems[0].1;
        assert!(
            msg.starts_with("response carries neither result nor error: "),
            "{msg}"
        );
        assert!(msg.contains("null in 0.3, {} in 1.0"), "{msg}");
        assert!(msg.contains("JSON-RPC 2.0 §5"), "{msg}");
    }

    /// mine48 f1036: a notification written as an answer (OmniRoute's stream event
    /// {jsonrpc, method: "message/stream", params}) is named as one, not as a success that
    /// lost its result.
    #[test]
    fn a_notification_in_place_of_an_answer_is_named() {
        let note = json!({"jsonrpc":"2.0","method":"message/stream","params":{"task":{"id":"t"}}});
        let v = response_view(&note);
        let msg = &v.problems.iter().find(|p| p.0.is_empty()).unwrap().1;
        assert!(
            msg.starts_with("it is a JSON-RPC notification (method \"message/stream\""),
            "{msg}"
        );
        let call = json!({"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{}});
        let v = response_view(&call);
        let msg = &v.problems.iter().find(|p| p.0.is_empty()).unwrap().1;
        assert!(
            msg.starts_with("it is a JSON-RPC request (method \"tasks/get\""),
            "{msg}"
        );
    }

    #[test]
    fn request_parse_kinds() {
        assert_eq!(parse_request(b"{\"jsonrpc\":"), RequestParse::NotJson);
        let deep = "[".repeat(200_000) + &"]".repeat(200_000);
        assert_eq!(
            parse_request(deep.as_bytes()),
            RequestParse::BeyondParser(TOO_DEEP)
        );
        assert_eq!(
            parse_request(br#"{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"n":1e400}}"#),
            RequestParse::BeyondParser(NUMBER_OUT_OF_RANGE)
        );
        assert_eq!(parse_request(b"[[[1,]]]"), RequestParse::NotJson);
        assert_eq!(parse_request(b"{\"id\":1}"), RequestParse::Invalid);
        assert!(matches!(
            parse_request(br#"{"jsonrpc":"2.0","id":1,"method":"GetTask"}"#),
            RequestParse::Request { .. }
        ));
        assert_eq!(id_key(Some(&json!(1))), Some("n:1".into()));
        assert_eq!(id_key(Some(&json!("1"))), Some("s:1".into()));
        assert_eq!(id_key(Some(&Json::Null)), None);
    }

    /// breaker30 I11/I12: the id of a JSON-RPC text as written, when it is an integer
    /// literal no 64-bit integer holds; every other id (or none) is `None`.
    #[test]
    fn wide_integer_ids() {
        assert_eq!(
            wide_integer_id(br#"{"jsonrpc":"2.0","id":18446744073709551617,"method":"x"}"#),
            Some("18446744073709551617")
        );
        assert_eq!(
            wide_integer_id(br#"{"id": -9223372036854775809 }"#),
            Some("-9223372036854775809")
        );
        for t in [
            &br#"{"id":18446744073709551615}"#[..],
            br#"{"id":-9223372036854775808}"#,
            br#"{"id":1e20}"#,
            br#"{"id":18446744073709551617.0}"#,
            br#"{"id":"18446744073709551617"}"#,
            br#"{"id":018446744073709551617}"#,
            br#"{"result":{"id":18446744073709551617}}"#,
            br#"[{"id":18446744073709551617}]"#,
        ] {
            assert_eq!(wide_integer_id(t), None, "{}", String::from_utf8_lossy(t));
        }
    }
}

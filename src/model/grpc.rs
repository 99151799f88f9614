/*!
The A2A gRPC binding on the wire (GRPC-001; DIGEST §0.1 `0.3:grpc`, 1.0:§10): recognising a
call (`content-type: application/grpc*`, path `/<package>.A2AService/<Method>`), splitting
the body into gRPC messages (gRPC over HTTP/2, `grpc/doc/PROTOCOL-HTTP2.md`: a 1-byte
compressed flag, a 4-byte big-endian length, the protobuf bytes) and decoding each message
to ProtoJSON of its version's proto, the form 1.0 HTTP+JSON bodies and 0.3 REST bodies take.

The protos are spec data vendored under `proto/` (`proto/README.md`: 1.0 = a2aproject/A2A
`v1.0.1` `specification/a2a.proto`, package `lf.a2a.v1`; 0.3 = `v0.3.0`
`specification/grpc/a2a.proto`, package `a2a.v1`; `google.rpc.Status` / `ErrorInfo` for
`grpc-status-details-bin`, ERR-005), compiled by `build.rs` (`protox`) and read here with
`prost-reflect`. Nothing here panics on bad input: every failure is an `Err(String)` saying
what was wrong.
*/

use std::io::Read as _;
use std::sync::OnceLock;

use prost::Message as _;
use prost_reflect::{
    DescriptorPool, DeserializeOptions, DynamicMessage, MessageDescriptor, SerializeOptions,
};

use super::a2a::{Dialect, Op};

/// The serialized `FileDescriptorSet` of `proto/` (built by `build.rs`).
const DESCRIPTORS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/a2a_descriptors.bin"));

/// 1.0 gRPC service (GRPC-001, 1.0:§10): `/lf.a2a.v1.A2AService/<Method>`.
pub const SERVICE_1_0: &str = "lf.a2a.v1.A2AService";
/// 0.3 gRPC service (GRPC-001, 0.3:§3.2.2): `/a2a.v1.A2AService/<Method>`.
pub const SERVICE_0_3: &str = "a2a.v1.A2AService";

/// Largest decompressed message this module builds (bytes): a `gzip` message announcing
/// more is reported as undecodable instead of filling memory.
pub const MAX_MESSAGE: usize = 16 << 20;

fn pool() -> Option<&'static DescriptorPool> {
    static POOL: OnceLock<Option<DescriptorPool>> = OnceLock::new();
    POOL.get_or_init(|| DescriptorPool::decode(DESCRIPTORS).ok())
        .as_ref()
}

/// True for a gRPC content type: `application/grpc`, `application/grpc+proto`,
/// `application/grpc;...` (PROTOCOL-HTTP2.md `Content-Type`). `application/grpc-web*` is
/// another protocol and is not matched.
/// Any letter case, compared in place (no lowercased copy: the recorder and the verifier
/// ask this of every request head).
pub fn is_grpc_content_type(ct: &str) -> bool {
    const GRPC: &[u8] = b"application/grpc";
    let b = ct.trim().as_bytes();
    b.len() >= GRPC.len()
        && b[..GRPC.len()].eq_ignore_ascii_case(GRPC)
        && matches!(b.get(GRPC.len()), None | Some(b'+' | b';'))
}

/// How a gRPC call's messages are encoded, from its content-subtype (PROTOCOL-HTTP2.md
/// `Content-Type`: `application/grpc+<subtype>`, the codec both ends agreed on).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Codec {
    /// `application/grpc`, `application/grpc+proto` (and any subtype this tool does not
    /// know): protobuf binary, the gRPC default.
    #[default]
    Proto,
    /// `application/grpc+json`: gRPC's JSON codec (grpc-java's and grpc-go's `json`
    /// codec, Connect's `+json`): each length-prefixed message is the proto message in the
    /// protobuf JSON mapping (ProtoJSON), the same message as its binary form.
    Json,
}

/// The codec a gRPC `content-type` names: [`Codec::Json`] for `application/grpc+json`
/// (any letter case, parameters after `;` ignored), else [`Codec::Proto`].
pub fn codec_of(content_type: &str) -> Codec {
    let ct = content_type.split(';').next().unwrap_or("").trim();
    if ct.eq_ignore_ascii_case("application/grpc+json") {
        Codec::Json
    } else {
        Codec::Proto
    }
}

/// A recognised A2A gRPC call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrpcRoute {
    /// 1.0 for `lf.a2a.v1.A2AService`, 0.3 for `a2a.v1.A2AService`.
    pub dialect: Dialect,
    /// The method name as in the path (`SendMessage`, `TaskSubscription`, ...).
    pub method: String,
    /// The A2A operation, `None` for a method the version's service does not define.
    pub op: Option<Op>,
    /// The fully qualified service name the path named.
    pub service: &'static str,
    /// `<service>/<method>` as the path spells it when that is a known service and method
    /// in other letter case (`a2a.v1.A2AService/sendMessage`,
    /// `A2A.v1.A2AService/SendMessage`; [`grpc_route_wrong_case`]): `service` and
    /// `method` then hold the proto's spelling. `None` for an exact path.
    pub misnamed: Option<String>,
    /// The codec of the request's messages (its `content-type`, [`codec_of`]); set by the
    /// caller that saw the headers, [`Codec::Proto`] from the path alone.
    pub codec: Codec,
}

/// Recognises `/<pkg>.A2AService/<Method>` (query ignored; a prefix before the service
/// segment, e.g. a gateway mount, is allowed). `None` for any other path.
pub fn grpc_route(path: &str) -> Option<GrpcRoute> {
    let path = path.split('?').next().unwrap_or(path);
    let (head, method) = path.rsplit_once('/')?;
    let service_seg = head.rsplit('/').next().unwrap_or(head);
    let (dialect, service) = if service_seg == SERVICE_1_0 {
        (Dialect::V1_0, SERVICE_1_0)
    } else if service_seg == SERVICE_0_3 {
        (Dialect::V0_3, SERVICE_0_3)
    } else {
        return None;
    };
    if method.is_empty() {
        return None;
    }
    Some(GrpcRoute {
        dialect,
        op: method_op(dialect, method),
        method: method.to_string(),
        service,
        misnamed: None,
        codec: Codec::Proto,
    })
}

/// The methods of each version's `A2AService` as the protos spell them (GRPC-001; 1.0
/// `lf.a2a.v1`, 0.3 `a2a.v1`).
const METHODS: &[&str] = &[
    "SendMessage",
    "SendStreamingMessage",
    "GetTask",
    "ListTasks",
    "CancelTask",
    "SubscribeToTask",
    "TaskSubscription",
    "CreateTaskPushNotificationConfig",
    "GetTaskPushNotificationConfig",
    "ListTaskPushNotificationConfigs",
    "ListTaskPushNotificationConfig",
    "DeleteTaskPushNotificationConfig",
    "GetExtendedAgentCard",
    "GetAgentCard",
];

/// A gRPC path naming an A2A service and method in other letter case than the proto
/// (`/a2a.v1.A2AService/sendMessage`, `/A2A.v1.A2AService/SendMessage`,
/// `/lf.a2a.v1.a2aservice/GetTask`): gRPC dispatches on the exact `:path`
/// (`/<package>.<Service>/<Method>`, PROTOCOL-HTTP2.md), so the method does not exist and a
/// server answers UNIMPLEMENTED (GRPC-001). Gives the route the path resembles, spelled as
/// the proto does, with [`GrpcRoute::misnamed`] set; `None` for an exact path
/// ([`grpc_route`]) and for a path that resembles no method of either service.
pub fn grpc_route_wrong_case(path: &str) -> Option<GrpcRoute> {
    let path = path.split('?').next().unwrap_or(path);
    if grpc_route(path).is_some_and(|r| r.op.is_some()) {
        return None;
    }
    let (head, method) = path.rsplit_once('/')?;
    let service_seg = head.rsplit('/').next().unwrap_or(head);
    let (dialect, service) = if service_seg.eq_ignore_ascii_case(SERVICE_1_0) {
        (Dialect::V1_0, SERVICE_1_0)
    } else if service_seg.eq_ignore_ascii_case(SERVICE_0_3) {
        (Dialect::V0_3, SERVICE_0_3)
    } else {
        return None;
    };
    let name = METHODS
        .iter()
        .filter(|n| method_op(dialect, n).is_some())
        .find(|n| n.eq_ignore_ascii_case(method))?;
    Some(GrpcRoute {
        dialect,
        op: method_op(dialect, name),
        method: name.to_string(),
        service,
        misnamed: Some(format!("{service_seg}/{method}")),
        codec: Codec::Proto,
    })
}

/// The operation of gRPC method `method` of the `dialect` service (1.0: the 11 methods
/// named as the 1.0 JSON-RPC methods; 0.3: the 0.3 proto's names, `TaskSubscription`,
/// `ListTaskPushNotificationConfig`, `GetAgentCard`).
pub fn method_op(dialect: Dialect, method: &str) -> Option<Op> {
    Some(match (dialect, method) {
        (_, "SendMessage") => Op::SendMessage,
        (_, "SendStreamingMessage") => Op::SendStreamingMessage,
        (_, "GetTask") => Op::GetTask,
        (_, "CancelTask") => Op::CancelTask,
        (Dialect::V1_0, "ListTasks") => Op::ListTasks,
        (Dialect::V1_0, "SubscribeToTask") | (Dialect::V0_3, "TaskSubscription") => {
            Op::SubscribeToTask
        }
        (_, "CreateTaskPushNotificationConfig") => Op::CreatePushConfig,
        (_, "GetTaskPushNotificationConfig") => Op::GetPushConfig,
        (Dialect::V1_0, "ListTaskPushNotificationConfigs")
        | (Dialect::V0_3, "ListTaskPushNotificationConfig") => Op::ListPushConfigs,
        (_, "DeleteTaskPushNotificationConfig") => Op::DeletePushConfig,
        (Dialect::V1_0, "GetExtendedAgentCard") | (Dialect::V0_3, "GetAgentCard") => {
            Op::GetExtendedCard
        }
        _ => return None,
    })
}

/// The request and response message types of `route`'s method, from the proto's service
/// descriptor; `None` for a method the service does not define.
fn method_types(route: &GrpcRoute) -> Option<(MessageDescriptor, MessageDescriptor)> {
    let svc = pool()?.get_service_by_name(route.service)?;
    let m = svc.methods().find(|m| m.name() == route.method)?;
    Some((m.input(), m.output()))
}

/// The fully qualified name of the message `route`'s method carries on `side`
/// (`lf.a2a.v1.SendMessageRequest`); `None` for a method the proto does not define.
pub fn message_name(route: &GrpcRoute, side: Side) -> Option<String> {
    let (input, output) = method_types(route)?;
    Some(
        match side {
            Side::Request => input,
            Side::Response => output,
        }
        .full_name()
        .to_string(),
    )
}

/// Which side of a call a message belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Request,
    Response,
}

/// One gRPC length-prefixed message as framed on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The compressed flag (first byte 1): the bytes are in the call's `grpc-encoding`.
    pub compressed: bool,
    /// The message bytes after the 5-byte prefix.
    pub data: Vec<u8>,
}

/// Splits a byte stream into gRPC messages as chunks arrive (PROTOCOL-HTTP2.md
/// `Length-Prefixed-Message`). Holds at most one incomplete message.
#[derive(Debug, Default)]
pub struct FrameDecoder {
    buf: Vec<u8>,
    /// A prefix that can never be valid (flag byte not 0/1, length over [`MAX_MESSAGE`]):
    /// everything after it is unreadable.
    broken: Option<String>,
    /// The framing stopped at a prefix announcing more than [`MAX_MESSAGE`] bytes: this
    /// tool's decode cap, not a gRPC limit (gRPC sets no protocol maximum), so the
    /// message is not judged rather than malformed (breaker9c C7).
    over_cap: bool,
}

impl FrameDecoder {
    /// A decoder at the start of a body.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends `chunk`; returns the messages it completed, or the framing error that
    /// stopped the decoder (reported once; later chunks return nothing).
    pub fn push(&mut self, chunk: &[u8]) -> Result<Vec<Frame>, String> {
        if self.broken.is_some() {
            return Ok(Vec::new());
        }
        self.buf.extend_from_slice(chunk);
        let mut out = Vec::new();
        let mut at = 0;
        while self.buf.len() - at >= 5 {
            let flag = self.buf[at];
            let len = u32::from_be_bytes([
                self.buf[at + 1],
                self.buf[at + 2],
                self.buf[at + 3],
                self.buf[at + 4],
            ]) as usize;
            if flag > 1 {
                let e = format!("gRPC message prefix has compressed flag {flag} (only 0 or 1)");
                self.broken = Some(e.clone());
                self.buf.clear();
                return Err(e);
            }
            if len > MAX_MESSAGE {
                self.over_cap = true;
                let e = format!("gRPC message announces {len} bytes (over {MAX_MESSAGE})");
                self.broken = Some(e.clone());
                self.buf.clear();
                return Err(e);
            }
            if self.buf.len() - at - 5 < len {
                break;
            }
            out.push(Frame {
                compressed: flag == 1,
                data: self.buf[at + 5..at + 5 + len].to_vec(),
            });
            at += 5 + len;
        }
        self.buf.drain(..at);
        Ok(out)
    }

    /// True when [`Self::push`] stopped at a message over [`MAX_MESSAGE`] (this tool's
    /// decode cap): the message may be valid gRPC and cannot be judged.
    pub fn over_cap(&self) -> bool {
        self.over_cap
    }

    /// Bytes of an incomplete message held (0 at a message boundary or after a framing
    /// error).
    pub fn pending(&self) -> usize {
        self.buf.len()
    }

    /// At the end of the body: the error when bytes of an incomplete message are left.
    pub fn finish(&self) -> Option<String> {
        if self.broken.is_some() || self.buf.is_empty() {
            return None;
        }
        Some(if self.buf.len() < 5 {
            format!(
                "body ends with {} bytes of a gRPC message prefix (5 needed)",
                self.buf.len()
            )
        } else {
            let len = u32::from_be_bytes([self.buf[1], self.buf[2], self.buf[3], self.buf[4]]);
            format!(
                "body ends inside a gRPC message: {} of {len} bytes",
                self.buf.len() - 5
            )
        })
    }
}

/// Why a message could not be turned into ProtoJSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes are not the method's message (bad protobuf, wrong type): the peer's fault.
    Malformed(String),
    /// Compressed with a coding this tool does not read, the method is unknown to the
    /// proto, or the message is beyond the decoder (nested past prost's recursion limit, a
    /// NaN or infinite `google.protobuf.Value` number): nothing can be said about the bytes.
    Unreadable(String),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Malformed(s) | DecodeError::Unreadable(s) => f.write_str(s),
        }
    }
}

/// Undoes `grpc-encoding` for a compressed message: `gzip` and `deflate` (zlib) are read,
/// at most [`MAX_MESSAGE`] bytes; `identity` on a compressed message is malformed
/// (PROTOCOL-HTTP2.md: the flag needs a `grpc-encoding`); other codings are unreadable.
pub fn decompress(encoding: Option<&str>, data: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let enc = encoding.unwrap_or("identity").trim().to_ascii_lowercase();
    let mut out = Vec::new();
    let res = match enc.as_str() {
        "gzip" => flate2::read::GzDecoder::new(data)
            .take(MAX_MESSAGE as u64 + 1)
            .read_to_end(&mut out),
        "deflate" => flate2::read::ZlibDecoder::new(data)
            .take(MAX_MESSAGE as u64 + 1)
            .read_to_end(&mut out),
        "identity" => {
            return Err(DecodeError::Malformed(
                "message has the compressed flag but the call has no grpc-encoding".into(),
            ))
        }
        other => {
            return Err(DecodeError::Unreadable(format!(
                "message compressed with grpc-encoding {other:?}, which this tool does not decode"
            )))
        }
    };
    match res {
        Err(e) => Err(DecodeError::Malformed(format!(
            "{enc}-compressed message does not decompress: {e}"
        ))),
        Ok(_) if out.len() > MAX_MESSAGE => Err(DecodeError::Unreadable(format!(
            "{enc}-compressed message inflates past {MAX_MESSAGE} bytes: not decoded"
        ))),
        Ok(_) => Ok(out),
    }
}

/// prost's words for a message nested deeper than its decoder reads (100 message levels,
/// `prost::RECURSION_LIMIT`): each level of a `google.protobuf.Struct` is three (Struct,
/// its map entry, Value), so metadata nested some 33 levels reaches it.
const RECURSION_LIMIT_ERROR: &str = "recursion limit reached";

/// Whether decode or ProtoJSON error text `e` says the message is beyond what this tool
/// reads rather than malformed (breaker39, the gRPC form of breaker38's JSON limits, RFC
/// 8259 §9 / §6): nested past prost's recursion limit, or a `google.protobuf.Value` whose
/// `number_value` is NaN or an infinity, valid protobuf that the JSON mapping cannot
/// write (its spec: serializing them "results in error").
fn beyond_decoder(e: &str) -> bool {
    e.contains(RECURSION_LIMIT_ERROR) || e.contains("non-finite")
}

fn to_proto_json(msg: &DynamicMessage) -> Result<serde_json::Value, DecodeError> {
    // ProtoJSON (protobuf JSON mapping): lowerCamel json_names, enum names, 64-bit
    // integers as strings, defaults left out: the form of 1.0 HTTP+JSON bodies.
    let opts = SerializeOptions::new();
    msg.serialize_with_options(serde_json::value::Serializer, &opts)
        .map_err(|e| {
            let e = e.to_string();
            if beyond_decoder(&e) {
                DecodeError::Unreadable(beyond_message(
                    prost_reflect::ReflectMessage::descriptor(msg).full_name(),
                    &e,
                ))
            } else {
                DecodeError::Malformed(format!("message has no ProtoJSON form: {e}"))
            }
        })
}

/// The [`DecodeError::Unreadable`] text for a `type` message beyond the decoder (error `e`).
fn beyond_message(r#type: &str, e: &str) -> String {
    if e.contains(RECURSION_LIMIT_ERROR) {
        format!("{type} nests messages deeper than the decoder reads (100 levels; a google.protobuf.Struct takes three a level): valid protobuf perhaps, not decoded")
    } else {
        format!("{type} holds a google.protobuf.Value number that is NaN or an infinity: valid protobuf that has no ProtoJSON form, not decoded")
    }
}

/// Decodes one message of `route`'s call on `side` to ProtoJSON, in the route's codec
/// ([`GrpcRoute::codec`], the request's). `encoding` is the call's `grpc-encoding` on that
/// side, used when `frame.compressed`.
pub fn decode_message(
    route: &GrpcRoute,
    side: Side,
    frame: &Frame,
    encoding: Option<&str>,
) -> Result<serde_json::Value, DecodeError> {
    decode_message_as(route, side, frame, encoding, route.codec)
}

/// [`decode_message`] in `codec` (a response's own `content-type` may name it): protobuf
/// binary, or gRPC's JSON codec, whose message is read as the proto's JSON form (unknown
/// members ignored, as the JSON mapping's parsers may: the legal reading) and given back in
/// the canonical ProtoJSON the binary form decodes to, so both are judged alike (GRPC-001).
pub fn decode_message_as(
    route: &GrpcRoute,
    side: Side,
    frame: &Frame,
    encoding: Option<&str>,
    codec: Codec,
) -> Result<serde_json::Value, DecodeError> {
    let Some((input, output)) = method_types(route) else {
        return Err(DecodeError::Unreadable(format!(
            "{}/{} is not a method of the {} proto",
            route.service,
            route.method,
            route.dialect.as_str()
        )));
    };
    let desc = match side {
        Side::Request => input,
        Side::Response => output,
    };
    let inflated;
    let bytes: &[u8] = if frame.compressed {
        inflated = decompress(encoding, &frame.data)?;
        &inflated
    } else {
        &frame.data
    };
    if codec == Codec::Json {
        return decode_json_message(&desc, bytes);
    }
    let msg = DynamicMessage::decode(desc.clone(), bytes).map_err(|e| {
        let e = e.to_string();
        if e.contains(RECURSION_LIMIT_ERROR) {
            DecodeError::Unreadable(beyond_message(desc.full_name(), &e))
        } else {
            DecodeError::Malformed(format!(
                "{} bytes are not a {}: {e}",
                bytes.len(),
                desc.full_name()
            ))
        }
    })?;
    to_proto_json(&msg)
}

/// One gRPC JSON-codec message (`application/grpc+json`): `bytes` read as `desc`'s JSON
/// form, given back as canonical ProtoJSON ([`to_proto_json`]).
fn decode_json_message(
    desc: &MessageDescriptor,
    bytes: &[u8],
) -> Result<serde_json::Value, DecodeError> {
    let opts = DeserializeOptions::new().deny_unknown_fields(false);
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let msg = DynamicMessage::deserialize_with_options(desc.clone(), &mut de, &opts)
        .and_then(|m| de.end().map(|()| m))
        .map_err(|e| {
            let e = e.to_string();
            if e.contains("recursion limit exceeded") {
                // serde_json stops at 128 nested arrays and objects: valid JSON perhaps
                DecodeError::Unreadable(format!(
                    "{} in JSON nests deeper than the JSON reader goes (128 levels): valid perhaps, not decoded",
                    desc.full_name()
                ))
            } else {
                DecodeError::Malformed(format!(
                    "{} bytes are not a {} in JSON (gRPC's JSON codec, application/grpc+json): {e}",
                    bytes.len(),
                    desc.full_name()
                ))
            }
        })?;
    to_proto_json(&msg)
}

/// gRPC status code names (`google.rpc.Code`), 0..=16.
pub const CODE_NAMES: [&str; 17] = [
    "OK",
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
];

/// The name of gRPC status `code` (`"NOT_FOUND"` for 5), `"code N"` when out of range.
pub fn code_name(code: u32) -> String {
    CODE_NAMES
        .get(code as usize)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("code {code}"))
}

/// The gRPC code ERR-002's gRPC column (A2A 1.0.1) gives for an `ErrorInfo.reason`, with
/// the codes the 1.0.0 column allowed too (UNIMPLEMENTED for three of them). `None` for a
/// reason outside the table.
pub fn reason_codes(reason: &str) -> Option<&'static [u32]> {
    // 3 INVALID_ARGUMENT, 5 NOT_FOUND, 9 FAILED_PRECONDITION, 12 UNIMPLEMENTED, 13 INTERNAL
    Some(match reason {
        "TASK_NOT_FOUND" => &[5],
        "TASK_NOT_CANCELABLE"
        | "EXTENDED_AGENT_CARD_NOT_CONFIGURED"
        | "EXTENSION_SUPPORT_REQUIRED" => &[9],
        "PUSH_NOTIFICATION_NOT_SUPPORTED" | "UNSUPPORTED_OPERATION" | "VERSION_NOT_SUPPORTED" => {
            &[9, 12]
        }
        "CONTENT_TYPE_NOT_SUPPORTED" => &[3],
        "INVALID_AGENT_RESPONSE" => &[13],
        _ => return None,
    })
}

/// `google.rpc.Status` read from a `grpc-status-details-bin` value (base64, padded or not,
/// standard or URL-safe alphabet: PROTOCOL-HTTP2.md binary headers) to ProtoJSON
/// (`{"code":5,"message":"...","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":...}]}`).
pub fn decode_status_details(value: &str) -> Result<serde_json::Value, String> {
    use base64::Engine as _;
    let v = value.trim().trim_end_matches('=');
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(v)
        .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(v))
        .map_err(|e| format!("grpc-status-details-bin is not base64: {e}"))?;
    let desc = pool()
        .and_then(|p| p.get_message_by_name("google.rpc.Status"))
        .ok_or("google.rpc.Status is not in the descriptor pool")?;
    let msg = DynamicMessage::decode(desc, bytes.as_slice())
        .map_err(|e| format!("grpc-status-details-bin is not a google.rpc.Status: {e}"))?;
    to_proto_json(&msg).map_err(|e| e.to_string())
}

/// Encodes a ProtoJSON value as message `full_name` of the pool (e.g.
/// `lf.a2a.v1.StreamResponse`): protobuf bytes, unframed. For tests and test peers that
/// build real gRPC traffic.
pub fn encode_json(full_name: &str, json: &serde_json::Value) -> Result<Vec<u8>, String> {
    let desc = pool()
        .and_then(|p| p.get_message_by_name(full_name))
        .ok_or_else(|| format!("{full_name} is not in the descriptor pool"))?;
    let msg = DynamicMessage::deserialize(desc, json).map_err(|e| e.to_string())?;
    Ok(msg.encode_to_vec())
}

/// Encodes `json`, the ProtoJSON of `route`'s request message (`lf.a2a.v1.GetTaskRequest`
/// for `/lf.a2a.v1.A2AService/GetTask`), as protobuf bytes, unframed: the request a gRPC
/// client sends (GRPC-001; the prober's gRPC calls). Members the message does not define
/// are left out (the JSON mapping's lenient parse: the plan's 1.0 request bodies are the
/// same messages). `Err` names the method or the member that does not fit.
pub fn encode_request(route: &GrpcRoute, json: &serde_json::Value) -> Result<Vec<u8>, String> {
    let (input, _) = method_types(route).ok_or_else(|| {
        format!(
            "{}/{} is not a method of the {} proto",
            route.service,
            route.method,
            route.dialect.as_str()
        )
    })?;
    let opts = DeserializeOptions::new().deny_unknown_fields(false);
    let msg = DynamicMessage::deserialize_with_options(input.clone(), json, &opts)
        .map_err(|e| format!("not a {}: {e}", input.full_name()))?;
    Ok(msg.encode_to_vec())
}

/// `msg` framed as one uncompressed gRPC message (5-byte prefix + bytes).
pub fn frame(msg: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(msg.len() + 5);
    out.push(0);
    out.extend_from_slice(&(msg.len() as u32).to_be_bytes());
    out.extend_from_slice(msg);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn route(path: &str) -> GrpcRoute {
        grpc_route(path).expect("a gRPC route")
    }

    /// Protobuf length-delimited field `f` holding `v` (tag, varint length, bytes).
    fn ld(f: u8, v: &[u8]) -> Vec<u8> {
        let mut out = vec![f << 3 | 2];
        let mut n = v.len();
        while n >= 0x80 {
            out.push((n as u8 & 0x7f) | 0x80);
            n >>= 7;
        }
        out.push(n as u8);
        out.extend_from_slice(v);
        out
    }

    /// A SendMessageRequest whose message metadata (Message field 6) is `metadata`.
    fn send_with_metadata(metadata: Vec<u8>) -> Frame {
        let mut msg = ld(1, b"m1");
        msg.extend(ld(6, &metadata));
        Frame {
            compressed: false,
            data: ld(2, &msg),
        }
    }

    /// A google.protobuf.Struct `{"k": {"k": ... "x"}}` nested `n` Struct levels deep.
    fn nested_struct(n: usize) -> Vec<u8> {
        let mut value = ld(3, b"x");
        for _ in 0..n {
            let mut entry = ld(1, b"k");
            entry.extend(ld(2, &value));
            value = ld(5, &ld(1, &entry));
        }
        let mut entry = ld(1, b"k");
        entry.extend(ld(2, &value));
        ld(1, &entry)
    }

    /// breaker39 (issue 7; breaker38's JSON limits in gRPC form): valid protobuf beyond the
    /// decoder, metadata nested past prost's 100 message levels (decode fails at 150,
    /// ProtoJSON at 40) or a google.protobuf.Value number that is NaN or infinite, is
    /// unreadable (not judged), not malformed; 30 levels and a finite double decode; a
    /// message cut short inside is still malformed.
    #[test]
    fn messages_beyond_the_decoder_are_unreadable_not_malformed() {
        let send = route("/lf.a2a.v1.A2AService/SendMessage");
        let decode = |f: &Frame| decode_message(&send, Side::Request, f, None);
        for n in [40, 150] {
            match decode(&send_with_metadata(nested_struct(n))) {
                Err(DecodeError::Unreadable(m)) => assert!(
                    m.contains("nests messages deeper than the decoder reads"),
                    "{n}: {m}"
                ),
                other => panic!("{n} levels: {other:?}"),
            }
        }
        for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
            let mut entry = ld(1, b"budget");
            let mut number = vec![2 << 3 | 1];
            number.extend_from_slice(&x.to_le_bytes());
            entry.extend(ld(2, &number));
            match decode(&send_with_metadata(ld(1, &entry))) {
                Err(DecodeError::Unreadable(m)) => {
                    assert!(m.contains("NaN or an infinity"), "{x}: {m}")
                }
                other => panic!("{x}: {other:?}"),
            }
        }
        let v = decode(&send_with_metadata(nested_struct(30))).expect("30 levels decode");
        assert_eq!(v["message"]["messageId"], json!("m1"));
        let mut cut = send_with_metadata(nested_struct(2));
        cut.data.truncate(cut.data.len() - 3);
        assert!(
            matches!(decode(&cut), Err(DecodeError::Malformed(_))),
            "{:?}",
            decode(&cut)
        );
    }

    #[test]
    fn wrong_case_methods_map_to_the_protos_spelling() {
        let r = grpc_route_wrong_case("/a2a.v1.A2AService/sendMessage").expect("folded");
        assert_eq!(
            (r.dialect, r.op, r.method.as_str(), r.service),
            (
                Dialect::V0_3,
                Some(Op::SendMessage),
                "SendMessage",
                SERVICE_0_3
            )
        );
        assert_eq!(r.misnamed.as_deref(), Some("a2a.v1.A2AService/sendMessage"));
        let r = grpc_route_wrong_case("/LF.A2A.V1.A2ASERVICE/gettask").expect("folded");
        assert_eq!((r.dialect, r.op), (Dialect::V1_0, Some(Op::GetTask)));
        assert_eq!(r.misnamed.as_deref(), Some("LF.A2A.V1.A2ASERVICE/gettask"));
        // exact paths, another version's method, unknown methods and services: none
        assert_eq!(grpc_route_wrong_case("/lf.a2a.v1.A2AService/GetTask"), None);
        assert_eq!(grpc_route_wrong_case("/a2a.v1.A2AService/ListTasks"), None);
        assert_eq!(
            grpc_route_wrong_case("/a2a.v1.A2AService/taskSubscription").map(|r| r.op),
            Some(Some(Op::SubscribeToTask))
        );
        assert_eq!(
            grpc_route_wrong_case("/lf.a2a.v1.A2AService/Frobnicate"),
            None
        );
        assert_eq!(grpc_route_wrong_case("/other.v1.Service/sendMessage"), None);
        assert_eq!(route("/a2a.v1.A2AService/SendMessage").misnamed, None);
    }

    #[test]
    fn routes_of_both_services() {
        let r = route("/lf.a2a.v1.A2AService/SubscribeToTask");
        assert_eq!(
            (r.dialect, r.op, r.service),
            (Dialect::V1_0, Some(Op::SubscribeToTask), SERVICE_1_0)
        );
        let r = route("/a2a.v1.A2AService/TaskSubscription");
        assert_eq!(
            (r.dialect, r.op),
            (Dialect::V0_3, Some(Op::SubscribeToTask))
        );
        assert_eq!(
            route("/gw/a2a.v1.A2AService/GetAgentCard").op,
            Some(Op::GetExtendedCard)
        );
        // 0.3 names are not 1.0 methods, and the other way round.
        assert_eq!(route("/lf.a2a.v1.A2AService/TaskSubscription").op, None);
        assert_eq!(route("/a2a.v1.A2AService/ListTasks").op, None);
        assert!(grpc_route("/other.v1.A2AService/SendMessage").is_none());
        assert!(grpc_route("/lf.a2a.v1.A2AService/").is_none());
        assert!(grpc_route("/message:send").is_none());
        assert!(is_grpc_content_type("application/grpc+proto"));
        assert!(is_grpc_content_type("Application/GRPC"));
        assert!(!is_grpc_content_type("application/grpc-web"));
    }

    /// The in-place test answers what the lowercased copy answered (`trim`, lowercase, then
    /// the three spellings), on any case, parameters, look-alikes and non-ASCII bytes.
    #[test]
    fn grpc_content_type_in_place_agrees_with_a_lowercased_copy() {
        let by_copy = |ct: &str| {
            let ct = ct.trim().to_ascii_lowercase();
            ct == "application/grpc"
                || ct.starts_with("application/grpc+")
                || ct.starts_with("application/grpc;")
        };
        for ct in [
            "",
            "application/grpc",
            " APPLICATION/GRPC ",
            "application/grpc;charset=utf-8",
            "application/grpc+json",
            "application/grpcx",
            "application/grpc-web+proto",
            "application/grp",
            "application/json",
            "\u{a0}application/grpc",
            "applicatioñ/grpc",
        ] {
            assert_eq!(is_grpc_content_type(ct), by_copy(ct), "{ct:?}");
        }
        use proptest::prelude::*;
        proptest!(ProptestConfig::with_cases(3000), |(ct in "[ \t]{0,2}(application|Application|APPLICATION|applicatio)?(/grpc|/GRPC|/gRPC|/grp)?[+;, a-zA-Z\u{e9}-]{0,4}")| {
            prop_assert_eq!(is_grpc_content_type(&ct), by_copy(&ct), "{:?}", ct);
        });
    }

    /// gRPC's JSON codec (left40): `application/grpc+json` names it (case, parameters
    /// aside); its messages decode to the ProtoJSON their binary form decodes to, proto
    /// field names and unknown members taken; JSON that is not the message is malformed.
    #[test]
    fn json_codec_messages_decode_as_their_binary_form_does() {
        assert_eq!(codec_of("application/grpc+json"), Codec::Json);
        assert_eq!(
            codec_of(" Application/GRPC+JSON ; charset=utf-8"),
            Codec::Json
        );
        for ct in [
            "application/grpc",
            "application/grpc+proto",
            "application/grpc+jsonx",
            "",
        ] {
            assert_eq!(codec_of(ct), Codec::Proto, "{ct}");
        }
        let r = route("/lf.a2a.v1.A2AService/SendMessage");
        let req = json!({"message": {"messageId": "m1", "role": "ROLE_USER",
                                     "parts": [{"text": "hi"}]}});
        let bin = Frame {
            compressed: false,
            data: encode_json("lf.a2a.v1.SendMessageRequest", &req).unwrap(),
        };
        let from_bin = decode_message(&r, Side::Request, &bin, None).unwrap();
        let as_json = |text: &str| Frame {
            compressed: false,
            data: text.as_bytes().to_vec(),
        };
        let text = r#"{"message":{"message_id":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]},"x-extra":1}"#;
        let from_json =
            decode_message_as(&r, Side::Request, &as_json(text), None, Codec::Json).unwrap();
        assert_eq!(from_json, from_bin);
        let jr = GrpcRoute {
            codec: Codec::Json,
            ..r.clone()
        };
        assert_eq!(
            decode_message(&jr, Side::Request, &as_json(text), None).unwrap(),
            from_bin
        );
        // binary bytes are not JSON, JSON bytes are not protobuf
        assert!(matches!(
            decode_message(&jr, Side::Request, &bin, None),
            Err(DecodeError::Malformed(m)) if m.contains("in JSON (gRPC's JSON codec")
        ));
        assert!(matches!(
            decode_message(&r, Side::Request, &as_json(text), None),
            Err(DecodeError::Malformed(_))
        ));
        // a member of the wrong JSON type, trailing bytes: malformed (an enum name the
        // proto does not have is ignored with the unknown members, as the mapping allows)
        for bad in [r#"{"message":{"parts":"hi"}}"#, r#"{"message":{}} x"#] {
            assert!(
                matches!(
                    decode_message(&jr, Side::Request, &as_json(bad), None),
                    Err(DecodeError::Malformed(_))
                ),
                "{bad}"
            );
        }
        // nested past serde_json's 128 levels: not decoded, not the sender's fault
        let deep = format!(
            "{{\"message\":{{\"metadata\":{}1{}}}}}",
            "{\"k\":".repeat(200),
            "}".repeat(200)
        );
        assert!(
            matches!(
                decode_message(&jr, Side::Request, &as_json(&deep), None),
                Err(DecodeError::Unreadable(_))
            ),
            "{:?}",
            decode_message(&jr, Side::Request, &as_json(&deep), None)
        );
    }

    #[test]
    fn a_send_request_round_trips_through_proto_json() {
        let r = route("/lf.a2a.v1.A2AService/SendMessage");
        let req = json!({"message": {"messageId": "m1", "role": "ROLE_USER",
                                     "parts": [{"text": "hi"}]}});
        let bytes = encode_json("lf.a2a.v1.SendMessageRequest", &req).unwrap();
        let mut d = FrameDecoder::new();
        let framed = frame(&bytes);
        // Split mid-prefix: nothing until the message is whole.
        assert!(d.push(&framed[..3]).unwrap().is_empty());
        let frames = d.push(&framed[3..]).unwrap();
        assert_eq!(frames.len(), 1);
        assert!(d.finish().is_none());
        let v = decode_message(&r, Side::Request, &frames[0], None).unwrap();
        assert_eq!(v, req);
    }

    #[test]
    fn the_0_3_proto_names_its_members_as_0_3_rest_does() {
        let r = route("/a2a.v1.A2AService/SendMessage");
        // `request` is `json_name = "message"` in the 0.3 proto; parts are `content`.
        let req = json!({"message": {"messageId": "m1", "role": "ROLE_USER",
                                     "content": [{"text": "hi"}]}});
        let bytes = encode_json("a2a.v1.SendMessageRequest", &req).unwrap();
        let v = decode_message(
            &r,
            Side::Request,
            &Frame {
                compressed: false,
                data: bytes,
            },
            None,
        )
        .unwrap();
        assert_eq!(v, req);
    }

    #[test]
    fn gzip_messages_are_read_and_unknown_codings_are_unreadable() {
        use std::io::Write as _;
        let r = route("/lf.a2a.v1.A2AService/GetTask");
        let bytes = encode_json("lf.a2a.v1.GetTaskRequest", &json!({"id": "t1"})).unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&bytes).unwrap();
        let f = Frame {
            compressed: true,
            data: gz.finish().unwrap(),
        };
        assert_eq!(
            decode_message(&r, Side::Request, &f, Some("gzip")).unwrap(),
            json!({"id": "t1"})
        );
        assert!(matches!(
            decode_message(&r, Side::Request, &f, Some("snappy")),
            Err(DecodeError::Unreadable(_))
        ));
        assert!(matches!(
            decode_message(&r, Side::Request, &f, None),
            Err(DecodeError::Malformed(_))
        ));
        // Not gzip at all.
        let junk = Frame {
            compressed: true,
            data: b"not gzip".to_vec(),
        };
        assert!(matches!(
            decode_message(&r, Side::Request, &junk, Some("gzip")),
            Err(DecodeError::Malformed(_))
        ));
    }

    #[test]
    fn bad_framing_and_bad_protobuf_are_errors() {
        let mut d = FrameDecoder::new();
        assert!(d.push(&[7, 0, 0, 0, 1, 0]).is_err());
        assert!(
            d.push(&[0, 0, 0, 0, 0]).unwrap().is_empty(),
            "stays stopped"
        );
        let mut d = FrameDecoder::new();
        assert!(d.push(&[0, 0, 0, 0, 9, 1, 2]).unwrap().is_empty());
        assert_eq!(
            d.finish().as_deref(),
            Some("body ends inside a gRPC message: 2 of 9 bytes")
        );
        let mut d = FrameDecoder::new();
        assert!(d.push(&[0xff, 0xff, 0xff, 0xff]).unwrap().is_empty());
        assert!(d.push(&[0xff]).is_err());
        // A truncated varint field is not a GetTaskRequest.
        let r = route("/lf.a2a.v1.A2AService/GetTask");
        let f = Frame {
            compressed: false,
            data: vec![0x12, 0x09, b'a'],
        };
        assert!(matches!(
            decode_message(&r, Side::Request, &f, None),
            Err(DecodeError::Malformed(_))
        ));
    }

    #[test]
    fn status_details_carry_the_error_info() {
        // What a2a-sdk 1.3.0 sent for an unknown task (recorded through the proxy).
        let v = decode_status_details(
            "CAUSDlRhc2sgbm90IGZvdW5kGk4KKHR5cGUuZ29vZ2xlYXBpcy5jb20vZ29vZ2xlLnJwYy5FcnJvckluZm8SIgoOVEFTS19OT1RfRk9VTkQSEGEyYS1wcm90b2NvbC5vcmc",
        )
        .unwrap();
        assert_eq!(
            v,
            json!({"code": 5, "message": "Task not found", "details": [
                {"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                 "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]})
        );
        assert!(decode_status_details("!!!").is_err());
        assert!(decode_status_details("AAAA").is_err());
        assert_eq!(reason_codes("TASK_NOT_FOUND"), Some(&[5u32][..]));
        assert_eq!(code_name(9), "FAILED_PRECONDITION");
        assert_eq!(code_name(99), "code 99");
    }
}

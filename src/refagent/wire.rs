/*!
Wire shapes of the reference agent: the two JSON-RPC dialects it speaks (A2A 1.0 and 0.3),
the neutral task / message values it keeps internally, and how each is rendered and parsed
per dialect. Also the JSON-RPC error codes (ERR-001, ERR-002) and their 1.0 `ErrorInfo`
details (ERR-004).

Internally every `Part` is kept in its 1.0 shape (`{text}`, `{raw}`, `{url}`, `{data}`,
DATA-004); 0.3 parts (`{kind:"text"|"file"|"data"}`) are converted on the way in and out.
*/

use serde_json::{json, Map, Value};

/// A2A protocol version of one request, from the `A2A-Version` header (VER-001..VER-003).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProtocolVersion {
    /// A2A 0.3: `message/send`, `kind` discriminators, lowercase states, `final`.
    V0_3,
    /// A2A 1.0: `SendMessage`, oneof wrappers, `TASK_STATE_*`, no `final`.
    V1_0,
}

impl ProtocolVersion {
    /// The `Major.Minor` string sent in `A2A-Version` and advertised in
    /// `supportedInterfaces[].protocolVersion` (CARD-007: no patch number).
    pub fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V0_3 => "0.3",
            ProtocolVersion::V1_0 => "1.0",
        }
    }

    /// Reads an `A2A-Version` value. Missing or empty means 0.3 (VER-003); `Major.Minor`
    /// with an optional patch is accepted (patch versions are not negotiated, 1.0:§3.6).
    ///
    /// # Errors
    /// The trimmed value when it names a version this agent does not speak (VER-002).
    pub fn from_header(value: Option<&str>) -> Result<Self, String> {
        let v = value.map(str::trim).unwrap_or("");
        if v.is_empty() {
            return Ok(ProtocolVersion::V0_3);
        }
        let mut it = v.split('.');
        let major = it.next().unwrap_or("");
        let minor = it.next().unwrap_or("");
        match (major, minor) {
            ("1", "0") => Ok(ProtocolVersion::V1_0),
            ("0", "3") => Ok(ProtocolVersion::V0_3),
            _ => Err(v.to_string()),
        }
    }
}

/// JSON-RPC and A2A error codes used by the agent (ERR-001, ERR-002).
pub mod code {
    /// Invalid JSON (-32700, JSONParseError).
    pub const PARSE_ERROR: i64 = -32700;
    /// Not a valid JSON-RPC request object (-32600).
    pub const INVALID_REQUEST: i64 = -32600;
    /// Method does not exist in the requested dialect (-32601, RPC-003).
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Params missing or malformed (-32602, ERR-006).
    pub const INVALID_PARAMS: i64 = -32602;
    /// Unknown task (-32001, TASK-009).
    pub const TASK_NOT_FOUND: i64 = -32001;
    /// Cancel of a task in a terminal state (-32002, TASK-003).
    pub const TASK_NOT_CANCELABLE: i64 = -32002;
    /// Push notifications are not supported: the card says `pushNotifications: false`, so
    /// every push-config method and an inline push config answer this (-32003, PUSH-001).
    pub const PUSH_NOTIFICATION_NOT_SUPPORTED: i64 = -32003;
    /// Operation not allowed, e.g. message to a terminal task (-32004, TASK-002, TASK-004).
    pub const UNSUPPORTED_OPERATION: i64 = -32004;
    /// `A2A-Version` names a version the agent does not speak (-32009, VER-002).
    pub const VERSION_NOT_SUPPORTED: i64 = -32009;
}

/// A JSON-RPC error the agent answers with.
#[derive(Clone, Debug, PartialEq)]
pub struct RpcError {
    /// JSON-RPC `error.code`, one of [`code`].
    pub code: i64,
    /// Human-readable `error.message`.
    pub message: String,
}

impl RpcError {
    /// Builds an error with the given code and message.
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        RpcError {
            code,
            message: message.into(),
        }
    }

    /// `google.rpc.ErrorInfo.reason` for A2A errors (ERR-002 table); `None` for the
    /// standard JSON-RPC codes, which carry no `data`.
    fn reason(&self) -> Option<&'static str> {
        match self.code {
            code::TASK_NOT_FOUND => Some("TASK_NOT_FOUND"),
            code::TASK_NOT_CANCELABLE => Some("TASK_NOT_CANCELABLE"),
            code::PUSH_NOTIFICATION_NOT_SUPPORTED => Some("PUSH_NOTIFICATION_NOT_SUPPORTED"),
            code::UNSUPPORTED_OPERATION => Some("UNSUPPORTED_OPERATION"),
            code::VERSION_NOT_SUPPORTED => Some("VERSION_NOT_SUPPORTED"),
            _ => None,
        }
    }

    /// The `error` object. 1.0 A2A errors carry `data: [ErrorInfo]` (ERR-004); 0.3 errors and
    /// standard JSON-RPC errors carry no `data`. -32009 always carries ErrorInfo, since the
    /// client asked for a version the agent may not share a dialect with.
    pub fn to_json(&self, version: ProtocolVersion) -> Value {
        let mut err = Map::new();
        err.insert("code".into(), json!(self.code));
        err.insert("message".into(), json!(self.message));
        if let Some(reason) = self.reason() {
            if version == ProtocolVersion::V1_0 || self.code == code::VERSION_NOT_SUPPORTED {
                err.insert(
                    "data".into(),
                    json!([{
                        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason": reason,
                        "domain": "a2a-protocol.org",
                        "metadata": {}
                    }]),
                );
            }
        }
        Value::Object(err)
    }
}

/// A JSON-RPC response envelope: `{"jsonrpc":"2.0","id":..,"result"|"error":..}` (RPC-002).
pub fn response(id: &Value, outcome: Result<Value, RpcError>, version: ProtocolVersion) -> Value {
    match outcome {
        Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
        Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": e.to_json(version)}),
    }
}

/// Task states the agent uses (TASK-008 table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskState {
    Submitted,
    Working,
    InputRequired,
    Completed,
    Canceled,
    Failed,
}

impl TaskState {
    /// Terminal states never change again (TASK-001).
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            TaskState::Completed | TaskState::Canceled | TaskState::Failed
        )
    }

    /// Interrupted states end a blocking call and a stream too (TASK-005, STREAM-007/008).
    pub fn is_interrupted(self) -> bool {
        matches!(self, TaskState::InputRequired)
    }

    /// Wire name: 1.0 `TASK_STATE_*`, 0.3 lowercase (DATA-001).
    pub fn wire(self, v: ProtocolVersion) -> &'static str {
        match (v, self) {
            (ProtocolVersion::V1_0, TaskState::Submitted) => "TASK_STATE_SUBMITTED",
            (ProtocolVersion::V1_0, TaskState::Working) => "TASK_STATE_WORKING",
            (ProtocolVersion::V1_0, TaskState::InputRequired) => "TASK_STATE_INPUT_REQUIRED",
            (ProtocolVersion::V1_0, TaskState::Completed) => "TASK_STATE_COMPLETED",
            (ProtocolVersion::V1_0, TaskState::Canceled) => "TASK_STATE_CANCELED",
            (ProtocolVersion::V1_0, TaskState::Failed) => "TASK_STATE_FAILED",
            (ProtocolVersion::V0_3, TaskState::Submitted) => "submitted",
            (ProtocolVersion::V0_3, TaskState::Working) => "working",
            (ProtocolVersion::V0_3, TaskState::InputRequired) => "input-required",
            (ProtocolVersion::V0_3, TaskState::Completed) => "completed",
            (ProtocolVersion::V0_3, TaskState::Canceled) => "canceled",
            (ProtocolVersion::V0_3, TaskState::Failed) => "failed",
        }
    }

    /// Parses either dialect's name (used by `ListTasks` `status`).
    pub fn parse(s: &str) -> Option<TaskState> {
        [
            TaskState::Submitted,
            TaskState::Working,
            TaskState::InputRequired,
            TaskState::Completed,
            TaskState::Canceled,
            TaskState::Failed,
        ]
        .into_iter()
        .find(|t| t.wire(ProtocolVersion::V1_0) == s || t.wire(ProtocolVersion::V0_3) == s)
    }
}

/// Message author.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    User,
    Agent,
}

/// A message in neutral form; `parts` are 1.0-shaped JSON objects.
#[derive(Clone, Debug)]
pub struct Msg {
    pub message_id: String,
    pub role: Role,
    pub parts: Vec<Value>,
    pub context_id: Option<String>,
    pub task_id: Option<String>,
    pub metadata: Option<Value>,
}

impl Msg {
    /// An agent message with one text part and fresh `messageId`.
    pub fn agent_text(text: &str, context_id: &str, task_id: Option<&str>) -> Msg {
        Msg {
            message_id: uuid::Uuid::new_v4().to_string(),
            role: Role::Agent,
            parts: vec![json!({"text": text})],
            context_id: Some(context_id.to_string()),
            task_id: task_id.map(str::to_string),
            metadata: None,
        }
    }

    /// The text parts joined with newlines.
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Renders the message (ID-004: agent messages carry `contextId`, `taskId` only with a task).
    pub fn render(&self, v: ProtocolVersion) -> Value {
        let mut m = Map::new();
        if v == ProtocolVersion::V0_3 {
            m.insert("kind".into(), json!("message"));
        }
        m.insert("messageId".into(), json!(self.message_id));
        if let Some(c) = &self.context_id {
            m.insert("contextId".into(), json!(c));
        }
        if let Some(t) = &self.task_id {
            m.insert("taskId".into(), json!(t));
        }
        let role = match (v, self.role) {
            (ProtocolVersion::V1_0, Role::User) => "ROLE_USER",
            (ProtocolVersion::V1_0, Role::Agent) => "ROLE_AGENT",
            (ProtocolVersion::V0_3, Role::User) => "user",
            (ProtocolVersion::V0_3, Role::Agent) => "agent",
        };
        m.insert("role".into(), json!(role));
        let parts: Vec<Value> = self.parts.iter().map(|p| render_part(p, v)).collect();
        m.insert("parts".into(), Value::Array(parts));
        if let Some(md) = &self.metadata {
            m.insert("metadata".into(), md.clone());
        }
        Value::Object(m)
    }

    /// Parses a client message (`params.message`), checking the members DATA-005 and
    /// DATA-004 require for the dialect.
    ///
    /// # Errors
    /// -32602 with a message naming the offending member.
    pub fn parse_user(value: Option<&Value>, v: ProtocolVersion) -> Result<Msg, RpcError> {
        let bad =
            |what: &str| RpcError::new(code::INVALID_PARAMS, format!("invalid params: {what}"));
        let obj = value
            .and_then(Value::as_object)
            .ok_or_else(|| bad("message must be an object"))?;
        if v == ProtocolVersion::V0_3 && obj.get("kind").and_then(Value::as_str) != Some("message")
        {
            return Err(bad("message.kind must be \"message\""));
        }
        let message_id = obj
            .get("messageId")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| bad("message.messageId is required"))?
            .to_string();
        let want_role = match v {
            ProtocolVersion::V1_0 => "ROLE_USER",
            ProtocolVersion::V0_3 => "user",
        };
        if obj.get("role").and_then(Value::as_str) != Some(want_role) {
            return Err(bad(&format!("message.role must be \"{want_role}\"")));
        }
        let raw_parts = obj
            .get("parts")
            .and_then(Value::as_array)
            .filter(|p| !p.is_empty())
            .ok_or_else(|| bad("message.parts must be a non-empty array"))?;
        let mut parts = Vec::with_capacity(raw_parts.len());
        for (i, p) in raw_parts.iter().enumerate() {
            parts.push(parse_part(p, v).map_err(|e| bad(&format!("message.parts[{i}]: {e}")))?);
        }
        let opt_str = |k: &str| -> Result<Option<String>, RpcError> {
            match obj.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) if s.is_empty() => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(_) => Err(bad(&format!("message.{k} must be a string"))),
            }
        };
        Ok(Msg {
            message_id,
            role: Role::User,
            parts,
            context_id: opt_str("contextId")?,
            task_id: opt_str("taskId")?,
            metadata: obj.get("metadata").filter(|m| m.is_object()).cloned(),
        })
    }
}

/// Renders a 1.0-shaped part for the dialect (0.3: `kind` + `file{}` wrapper).
fn render_part(p: &Value, v: ProtocolVersion) -> Value {
    if v == ProtocolVersion::V1_0 {
        return p.clone();
    }
    let mut out = Map::new();
    let get = |k: &str| p.get(k).cloned();
    if let Some(t) = get("text") {
        out.insert("kind".into(), json!("text"));
        out.insert("text".into(), t);
    } else if let Some(d) = get("data") {
        out.insert("kind".into(), json!("data"));
        out.insert("data".into(), d);
    } else {
        let mut file = Map::new();
        if let Some(r) = get("raw") {
            file.insert("bytes".into(), r);
        }
        if let Some(u) = get("url") {
            file.insert("uri".into(), u);
        }
        if let Some(m) = get("mediaType") {
            file.insert("mimeType".into(), m);
        }
        if let Some(n) = get("filename") {
            file.insert("name".into(), n);
        }
        out.insert("kind".into(), json!("file"));
        out.insert("file".into(), Value::Object(file));
    }
    if let Some(md) = get("metadata") {
        out.insert("metadata".into(), md);
    }
    Value::Object(out)
}

/// Parses one part into the 1.0 shape. 1.0: exactly one of `text|raw|url|data` (DATA-004);
/// 0.3: `kind` text/file/data, `file` with exactly one of `bytes`/`uri`, `data` an object.
fn parse_part(p: &Value, v: ProtocolVersion) -> Result<Value, String> {
    let obj = p.as_object().ok_or("part must be an object")?;
    let mut out = Map::new();
    match v {
        ProtocolVersion::V1_0 => {
            let members: Vec<&str> = ["text", "raw", "url", "data"]
                .into_iter()
                .filter(|k| obj.contains_key(*k))
                .collect();
            if members.len() != 1 {
                return Err("exactly one of text, raw, url, data is required".into());
            }
            if obj.contains_key("kind") {
                return Err("kind is not a 1.0 field".into());
            }
            for k in ["text", "raw", "url"] {
                if let Some(x) = obj.get(k) {
                    if !x.is_string() {
                        return Err(format!("{k} must be a string"));
                    }
                }
            }
            for (k, x) in obj {
                out.insert(k.clone(), x.clone());
            }
        }
        ProtocolVersion::V0_3 => match obj.get("kind").and_then(Value::as_str) {
            Some("text") => {
                let t = obj
                    .get("text")
                    .filter(|t| t.is_string())
                    .ok_or("text part needs a string text")?;
                out.insert("text".into(), t.clone());
            }
            Some("data") => {
                let d = obj
                    .get("data")
                    .filter(|d| d.is_object())
                    .ok_or("data part needs an object data")?;
                out.insert("data".into(), d.clone());
            }
            Some("file") => {
                let f = obj
                    .get("file")
                    .and_then(Value::as_object)
                    .ok_or("file part needs a file object")?;
                match (f.get("bytes"), f.get("uri")) {
                    (Some(b), None) if b.is_string() => {
                        out.insert("raw".into(), b.clone());
                    }
                    (None, Some(u)) if u.is_string() => {
                        out.insert("url".into(), u.clone());
                    }
                    _ => return Err("file needs exactly one of bytes, uri".into()),
                }
                if let Some(m) = f.get("mimeType") {
                    out.insert("mediaType".into(), m.clone());
                }
                if let Some(n) = f.get("name") {
                    out.insert("filename".into(), n.clone());
                }
            }
            _ => return Err("kind must be text, file or data".into()),
        },
    }
    if v == ProtocolVersion::V0_3 {
        if let Some(md) = obj.get("metadata") {
            out.insert("metadata".into(), md.clone());
        }
    }
    Ok(Value::Object(out))
}

/// An artifact (DATA-005: `artifactId` and at least one part).
#[derive(Clone, Debug)]
pub struct Artifact {
    pub artifact_id: String,
    pub name: Option<String>,
    pub parts: Vec<Value>,
}

impl Artifact {
    /// Renders the artifact for the dialect.
    pub fn render(&self, v: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("artifactId".into(), json!(self.artifact_id));
        if let Some(n) = &self.name {
            m.insert("name".into(), json!(n));
        }
        let parts: Vec<Value> = self.parts.iter().map(|p| render_part(p, v)).collect();
        m.insert("parts".into(), Value::Array(parts));
        Value::Object(m)
    }
}

/// `TaskStatus { state, message?, timestamp }`; timestamps are ISO 8601 UTC with `Z` and
/// millisecond precision (DATA-002).
#[derive(Clone, Debug)]
pub struct Status {
    pub state: TaskState,
    pub message: Option<Msg>,
    pub timestamp: String,
}

impl Status {
    /// A status stamped now.
    pub fn now(state: TaskState, message: Option<Msg>) -> Status {
        Status {
            state,
            message,
            timestamp: timestamp_now(),
        }
    }

    /// Renders the status for the dialect.
    pub fn render(&self, v: ProtocolVersion) -> Value {
        let mut m = Map::new();
        m.insert("state".into(), json!(self.state.wire(v)));
        if let Some(msg) = &self.message {
            m.insert("message".into(), msg.render(v));
        }
        m.insert("timestamp".into(), json!(self.timestamp));
        Value::Object(m)
    }
}

/// The current UTC time as `2026-11-30T04:43:01.123Z` (DATA-002).
pub fn timestamp_now() -> String {
    chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S%.3fZ")
        .to_string()
}

/// A point-in-time copy of a task, rendered per dialect.
#[derive(Clone, Debug)]
pub struct TaskSnapshot {
    pub id: String,
    pub context_id: String,
    pub status: Status,
    pub artifacts: Vec<Artifact>,
    pub history: Vec<Msg>,
}

impl TaskSnapshot {
    /// Renders the task. `history_length`: `None` = all, `Some(0)` = no `history`,
    /// `Some(n)` = the last n messages (DATA-006). Empty `artifacts` / `history` are omitted.
    pub fn render(
        &self,
        v: ProtocolVersion,
        history_length: Option<usize>,
        include_artifacts: bool,
    ) -> Value {
        let mut m = Map::new();
        if v == ProtocolVersion::V0_3 {
            m.insert("kind".into(), json!("task"));
        }
        m.insert("id".into(), json!(self.id));
        m.insert("contextId".into(), json!(self.context_id));
        m.insert("status".into(), self.status.render(v));
        if include_artifacts && !self.artifacts.is_empty() {
            let a: Vec<Value> = self.artifacts.iter().map(|a| a.render(v)).collect();
            m.insert("artifacts".into(), Value::Array(a));
        }
        let keep = history_length.unwrap_or(usize::MAX).min(self.history.len());
        if keep > 0 {
            let h: Vec<Value> = self.history[self.history.len() - keep..]
                .iter()
                .map(|x| x.render(v))
                .collect();
            m.insert("history".into(), Value::Array(h));
        }
        Value::Object(m)
    }
}

/// A change to a task, as fanned out to streams.
#[derive(Clone, Debug)]
pub enum Update {
    /// New status (`statusUpdate` / `status-update`).
    Status(Status),
    /// Artifact chunk (`artifactUpdate` / `artifact-update`, STREAM-009).
    Artifact {
        artifact: Artifact,
        append: bool,
        last_chunk: bool,
    },
}

impl Update {
    /// Whether this update ends a stream: terminal or interrupted status (STREAM-003/007/008).
    pub fn ends_stream(&self) -> bool {
        match self {
            Update::Status(s) => s.state.is_terminal() || s.state.is_interrupted(),
            Update::Artifact { .. } => false,
        }
    }

    /// Renders the update as a stream `result` (1.0 oneof wrapper, 0.3 `kind`; 0.3 carries
    /// `final`, true on the event that ends the stream, STREAM-008).
    pub fn render(&self, v: ProtocolVersion, task_id: &str, context_id: &str) -> Value {
        match (self, v) {
            (Update::Status(s), ProtocolVersion::V1_0) => json!({"statusUpdate": {
                "taskId": task_id, "contextId": context_id, "status": s.render(v)}}),
            (Update::Status(s), ProtocolVersion::V0_3) => json!({
                "kind": "status-update", "taskId": task_id, "contextId": context_id,
                "status": s.render(v), "final": self.ends_stream()}),
            (
                Update::Artifact {
                    artifact,
                    append,
                    last_chunk,
                },
                ProtocolVersion::V1_0,
            ) => {
                let mut m = Map::new();
                m.insert("taskId".into(), json!(task_id));
                m.insert("contextId".into(), json!(context_id));
                m.insert("artifact".into(), artifact.render(v));
                if *append {
                    m.insert("append".into(), json!(true));
                }
                if *last_chunk {
                    m.insert("lastChunk".into(), json!(true));
                }
                json!({ "artifactUpdate": Value::Object(m) })
            }
            (
                Update::Artifact {
                    artifact,
                    append,
                    last_chunk,
                },
                ProtocolVersion::V0_3,
            ) => json!({
                "kind": "artifact-update", "taskId": task_id, "contextId": context_id,
                "artifact": artifact.render(v), "append": append, "lastChunk": last_chunk}),
        }
    }
}

/// Wraps a task snapshot as a stream `result` / `SendMessage` result (1.0 `{"task":..}`,
/// 0.3 bare with `kind`).
pub fn wrap_task(task: &TaskSnapshot, v: ProtocolVersion, history_length: Option<usize>) -> Value {
    let t = task.render(v, history_length, true);
    match v {
        ProtocolVersion::V1_0 => json!({ "task": t }),
        ProtocolVersion::V0_3 => t,
    }
}

/// Wraps a message as a `SendMessage` / stream result (1.0 `{"message":..}`, 0.3 bare).
pub fn wrap_message(m: &Msg, v: ProtocolVersion) -> Value {
    match v {
        ProtocolVersion::V1_0 => json!({ "message": m.render(v) }),
        ProtocolVersion::V0_3 => m.render(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_header() {
        assert_eq!(
            ProtocolVersion::from_header(None),
            Ok(ProtocolVersion::V0_3)
        );
        assert_eq!(
            ProtocolVersion::from_header(Some(" ")),
            Ok(ProtocolVersion::V0_3)
        );
        assert_eq!(
            ProtocolVersion::from_header(Some("1.0")),
            Ok(ProtocolVersion::V1_0)
        );
        assert_eq!(
            ProtocolVersion::from_header(Some("1.0.1")),
            Ok(ProtocolVersion::V1_0)
        );
        assert_eq!(
            ProtocolVersion::from_header(Some("0.3")),
            Ok(ProtocolVersion::V0_3)
        );
        assert_eq!(
            ProtocolVersion::from_header(Some("99.0")),
            Err("99.0".to_string())
        );
        assert_eq!(
            ProtocolVersion::from_header(Some("1")),
            Err("1".to_string())
        );
    }

    #[test]
    fn parts_round_trip_between_dialects() {
        let p03 = json!({"kind":"file","file":{"uri":"https://x.test/a","mimeType":"text/plain","name":"a"}});
        let p = parse_part(&p03, ProtocolVersion::V0_3).unwrap_or_default();
        assert_eq!(
            p,
            json!({"url":"https://x.test/a","mediaType":"text/plain","filename":"a"})
        );
        assert_eq!(render_part(&p, ProtocolVersion::V0_3), p03);
        assert!(parse_part(&json!({"text":"a","data":{}}), ProtocolVersion::V1_0).is_err());
        assert!(parse_part(&json!({"kind":"text","text":"a"}), ProtocolVersion::V1_0).is_err());
        assert!(parse_part(&json!({"kind":"data","data":[1]}), ProtocolVersion::V0_3).is_err());
    }

    #[test]
    fn errors_carry_error_info_in_1_0_only() {
        let e = RpcError::new(code::TASK_NOT_FOUND, "task not found");
        assert_eq!(
            e.to_json(ProtocolVersion::V1_0)["data"][0]["reason"],
            json!("TASK_NOT_FOUND")
        );
        assert!(e.to_json(ProtocolVersion::V0_3).get("data").is_none());
        let p = RpcError::new(code::PARSE_ERROR, "parse error");
        assert!(p.to_json(ProtocolVersion::V1_0).get("data").is_none());
    }

    #[test]
    fn timestamp_shape() {
        let t = timestamp_now();
        assert_eq!(t.len(), 24, "{t}");
        assert!(t.ends_with('Z') && t.as_bytes()[19] == b'.', "{t}");
    }
}

/*!
Wire differences between the A2A dialects the prober speaks over JSON-RPC: 1.0
(`SendMessage`, oneof wrappers, `TASK_STATE_*`, `A2A-Version: 1.0`) and 0.3 (`message/send`,
`kind`, lowercase states, no version header). See A2A-DIGEST.md §1 (name map), §2, §3.
Version parsing, method names and task states come from [`crate::model::a2a`]; this module
adds what only an active client needs (request bodies, dialect-strict reply reading).
*/

use serde_json::{json, Map, Value};

use crate::model::a2a;
pub use crate::model::a2a::TaskState;

/// A JSON-RPC dialect of A2A (VER-004: the dialect is per interface URL + header).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    /// 0.3 (and 0.2.x, which is the same on JSON-RPC).
    V0_3,
    /// 1.0 (v1.0.1).
    V1_0,
}

/// The operations the prober calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Send,
    Stream,
    Get,
    Cancel,
    /// `CreateTaskPushNotificationConfig` / `tasks/pushNotificationConfig/set`.
    CreatePush,
    /// `GetTaskPushNotificationConfig` / `tasks/pushNotificationConfig/get`.
    GetPush,
    /// `ListTaskPushNotificationConfigs` / `tasks/pushNotificationConfig/list`.
    ListPush,
    /// `DeleteTaskPushNotificationConfig` / `tasks/pushNotificationConfig/delete`.
    DeletePush,
    /// `SubscribeToTask` / `tasks/resubscribe` (STREAM-004).
    Subscribe,
    /// `ListTasks` (1.0 only; 0.x JSON-RPC has no list method, digest §1, DATA-007).
    List,
}

impl Op {
    /// The model's operation ([`a2a::Op`]).
    pub fn model(self) -> a2a::Op {
        match self {
            Op::Send => a2a::Op::SendMessage,
            Op::Stream => a2a::Op::SendStreamingMessage,
            Op::Get => a2a::Op::GetTask,
            Op::Cancel => a2a::Op::CancelTask,
            Op::CreatePush => a2a::Op::CreatePushConfig,
            Op::GetPush => a2a::Op::GetPushConfig,
            Op::ListPush => a2a::Op::ListPushConfigs,
            Op::DeletePush => a2a::Op::DeletePushConfig,
            Op::Subscribe => a2a::Op::SubscribeToTask,
            Op::List => a2a::Op::ListTasks,
        }
    }
}

impl From<Dialect> for a2a::Dialect {
    fn from(d: Dialect) -> a2a::Dialect {
        match d {
            Dialect::V0_3 => a2a::Dialect::V0_3,
            Dialect::V1_0 => a2a::Dialect::V1_0,
        }
    }
}

impl Dialect {
    /// `"1.0"` or `"0.3"`.
    pub fn label(self) -> &'static str {
        a2a::Dialect::from(self).as_str()
    }

    /// Parses a `protocolVersion` (`"1.0"`, `"1.0.1"`, `"0.3.0"`, `"0.2.5"`) by Major.Minor
    /// ([`a2a::Dialect::from_version`]); 0.2 speaks as 0.3 on JSON-RPC, 0.1 is not probed.
    pub fn from_version(v: &str) -> Option<Dialect> {
        match a2a::Dialect::from_version(v)? {
            a2a::Dialect::V1_0 => Some(Dialect::V1_0),
            a2a::Dialect::V0_2 | a2a::Dialect::V0_3 => Some(Dialect::V0_3),
            a2a::Dialect::V0_1 => None,
        }
    }

    /// JSON-RPC method name of `op` (RPC-003; digest §1), from [`a2a::op_method`].
    pub fn method(self, op: Op) -> &'static str {
        let op = op.model();
        // every probe op has a JSON-RPC method in 0.3 and 1.0; the 1.0 name is a safe default
        a2a::op_method(op, self.into()).unwrap_or(op.name())
    }

    /// Value of the `A2A-Version` request header (VER-001); none for 0.x (VER-005).
    pub fn version_header(self) -> Option<&'static str> {
        match self {
            Dialect::V1_0 => Some("1.0"),
            Dialect::V0_3 => None,
        }
    }

    /// A user `Message` with one text part, a fresh UUID `messageId`, and the task and
    /// context it continues, if any (DATA-005, ID-003).
    pub fn user_message(
        self,
        text: &str,
        task_id: Option<&str>,
        context_id: Option<&str>,
    ) -> Value {
        let mut m = Map::new();
        m.insert("messageId".into(), json!(uuid::Uuid::new_v4().to_string()));
        match self {
            Dialect::V1_0 => {
                m.insert("role".into(), json!("ROLE_USER"));
                m.insert("parts".into(), json!([{ "text": text }]));
            }
            Dialect::V0_3 => {
                m.insert("kind".into(), json!("message"));
                m.insert("role".into(), json!("user"));
                m.insert("parts".into(), json!([{ "kind": "text", "text": text }]));
            }
        }
        if let Some(t) = task_id {
            m.insert("taskId".into(), json!(t));
        }
        if let Some(c) = context_id {
            m.insert("contextId".into(), json!(c));
        }
        Value::Object(m)
    }

    /// `SendMessage` / `message/send` params. `wait = false` asks for an immediate reply
    /// (1.0 `returnImmediately: true`, 0.3 `blocking: false`; TASK-005, trap 8).
    pub fn send_params(self, message: Value, wait: bool, output_modes: &[String]) -> Value {
        let mut cfg = Map::new();
        if !output_modes.is_empty() {
            cfg.insert("acceptedOutputModes".into(), json!(output_modes));
        }
        match self {
            Dialect::V1_0 => {
                if !wait {
                    cfg.insert("returnImmediately".into(), json!(true));
                }
            }
            Dialect::V0_3 => {
                cfg.insert("blocking".into(), json!(wait));
            }
        }
        json!({ "message": message, "configuration": Value::Object(cfg) })
    }

    /// Splits a send result into a Task or a Message (RPC-004: 1.0 `{task}`/`{message}`
    /// wrapper, 0.x bare object with `kind`).
    pub fn send_reply(self, result: &Value) -> Reply {
        match self {
            Dialect::V1_0 => {
                if let Some(t) = result.get("task").filter(|t| t.is_object()) {
                    Reply::Task(t.clone())
                } else if let Some(m) = result.get("message").filter(|m| m.is_object()) {
                    Reply::Message(m.clone())
                } else {
                    Reply::Other
                }
            }
            Dialect::V0_3 => match result.get("kind").and_then(Value::as_str) {
                Some("task") => Reply::Task(result.clone()),
                Some("message") => Reply::Message(result.clone()),
                _ => Reply::Other,
            },
        }
    }

    /// Classifies one streaming `result` (1.0 `StreamResponse` oneof, 0.3 `kind`).
    pub fn stream_item(self, result: &Value) -> StreamItem {
        let (kind, body) = match self {
            Dialect::V1_0 => {
                let Some(obj) = result.as_object() else {
                    return StreamItem::Other;
                };
                let found = ["task", "message", "statusUpdate", "artifactUpdate"]
                    .into_iter()
                    .find(|k| obj.contains_key(*k));
                match found {
                    Some(k) => (k, &obj[k]),
                    None => return StreamItem::Other,
                }
            }
            Dialect::V0_3 => {
                let k = match result.get("kind").and_then(Value::as_str) {
                    Some("task") => "task",
                    Some("message") => "message",
                    Some("status-update") => "statusUpdate",
                    Some("artifact-update") => "artifactUpdate",
                    _ => return StreamItem::Other,
                };
                (k, result)
            }
        };
        let s = |k: &str| body.get(k).and_then(Value::as_str).map(str::to_string);
        match kind {
            "task" => StreamItem::Task {
                id: s("id"),
                context_id: s("contextId"),
                state: task_state(body),
            },
            "message" => StreamItem::Message,
            "statusUpdate" => StreamItem::Status {
                task_id: s("taskId"),
                context_id: s("contextId"),
                state: task_state(body),
                final_flag: body.get("final").and_then(Value::as_bool).unwrap_or(false),
            },
            _ => StreamItem::Artifact {
                task_id: s("taskId"),
                context_id: s("contextId"),
                artifact_id: body
                    .pointer("/artifact/artifactId")
                    .and_then(Value::as_str)
                    .map(str::to_string),
                last_chunk: body
                    .get("lastChunk")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
            },
        }
    }
}

/// Reply to a send call.
#[derive(Clone, Debug)]
pub enum Reply {
    Task(Value),
    Message(Value),
    /// Neither a Task nor a Message.
    Other,
}

/// One event of a message stream, reduced to what the streaming tests check.
#[derive(Clone, Debug)]
pub enum StreamItem {
    Task {
        id: Option<String>,
        context_id: Option<String>,
        state: Option<TaskState>,
    },
    Message,
    Status {
        task_id: Option<String>,
        context_id: Option<String>,
        state: Option<TaskState>,
        /// 0.x `final` (STREAM-008).
        final_flag: bool,
    },
    Artifact {
        task_id: Option<String>,
        context_id: Option<String>,
        artifact_id: Option<String>,
        last_chunk: bool,
    },
    Other,
}

/// `status.state` of a Task or status event.
pub fn task_state(v: &Value) -> Option<TaskState> {
    v.pointer("/status/state")
        .and_then(Value::as_str)
        .and_then(TaskState::parse_lenient)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_of_both_dialects_parse() {
        assert_eq!(
            TaskState::parse_lenient("TASK_STATE_INPUT_REQUIRED"),
            Some(TaskState::InputRequired)
        );
        assert_eq!(
            TaskState::parse_lenient("input-required"),
            Some(TaskState::InputRequired)
        );
        assert_eq!(
            TaskState::parse_lenient("TASK_STATE_CANCELLED"),
            Some(TaskState::Canceled)
        );
        assert_eq!(TaskState::parse_lenient("bogus"), None);
    }

    #[test]
    fn method_names_come_from_the_model() {
        assert_eq!(Dialect::V1_0.method(Op::Stream), "SendStreamingMessage");
        assert_eq!(Dialect::V0_3.method(Op::Stream), "message/stream");
        assert_eq!(Dialect::V0_3.method(Op::Cancel), "tasks/cancel");
        assert_eq!(
            Dialect::V0_3.method(Op::CreatePush),
            "tasks/pushNotificationConfig/set"
        );
        assert_eq!(
            Dialect::V1_0.method(Op::ListPush),
            "ListTaskPushNotificationConfigs"
        );
        assert_eq!(Dialect::V0_3.method(Op::Subscribe), "tasks/resubscribe");
        assert_eq!(Dialect::V1_0.method(Op::Subscribe), "SubscribeToTask");
        assert_eq!(Dialect::V1_0.method(Op::List), "ListTasks");
        assert_eq!(Dialect::from_version("0.2.5"), Some(Dialect::V0_3));
        assert_eq!(Dialect::from_version("0.1.0"), None);
        assert_eq!(Dialect::V0_3.label(), "0.3");
    }

    #[test]
    fn versions_map_by_major_minor() {
        assert_eq!(Dialect::from_version("1.0.1"), Some(Dialect::V1_0));
        assert_eq!(Dialect::from_version("0.3.0"), Some(Dialect::V0_3));
        assert_eq!(Dialect::from_version("2.0"), None);
    }

    #[test]
    fn send_reply_reads_wrappers_and_kind() {
        let t = json!({"task": {"id": "t"}});
        assert!(matches!(Dialect::V1_0.send_reply(&t), Reply::Task(_)));
        let m = json!({"kind": "message"});
        assert!(matches!(Dialect::V0_3.send_reply(&m), Reply::Message(_)));
        assert!(matches!(Dialect::V0_3.send_reply(&t), Reply::Other));
    }
}

//! A task the agent ended because its client left a stream (TASK-STATE-016, mine43).

use super::*;

/// A stream of a live task that its client left (outcome client abort): the stream's
/// exchange, the seq of its end and the task state it last carried.
#[derive(Debug, Clone)]
pub(super) struct ClientLeft {
    xid: String,
    seq: u64,
    state: TaskState,
}

/// Words by which a failed status message names an abort of the request rather than a
/// fault of the work: a JS `AbortError` ("This operation was aborted"), Go's
/// `context.Canceled` ("context canceled"), .NET's `OperationCanceledException` ("The
/// operation was canceled."), Python's `CancelledError`, and plain "client disconnected".
/// Matched on the lower-cased text.
const ABORT_WORDS: &[&str] = &[
    "abort",
    "context canceled",
    "context cancelled",
    "cancellederror",
    "operation was canceled",
    "operation was cancelled",
    "operationcanceledexception",
    "taskcanceledexception",
    "client disconnect",
    "client closed",
    "client went away",
    "connection closed by client",
    "request was canceled",
    "request was cancelled",
];

/// The text parts of a status message (1.0 `{text}`, 0.x `{kind: "text", text}`), joined.
fn status_text(holder: &Obj) -> Option<String> {
    let parts = holder
        .get("status")?
        .get("message")?
        .get("parts")?
        .as_array()?;
    let t: Vec<&str> = parts
        .iter()
        .filter_map(|p| p.get("text").and_then(Json::as_str))
        .collect();
    (!t.is_empty()).then(|| t.join(" "))
}

impl State {
    /// At the end of a stream its client left (outcome client abort): remembers the task
    /// the stream carried when its last state was live (neither terminal nor interrupted:
    /// an interrupted task waits for the client anyway), for [`Self::left_task_ended`].
    /// Bounded by [`MAX_TASKS`].
    pub(super) fn note_client_left(&mut self, x: &Exch) {
        if x.outcome != Some(Outcome::ClientAbort) || x.call.as_ref().is_some_and(|c| c.webhook) {
            return;
        }
        let Some(s) = x.sse.as_ref() else { return };
        let (Some(tid), Some(st)) = (s.task_id.as_deref(), s.last_state) else {
            return;
        };
        if st.is_terminal() || st.is_interrupted() || s.terminal.is_some() {
            return;
        }
        let key = x.tkey(tid);
        if self.client_left.len() < MAX_TASKS || self.client_left.contains_key(&key) {
            self.client_left.insert(
                key,
                ClientLeft {
                    xid: str::to_string(&x.id),
                    seq: x.end_seq,
                    state: st,
                },
            );
        }
    }

    /// A cancel request (CancelTask, 0.x tasks/cancel, `POST /tasks/{id}:cancel`, gRPC)
    /// naming a task: a later canceled state is its answer, not a disconnect's.
    pub(super) fn note_cancel_asked(&mut self, x: &Exch, c: &Call) {
        if c.op != Some(Op::CancelTask) || c.webhook {
            return;
        }
        let Some(id) = c.task_id() else { return };
        let key = x.tkey(id);
        self.client_left.remove(&key);
        if self.cancel_asked.len() < MAX_TASKS {
            self.cancel_asked.insert(key);
        }
    }

    /// TASK-STATE-016 (TASK-003, STREAM-006; 1.0 §3.1.6): a later exchange shows task
    /// `id`, whose stream its client left while it was live ([`Self::note_client_left`]),
    /// canceled with no cancel request for it, or failed (or input-required, auth-required:
    /// no question for the client) with a status message (in `holder`, the Task or status
    /// update at `seq`) that names the request's abort ([`ABORT_WORDS`]). Any other
    /// terminal or interrupted state settles the task (it ran on). Told once per task.
    pub(super) fn left_task_ended(
        &mut self,
        x: &Exch,
        id: &str,
        st: Option<TaskState>,
        holder: &Obj,
        seq: u64,
        state_ptr: &str,
    ) {
        if self.client_left.is_empty() {
            return;
        }
        let Some(st) = st else { return };
        if !(st.is_terminal() || st.is_interrupted()) {
            return;
        }
        let key = x.tkey(id);
        let Some(left) = self.client_left.get(&key) else {
            return;
        };
        if *left.xid == *x.id || x.req_seq < left.seq {
            return;
        }
        let Some(left) = self.client_left.remove(&key) else {
            return;
        };
        if self.cancel_asked.contains(&key) {
            return;
        }
        let text = status_text(holder);
        let why = match st {
            TaskState::Canceled => format!(
                "no cancel request named it in this recording{}",
                text.as_deref()
                    .map(|t| format!(" (its status message: {:?})", excerpt_text(t)))
                    .unwrap_or_default()
            ),
            // gemini-cli's a2a-server before PR #28316: a socket end moved the task to
            // input-required, "Execution aborted by client.": no question for the client.
            TaskState::Failed | TaskState::InputRequired | TaskState::AuthRequired => {
                let Some(t) = text.filter(|t| {
                    let l = t.to_ascii_lowercase();
                    ABORT_WORDS.iter().any(|w| l.contains(w))
                }) else {
                    return;
                };
                format!(
                    "its status message gives the abort as the reason: {:?}",
                    excerpt_text(&t)
                )
            }
            _ => return,
        };
        let how = x
            .call
            .as_ref()
            .and_then(|c| c.call_term())
            .unwrap_or_else(|| format!("{} {}", x.method, x.path));
        // How the client finds the task again in its generation and binding (DIGEST §1
        // method map): 0.x JSON-RPC methods, 0.3 HTTP+JSON routes, else the 1.0 names.
        let (dialect, binding) = x
            .call
            .as_ref()
            .map_or((None, None), |c| (c.dialect, c.binding));
        let (resub, get) = match (dialect.is_some_and(Dialect::is_0x), binding) {
            (true, Some(Binding::Rest)) => ("POST /v1/tasks/{id}:subscribe", "GET /v1/tasks/{id}"),
            (true, _) => ("tasks/resubscribe", "tasks/get"),
            _ => ("SubscribeToTask", "GetTask"),
        };
        self.find(
            &r::TASK_ENDED_BY_CLIENT_LEAVING,
            format!(
                "the client left the stream of task {id} (exchange {}) while the task was {}, and the agent's answer to {how} (exchange {}) shows the task {}: {why}; a client leaving its stream does not cancel, fail or park the task, it may come back with {} or {} (1.0 §3.1.6), so the agent tied the task to the client's connection",
                left.xid,
                x.state_term(left.state),
                x.id,
                x.state_term(st),
                resub,
                get,
            ),
            vec![
                Evidence::event(left.seq, left.xid),
                x.ev_at(seq, state_ptr, Some(Value::String(x.state_term(st).into()))),
            ],
            &x.leg,
        );
    }
}

/// At most 120 characters of `t`, cut at a character boundary with "…".
fn excerpt_text(t: &str) -> String {
    if t.chars().count() <= 120 {
        return t.to_string();
    }
    let mut s: String = t.chars().take(120).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::json::Json;

    fn holder(text: &str) -> Json<'static> {
        let body = format!(
            r#"{{"status":{{"state":"failed","message":{{"role":"agent","parts":[{{"kind":"text","text":{}}}]}}}}}}"#,
            serde_json::to_string(text).unwrap()
        );
        Json::parse(Box::leak(body.into_boxed_str()).as_bytes()).unwrap()
    }

    /// The status message's text parts are read, and the abort words of the SDKs match
    /// (JS AbortError, Go context.Canceled, .NET OperationCanceledException, "aborted by
    /// client"), where an ordinary failure reason does not.
    #[test]
    fn abort_words_name_the_request_abort_only() {
        let said = |t: &str| {
            let h = holder(t);
            let text = status_text(h.as_object().unwrap()).unwrap();
            let l = text.to_ascii_lowercase();
            ABORT_WORDS.iter().any(|w| l.contains(w))
        };
        assert!(said(
            "Handler failed: AbortError: This operation was aborted"
        ));
        assert!(said("failed to call model: context canceled"));
        assert!(said("The operation was canceled."));
        assert!(said("Execution aborted by client."));
        assert!(!said("model quota exceeded for project nightly"));
        assert!(!said("Which branch should the nightly job run on?"));
        assert!(!said("upstream returned HTTP 503"));
    }

    /// A status without a message, or a message without text parts, has no text.
    #[test]
    fn status_text_needs_a_text_part() {
        let j = Json::parse(br#"{"status":{"state":"failed"}}"#).unwrap();
        assert_eq!(status_text(j.as_object().unwrap()), None);
        let j = Json::parse(br#"{"status":{"message":{"parts":[{"data":{"a":1}}]}}}"#).unwrap();
        assert_eq!(status_text(j.as_object().unwrap()), None);
    }
}

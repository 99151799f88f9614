/*!
Task store and skills of the reference agent.

The store owns every task (in memory) and fans each change out to the streams subscribed
to it. All changes go through [`Store::apply`], which refuses any change to a task in a
terminal state (TASK-001), so a late chunk of a canceled `slow` task is never sent.
Snapshot-and-subscribe happens under one lock, so a stream sees the task as its first
event and then every later change, without gaps or repeats (STREAM-003, STREAM-005).

Skills (picked by `message.metadata.skill`, else by the first word of the text):
`echo` → a Message; `task` → completed Task with one artifact; `slow` → four artifact
chunks [`SLOW_CHUNK_INTERVAL`] apart; `input` → input-required, then a second turn
completes it; `cancel` / `long` → working until canceled ([`LONG_TASK_LIMIT`] cap →
failed); `fail` → failed.
*/

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::sync::{mpsc, Notify};

use super::wire::{code, Artifact, Msg, RpcError, Status, TaskSnapshot, TaskState, Update};

/// Time between the artifact chunks of the `slow` skill (200 ms).
pub const SLOW_CHUNK_INTERVAL: Duration = Duration::from_millis(200);

/// How long a `cancel` / `long` task keeps working before it gives up as failed (120 s).
pub const LONG_TASK_LIMIT: Duration = Duration::from_secs(120);

/// Text chunks of the `slow` skill's artifact.
pub const SLOW_CHUNKS: [&str; 4] = ["The ", "quick ", "brown ", "fox."];

/// Behaviour picked for a new message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skill {
    Echo,
    Task,
    Slow,
    Input,
    Cancel,
    Fail,
}

impl Skill {
    /// `message.metadata.skill` when it is a string, else the first word of the text,
    /// case-insensitive; unknown words are `echo`.
    pub fn pick(msg: &Msg) -> Skill {
        let from_meta = msg
            .metadata
            .as_ref()
            .and_then(|m| m.get("skill"))
            .and_then(Value::as_str)
            .map(str::to_string);
        let word = from_meta.unwrap_or_else(|| {
            msg.text()
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string()
        });
        match word.to_ascii_lowercase().as_str() {
            "task" => Skill::Task,
            "slow" => Skill::Slow,
            "input" => Skill::Input,
            "cancel" | "long" => Skill::Cancel,
            "fail" => Skill::Fail,
            _ => Skill::Echo,
        }
    }
}

/// Receiver of one stream's task changes, in order.
pub type UpdateRx = mpsc::UnboundedReceiver<Update>;

struct TaskRec {
    snap: TaskSnapshot,
    /// Creation order, to sort `ListTasks` ties.
    created: u64,
    subs: Vec<mpsc::UnboundedSender<Update>>,
    cancel: Arc<Notify>,
}

/// All tasks of one agent.
#[derive(Default)]
pub struct Store {
    inner: Mutex<StoreInner>,
}

#[derive(Default)]
struct StoreInner {
    tasks: HashMap<String, TaskRec>,
    next: u64,
}

fn not_found(id: &str) -> RpcError {
    RpcError::new(code::TASK_NOT_FOUND, format!("task not found: {id}"))
}

impl Store {
    fn lock(&self) -> MutexGuard<'_, StoreInner> {
        // A panic while holding the lock cannot leave a half-applied update (every
        // mutation is one assignment or push), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates a task in `submitted` with a server-generated id (ID-001) in `context_id`,
    /// records the user message in its history, and subscribes the caller.
    pub fn create(&self, context_id: &str, mut user: Msg) -> (TaskSnapshot, UpdateRx, Arc<Notify>) {
        let id = uuid::Uuid::new_v4().to_string();
        user.task_id = Some(id.clone());
        user.context_id = Some(context_id.to_string());
        let snap = TaskSnapshot {
            id: id.clone(),
            context_id: context_id.to_string(),
            status: Status::now(TaskState::Submitted, None),
            artifacts: Vec::new(),
            history: vec![user],
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let cancel = Arc::new(Notify::new());
        let mut g = self.lock();
        g.next += 1;
        let created = g.next;
        g.tasks.insert(
            id,
            TaskRec {
                snap: snap.clone(),
                created,
                subs: vec![tx],
                cancel: cancel.clone(),
            },
        );
        (snap, rx, cancel)
    }

    /// Current snapshot of a task.
    pub fn get(&self, id: &str) -> Option<TaskSnapshot> {
        self.lock().tasks.get(id).map(|t| t.snap.clone())
    }

    /// Snapshot plus a subscription to later changes (`SubscribeToTask`, STREAM-004).
    ///
    /// # Errors
    /// -32001 unknown task; -32004 task in a terminal state (TASK-004).
    pub fn subscribe(&self, id: &str) -> Result<(TaskSnapshot, UpdateRx), RpcError> {
        let mut g = self.lock();
        let t = g.tasks.get_mut(id).ok_or_else(|| not_found(id))?;
        if t.snap.status.state.is_terminal() {
            return Err(RpcError::new(
                code::UNSUPPORTED_OPERATION,
                format!(
                    "task {id} is in terminal state {}",
                    t.snap.status.state.wire(super::wire::ProtocolVersion::V0_3)
                ),
            ));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        t.subs.push(tx);
        Ok((t.snap.clone(), rx))
    }

    /// Applies a change and fans it out. Returns false (and changes nothing) when the task
    /// is unknown or already terminal (TASK-001): the caller stops working on it.
    pub fn apply(&self, id: &str, update: Update) -> bool {
        let mut g = self.lock();
        let Some(t) = g.tasks.get_mut(id) else {
            return false;
        };
        apply_locked(t, update)
    }

    /// A follow-up message on an existing task (TASK-007). The message joins the history;
    /// when the task was waiting in `input-required` it moves to `working` at once, and the
    /// caller resumes it. The caller is subscribed after that change.
    ///
    /// # Errors
    /// -32001 unknown task (ID-001); -32004 terminal task (TASK-002); -32602 when the
    /// message's `contextId` differs from the task's (ID-003).
    pub fn follow_up(
        &self,
        id: &str,
        mut user: Msg,
    ) -> Result<(TaskSnapshot, UpdateRx, bool), RpcError> {
        let mut g = self.lock();
        let t = g.tasks.get_mut(id).ok_or_else(|| not_found(id))?;
        if t.snap.status.state.is_terminal() {
            return Err(RpcError::new(
                code::UNSUPPORTED_OPERATION,
                format!("task {id} is in a terminal state and accepts no more messages"),
            ));
        }
        if let Some(c) = &user.context_id {
            if c != &t.snap.context_id {
                return Err(RpcError::new(
                    code::INVALID_PARAMS,
                    format!(
                        "invalid params: message.contextId {c} is not the context of task {id}"
                    ),
                ));
            }
        }
        // ID-003: only taskId given, the context is inferred from the task.
        user.context_id = Some(t.snap.context_id.clone());
        t.snap.history.push(user);
        let resume = t.snap.status.state == TaskState::InputRequired;
        if resume {
            let _ = apply_locked(t, Update::Status(Status::now(TaskState::Working, None)));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        t.subs.push(tx);
        Ok((t.snap.clone(), rx, resume))
    }

    /// Cancels a task (TASK-003): moves it to `canceled` and wakes its worker.
    ///
    /// # Errors
    /// -32001 unknown task; -32002 task already in a terminal state.
    pub fn cancel(&self, id: &str) -> Result<TaskSnapshot, RpcError> {
        let mut g = self.lock();
        let t = g.tasks.get_mut(id).ok_or_else(|| not_found(id))?;
        if t.snap.status.state.is_terminal() {
            return Err(RpcError::new(
                code::TASK_NOT_CANCELABLE,
                format!(
                    "task {id} is in terminal state {} and cannot be canceled",
                    t.snap.status.state.wire(super::wire::ProtocolVersion::V0_3)
                ),
            ));
        }
        let msg = Msg::agent_text("canceled by request", &t.snap.context_id, Some(id));
        let _ = apply_locked(
            t,
            Update::Status(Status::now(TaskState::Canceled, Some(msg))),
        );
        t.cancel.notify_one();
        Ok(t.snap.clone())
    }

    /// Tasks for `ListTasks` (DATA-007): filtered, newest status first.
    pub fn list(
        &self,
        context_id: Option<&str>,
        state: Option<TaskState>,
        status_after: Option<&str>,
    ) -> Vec<TaskSnapshot> {
        let g = self.lock();
        let mut v: Vec<(&TaskRec, &TaskSnapshot)> = g
            .tasks
            .values()
            .map(|t| (t, &t.snap))
            .filter(|(_, s)| context_id.is_none_or(|c| s.context_id == c))
            .filter(|(_, s)| state.is_none_or(|st| s.status.state == st))
            .filter(|(_, s)| status_after.is_none_or(|a| s.status.timestamp.as_str() > a))
            .collect();
        v.sort_by(|a, b| {
            b.1.status
                .timestamp
                .cmp(&a.1.status.timestamp)
                .then(b.0.created.cmp(&a.0.created))
        });
        v.into_iter().map(|(_, s)| s.clone()).collect()
    }
}

/// Applies one change unless the task is terminal; returns whether it was applied.
fn apply_locked(t: &mut TaskRec, update: Update) -> bool {
    if t.snap.status.state.is_terminal() {
        return false;
    }
    apply_to(&mut t.snap, &update);
    t.subs.retain(|s| s.send(update.clone()).is_ok());
    true
}

/// Applies one change to a task snapshot: a status replaces the status (its message joins
/// the history); an artifact chunk appends to, replaces, or adds its artifact (STREAM-009).
/// The store's tasks change this way, and so does a subscriber's own copy of the task
/// (the push sender's 0.3 notification is the task as of the change it is for).
pub fn apply_to(snap: &mut super::wire::TaskSnapshot, update: &Update) {
    match update {
        Update::Status(s) => {
            if let Some(m) = &s.message {
                snap.history.push(m.clone());
            }
            snap.status = s.clone();
        }
        Update::Artifact {
            artifact, append, ..
        } => {
            let existing = snap
                .artifacts
                .iter_mut()
                .find(|a| a.artifact_id == artifact.artifact_id);
            match (existing, append) {
                (Some(a), true) => a.parts.extend(artifact.parts.iter().cloned()),
                (Some(a), false) => *a = artifact.clone(),
                (None, _) => snap.artifacts.push(artifact.clone()),
            }
        }
    }
}

fn text_artifact(id: &str, name: &str, text: &str) -> Artifact {
    Artifact {
        artifact_id: id.to_string(),
        name: Some(name.to_string()),
        parts: vec![json!({ "text": text })],
    }
}

fn status(state: TaskState, text: Option<&str>, ctx: &str, task: &str) -> Update {
    Update::Status(Status::now(
        state,
        text.map(|t| Msg::agent_text(t, ctx, Some(task))),
    ))
}

/// Runs a new task's skill to its end (or until [`Store::apply`] says the task is over).
pub async fn run_skill(
    store: Arc<Store>,
    skill: Skill,
    task: String,
    ctx: String,
    text: String,
    cancel: Arc<Notify>,
) {
    let apply = |u: Update| store.apply(&task, u);
    match skill {
        Skill::Echo | Skill::Task => {
            let _ = apply(status(TaskState::Working, None, &ctx, &task))
                && apply(Update::Artifact {
                    artifact: text_artifact(
                        &uuid::Uuid::new_v4().to_string(),
                        "echo",
                        &format!("echo: {text}"),
                    ),
                    append: false,
                    last_chunk: true,
                })
                && apply(status(TaskState::Completed, None, &ctx, &task));
        }
        Skill::Slow => {
            if !apply(status(TaskState::Working, Some("working..."), &ctx, &task)) {
                return;
            }
            let artifact_id = uuid::Uuid::new_v4().to_string();
            for (i, chunk) in SLOW_CHUNKS.iter().enumerate() {
                tokio::time::sleep(SLOW_CHUNK_INTERVAL).await;
                if !apply(Update::Artifact {
                    artifact: text_artifact(&artifact_id, "story", chunk),
                    append: i > 0,
                    last_chunk: i == SLOW_CHUNKS.len() - 1,
                }) {
                    return;
                }
            }
            apply(status(
                TaskState::Completed,
                Some("slow task done"),
                &ctx,
                &task,
            ));
        }
        Skill::Input => {
            apply(status(
                TaskState::InputRequired,
                Some("please send more input on this task"),
                &ctx,
                &task,
            ));
        }
        Skill::Cancel => {
            if !apply(status(
                TaskState::Working,
                Some("working until canceled"),
                &ctx,
                &task,
            )) {
                return;
            }
            tokio::select! {
                _ = cancel.notified() => {}
                _ = tokio::time::sleep(LONG_TASK_LIMIT) => {
                    apply(status(TaskState::Failed, Some("gave up after 120 s"), &ctx, &task));
                }
            }
        }
        Skill::Fail => {
            let _ = apply(status(TaskState::Working, None, &ctx, &task))
                && apply(status(
                    TaskState::Failed,
                    Some("simulated failure"),
                    &ctx,
                    &task,
                ));
        }
    }
}

/// Second turn of an `input` task, already moved to `working` by [`Store::follow_up`]:
/// one artifact, then `completed`.
pub async fn resume_input(store: Arc<Store>, task: String, ctx: String, text: String) {
    let _ = store.apply(
        &task,
        Update::Artifact {
            artifact: text_artifact(
                &uuid::Uuid::new_v4().to_string(),
                "answer",
                &format!("got input: {text}"),
            ),
            append: false,
            last_chunk: true,
        },
    ) && store.apply(
        &task,
        status(TaskState::Completed, Some("thanks, done"), &ctx, &task),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refagent::wire::Role;

    fn user(text: &str) -> Msg {
        Msg {
            message_id: "m1".into(),
            role: Role::User,
            parts: vec![json!({ "text": text })],
            context_id: None,
            task_id: None,
            metadata: None,
        }
    }

    #[test]
    fn skill_by_first_word_or_metadata() {
        assert_eq!(Skill::pick(&user("slow hello")), Skill::Slow);
        assert_eq!(Skill::pick(&user("LONG one")), Skill::Cancel);
        assert_eq!(Skill::pick(&user("whatever")), Skill::Echo);
        let mut m = user("echo x");
        m.metadata = Some(json!({"skill": "fail"}));
        assert_eq!(Skill::pick(&m), Skill::Fail);
    }

    #[test]
    fn terminal_tasks_never_change() {
        let s = Store::default();
        let (snap, mut rx, _) = s.create("c1", user("cancel me"));
        assert!(s.cancel(&snap.id).is_ok());
        assert!(matches!(rx.try_recv(), Ok(Update::Status(st)) if st.state == TaskState::Canceled));
        assert!(!s.apply(&snap.id, status(TaskState::Completed, None, "c1", &snap.id)));
        assert_eq!(
            s.get(&snap.id).map(|t| t.status.state),
            Some(TaskState::Canceled)
        );
        assert!(
            rx.try_recv().is_err(),
            "nothing is sent after the terminal state"
        );
        assert_eq!(
            s.cancel(&snap.id).err().map(|e| e.code),
            Some(code::TASK_NOT_CANCELABLE)
        );
        assert_eq!(
            s.follow_up(&snap.id, user("more")).err().map(|e| e.code),
            Some(code::UNSUPPORTED_OPERATION)
        );
        assert_eq!(
            s.subscribe(&snap.id).err().map(|e| e.code),
            Some(code::UNSUPPORTED_OPERATION)
        );
        assert_eq!(
            s.subscribe("nope").err().map(|e| e.code),
            Some(code::TASK_NOT_FOUND)
        );
    }

    #[test]
    fn append_extends_artifact() {
        let s = Store::default();
        let (snap, _rx, _) = s.create("c1", user("slow"));
        for (i, c) in SLOW_CHUNKS.iter().enumerate() {
            s.apply(
                &snap.id,
                Update::Artifact {
                    artifact: text_artifact("a1", "story", c),
                    append: i > 0,
                    last_chunk: i == 3,
                },
            );
        }
        let t = s.get(&snap.id).unwrap_or(snap);
        assert_eq!(t.artifacts.len(), 1);
        assert_eq!(t.artifacts[0].parts.len(), 4);
    }
}

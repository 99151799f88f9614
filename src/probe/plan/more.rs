/*!
The plan's tests of rules that need a second call on a task the plan made, or a card
declaration, to be checked (each test's doc names its digest IDs):

| test | what it sends | skipped when |
|---|---|---|
| `lifecycle.context-continuation` | a message naming the lifecycle task's `contextId` and no `taskId` (ID-008, ID-002, ID-004, TASK-001) | the send made no task |
| `lifecycle.list-tasks` | 1.0 `ListTasks` / `GET /tasks` by `contextId` with `historyLength` 0, by `status`, then `pageSize` 1 and the next page (DATA-007, DATA-006, REST-001) | 0.3 (no list method, digest §1), no task, or the agent offers no ListTasks |
| `streaming.resubscribe` | `SubscribeToTask` / `tasks/resubscribe` on a task a `cancel`/`long` skill keeps working, canceled once subscribed (STREAM-004, ID-005, ID-006, STREAM-007) | no `capabilities.streaming`, no such skill |
| `errors.push-not-supported` | a push config for the lifecycle task (PUSH-001, ERR-002) | the card declares `capabilities.pushNotifications` |
| `errors.extension-required` | 1.0: a message without `A2A-Extensions` (EXT-002, ERR-002) | the card requires no extension, 0.3 |

The requests go through the recorder like every other, so the verifier's findings on them
(ID-CTX-002, DATA-LIST-*, STREAM-FIRST-*, CAP-PUSH-001, CAP-EXT-001) are merged into these
tests ([`crate::probe::merge_findings`]).
*/

use std::time::Duration;

use serde_json::{json, Value};

use super::{
    expectation, read_stream, rest_reason, stream_checks_as_read, stream_checks_verified,
    task_without_ids, verifier_judges, verifier_reads, Outcome, Resumed, Runner, StreamRead,
    Target, TaskRef, NO_END_BY_DEADLINE,
};
use crate::probe::card::{Binding, Skill};
use crate::probe::dialect::{task_state, Dialect, Op, Reply, StreamItem, TaskState};
use crate::verify::Category;

/// How long `streaming.resubscribe` lets its subscription open before the probe cancels the
/// subscribed task (loopback and LAN agents answer well within it).
const SUBSCRIBE_SETTLE: Duration = Duration::from_millis(500);

/// One ListTasks page: the listed tasks, the `nextPageToken` when not empty, `totalSize`.
type ListPage = (Vec<Value>, Option<String>, Option<u64>);

fn id_of(t: &Value) -> &str {
    t.get("id").and_then(Value::as_str).unwrap_or("(no id)")
}

impl Runner<'_> {
    /// `lifecycle.context-continuation` (ID-008: a `contextId` without a `taskId` starts a
    /// new task in that context; ID-002: the agent MUST NOT substitute another context;
    /// ID-004: its messages carry the `contextId`; TASK-001: a terminal task is never
    /// reopened, a refinement is a new task in the same context). `first` is the lifecycle
    /// task, `settled` that task's last polled state, `text` the message text that made it;
    /// the same text goes to its context without a `taskId` (so a task-making skill makes a
    /// second task there, for `lifecycle.list-tasks`). Passes when the answer (a Task or a
    /// Message) stays in that context.
    /// Returns the new task, for `lifecycle.list-tasks`. The other half, a message naming a
    /// terminal task's `taskId`, is `errors.message-to-terminal` (TASK-002).
    pub(super) async fn context_test(
        &mut self,
        tg: &Target,
        first: Option<&TaskRef>,
        settled: Option<TaskState>,
        text: Option<&str>,
    ) -> Option<TaskRef> {
        const TEST: &str = "lifecycle.context-continuation";
        let d = Some(tg.dialect);
        let Some(first) = first else {
            self.skip(TEST, d, Category::Lifecycle, "send did not create a task");
            return None;
        };
        let started = self.begin(TEST, d);
        let (o, next) = self.context_outcome(tg, first, settled, text).await;
        self.push(TEST, d, Category::Lifecycle, started, o);
        next
    }

    async fn context_outcome(
        &self,
        tg: &Target,
        first: &TaskRef,
        settled: Option<TaskState>,
        text: Option<&str>,
    ) -> (Outcome, Option<TaskRef>) {
        let ctx = first.context_id.as_str();
        let text = text
            .map(str::to_string)
            .unwrap_or_else(|| self.basic_text());
        let mut params = self.send_params(tg, &text, true, None);
        if let Some(m) = params.get_mut("message").and_then(Value::as_object_mut) {
            m.insert("contextId".into(), json!(ctx));
        }
        let what = format!(
            "a message naming context {ctx} (of task {}) and no taskId",
            first.id
        );
        let rpc = match self.call(tg, tg.dialect.method(Op::Send), params).await {
            Ok(r) => r,
            Err(e) => return (e.outcome(&what), None),
        };
        let Some(result) = rpc.result() else {
            // session 48: ID-002 lets an agent refuse a client's contextId (it then MUST
            // answer an error, as it did) and ID-008 lets it expire contexts: a refusal is
            // the probe's expectation
            let o = if rpc.error_code().is_some() {
                expectation(format!(
                    "{what} was refused: {}; the agent minted that context itself (ID-008: a contextId without a taskId starts a new task in that context; an agent MAY refuse a client's contextId, ID-002, or expire a context)",
                    rpc.describe()
                ))
            } else {
                Outcome::Fail(format!("{what} got {}", rpc.describe()))
            };
            return (o, None);
        };
        match tg.wire().send_reply(result) {
            Reply::Task(t) => match TaskRef::from_task(&t) {
                None => (task_without_ids(&t, tg.wire(), &what), None),
                // the recording shows both contexts: the verifier's ID-CTX-002 (session 45)
                Some(now) if now.context_id != ctx => (
                    verifier_reads(
                        Outcome::Fail(format!(
                            "{what} was answered with task {} in context {}: the agent substituted another context (ID-002: it MUST NOT; ID-008)",
                            now.id, now.context_id
                        )),
                        "ID-CTX-002",
                    ),
                    None,
                ),
                // session 48: a message naming no taskId answered with a task id the agent
                // had handed out for a terminal task: the verifier's TASK-STATE-002 on this
                // exchange (ID-001, TASK-001: a terminal task is never reopened, a
                // refinement is a new task in the same context, ID-008)
                Some(now) if now.id == first.id && settled.is_some_and(TaskState::is_terminal) => (
                    verifier_reads(
                        Outcome::Fail(format!(
                            "{what} was taken into task {}, which was already {}, now {} (TASK-001: a terminal task never changes; a refinement is a new task in the same context, ID-008)",
                            now.id,
                            settled.map(TaskState::as_str).unwrap_or("terminal"),
                            now.state_str()
                        )),
                        "TASK-STATE-002",
                    ),
                    None,
                ),
                Some(now) => {
                    let o = Outcome::Pass(format!(
                        "{what} gave task {} in the same context ({})",
                        now.id,
                        now.state_str()
                    ));
                    (o, Some(now).filter(|n| n.id != first.id))
                }
            },
            Reply::Message(m) => {
                let o = match m.get("contextId").and_then(Value::as_str) {
                    Some(c) if c == ctx => {
                        Outcome::Pass(format!("{what} was answered with a message in the same context"))
                    }
                    // the recording shows both contexts: the verifier's ID-CTX-002 (ID-002:
                    // the agent MUST NOT substitute another context; session 48)
                    Some(c) => verifier_reads(
                        Outcome::Fail(format!(
                            "{what} was answered with a message in context {c}: the agent substituted another context (ID-002, ID-008)"
                        )),
                        "ID-CTX-002",
                    ),
                    // ID-004 (1.0): the verifier's ID-MSG-001 is a note; 0.x Message's
                    // contextId is optional: the probe's expectation (session 48)
                    None => expectation(format!(
                        "{what} was answered with a message without contextId (ID-004: 1.0 agent messages carry the contextId, the verifier's note ID-MSG-001; 0.x leaves it optional)"
                    )),
                };
                (o, None)
            }
            // RPC-004 / DATA-005: the verifier's DATA-SHAPE-001 (session 48)
            Reply::Other => (
                verifier_reads(
                    Outcome::Fail(format!("{what}: the result is neither a task nor a message")),
                    "DATA-SHAPE-001",
                ),
                None,
            ),
        }
    }

    /// `lifecycle.list-tasks` (DATA-007: only the caller's tasks, filters applied, cursor
    /// paging; DATA-006: `historyLength` 0 omits `history`; REST-001: HTTP+JSON
    /// `GET /tasks` with camelCase query parameters), 1.0 only (0.3 has no list method,
    /// digest §1). On the lifecycle task `first` and the continuation task `second` (same
    /// context, when the agent made one): ListTasks by `contextId` with `historyLength` 0
    /// must list both and nothing of another context, nor any history; by `contextId` and
    /// `first`'s current `status` must list it and only tasks in that state; by `contextId`
    /// and `pageSize` 1 at most one task and, with both tasks there, a `nextPageToken` whose
    /// page repeats none of the first. An agent answering UnsupportedOperationError
    /// or MethodNotFoundError offers no ListTasks: skipped with that answer.
    pub(super) async fn list_tasks_test(
        &mut self,
        tg: &Target,
        first: Option<&TaskRef>,
        second: Option<&TaskRef>,
    ) {
        const TEST: &str = "lifecycle.list-tasks";
        let d = Some(tg.dialect);
        let lc = Category::Lifecycle;
        if tg.dialect != Dialect::V1_0 {
            self.skip(
                TEST,
                d,
                lc,
                "0.3 has no ListTasks method (none among its JSON-RPC methods; GET /v1/tasks is in the prose only)",
            );
            return;
        }
        let Some(first) = first else {
            self.skip(TEST, d, lc, "send did not create a task to list");
            return;
        };
        let started = self.begin(TEST, d);
        let o = self.list_outcome(tg, first, second).await;
        self.push(TEST, d, lc, started, o);
    }

    /// One ListTasks call with `params`; `Err` is the test's outcome (a skip when the agent
    /// offers no ListTasks, else a failure naming the call and the answer).
    async fn list_page(&self, tg: &Target, params: Value) -> Result<ListPage, Outcome> {
        let asked = params.to_string();
        let rpc = match self.call(tg, tg.dialect.method(Op::List), params).await {
            Ok(r) => r,
            Err(e) => return Err(e.outcome(&format!("ListTasks {asked}"))),
        };
        let Some(result) = rpc.result().filter(|r| r.is_object()) else {
            // HTTP+JSON: GET /tasks not routed (405, 501 UNIMPLEMENTED, or a 404 whose body
            // names no A2A error: no ErrorInfo reason), the binding's -32601
            // gRPC: a bare UNIMPLEMENTED (no ErrorInfo), gRPC's answer to a method the
            // server does not register
            let unrouted_grpc = rpc
                .grpc
                .as_ref()
                .is_some_and(|a| a.status == Some(12) && a.reason.is_none());
            let unrouted = unrouted_grpc
                || tg.binding == Binding::HttpJson
                    && rpc.resp.no_answer().is_none()
                    && (matches!(rpc.resp.status, 405 | 501)
                        || (rpc.resp.status == 404 && rest_reason(&rpc.resp).is_none()));
            return Err(match rpc.error_code() {
                Some(-32004 | -32601) => Outcome::Skip(format!(
                    "the agent offers no ListTasks: {asked} got {}",
                    rpc.describe()
                )),
                _ if unrouted_grpc => Outcome::Skip(format!(
                    "the agent offers no ListTasks: {asked} got {} (no such gRPC method)",
                    rpc.describe()
                )),
                _ if unrouted => Outcome::Skip(format!(
                    "the agent offers no ListTasks: GET /tasks {asked} got HTTP {} without an A2A error (no such route)",
                    rpc.resp.status
                )),
                // TaskNotFoundError to a call that names no task: the recording shows it and
                // the verifier's RPC-ERROR-001 / REST-ERROR-001 judge it (1.0 §3.1.4; session
                // 45), merged into this test
                Some(-32001) => verifier_reads(
                    Outcome::Fail(format!(
                        "ListTasks {asked} got {}, expected {{tasks, nextPageToken, pageSize, totalSize}}",
                        rpc.describe()
                    )),
                    "RPC-ERROR-001 and REST-ERROR-001",
                ),
                _ => Outcome::Fail(format!(
                    "ListTasks {asked} got {}, expected {{tasks, nextPageToken, pageSize, totalSize}}",
                    rpc.describe()
                )),
            });
        };
        // ProtoJSON may omit an empty `tasks` and an empty `nextPageToken` (trap 12)
        let tasks = match result.get("tasks") {
            None => Vec::new(),
            Some(Value::Array(a)) => a.clone(),
            Some(other) => {
                return Err(Outcome::Fail(format!(
                    "ListTasks {asked} answered tasks that is not an array: {other}"
                )))
            }
        };
        let next = result
            .get("nextPageToken")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
            .map(str::to_string);
        let total = result.get("totalSize").and_then(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        });
        Ok((tasks, next, total))
    }

    async fn list_outcome(
        &self,
        tg: &Target,
        first: &TaskRef,
        second: Option<&TaskRef>,
    ) -> Outcome {
        let ctx = first.context_id.as_str();
        let mut fails: Vec<String> = Vec::new();
        // the fails the recording shows and a verifier rule judges (session 45): the
        // filters applied (DATA-LIST-003, also for more tasks than pageSize) and
        // historyLength 0 (DATA-HISTORY-001); session 46: the paging (DATA-LIST-003 on
        // every page, DATA-LIST-004 for the pageToken round trip and a missing
        // nextPageToken, each where the verifier can see it) and a task of the context left
        // out (DATA-LIST-006, a warning); the others stay the probe's own
        let mut judged = 0;
        // the probe's expectations no rule judges (session 47)
        let mut expected: Vec<String> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        // 1. by context, without history
        let (tasks, _, _) = match self
            .list_page(tg, json!({"contextId": ctx, "historyLength": 0}))
            .await
        {
            Ok(p) => p,
            Err(o) => return o,
        };
        let ids: Vec<&str> = tasks.iter().map(id_of).collect();
        // both tasks of the context shown: a page of one must then lead on to the other
        let listed_both = second.is_some_and(|s| ids.contains(&s.id.as_str()));
        let foreign: Vec<String> = tasks
            .iter()
            .filter(|t| t.get("contextId").and_then(Value::as_str) != Some(ctx))
            .map(|t| {
                format!(
                    "{} (context {})",
                    id_of(t),
                    t.get("contextId").and_then(Value::as_str).unwrap_or("none")
                )
            })
            .collect();
        if !foreign.is_empty() {
            judged += 1;
            fails.push(format!(
                "contextId {ctx} listed tasks of other contexts: {} (DATA-007: the filter applies)",
                foreign.join(", ")
            ));
        }
        for want in std::iter::once(first).chain(second) {
            if !ids.contains(&want.id.as_str()) {
                // a task of the caller's own left out of a complete listing: the verifier's
                // DATA-LIST-006, a warning (which tasks a caller sees is the agent's to
                // scope, 1.0 §3.1.4), so it fails no test (session 46)
                judged += 1;
                fails.push(format!(
                    "contextId {ctx} did not list task {} of that context (listed {})",
                    want.id,
                    if ids.is_empty() {
                        "none".to_string()
                    } else {
                        ids.join(", ")
                    }
                ));
            }
        }
        let with_history: Vec<&str> = tasks
            .iter()
            .filter(|t| {
                t.get("history")
                    .and_then(Value::as_array)
                    .is_some_and(|h| !h.is_empty())
            })
            .map(id_of)
            .collect();
        if !with_history.is_empty() {
            judged += 1;
            fails.push(format!(
                "historyLength 0 listed tasks with history: {} (DATA-006: 0 omits history)",
                with_history.join(", ")
            ));
        }
        seen.push(format!("contextId {ctx}: {} tasks", tasks.len()));
        // 2. by status: the first task's state as GetTask tells it now
        let state = match self.get_task(tg, &first.id, None).await {
            Ok(t) => task_state(&t),
            Err(e) => {
                return e.outcome(&format!(
                    "GetTask of task {} before the status filter",
                    first.id
                ))
            }
        };
        if let Some(state) =
            state.filter(|s| !matches!(s, TaskState::Unknown | TaskState::Unspecified))
        {
            let name = state.proto_name();
            let (tasks, _, _) = match self
                .list_page(tg, json!({"contextId": ctx, "status": name}))
                .await
            {
                Ok(p) => p,
                Err(o) => return o,
            };
            let wrong: Vec<String> = tasks
                .iter()
                .filter(|t| task_state(t) != Some(state))
                .map(|t| {
                    format!(
                        "{} ({})",
                        id_of(t),
                        task_state(t).map(TaskState::as_str).unwrap_or("no state")
                    )
                })
                .collect();
            if !wrong.is_empty() {
                judged += 1;
                fails.push(format!(
                    "status {name} listed tasks in other states: {} (DATA-007: the filter applies)",
                    wrong.join(", ")
                ));
            }
            if !tasks.iter().any(|t| id_of(t) == first.id) {
                let left_out = format!(
                    "status {name} did not list task {}, which is {}",
                    first.id,
                    state.as_str()
                );
                if state.is_terminal() {
                    // a terminal state never changes (TASK-001): the verifier's
                    // DATA-LIST-006, a warning as for the context listing (session 47)
                    judged += 1;
                    fails.push(left_out);
                } else {
                    // the task may have moved on since the GetTask: no rule can tell
                    expected.push(format!(
                        "{left_out} when GetTask answered (it may have moved on since)"
                    ));
                }
            }
            seen.push(format!("status {name}: {} tasks", tasks.len()));
        }
        // 3. paging: one task a page, then the next page, within the context (another
        // caller's tasks are not this run's to see: `interop` probing one agent twice)
        let (p1, next, total) = match self
            .list_page(tg, json!({"contextId": ctx, "pageSize": 1}))
            .await
        {
            Ok(p) => p,
            Err(o) => return o,
        };
        if p1.len() > 1 {
            judged += 1;
            fails.push(format!("pageSize 1 listed {} tasks (DATA-007)", p1.len()));
        }
        match next {
            Some(token) => {
                match self
                    .list_page(
                        tg,
                        json!({"contextId": ctx, "pageSize": 1, "pageToken": token}),
                    )
                    .await
                {
                    Ok((p2, next2, total2)) => {
                        if p2.len() > 1 {
                            // DATA-LIST-003: a page outnumbering its pageSize (session 46)
                            judged += 1;
                            fails.push(format!(
                                "pageSize 1 with a pageToken listed {} tasks (DATA-007)",
                                p2.len()
                            ));
                        }
                        let again: Vec<&str> = p2
                            .iter()
                            .map(id_of)
                            .filter(|id| p1.iter().any(|t| id_of(t) == *id))
                            .collect();
                        if !again.is_empty() {
                            // DATA-LIST-004 when both pages count the same totalSize (no
                            // task added in between to shift the pages)
                            if total.is_some() && total2 == total {
                                judged += 1;
                            }
                            fails.push(format!(
                                "the page after nextPageToken repeats task {} of the first page (DATA-007: cursor paging)",
                                again.join(", ")
                            ));
                        }
                        // DATA-LIST-004 (session 46): the page that completes the listing
                        // (totalSize counted) hands out another nextPageToken
                        if let (Some(n2), Some(t2)) = (next2.as_deref(), total2) {
                            if n2 != token && (p1.len() + p2.len()) as u64 >= t2 {
                                judged += 1;
                                fails.push(format!(
                                    "the page after nextPageToken completes the listing ({} of totalSize {t2}) yet hands out nextPageToken {n2:?} (DATA-007: \"\" on the last page)",
                                    p1.len() + p2.len()
                                ));
                            }
                        }
                        if next2.as_deref() == Some(token.as_str()) {
                            // DATA-LIST-004: the page hands back its own pageToken
                            judged += 1;
                            fails.push("the page after nextPageToken hands back the same nextPageToken (DATA-007: cursor paging)".into());
                        }
                        seen.push("pageSize 1: a first page and the next by its token".into());
                    }
                    Err(o) => return o,
                }
            }
            None if total.is_some_and(|n| n > 1) || listed_both => {
                // DATA-LIST-004 when the page's totalSize counts more tasks than it lists
                // (without totalSize the verifier's DATA-SHAPE-001 names the page)
                if total.is_some_and(|n| n > p1.len() as u64) {
                    judged += 1;
                }
                fails.push(format!(
                    "pageSize 1 listed {} of {} tasks and gave no nextPageToken (DATA-007: cursor paging)",
                    p1.len(),
                    match total {
                        Some(n) => n.to_string(),
                        None => format!("at least 2 (tasks {} and {})", first.id, second.map(|s| s.id.as_str()).unwrap_or("?")),
                    }
                ));
            }
            None => seen.push("pageSize 1: one page".into()),
        }
        if fails.is_empty() && expected.is_empty() {
            Outcome::Pass(format!("ListTasks {}", seen.join("; ")))
        } else if judged == fails.len() && !expected.is_empty() {
            fails.extend(expected);
            super::expectation(format!("ListTasks: {}", fails.join("; ")))
        } else if judged == fails.len() {
            verifier_reads(
                Outcome::Fail(format!("ListTasks: {}", fails.join("; "))),
                "DATA-LIST-003, DATA-LIST-004, DATA-LIST-006 and DATA-HISTORY-001",
            )
        } else {
            fails.extend(expected);
            Outcome::Fail(format!("ListTasks: {}", fails.join("; ")))
        }
    }

    /// `streaming.resubscribe` (STREAM-004: a 1.0 subscription's first event is the Task as
    /// it stands; 0.x backfill is implementation-defined, 0.3 §7.9, so there any event of
    /// the task; ID-005, ID-006: every event names the task; STREAM-007 / STREAM-008: the
    /// stream ends at the terminal state and closes). A `cancel` / `long` skill's task is sent
    /// without waiting, subscribed to (JSON-RPC `SubscribeToTask` / `tasks/resubscribe`;
    /// HTTP+JSON `POST …/tasks/{id}:subscribe`, then `GET` when POST is not routed, trap 1)
    /// and, [`SUBSCRIBE_SETTLE`] later while the subscription is open, canceled: the
    /// subscription must carry the task to canceled and close.
    pub(super) async fn resubscribe_test(&mut self, tg: &Target, declared: bool) {
        const TEST: &str = "streaming.resubscribe";
        let d = Some(tg.dialect);
        let sc = Category::Streaming;
        if !declared {
            self.skip(TEST, d, sc, "card does not declare capabilities.streaming");
            return;
        }
        let Some(skill) = self.skill_for(&["cancel", "long"]) else {
            self.skip(
                TEST,
                d,
                sc,
                "no skill keeps a task running until it is canceled (cancel, long)",
            );
            return;
        };
        let started = self.begin(TEST, d);
        let o = self.resubscribe_outcome(tg, &skill).await;
        self.push(TEST, d, sc, started, o);
    }

    async fn resubscribe_outcome(&self, tg: &Target, skill: &Skill) -> Outcome {
        let task = match self.start_running_task(tg, skill, "subscribed to").await {
            Ok(task) => task,
            Err(o) => return o,
        };
        let rest = tg.binding == Binding::HttpJson;
        let subscribe = async {
            let (_, sent) = self
                .open_stream(tg, Op::Subscribe, json!({"id": task.id}))
                .await;
            match sent {
                // the prose verb is not routed: the proto's GET (trap 1)
                Ok(r) if rest && matches!(r.resp.status, 404 | 405) => {
                    let url = super::rest_url(
                        tg,
                        &format!("/tasks/{}:subscribe", super::enc(&task.id)),
                        None,
                    );
                    self.rest_send(
                        url,
                        http::Method::GET,
                        None,
                        true,
                        tg.dialect.version_header(),
                    )
                    .await
                    .map(|r| (r, "GET"))
                }
                other => other.map(|r| (r, if rest { "POST" } else { "" })),
            }
        };
        let cancel = async {
            tokio::time::sleep(SUBSCRIBE_SETTLE).await;
            self.call(tg, tg.dialect.method(Op::Cancel), json!({"id": task.id}))
                .await
        };
        let (sub, canceled) = tokio::join!(subscribe, cancel);
        let method = if rest {
            ":subscribe"
        } else {
            tg.op_name(Op::Subscribe)
        };
        let how = match &sub {
            Ok((_, verb)) if !verb.is_empty() => format!("{verb} {method}"),
            _ => method.to_string(),
        };
        let what = format!(
            "{how} on {} task {} (skill {})",
            task.state_str(),
            task.id,
            skill.id
        );
        let cancel_note = match &canceled {
            Ok(r) if r.result().is_some() => String::new(),
            Ok(r) => format!(
                "; the probe's cancel {} ms after subscribing got {}",
                SUBSCRIBE_SETTLE.as_millis(),
                r.describe()
            ),
            Err(_) => format!(
                "; the probe's cancel {} ms after subscribing got no answer",
                SUBSCRIBE_SETTLE.as_millis()
            ),
        };
        let rpc = match sub {
            Ok((r, _)) => r,
            Err(e) => return e.outcome(&what),
        };
        let StreamRead {
            items,
            results,
            error,
        } = match read_stream(tg, &rpc) {
            Ok(x) => x,
            Err(no) => {
                return match no.outcome(&what) {
                    Outcome::Pass(m) => Outcome::Pass(format!("{m}{cancel_note}")),
                    Outcome::Fail(m) => Outcome::Fail(format!("{m}{cancel_note}")),
                    o => o,
                }
            }
        };
        let mut fails: Vec<String> = Vec::new();
        // what the recording shows of the stream and the verifier judges (session 44):
        // said in the pass, failed by its finding (STREAM-FIRST-001, ID-EVENT-*,
        // STREAM-END-*), so `verify` of the recording gives the same verdict
        let mut read: Vec<String> = Vec::new();
        let id_in = |it: &StreamItem| -> Option<Option<String>> {
            match it {
                StreamItem::Task { id, .. } => Some(id.clone()),
                StreamItem::Status { task_id, .. } | StreamItem::Artifact { task_id, .. } => {
                    Some(task_id.clone())
                }
                StreamItem::Message | StreamItem::Other => None,
            }
        };
        match (tg.dialect, items.first()) {
            (_, None) => fails.push("the subscription carried no event".into()),
            (Dialect::V1_0, Some(StreamItem::Task { .. })) => {}
            (Dialect::V1_0, Some(_)) => read.push(
                "its first event is not the Task (STREAM-004: a subscription starts with the task as it stands; the verifier's STREAM-FIRST-001 judges it)"
                    .into(),
            ),
            (Dialect::V0_3, Some(it)) if id_in(it).is_none() => {
                fails.push("its first event is not an event of the task".into())
            }
            _ => {}
        }
        if let Some((n, other)) = items.iter().enumerate().find_map(|(n, it)| {
            id_in(it)
                .filter(|id| id.as_deref() != Some(task.id.as_str()))
                .map(|id| (n, id))
        }) {
            read.push(format!(
                "event {n} names task {}, not the subscribed task (ID-005, ID-006; the verifier's ID-EVENT-001 and ID-EVENT-002 judge it)",
                other.as_deref().unwrap_or("(none)")
            ));
        }
        let checks = stream_checks_verified(
            stream_checks_as_read(tg.dialect, &items, &results, &rpc.resp, Resumed::No),
            &rpc.resp,
            tg.dialect,
        );
        for c in &checks[1..] {
            match c {
                Outcome::Fail(m) => fails.push(m.clone()),
                Outcome::Pass(m) if m.contains("(the verifier's ") => read.push(m.clone()),
                _ => {}
            }
        }
        if let Some(e) = error {
            read.push(format!("the stream carried {e}"));
        }
        // the stream open at the deadline because the task never ended: the probe's cancel
        // was refused (TASK-003: the agent says which tasks it can cancel) or answered with
        // a task not canceled (the verifier's TASK-STATE-004 / -012 on the cancel): the
        // agent kept the stream open while its task ran, as it should; no rule (session 47)
        let cancel_ended = matches!(&canceled, Ok(r) if r.result().and_then(task_state) == Some(TaskState::Canceled));
        if !cancel_ended
            && checks[2].is_fail_with(NO_END_BY_DEADLINE)
            && fails.len() == 1
            && fails[0] == NO_END_BY_DEADLINE
        {
            return super::expectation(format!(
                "{what}: {}{cancel_note}{} (the stream stays open while the task runs, and the probe's cancel did not end it)",
                fails.into_iter().chain(read).collect::<Vec<_>>().join("; "),
                if cancel_note.is_empty() {
                    "; the probe's cancel was answered with a task not canceled"
                } else {
                    ""
                }
            ));
        }
        if !fails.is_empty() {
            return Outcome::Fail(format!(
                "{what}: {}{cancel_note}",
                fails.into_iter().chain(read).collect::<Vec<_>>().join("; ")
            ));
        }
        let end = match &checks[2] {
            Outcome::Pass(m) | Outcome::Skip(m) | Outcome::Fail(m) => m.clone(),
        };
        let read = if read.is_empty() {
            String::new()
        } else {
            format!("; {}", read.join("; "))
        };
        Outcome::Pass(format!(
            "{what}: {} events from the task as it stood; canceled by the probe, {end}{read}",
            items.len()
        ))
    }

    /// `errors.push-not-supported` (PUSH-001: with `capabilities.pushNotifications` false or
    /// absent every push-config operation answers PushNotificationNotSupportedError, -32003
    /// (ERR-002; HTTP+JSON: reason PUSH_NOTIFICATION_NOT_SUPPORTED); 0.x: an error, -32003
    /// by ERR-002's SHOULD): a config naming the lifecycle task and the probe's own
    /// webhook. Skipped when the card declares push (the `push.*` tests judge it).
    pub(super) async fn push_not_supported_test(&mut self, tg: &Target, declared: bool) {
        const TEST: &str = "errors.push-not-supported";
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        if declared {
            self.skip(
                TEST,
                d,
                eh,
                "card declares capabilities.pushNotifications (the push.* tests judge it)",
            );
            return;
        }
        if tg.binding != Binding::JsonRpc && tg.dialect == Dialect::V0_3 {
            self.skip(
                TEST,
                d,
                eh,
                &format!(
                    "push over 0.3 {} is not probed by this build",
                    super::binding_words(tg.binding)
                ),
            );
            return;
        }
        let Some(task) = self
            .created
            .iter()
            .find(|(u, dl, _)| *u == tg.url && *dl == tg.dialect)
            .map(|(_, _, t)| t.clone())
        else {
            self.skip(
                TEST,
                d,
                eh,
                "send did not create a task to name in a push config",
            );
            return;
        };
        let started = self.begin(TEST, d);
        let hook = match self.webhook().await {
            Ok(h) => h,
            Err(e) => {
                self.push(TEST, d, eh, started, Outcome::Skip(e));
                return;
            }
        };
        let mut url = hook.base.clone();
        url.set_path(&format!("/push/{}", uuid::Uuid::new_v4()));
        let token = uuid::Uuid::new_v4().to_string();
        let params = match tg.wire() {
            Dialect::V1_0 => json!({"taskId": task.id, "url": url.as_str(), "token": token}),
            Dialect::V0_3 => json!({"taskId": task.id,
                "pushNotificationConfig": {"url": url.as_str(), "token": token}}),
        };
        self.own_webhook_call = true;
        let sent = self
            .call(tg, tg.dialect.method(Op::CreatePush), params)
            .await;
        self.own_webhook_call = false;
        // The answer is the verifier's to judge (interop42): a config accepted is
        // CAP-PUSH-001, a refusal under another code RPC-ERROR-001 (-32004, as adk-python
        // #4126 answered in 0.3; in 1.0 also -32601 to a 1.0 call and -32603), so `verify`
        // of the recording gives the same verdict.
        let o = match sent {
            Ok(rpc) => verifier_judges(
                &rpc,
                &format!("push notification config for task {}", task.id),
                -32003,
                "PushNotificationNotSupportedError",
            ),
            Err(e) => e.outcome("create failed"),
        };
        self.push(TEST, d, eh, started, o);
    }

    /// `errors.extension-required` (EXT-002: a 1.0 request that does not activate an
    /// extension the card marks `required` is answered ExtensionSupportRequiredError,
    /// -32008; HTTP+JSON reason EXTENSION_SUPPORT_REQUIRED): one send without the
    /// `A2A-Extensions` header every other request of the plan carries for such a card
    /// ([`Runner::required_extensions`]). Skipped when the card requires no extension, and
    /// for 0.x (no such error).
    pub(super) async fn extension_required_test(&mut self, tg: &Target) {
        const TEST: &str = "errors.extension-required";
        let d = Some(tg.dialect);
        let eh = Category::ErrorHandling;
        if self.required_extensions.is_empty() {
            self.skip(
                TEST,
                d,
                eh,
                "card requires no extension (capabilities.extensions[].required)",
            );
            return;
        }
        if tg.dialect != Dialect::V1_0 {
            self.skip(
                TEST,
                d,
                eh,
                "0.x has no ExtensionSupportRequiredError (EXT-002 is 1.0)",
            );
            return;
        }
        let started = self.begin(TEST, d);
        let text = self.basic_text();
        let params = self.send_params(tg, &text, true, None);
        self.without_extensions = true;
        let sent = self.call(tg, tg.dialect.method(Op::Send), params).await;
        self.without_extensions = false;
        let required = self.required_extensions.join(", ");
        // The answer is the verifier's to judge (interop42): a send processed is CAP-EXT-001,
        // a refusal under another code RPC-ERROR-001 (the request is marked
        // A2A-Interop-Probe: extension-required, so `verify` of the recording knows it was
        // refused for the left-out extension alone).
        let o = match sent {
            Ok(rpc) => verifier_judges(
                &rpc,
                &format!("send without A2A-Extensions (the card requires {required})"),
                -32008,
                "ExtensionSupportRequiredError",
            ),
            Err(e) => e.outcome("send failed"),
        };
        self.push(TEST, d, eh, started, o);
    }
}

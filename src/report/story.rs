/*!
One task's story (`report FILE --task ID`, `--context ID`; ux49, newcomer48's "what happened
to task X"): everything a recording holds about one task, in order.

```text
ExchangeIndex::with_story ─► StoryLog (every body naming a task or context id: request,
        answer, stream event, push delivery; its state and artifacts)
VerifyOutcome.gateway_ids ─┐
ReportInput.focus ─────────┴─► Report::build ─► Report.story (TaskStory) ─► text / JSON /
                                                 Markdown / HTML
```

The log is kept by the report's [`super::ExchangeIndex`] as it reads the events the verifier
is fed (display only: it never judges); the story is one member of the [`super::Report`]
model, so the JSON report carries it and the text, Markdown and HTML renderers show it in
place of the whole report. JUnit and SARIF are reports of rules for CI views: a task's story
has no place in them (`report --task` refuses them).
*/

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::model::{Report, ReportInput};

/// Steps the log keeps at most (about 200 bytes each: 20 MB); later ones are counted in
/// [`StoryLog::dropped`].
pub const MAX_STEPS: usize = 100_000;
/// Distinct task and context ids the log keeps at most (for the unknown id's list).
pub const MAX_IDS: usize = 10_000;
/// Depth of JSON a body is searched to for ids.
const MAX_DEPTH: usize = 12;
/// Ids listed after "no task X in this recording" at most.
pub const IDS_LISTED: usize = 10;

/// What one step of the story is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepPart {
    /// A call's request names the id.
    Request,
    /// A call's (plain JSON) answer names it.
    Answer,
    /// One event of an SSE answer names it.
    StreamEvent,
    /// A push notification an agent sent to a webhook (a request that is no A2A call).
    PushDelivery,
}

impl StepPart {
    /// Words for the text renderers.
    pub fn words(self) -> &'static str {
        match self {
            StepPart::Request => "request",
            StepPart::Answer => "answer",
            StepPart::StreamEvent => "stream event",
            StepPart::PushDelivery => "push delivery",
        }
    }
}

/// One body that names a task or context id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoryStep {
    /// `seq` of the event that completed the body (request head's body read at the answer's
    /// head: the request's first event).
    pub seq: u64,
    /// Capture time, µs since the recording start.
    pub t_us: u64,
    /// Exchange id (`e3`).
    pub exchange: String,
    /// Leg (`upstream`, `webhook`, ...); absent on the client-facing hop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leg: Option<String>,
    pub part: StepPart,
    /// `POST /` ...: the request line.
    pub request: String,
    /// JSON-RPC method or HTTP+JSON operation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a2a_method: Option<String>,
    /// Response status, when the answer had a head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The stream event's kind (`status-update`, `artifact-update`, `task`, `message`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Task ids the body names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub task_ids: Vec<String>,
    /// Context ids the body names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub context_ids: Vec<String>,
    /// Task state the body gives (`working`, `TASK_STATE_COMPLETED`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// Artifacts the body carries (their `name`, else `artifactId`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<String>,
    /// The error an answer or stream event carries: a JSON-RPC `error` as `CODE MESSAGE`
    /// (`-32002 Task not cancelable`), an HTTP+JSON 1.0 AIP-193 `error` as `STATUS
    /// MESSAGE` (`NOT_FOUND Task not found`; the HTTP status is [`Self::status`]), a 0.3
    /// HTTP+JSON `{code, message}` as `CODE MESSAGE`; the message cut at
    /// [`ERROR_MESSAGE_CHARS`] characters (newcomer55 N2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Characters of an error's message a step keeps ([`StoryStep::error`]).
pub const ERROR_MESSAGE_CHARS: usize = 160;

/// Where an id was first seen and how often ([`StoryLog::ids`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdSeen {
    /// True for a task id, false for a context id.
    pub task: bool,
    /// Steps that named it.
    pub steps: u64,
    /// Its first step's exchange.
    pub first_exchange: String,
}

/// The steps of every task and context id a recording names ([`super::ExchangeIndex::with_story`]).
#[derive(Clone, Debug, Default)]
pub struct StoryLog {
    /// Steps in the order they were read.
    pub steps: Vec<StoryStep>,
    /// Steps past [`MAX_STEPS`], not kept.
    pub dropped: u64,
    /// Every id named, by id.
    pub ids: BTreeMap<String, IdSeen>,
    /// The task and context ids the request of each exchange still open named, by exchange
    /// id (at most [`MAX_IDS`]): an answer or stream event that names none (an error: a
    /// cancel refused, TaskNotFoundError) is a step of those (newcomer55 N2). Dropped by
    /// [`Self::forget`] when the exchange ends.
    asked: BTreeMap<String, (Vec<String>, Vec<String>)>,
}

impl StoryLog {
    /// Notes the body `v` of exchange `x` (`part`, completed at `seq`, `t_us`) when it names
    /// a task or context id; `path` is the request's path (an HTTP+JSON call names its task
    /// there).
    #[allow(clippy::too_many_arguments)]
    pub fn note(
        &mut self,
        x: &super::ExchangeView,
        part: StepPart,
        seq: u64,
        t_us: u64,
        v: Option<&serde_json::Value>,
        kind: Option<String>,
    ) {
        let mut tasks: Vec<String> = Vec::new();
        let mut contexts: Vec<String> = Vec::new();
        let mut artifacts: Vec<String> = Vec::new();
        if let Some(v) = v {
            ids_in(v, 0, &mut tasks, &mut contexts, &mut artifacts);
            // a JSON-RPC task call names its task as params.id (0.x, 1.0) or params.name
            // (`tasks/ID`)
            if let Some(m) = v.get("method").and_then(|m| m.as_str()) {
                let lower = m.to_ascii_lowercase();
                if lower.contains("task") && !lower.contains("list") {
                    let p = &v["params"];
                    for t in [p.get("id"), p.get("name")].into_iter().flatten() {
                        if let Some(t) = t.as_str() {
                            let t = t.strip_prefix("tasks/").unwrap_or(t);
                            let t = t.split('/').next().unwrap_or(t);
                            push_unique(&mut tasks, t);
                        }
                    }
                }
            }
        }
        if part == StepPart::Request {
            if let Some(t) = task_in_path(&x.path) {
                push_unique(&mut tasks, &t);
            }
            if (!tasks.is_empty() || !contexts.is_empty()) && self.asked.len() < MAX_IDS {
                self.asked
                    .insert(x.id.clone(), (tasks.clone(), contexts.clone()));
            }
        }
        // the answer to a call about a task is a step of that task, whatever it names
        let answer = matches!(part, StepPart::Answer | StepPart::StreamEvent);
        if answer && tasks.is_empty() {
            if let Some((t, c)) = self.asked.get(&x.id) {
                tasks.clone_from(t);
                if contexts.is_empty() {
                    contexts.clone_from(c);
                }
            }
        }
        if tasks.is_empty() && contexts.is_empty() {
            return;
        }
        for (ids, task) in [(&tasks, true), (&contexts, false)] {
            for id in ids {
                if let Some(s) = self.ids.get_mut(id) {
                    s.steps += 1;
                } else if self.ids.len() < MAX_IDS {
                    self.ids.insert(
                        id.clone(),
                        IdSeen {
                            task,
                            steps: 1,
                            first_exchange: x.id.clone(),
                        },
                    );
                }
            }
        }
        if self.steps.len() >= MAX_STEPS {
            self.dropped += 1;
            return;
        }
        let state = v.and_then(super::index::state_of);
        let error = v.filter(|_| answer).and_then(error_words);
        self.steps.push(StoryStep {
            seq,
            t_us,
            exchange: x.id.clone(),
            leg: x.leg.clone(),
            part,
            request: format!("{} {}", x.method, x.path),
            a2a_method: x.a2a_method.clone(),
            status: x.status,
            kind,
            task_ids: tasks,
            context_ids: contexts,
            state,
            artifacts,
            error,
        });
    }

    /// Exchange `exchange` ended: its request's ids are no longer an answer's.
    pub fn forget(&mut self, exchange: &str) {
        self.asked.remove(exchange);
    }
}

/// The error an answer body `v` carries, as [`StoryStep::error`] words: a JSON-RPC or
/// AIP-193 `error` member, or a bare 0.3 HTTP+JSON `{code, message}`. `None` for a body
/// that is no error.
fn error_words(v: &serde_json::Value) -> Option<String> {
    let bare = v.get("result").is_none() && v.get("jsonrpc").is_none();
    let e = match v.get("error") {
        Some(e) if e.is_object() => e,
        _ if bare && v.get("code").is_some_and(|c| c.is_i64()) => v,
        _ => return None,
    };
    let message = e.get("message").and_then(|m| m.as_str()).unwrap_or("");
    let mut message: String = message.chars().take(ERROR_MESSAGE_CHARS).collect();
    if message.len()
        < e.get("message")
            .and_then(|m| m.as_str())
            .map_or(0, str::len)
    {
        message.push('…');
    }
    let code = match (e.get("status").and_then(|s| s.as_str()), e.get("code")) {
        (Some(status), _) => status.to_string(),
        (None, Some(c)) if c.is_number() => c.to_string(),
        _ => String::new(),
    };
    let words = [code, message]
        .into_iter()
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    Some(if words.is_empty() {
        "(no code or message)".to_string()
    } else {
        words
    })
}

fn push_unique(v: &mut Vec<String>, s: &str) {
    if !s.is_empty() && !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

/// The task id an HTTP+JSON path names (`/v1/tasks/ID`, `/tasks/ID:cancel`,
/// `/tasks/ID/pushNotificationConfigs`), percent-decoded.
fn task_in_path(path: &str) -> Option<String> {
    let p = path.split('?').next().unwrap_or("");
    let mut segs = p.split('/');
    while let Some(s) = segs.next() {
        if s == "tasks" {
            let id = segs.next()?;
            let decoded = percent_decode(id);
            // the custom verb (`:cancel`, `:subscribe`) is not the id's
            let id = match decoded.rsplit_once(':') {
                Some((head, verb))
                    if !head.is_empty() && verb.chars().all(|c| c.is_ascii_alphabetic()) =>
                {
                    head.to_string()
                }
                _ => decoded,
            };
            return (!id.is_empty()).then_some(id);
        }
    }
    None
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            let hex = std::str::from_utf8(&b[i + 1..i + 3]).unwrap_or("");
            if let Ok(n) = u8::from_str_radix(hex, 16) {
                out.push(n);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Collects the task ids (`taskId`, a Task's `id`), context ids (`contextId`) and
/// artifacts (`artifact`, `artifacts[]`: `name`, else `artifactId`) that `v` names.
fn ids_in(
    v: &serde_json::Value,
    depth: usize,
    tasks: &mut Vec<String>,
    contexts: &mut Vec<String>,
    artifacts: &mut Vec<String>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    match v {
        serde_json::Value::Object(o) => {
            let is_task = o.get("status").is_some_and(|s| s.is_object())
                || o.get("kind").and_then(|k| k.as_str()) == Some("task");
            if is_task {
                if let Some(id) = o.get("id").and_then(|i| i.as_str()) {
                    push_unique(tasks, id);
                }
            }
            for (k, val) in o {
                match (k.as_str(), val) {
                    ("taskId", serde_json::Value::String(s)) => push_unique(tasks, s),
                    ("contextId", serde_json::Value::String(s)) => push_unique(contexts, s),
                    ("task", serde_json::Value::Object(t)) => {
                        if let Some(id) = t.get("id").and_then(|i| i.as_str()) {
                            push_unique(tasks, id);
                        }
                    }
                    ("artifact", serde_json::Value::Object(a)) => push_artifact(a, artifacts),
                    ("artifacts", serde_json::Value::Array(xs)) => {
                        for a in xs.iter().filter_map(|a| a.as_object()) {
                            push_artifact(a, artifacts);
                        }
                    }
                    _ => {}
                }
                if val.is_object() || val.is_array() {
                    ids_in(val, depth + 1, tasks, contexts, artifacts);
                }
            }
        }
        serde_json::Value::Array(xs) => {
            for x in xs {
                ids_in(x, depth + 1, tasks, contexts, artifacts);
            }
        }
        _ => {}
    }
}

fn push_artifact(a: &serde_json::Map<String, serde_json::Value>, out: &mut Vec<String>) {
    let name = a
        .get("name")
        .and_then(|n| n.as_str())
        .or_else(|| a.get("artifactId").and_then(|n| n.as_str()));
    if let Some(n) = name {
        push_unique(out, n);
    }
}

/// Which id `report --task` / `--context` asks about ([`ReportInput::focus`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Focus {
    /// The id as given.
    pub id: String,
    /// True: a task id (`--task`); false: a context id (`--context`).
    pub task: bool,
}

impl Focus {
    /// `task` or `context`.
    pub fn noun(&self) -> &'static str {
        if self.task {
            "task"
        } else {
            "context"
        }
    }
}

/// A state change of one task ([`TaskStory::states`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StateChange {
    /// The task.
    pub task_id: String,
    /// The new state, as the wire spelt it.
    pub state: String,
    /// Capture time, µs since the recording start.
    pub t_us: u64,
    /// Wall-clock time (RFC 3339) when the recording's start is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// The exchange that moved it, and the event.
    pub exchange: String,
    pub seq: u64,
    pub part: StepPart,
    /// Its leg, when not the client-facing hop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leg: Option<String>,
}

/// How one task ended in the recording ([`TaskStory::ends`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskEnd {
    pub task_id: String,
    /// The last state seen, when any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_state: Option<String>,
    /// True when that state is terminal (completed, failed, canceled, rejected).
    pub terminal: bool,
    /// `completed` or `still open at the end of the recording (last state: working)`.
    pub words: String,
}

/// A finding that cites the task ([`TaskStory::findings`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoryFinding {
    /// Its position in the report's `findings`.
    pub index: usize,
    pub rule: String,
    pub severity: crate::verify::Severity,
    pub message: String,
    /// The story's exchanges its evidence names.
    pub exchanges: Vec<String>,
}

/// Everything the recording holds about one task or context (the JSON report's `story`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskStory {
    /// The id asked about (the whole id when the one given was the start of one id alone).
    pub id: String,
    /// The id as given, when it was the start of [`Self::id`] alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub given_as: Option<String>,
    /// `task` or `context`.
    pub of: String,
    /// False when the recording names no such id ([`Self::known_ids`] then lists those it
    /// does).
    pub found: bool,
    /// Other ids of the same task: a gateway's own id for the agent's, or the agent's for
    /// the gateway's, as the verifier paired the two legs (ID-001, ID-002).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The tasks of a context (`--context`), in order of first mention.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tasks: Vec<String>,
    /// Every request, answer, stream event and push delivery that names it, in order.
    pub steps: Vec<StoryStep>,
    /// Its states over time: each change, with the exchange that moved it.
    pub states: Vec<StateChange>,
    /// Artifacts delivered, in order, once each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<String>,
    /// Push deliveries recorded for it.
    pub push_deliveries: u64,
    /// Findings whose evidence is one of its exchanges.
    pub findings: Vec<StoryFinding>,
    /// How each task ended (one for `--task`).
    pub ends: Vec<TaskEnd>,
    /// Steps not kept (past [`MAX_STEPS`] in the whole recording): the story may miss some.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub steps_not_kept: u64,
    /// When not found: the ids of that kind the recording holds, nearest first (at most
    /// [`IDS_LISTED`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub known_ids: Vec<String>,
    /// How many ids of that kind the recording holds in all.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub known_ids_total: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// True for a terminal task state in any spelling (`completed`, `TASK_STATE_FAILED`).
pub fn is_terminal(state: &str) -> bool {
    let s = state.to_ascii_lowercase();
    let s = s.strip_prefix("task_state_").unwrap_or(&s);
    matches!(
        s,
        "completed" | "failed" | "canceled" | "cancelled" | "rejected"
    )
}

/// Edit distance of `a` and `b` (characters), for "nearest first".
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The ids of `focus`'s kind that `log` holds, nearest to its id first, and their count.
pub fn nearest_ids(log: &StoryLog, focus: &Focus) -> (Vec<String>, u64) {
    let mut ids: Vec<((bool, usize), &String)> = log
        .ids
        .iter()
        .filter(|(_, s)| s.task == focus.task)
        .map(|(id, _)| {
            // an id given in part (its first characters, as a log line cut it) is nearest
            let (a, b) = (focus.id.to_lowercase(), id.to_lowercase());
            let part = !(b.starts_with(&a) || b.contains(&a));
            ((part, distance(&a, &b)), id)
        })
        .collect();
    let total = ids.len() as u64;
    ids.sort();
    (
        ids.into_iter()
            .take(IDS_LISTED)
            .map(|(_, id)| id.clone())
            .collect(),
        total,
    )
}

/// The story of `focus` in `input` (its index built [`super::ExchangeIndex::with_story`]), the
/// findings of `report` that cite it.
pub fn build(input: &ReportInput, report: &Report, focus: &Focus) -> TaskStory {
    let empty = StoryLog::default();
    let log = input.index.story().unwrap_or(&empty);
    // the start of one id alone (copied from a log line that cut it) is that id
    let mut given_as = None;
    let whole;
    let focus = if log.ids.contains_key(&focus.id) {
        focus
    } else {
        let mut starting =
            (log.ids.iter()).filter(|(id, s)| s.task == focus.task && id.starts_with(&focus.id));
        match (starting.next(), starting.next()) {
            (Some((id, _)), None) if !focus.id.is_empty() => {
                given_as = Some(focus.id.clone());
                whole = Focus {
                    id: id.clone(),
                    task: focus.task,
                };
                &whole
            }
            _ => focus,
        }
    };
    // the id and every id a gateway paired with it, both ways, to a fixed point
    let mut ids: BTreeSet<String> = BTreeSet::from([focus.id.clone()]);
    loop {
        let before = ids.len();
        for (c, u) in &input.outcome.gateway_ids {
            if ids.contains(c) || ids.contains(u) {
                ids.insert(c.clone());
                ids.insert(u.clone());
            }
        }
        if ids.len() == before {
            break;
        }
    }
    let names = |s: &StoryStep| {
        if focus.task {
            s.task_ids.iter().any(|t| ids.contains(t))
        } else {
            s.context_ids.iter().any(|t| ids.contains(t))
        }
    };
    let mut steps: Vec<StoryStep> = log.steps.iter().filter(|s| names(s)).cloned().collect();
    steps.sort_by_key(|s| (s.seq, s.t_us));
    let found = !steps.is_empty();
    let start = chrono::DateTime::parse_from_rfc3339(&report.started_at).ok();
    let wall = |t_us: u64| {
        start.map(|s| {
            (s + chrono::Duration::microseconds(t_us as i64))
                .with_timezone(&chrono::Utc)
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
        })
    };
    // the tasks whose states are followed: the task (and its aliases), or a context's tasks
    let mut tasks: Vec<String> = Vec::new();
    for s in &steps {
        if focus.task {
            break;
        }
        for t in &s.task_ids {
            push_unique(&mut tasks, t);
        }
    }
    let followed = |s: &StoryStep| -> Option<String> {
        if focus.task {
            // a body of one task names it once; a gateway's alias counts as the task
            s.task_ids
                .iter()
                .any(|t| ids.contains(t))
                .then(|| focus.id.clone())
        } else {
            (s.task_ids.len() == 1).then(|| s.task_ids[0].clone())
        }
    };
    let mut states: Vec<StateChange> = Vec::new();
    let mut last: BTreeMap<String, String> = BTreeMap::new();
    let mut artifacts: Vec<String> = Vec::new();
    let mut push_deliveries = 0;
    for s in &steps {
        if s.part == StepPart::PushDelivery {
            push_deliveries += 1;
        }
        for a in &s.artifacts {
            push_unique(&mut artifacts, a);
        }
        let (Some(task), Some(state)) = (followed(s), s.state.as_ref()) else {
            continue;
        };
        // each leg tells the state on its own: a change is a change of what was last seen
        let key = format!("{task}\u{0}{}", s.leg.as_deref().unwrap_or(""));
        if last.get(&key) == Some(state) {
            continue;
        }
        last.insert(key, state.clone());
        states.push(StateChange {
            task_id: task,
            state: state.clone(),
            t_us: s.t_us,
            at: wall(s.t_us),
            exchange: s.exchange.clone(),
            seq: s.seq,
            part: s.part,
            leg: s.leg.clone(),
        });
    }
    let ended: Vec<String> = if focus.task {
        vec![focus.id.clone()]
    } else {
        tasks.clone()
    };
    let ends = if found {
        ended
            .iter()
            .map(|t| {
                // the client-facing hop's last word when there is one, else any leg's
                let mine: Vec<&StateChange> = states.iter().filter(|c| &c.task_id == t).collect();
                let last = mine
                    .iter()
                    .rev()
                    .find(|c| c.leg.is_none())
                    .or(mine.last())
                    .map(|c| c.state.clone());
                let terminal = last.as_deref().is_some_and(is_terminal);
                let words = match (&last, terminal) {
                    (Some(s), true) => format!("{s} (final)"),
                    (Some(s), false) => {
                        format!("still open at the end of the recording (last state: {s})")
                    }
                    (None, _) => no_state_words(&steps, t, &ids, focus.task),
                };
                TaskEnd {
                    task_id: t.clone(),
                    last_state: last,
                    terminal,
                    words,
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    let exchanges: BTreeSet<&str> = steps.iter().map(|s| s.exchange.as_str()).collect();
    let findings = report
        .findings
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let mut xs: Vec<String> = Vec::new();
            for e in &f.evidence {
                let x = e
                    .exchange
                    .as_deref()
                    .or_else(|| input.index.exchange_of_seq(e.seq).map(|x| x.id.as_str()));
                if let Some(x) = x.filter(|x| exchanges.contains(x)) {
                    push_unique(&mut xs, x);
                }
            }
            (!xs.is_empty()).then(|| StoryFinding {
                index: i,
                rule: f.rule.clone(),
                severity: f.severity,
                message: f.message.clone(),
                exchanges: xs,
            })
        })
        .collect();
    let (known_ids, known_ids_total) = if found {
        (Vec::new(), 0)
    } else {
        nearest_ids(log, focus)
    };
    TaskStory {
        id: focus.id.clone(),
        given_as,
        of: focus.noun().to_string(),
        found,
        aliases: ids.into_iter().filter(|i| *i != focus.id).collect(),
        tasks,
        steps,
        states,
        artifacts,
        push_deliveries,
        findings,
        ends,
        steps_not_kept: log.dropped,
        known_ids,
        known_ids_total,
    }
}

/// The end of task `task`'s story when no step gave its state: what its calls were
/// answered (newcomer55 N2: it said "see the answers above: an error such as
/// TaskNotFoundError" where no answer was shown). `ids`: the task and its gateway aliases
/// (`focus_task`: the story is of one task, else of a context).
fn no_state_words(
    steps: &[StoryStep],
    task: &str,
    ids: &BTreeSet<String>,
    focus_task: bool,
) -> String {
    let answers: Vec<&StoryStep> = steps
        .iter()
        .filter(|s| matches!(s.part, StepPart::Answer | StepPart::StreamEvent))
        .filter(|s| {
            s.task_ids
                .iter()
                .any(|t| t == task || (focus_task && ids.contains(t)))
        })
        .collect();
    let errors: Vec<&&StoryStep> = answers.iter().filter(|s| s.error.is_some()).collect();
    match errors.first() {
        None if answers.is_empty() => {
            "no state recorded: no call about it got an answer in the recording".into()
        }
        Some(first) if errors.len() == answers.len() => format!(
            "no state recorded: every answer about it was an error ({}: error {}{})",
            first.exchange,
            first.error.as_deref().unwrap_or(""),
            match errors.len() {
                1 => String::new(),
                n => format!(", and {} more", n - 1),
            }
        ),
        _ => "no state recorded: no answer, stream event or push delivery gave this task's state"
            .into(),
    }
}

/// `+1.234 s`.
fn at(t_us: u64) -> String {
    format!("+{:.3} s", t_us as f64 / 1e6)
}

/// One step in words: `request POST / message/send`, `stream event status-update:
/// working`, with its ids when a context's story shows several tasks.
fn step_words(s: &StoryStep, show_task: bool) -> String {
    let mut w = match s.part {
        StepPart::Request | StepPart::PushDelivery => format!(
            "{} {}{}",
            s.part.words(),
            s.request,
            s.a2a_method
                .as_deref()
                .filter(|_| s.part == StepPart::Request)
                .map(|m| format!(" ({m})"))
                .unwrap_or_default()
        ),
        StepPart::Answer => format!(
            "answer {} to {}{}",
            s.status
                .map(|c| c.to_string())
                .unwrap_or_else(|| "(no status)".into()),
            s.request,
            s.a2a_method
                .as_deref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default()
        ),
        StepPart::StreamEvent => format!(
            "stream event{}",
            s.kind
                .as_deref()
                .map(|k| format!(" {k}"))
                .unwrap_or_default()
        ),
    };
    if let Some(st) = &s.state {
        let _ = write!(w, ": state {st}");
    }
    if let Some(e) = &s.error {
        let _ = write!(w, ": error {e}");
    }
    if !s.artifacts.is_empty() {
        let _ = write!(w, "; artifact {}", s.artifacts.join(", "));
    }
    if show_task && !s.task_ids.is_empty() {
        let _ = write!(w, " [task {}]", s.task_ids.join(", "));
    }
    w
}

/// The leg in brackets, or nothing for the client-facing hop.
fn leg_tag(leg: Option<&str>) -> String {
    leg.map(|l| format!(" [leg {l}]")).unwrap_or_default()
}

/// The line "no task X in FILE" and the ids held, for stderr and the text report.
pub fn not_found_line(story: &TaskStory, file: &str) -> String {
    let mut line = format!("no {} \"{}\" in {file}", story.of, story.id);
    if story.known_ids.is_empty() {
        let _ = write!(line, "; it names no {} id at all", story.of);
    } else {
        let more = story.known_ids_total as usize - story.known_ids.len();
        let _ = write!(
            line,
            "; the {} ids it holds, nearest first: {}{}",
            story.of,
            story.known_ids.join(", "),
            if more > 0 {
                format!(" (and {more} more)")
            } else {
                String::new()
            }
        );
    }
    line
}

/// The story as text (the text report of `report --task`).
pub fn text(story: &TaskStory, report: &Report, input: &ReportInput) -> String {
    let file = super::text::file_label(report);
    let mut out = String::new();
    if !story.found {
        let _ = writeln!(
            out,
            "{}",
            super::show_controls_line(&not_found_line(story, &file))
        );
        return out;
    }
    if let Some(g) = &story.given_as {
        let _ = writeln!(
            out,
            "note: \"{}\" is the start of one {} id alone: {}\n",
            super::show_controls_line(g),
            story.of,
            super::show_controls_line(&story.id)
        );
    }
    let _ = writeln!(
        out,
        "{} {} in {file}{}",
        story.of,
        super::show_controls_line(&story.id),
        if story.aliases.is_empty() {
            String::new()
        } else {
            format!(
                " (also {}: the other leg's id the gateway paired with it)",
                super::show_controls_line(&story.aliases.join(", "))
            )
        }
    );
    if !story.tasks.is_empty() {
        let _ = writeln!(
            out,
            "tasks: {}",
            super::show_controls_line(&story.tasks.join(", "))
        );
    }
    let show_task = !story.tasks.is_empty() || !story.aliases.is_empty();
    let _ = writeln!(out, "\nsteps ({}):", story.steps.len());
    for s in &story.steps {
        let _ = writeln!(
            out,
            "  {:>10}  {} #{}{}  {}",
            at(s.t_us),
            super::cite(&s.exchange, &input.index),
            s.seq,
            leg_tag(s.leg.as_deref()),
            super::show_controls_line(&step_words(s, show_task))
        );
    }
    let _ = writeln!(out, "\nstates:");
    if story.states.is_empty() {
        let _ = writeln!(out, "  (no state recorded)");
    }
    for c in &story.states {
        let _ = writeln!(
            out,
            "  {}{}  {}{}  by {} #{} ({}){}",
            c.at.as_deref().unwrap_or(""),
            if c.at.is_some() {
                format!(" ({})", at(c.t_us))
            } else {
                at(c.t_us)
            },
            super::show_controls_line(&c.state),
            if story.tasks.is_empty() {
                String::new()
            } else {
                format!(" [task {}]", super::show_controls_line(&c.task_id))
            },
            super::cite(&c.exchange, &input.index),
            c.seq,
            c.part.words(),
            leg_tag(c.leg.as_deref())
        );
    }
    if !story.artifacts.is_empty() {
        let _ = writeln!(
            out,
            "\nartifacts: {}",
            super::show_controls_line(&story.artifacts.join(", "))
        );
    }
    let _ = writeln!(out, "push deliveries recorded: {}", story.push_deliveries);
    let _ = writeln!(out, "\nfindings that cite it ({}):", story.findings.len());
    for f in &story.findings {
        let _ = writeln!(
            out,
            "  {}[{}] {}: {}",
            f.severity.as_str(),
            f.rule,
            f.exchanges.join(", "),
            super::show_controls_line(&f.message)
        );
    }
    if story.steps_not_kept > 0 {
        let _ = writeln!(
            out,
            "\nnote: {} steps of the recording were not kept (more than {MAX_STEPS}): this story may miss some",
            story.steps_not_kept
        );
    }
    let _ = writeln!(out);
    for e in &story.ends {
        let _ = writeln!(
            out,
            "end: task {}: {}",
            super::show_controls_line(&e.task_id),
            super::show_controls_line(&e.words)
        );
    }
    out
}

/// The story as Markdown.
pub fn markdown(story: &TaskStory, report: &Report, input: &ReportInput) -> String {
    let file = super::text::file_label(report);
    let cell = |s: &str| super::show_controls_line(s).replace('|', "\\|");
    let mut out = String::new();
    let _ = writeln!(out, "# {} `{}`\n", story.of, cell(&story.id));
    if !story.found {
        let _ = writeln!(out, "{}", cell(&not_found_line(story, &file)));
        return out;
    }
    let _ = writeln!(out, "Recording: `{}`\n", cell(&file));
    if !story.aliases.is_empty() {
        let _ = writeln!(
            out,
            "Also `{}`: the other leg's id the gateway paired with it.\n",
            cell(&story.aliases.join("`, `"))
        );
    }
    for e in &story.ends {
        let _ = writeln!(
            out,
            "- **end**: task `{}`: {}",
            cell(&e.task_id),
            cell(&e.words)
        );
    }
    let _ = writeln!(
        out,
        "\n## Steps\n\n| time | exchange | leg | step |\n|---|---|---|---|"
    );
    let show_task = !story.tasks.is_empty() || !story.aliases.is_empty();
    for s in &story.steps {
        let _ = writeln!(
            out,
            "| {} | {} #{} | {} | {} |",
            at(s.t_us),
            super::cite(&s.exchange, &input.index),
            s.seq,
            s.leg.as_deref().unwrap_or("client"),
            cell(&step_words(s, show_task))
        );
    }
    let _ = writeln!(
        out,
        "\n## States\n\n| time | task | state | moved by |\n|---|---|---|---|"
    );
    for c in &story.states {
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} #{} ({}){} |",
            c.at.clone().unwrap_or_else(|| at(c.t_us)),
            cell(&c.task_id),
            cell(&c.state),
            super::cite(&c.exchange, &input.index),
            c.seq,
            c.part.words(),
            leg_tag(c.leg.as_deref())
        );
    }
    if !story.artifacts.is_empty() {
        let _ = writeln!(out, "\nArtifacts: {}", cell(&story.artifacts.join(", ")));
    }
    let _ = writeln!(out, "\nPush deliveries recorded: {}", story.push_deliveries);
    let _ = writeln!(out, "\n## Findings that cite it\n");
    if story.findings.is_empty() {
        let _ = writeln!(out, "None.");
    }
    for f in &story.findings {
        let _ = writeln!(
            out,
            "- **{}[{}]** {}: {}",
            f.severity.as_str(),
            f.rule,
            f.exchanges.join(", "),
            cell(&f.message)
        );
    }
    out
}

/// The story as one HTML page.
pub fn html(story: &TaskStory, report: &Report, input: &ReportInput) -> String {
    use super::html::esc;
    let file = super::text::file_label(report);
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{} {}</title>\
<style>body{{font-family:sans-serif;margin:2em}}td,th{{border:1px solid #ccc;padding:.2em .5em;text-align:left}}\
table{{border-collapse:collapse}}.error{{color:#b00}}.warning{{color:#a60}}</style></head><body>",
        esc(&story.of),
        esc(&story.id)
    );
    let _ = writeln!(
        h,
        "<h1>{} <code>{}</code></h1>",
        esc(&story.of),
        esc(&story.id)
    );
    if !story.found {
        let _ = writeln!(
            h,
            "<p>{}</p></body></html>",
            esc(&not_found_line(story, &file))
        );
        return h;
    }
    let _ = writeln!(h, "<p>Recording: <code>{}</code></p>", esc(&file));
    if !story.aliases.is_empty() {
        let _ = writeln!(
            h,
            "<p>Also <code>{}</code>: the other leg's id the gateway paired with it.</p>",
            esc(&story.aliases.join(", "))
        );
    }
    let _ = writeln!(h, "<ul>");
    for e in &story.ends {
        let _ = writeln!(
            h,
            "<li><strong>end</strong>: task <code>{}</code>: {}</li>",
            esc(&e.task_id),
            esc(&e.words)
        );
    }
    let _ = writeln!(h, "</ul><h2>Steps</h2><table><tr><th>time</th><th>exchange</th><th>leg</th><th>step</th></tr>");
    let show_task = !story.tasks.is_empty() || !story.aliases.is_empty();
    for s in &story.steps {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{} #{}</td><td>{}</td><td>{}</td></tr>",
            at(s.t_us),
            esc(&super::cite(&s.exchange, &input.index)),
            s.seq,
            esc(s.leg.as_deref().unwrap_or("client")),
            esc(&step_words(s, show_task))
        );
    }
    let _ = writeln!(h, "</table><h2>States</h2><table><tr><th>time</th><th>task</th><th>state</th><th>moved by</th></tr>");
    for c in &story.states {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{} #{} ({}){}</td></tr>",
            esc(&c.at.clone().unwrap_or_else(|| at(c.t_us))),
            esc(&c.task_id),
            esc(&c.state),
            esc(&super::cite(&c.exchange, &input.index)),
            c.seq,
            c.part.words(),
            esc(&leg_tag(c.leg.as_deref()))
        );
    }
    let _ = writeln!(h, "</table>");
    if !story.artifacts.is_empty() {
        let _ = writeln!(h, "<p>Artifacts: {}</p>", esc(&story.artifacts.join(", ")));
    }
    let _ = writeln!(
        h,
        "<p>Push deliveries recorded: {}</p><h2>Findings that cite it</h2><ul>",
        story.push_deliveries
    );
    for f in &story.findings {
        let sev = f.severity.as_str();
        let _ = writeln!(
            h,
            "<li><strong class=\"{sev}\">{sev}[{}]</strong> {}: {}</li>",
            esc(&f.rule),
            esc(&f.exchanges.join(", ")),
            esc(&f.message)
        );
    }
    let _ = writeln!(h, "</ul></body></html>");
    h
}

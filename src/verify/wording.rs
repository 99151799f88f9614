//! How findings word A2A terms, and reading what an agent's error text says.
//!
//! **Naming (DIGEST §1, trap 5).** A finding names an operation and a task state the way
//! the wire of its exchange spells them, so that a user can grep their logs for it:
//! [`op_term`] gives the JSON-RPC or gRPC method as sent (`message/send`, `tasks/send`,
//! `SendMessage`), the request line of a 0.3 HTTP+JSON route (`POST /v1/message:send`), and
//! the 1.0 operation name for 1.0 HTTP+JSON; [`state_term`] gives `canceled` on 0.x
//! JSON-RPC, `TASK_STATE_CANCELLED` on 0.3 HTTP+JSON and gRPC, `TASK_STATE_CANCELED` in 1.0.
//! Every rule formats operations and states through these two, never through
//! [`Op::name`] / [`TaskState::proto_name`] (the 1.0 spellings) directly.
//!
//! **Reading error text.** An agent's free-text error message for the A2A condition it states (TASK-009,
//! ERR-002): an agent that answers a generic code (-32603, -32602, HTTP 400 / 500) while its
//! own message says the task does not exist owes TaskNotFoundError.
//!
//! The recognition is by sentence structure, not by a list of whole phrasings: a message is
//! split into clauses (at `.` `;` `:` `!` `?` brackets and line breaks, after the call's task
//! id is masked so that ids such as `ns:t.1` or `t-does-not-exist` do not split or speak),
//! and a clause says "the task is missing" when
//!
//! * a *negated* existence verb (`found`, `exist(s)`, `located`, `known`
//!   after `not` / `no longer` / `never` / `n't` ...) or a removal word (`expired`,
//!   `purged`, `evicted`, `deleted`, `removed`) or an adjective (`unknown`,
//!   `nonexistent`, `unrecognized`) follows a subject that names the task, or
//! * a negated search verb (`find`, `locate`, `retrieve`, `load` after `could not` /
//!   `unable to` / `failed to` ...), `no such`, `no`, or an adjective (`unknown`, ...)
//!   precedes an object noun phrase that names the task;
//!
//! where "names the task" means the call's task id or the singular word `task` (`task`,
//! `taskId`, `task_id`), and the phrase names nothing else that could be the missing thing
//! (`push config`, `artifact`, `context`, `model`, `file`, `token`, `state`, a parameter
//! that was not `provided` ...): such a message is about another object, and is never read
//! as TaskNotFoundError.

use crate::model::a2a::{Binding, Dialect, Op, TaskState};

/// Words that make a phrase about something other than the task itself (its config, its
/// artifact, its state, a credential, a missing request field, ...).
const OTHER_THINGS: &[&str] = &[
    "config",
    "configs",
    "configuration",
    "configurations",
    "push",
    "notification",
    "webhook",
    "artifact",
    "artifacts",
    "artifactid",
    "context",
    "contextid",
    "context_id",
    "message",
    "messageid",
    "message_id",
    "history",
    "file",
    "files",
    "user",
    "model",
    "tool",
    "method",
    "route",
    "endpoint",
    "path",
    "url",
    "page",
    "token",
    "pagetoken",
    "page_token",
    "extension",
    "card",
    "skill",
    "session",
    "tenant",
    "secret",
    "credential",
    "credentials",
    "auth",
    "password",
    "certificate",
    "cert",
    "lease",
    "deadline",
    "timeout",
    "subscription",
    "parent",
    "reference",
    "referenced",
    "type",
    "kind",
    "state",
    "status",
    "name",
    "format",
    "field",
    "parameter",
    "parameters",
    "param",
    "params",
    "argument",
    "value",
    "version",
    "handler",
    "executor",
    "store",
    "database",
    "table",
    "queue",
    "provided",
    "given",
    "specified",
    "supplied",
    "passed",
    "sent",
    "set",
    "required",
];

/// Negators that, within three words before an existence or search verb, make it say
/// "absent": `not found`, `could not be found`, `no longer exists`, `doesn't exist`.
const NEGATORS: &[&str] = &[
    "not", "no", "never", "cannot", "can't", "couldn't", "doesn't", "don't", "didn't", "isn't",
    "wasn't", "aren't", "weren't", "unable", "failed", "fails", "fail", "nothing",
];

/// Existence verbs whose negation states absence; the subject comes before them.
const EXISTENCE: &[&str] = &["found", "exist", "exists", "existing", "located", "known"];

/// Search verbs whose negation states absence; the object comes after them.
const SEARCH: &[&str] = &["find", "locate", "retrieve", "load", "resolve", "lookup"];

/// Words that state absence after their subject (`task t-1 expired`).
const GONE: &[&str] = &[
    "expired",
    "purged",
    "evicted",
    "deleted",
    "removed",
    "notfound",
    "not_found",
];

/// Adjectives that state absence on either side (`unknown task t-1`, `task t-1 is unknown`).
const ABSENT_ADJ: &[&str] = &[
    "unknown",
    "nonexistent",
    "unrecognized",
    "unrecognised",
    "unregistered",
];

/// Words that end an object noun phrase (`task t-1` in `could not find task t-1 in
/// context c-1`).
const PREPOSITIONS: &[&str] = &[
    "in", "for", "of", "on", "at", "from", "within", "under", "inside", "among", "by", "during",
    "to", "because", "since", "after", "before", "while", "and", "or", "but",
];

/// Placeholder for the masked task id (a token no natural message contains).
const TASK_REF: &str = "a2a_task_ref";

/// Whether error text `m` says the task is missing (TASK-009, ERR-002 TaskNotFoundError).
/// `tid` is the task the call names, when it names one: it is masked first, counts as a
/// mention of the task, and its own spelling (`t-does-not-exist`) never counts as wording.
/// A Python `KeyError` that names `tid` counts too (an unhandled dict lookup).
pub(crate) fn says_task_missing(m: &str, tid: Option<&str>) -> bool {
    let mut text = m.to_lowercase().replace(['\u{2019}', '`', '\u{2018}'], "'");
    if let Some(t) = tid.map(str::trim).filter(|t| !t.is_empty()) {
        let masked = mask(&text, &t.to_lowercase());
        if masked != text && text.contains("keyerror") {
            return true;
        }
        text = masked;
    }
    let clauses: Vec<Vec<String>> = text
        .split([
            '.', ';', ':', '!', '?', '\n', '(', ')', '[', ']', '{', '}', '|',
        ])
        .map(words)
        .collect();
    clauses.iter().enumerate().any(|(i, c)| {
        clause_says_missing(c)
            // "Task t-1: not found" / "task t-1 - unknown": a clause that is the predicate
            // alone takes the clause before it as its subject.
            || (i > 0 && bare_predicate(c) && {
                let mut joined = clauses[i - 1].clone();
                joined.extend(c.iter().cloned());
                clause_says_missing(&joined)
            })
    })
}

/// `text` with each occurrence of `id` that stands on word boundaries replaced by
/// [`TASK_REF`].
fn mask(text: &str, id: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let word = |c: char| c.is_alphanumeric() || c == '_';
    while let Some(at) = rest.find(id) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + id.len()..].chars().next();
        out.push_str(&rest[..at]);
        if before.is_some_and(word) || after.is_some_and(word) {
            out.push_str(id);
        } else {
            out.push(' ');
            out.push_str(TASK_REF);
            out.push(' ');
        }
        rest = &rest[at + id.len()..];
    }
    out.push_str(rest);
    out
}

/// The words of a clause: letters, digits, `_` and `'`; everything else separates.
fn words(clause: &str) -> Vec<String> {
    clause
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn names_task(w: &str) -> bool {
    matches!(w, "task" | "taskid" | "task_id" | TASK_REF)
}

fn is_other(w: &str) -> bool {
    OTHER_THINGS.contains(&w)
}

fn negated(c: &[String], i: usize) -> bool {
    c[i.saturating_sub(3)..i]
        .iter()
        .any(|w| NEGATORS.contains(&w.as_str()) || w.ends_with("n't"))
}

/// A subject (the words before a predicate) that names the task and nothing else.
fn subject_is_task(s: &[String]) -> bool {
    s.iter().any(|w| names_task(w)) && !s.iter().any(|w| is_other(w))
}

/// An object noun phrase (the words after a predicate, up to a preposition) that names the
/// task and nothing else.
fn object_is_task(o: &[String]) -> bool {
    let end = o
        .iter()
        .position(|w| PREPOSITIONS.contains(&w.as_str()))
        .unwrap_or(o.len());
    let np = &o[..end];
    np.iter().any(|w| names_task(w)) && !np.iter().any(|w| is_other(w))
}

/// A clause that is only a predicate (`not found`, `unknown`, `does not exist`).
fn bare_predicate(c: &[String]) -> bool {
    !c.is_empty()
        && c.len() <= 4
        && c.iter().all(|w| {
            NEGATORS.contains(&w.as_str())
                || EXISTENCE.contains(&w.as_str())
                || GONE.contains(&w.as_str())
                || ABSENT_ADJ.contains(&w.as_str())
                || matches!(
                    w.as_str(),
                    "is" | "was" | "be" | "been" | "has" | "does" | "longer"
                )
                || w.ends_with("n't")
        })
}

fn clause_says_missing(c: &[String]) -> bool {
    for (i, w) in c.iter().enumerate() {
        let w = w.as_str();
        let before = &c[..i];
        let after = &c[i + 1..];
        // The subject of "X not found" starts after the negator.
        let neg_start = c[..i]
            .iter()
            .enumerate()
            .rev()
            .take(3)
            .filter(|(_, v)| NEGATORS.contains(&v.as_str()) || v.ends_with("n't"))
            .map(|(k, _)| k)
            .min()
            .unwrap_or(i);
        if EXISTENCE.contains(&w) && negated(c, i) && subject_is_task(&c[..neg_start]) {
            return true;
        }
        if w == "existent"
            && i > 0
            && c[i - 1] == "non"
            && (subject_is_task(&c[..i - 1]) || object_is_task(after))
        {
            return true;
        }
        if SEARCH.contains(&w) && negated(c, i) && object_is_task(after) {
            return true;
        }
        if GONE.contains(&w) && subject_is_task(before) {
            return true;
        }
        if ABSENT_ADJ.contains(&w) && (subject_is_task(before) || object_is_task(after)) {
            return true;
        }
        // "no such task", "no task t-1", "no task with id t-1"
        if w == "no" {
            let o = after
                .strip_prefix(&["such".to_string()][..])
                .unwrap_or(after);
            if o.first().is_some_and(|f| names_task(f)) && object_is_task(o) {
                return true;
            }
        }
    }
    false
}

/// The operation of an exchange as its wire names it (DIGEST §1 method map): `method` is
/// the JSON-RPC or gRPC method as sent, `request_line` the HTTP method and path (query
/// stripped) of an HTTP+JSON call. 0.x HTTP+JSON names the route by its request line
/// (`POST /api/v1/message:send`); 1.0 names every binding's operation by its 1.0 name
/// (`SendMessage`, 1.0 §5.3); `fallback` when the operation is not known.
pub(crate) fn op_term<'a>(
    op: Option<Op>,
    dialect: Option<Dialect>,
    binding: Option<Binding>,
    method: Option<&'a str>,
    request_line: Option<&'a str>,
    fallback: &'a str,
) -> &'a str {
    match (binding, method, request_line) {
        (Some(Binding::JsonRpc | Binding::Grpc), Some(m), _) if !m.is_empty() => m,
        (Some(Binding::Rest), _, Some(l)) if dialect.is_some_and(Dialect::is_0x) => l,
        _ => op.map(Op::name).unwrap_or(fallback),
    }
}

/// A task state as the wire of an exchange spells it (DIGEST §1 states row, trap 5):
/// lowercase kebab-case on 0.x JSON-RPC and in 0.x push bodies (`input-required`,
/// `canceled`), the 0.3 proto names on 0.3 HTTP+JSON and gRPC (`TASK_STATE_CANCELLED`,
/// double L), the 1.0 names otherwise (`TASK_STATE_CANCELED`, also when the dialect is not
/// known).
pub(crate) fn state_term(
    st: TaskState,
    dialect: Option<Dialect>,
    binding: Option<Binding>,
) -> &'static str {
    let Some(d) = dialect.filter(|d| d.is_0x()) else {
        return st.proto_name();
    };
    if binding.is_some_and(Binding::bare_params) && d == Dialect::V0_3 {
        return match st {
            TaskState::Canceled => "TASK_STATE_CANCELLED",
            _ => st.proto_name(),
        };
    }
    match st {
        // 0.x has no such state: its 1.0 name
        TaskState::Unspecified => "TASK_STATE_UNSPECIFIED",
        _ => st.as_str(),
    }
}

/// A request URL as a finding's message shows it (review24a R9): without its query and
/// fragment (a query may carry an API key, AUTH-001) and without userinfo (`user:pass@`).
pub(crate) fn url_shown(url: &str) -> String {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    let url = &url[..end];
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let auth_end = rest.find('/').unwrap_or(rest.len());
    match rest[..auth_end].rfind('@') {
        Some(at) => format!("{scheme}://{}", &rest[at + 1..]),
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::says_task_missing;
    use super::{op_term, state_term, url_shown};

    #[test]
    fn urls_are_shown_without_query_fragment_or_userinfo() {
        assert_eq!(
            url_shown("https://agent.example.test/a2a?A2A-Version=99.0"),
            "https://agent.example.test/a2a"
        );
        assert_eq!(
            url_shown("https://user:secret@agent.example.test:8443/v1/tasks/t1#x"),
            "https://agent.example.test:8443/v1/tasks/t1"
        );
        assert_eq!(
            url_shown("http://agent.example.test/a/b@c"),
            "http://agent.example.test/a/b@c"
        );
        assert_eq!(url_shown("/relative?key=1"), "/relative");
    }
    use crate::model::a2a::{Binding, Dialect, Op, TaskState};

    #[test]
    fn states_are_spelled_as_each_wire_sends_them() {
        let s = |d, b| state_term(TaskState::Canceled, d, b);
        assert_eq!(s(Some(Dialect::V0_3), Some(Binding::JsonRpc)), "canceled");
        assert_eq!(s(Some(Dialect::V0_2), None), "canceled");
        assert_eq!(
            s(Some(Dialect::V0_3), Some(Binding::Rest)),
            "TASK_STATE_CANCELLED"
        );
        assert_eq!(
            s(Some(Dialect::V0_3), Some(Binding::Grpc)),
            "TASK_STATE_CANCELLED"
        );
        assert_eq!(
            s(Some(Dialect::V1_0), Some(Binding::Rest)),
            "TASK_STATE_CANCELED"
        );
        assert_eq!(s(None, None), "TASK_STATE_CANCELED");
        assert_eq!(
            state_term(
                TaskState::InputRequired,
                Some(Dialect::V0_1),
                Some(Binding::JsonRpc)
            ),
            "input-required"
        );
        assert_eq!(
            state_term(
                TaskState::Completed,
                Some(Dialect::V0_3),
                Some(Binding::Rest)
            ),
            "TASK_STATE_COMPLETED"
        );
    }

    #[test]
    fn operations_are_named_as_each_wire_sends_them() {
        let send = Some(Op::SendMessage);
        let rpc = Some(Binding::JsonRpc);
        let rest = Some(Binding::Rest);
        let v03 = Some(Dialect::V0_3);
        let v10 = Some(Dialect::V1_0);
        assert_eq!(
            op_term(send, v03, rpc, Some("message/send"), None, "x"),
            "message/send"
        );
        assert_eq!(
            op_term(
                send,
                Some(Dialect::V0_1),
                rpc,
                Some("tasks/send"),
                None,
                "x"
            ),
            "tasks/send"
        );
        assert_eq!(
            op_term(send, v03, rest, None, Some("POST /v1/message:send"), "x"),
            "POST /v1/message:send"
        );
        assert_eq!(
            op_term(send, v10, rest, None, Some("POST /message:send"), "x"),
            "SendMessage"
        );
        assert_eq!(
            op_term(
                Some(Op::SubscribeToTask),
                v03,
                Some(Binding::Grpc),
                Some("TaskSubscription"),
                None,
                "x"
            ),
            "TaskSubscription"
        );
        assert_eq!(
            op_term(None, None, None, None, None, "the call"),
            "the call"
        );
    }

    #[test]
    fn phrasings_of_a_missing_task() {
        for m in [
            "Task not found",
            "task t-x not found",
            "Task with id t-x doesn't exist",
            "Task with id t-x doesn\u{2019}t exist",
            "Could not find task t-x",
            "could not find task with id t-x in context c-1",
            "Can't find task t-x",
            "Unable to locate task t-x",
            "Task t-x is unknown",
            "unknown task id",
            "Unknown task: t-x",
            "task t-x expired",
            "Task t-x has been purged",
            "no task t-x",
            "Internal error: no task t-x",
            "No such task: t-x",
            "Task t-x could not be found",
            "Task t-x no longer exists",
            "task t-x: not found",
            "Task t-x does not exist in this agent",
            "Requested task t-x was not found on the server",
            "Failed to load task t-x",
            "KeyError: 't-x'",
            "nonexistent task t-x",
            "Cannot cancel non-existent task t-x",
            "TaskNotFound: task t-x not_found",
        ] {
            assert!(says_task_missing(m, Some("t-x")), "{m}");
        }
        // Without the id, the word task carries it.
        assert!(says_task_missing("The task does not exist", None));
        assert!(says_task_missing("unknown task id", None));
    }

    #[test]
    fn other_errors_are_not_a_missing_task() {
        for m in [
            "Push notification config for task t-x not found",
            "Could not find push config pc-1 for task t-x",
            "Task t-x push config not found",
            "Artifact a-1 not found in task t-x",
            "Context c-1 not found",
            "Method not found",
            "Model gpt-9 not found while running task t-x",
            "task t-x: model gpt-9 not found",
            "Internal error",
            "no task id provided",
            "taskId is required",
            "Unknown task state 'foo'",
            "Task t-x failed: unknown error",
            "No tasks found",
            "task t-x auth token expired",
            "Task t-x is not cancelable",
            "Task t-x found but already completed",
            "file not found",
            "route /tasks/t-x not found",
            "Task t-x: referenced task t-0 not found",
        ] {
            assert!(!says_task_missing(m, Some("t-x")), "{m}");
        }
        // The id's own spelling never speaks.
        assert!(!says_task_missing(
            "Invalid params: task t-does-not-exist",
            Some("t-does-not-exist")
        ));
        assert!(says_task_missing(
            "Invalid params: no task t-does-not-exist",
            Some("t-does-not-exist")
        ));
    }
}

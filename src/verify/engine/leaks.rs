//! Internal detail leaked in answers (stack traces, SQL, paths) and what the client sent.

use super::*;

/// AUTH-LEAK-001 (q28b 3; 1.0 §3.3.2 error handling: actionable information "without
/// leaking sensitive information", §13 security considerations; CWE-209): what internal
/// detail the error text `t` shows, and the line that shows it (trimmed, at most 120
/// characters): a Python, Java, .NET, JavaScript or Go stack trace, a Rust panic, a server
/// source file path, or SQL. `None` for ordinary error text ("Task not found: t1",
/// "division by zero").
///
/// `sent` is what the client itself sent ([`client_sent_text`]): a source file path or a
/// SQL statement the client's request named (review28a R6: the user's `notes/main.go`,
/// resolved under the agent's upload folder; a statement the user asked to run) is the
/// user's data quoted back, not the agent's internals ([`client_named_path`],
/// [`client_sent_sql`]).
pub(super) fn internal_detail(t: &str, sent: &SentText) -> Option<(&'static str, String)> {
    const SRC: [&str; 10] = [
        ".py", ".java", ".js", ".ts", ".go", ".rs", ".cs", ".rb", ".php", ".kt",
    ];
    let shown = |l: &str| excerpt_str(l.trim(), 120);
    for line in t.lines() {
        let l = line.trim();
        // Which of the bytes the searches below need are on the line (perfv36): a search
        // runs only when every byte its text holds is there (`LineBytes`).
        let m = LineBytes::of(l);
        if m.has(LineBytes::PAREN) && l.contains("Traceback (most recent call last)")
            || (l.starts_with("File \"") && l.contains("\", line "))
        {
            return Some(("a Python stack trace", shown(l)));
        }
        if l.starts_with("goroutine ") && l.contains(" [")
            || m.has(LineBytes::DOT | LineBytes::COLON | LineBytes::PLUS)
                && l.contains(".go:")
                && l.contains(" +0x")
        {
            return Some(("a Go stack trace", shown(l)));
        }
        if m.has(LineBytes::DOT | LineBytes::COLON)
            && l.contains("panicked at ")
            && l.contains(".rs:")
        {
            return Some(("a Rust panic with its source location", shown(l)));
        }
        if let Some(frame) = l.strip_prefix("at ") {
            // Java `at com.foo.Bar.run(Bar.java:42)`, .NET `at System.Foo.Bar() in
            // /src/X.cs:line 42` or `at System.Threading...`, Node `at fn (/app/x.js:10:5)`.
            let dotnet = frame.starts_with("System.")
                || frame.starts_with("Microsoft.")
                || frame.contains(":line ");
            let java = frame.contains(".java:")
                || frame.contains(".kt:")
                || frame.ends_with("(Native Method)")
                || frame.ends_with("(Unknown Source)");
            let js = [".js:", ".ts:", ".mjs:", ".cjs:"]
                .iter()
                .any(|e| frame.contains(e))
                || frame.starts_with("async ") && frame.contains(':');
            let what = if dotnet {
                Some("a .NET stack trace")
            } else if java {
                Some("a Java stack trace")
            } else if js {
                Some("a JavaScript stack trace")
            } else {
                None
            };
            if let Some(w) = what {
                return Some((w, shown(l)));
            }
        }
        // A statement's keyword starts a clause (the line, or after `:`, `[`, `(`, a
        // quote, `;`): "[SQL: SELECT id FROM tasks", "LINE 1: UPDATE tasks SET"; an
        // upper-case word in prose ("Please SELECT a skill FROM the card") is no SQL.
        let [select, insert, delete, update] = &*SQL_KEYWORDS;
        // the four keywords each hold an upper-case `E` and `T`
        let sql = m.has(LineBytes::UPPER_E | LineBytes::UPPER_T)
            && ((sql_clause(l, select) && l.contains(" FROM "))
                || sql_clause(l, insert)
                || sql_clause(l, delete)
                || (sql_clause(l, update) && l.contains(" SET ")))
            // SQLSTATE in any case, without an upper-case copy of every line (this runs
            // on every line of every error answer's strings)
            || m.has(LineBytes::Q)
                && l.as_bytes()
                    .windows(8)
                    .any(|w| w.eq_ignore_ascii_case(b"SQLSTATE"))
            || m.has(LineBytes::X | LineBytes::Y) && l.contains("syntax error at or near")
            || m.has(LineBytes::Q | LineBytes::DOT) && l.contains("sqlite3.")
            || m.has(LineBytes::Y | LineBytes::DOT) && l.contains("psycopg2.")
            || m.has(LineBytes::Q | LineBytes::DOT) && l.contains("sqlalchemy.exc.");
        if sql && !client_sent_sql(l, sent.get()) {
            return Some(("SQL or a database driver's error", shown(l)));
        }
        // mine51 (LangGraph Agent Server v0.7.32: "Sanitized error messages in streams and
        // A2A responses to protect sensitive information like database connection strings
        // and internal hostnames"): a database or cache driver's connection failure names
        // the server, its address and port (psycopg / libpq, redis-py, Node's net errors).
        {
            const DRIVER: [&str; 5] = [
                "connection to server at \"",
                "could not connect to server",
                "connecting to redis",
                "connect ECONNREFUSED ",
                "getaddrinfo ENOTFOUND ",
            ];
            let redis_py = l.starts_with("Error ")
                && l.contains(" connecting to ")
                && l.split(" connecting to ")
                    .nth(1)
                    .is_some_and(|r| r.contains(':'));
            if (redis_py || DRIVER.iter().any(|d| l.contains(d)))
                && !client_named_host(l, sent.get())
            {
                return Some((
                    "a database or cache driver's connection error naming the server",
                    shown(l),
                ));
            }
        }
        // A URL that carries its credentials (`postgresql://user:password@host/db`, RFC
        // 3986 §3.2.1 userinfo, which §7.5 says not to put in a URI): a connection string.
        // every such URL holds `://`
        if m.has(LineBytes::COLON | LineBytes::SLASH) {
            if let Some(tok) = l
                .split(|c: char| c.is_whitespace() || "\"'()[]{},;<>".contains(c))
                .map(|t| t.trim_end_matches([':', '.', '!', '?']))
                .find(|t| url_with_password(t))
            {
                if !sent.get().contains(tok) {
                    return Some(("a connection string with its password", shown(tok)));
                }
            }
        }
        // A server source file path: absolute (`/srv/app/handler.py`, `C:\app\X.cs`) or
        // under site-packages / node_modules, naming a source file. Every such token holds
        // a `/` or `\`: a line with neither is not split into tokens (perf32).
        if !m.has(LineBytes::SLASH) {
            continue;
        }
        for tok in l.split(|c: char| c.is_whitespace() || "\"'()[]{},;=".contains(c)) {
            // An HTML page's asset (`<script src="/_next/static/chunks/main.js">`, a
            // stylesheet's href) is a URL the browser fetches, not a file on the server.
            let off = tok.as_ptr() as usize - l.as_ptr() as usize;
            let before = l[..off].trim_end_matches(['"', '\'']);
            if before.ends_with("src=") || before.ends_with("href=") {
                continue;
            }
            let tok = tok.trim_end_matches(|c: char| c == ':' || c == '.' || c.is_ascii_digit());
            let path = tok.starts_with('/')
                || tok.contains("site-packages/")
                || tok.contains("node_modules/")
                || tok.as_bytes().get(1..3) == Some(b":\\");
            let dirs = tok.matches(['/', '\\']).count() >= 2;
            if path
                && dirs
                && SRC.iter().any(|e| tok.ends_with(e))
                && !client_named_path(tok, sent.get())
            {
                return Some(("a server source file path", shown(tok)));
            }
        }
    }
    None
}

/// A URL whose authority carries a user and a password (`scheme://user:pass@host...`):
/// the userinfo of RFC 3986 §3.2.1 with a `:` in it, a non-empty password after it.
pub(super) fn url_with_password(tok: &str) -> bool {
    let Some((scheme, rest)) = tok.split_once("://") else {
        return false;
    };
    if scheme.is_empty()
        || !scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    {
        return false;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let Some((userinfo, host)) = authority.rsplit_once('@') else {
        return false;
    };
    !host.is_empty()
        && userinfo
            .split_once(':')
            .is_some_and(|(u, p)| !u.is_empty() && !p.is_empty())
}

/// Whether the host a driver's connection error names (`at "host"`, `connecting to
/// host:port`, `ECONNREFUSED host:port`) is one the client's own request named: the user's
/// database quoted back (an agent asked to query the user's server), not the agent's.
pub(super) fn client_named_host(l: &str, sent: &str) -> bool {
    if sent.is_empty() {
        return false;
    }
    l.split(|c: char| c.is_whitespace() || "\"'(),".contains(c))
        .map(|t| t.trim_end_matches('.'))
        .filter(|t| t.len() > 3 && (t.contains('.') || t.contains(':')))
        .any(|t| sent.contains(t.split(':').next().unwrap_or(t)))
}

impl LineBytes {
    pub(super) const PAREN: u16 = 1;
    pub(super) const DOT: u16 = 2;
    pub(super) const COLON: u16 = 4;
    pub(super) const PLUS: u16 = 8;
    pub(super) const UPPER_E: u16 = 16;
    pub(super) const UPPER_T: u16 = 32;
    /// `q` or `Q`
    pub(super) const Q: u16 = 64;
    pub(super) const X: u16 = 128;
    pub(super) const Y: u16 = 256;
    /// `/` or `\`
    pub(super) const SLASH: u16 = 512;
    /// The bit of each byte.
    pub(super) const TABLE: [u16; 256] = {
        let mut t = [0u16; 256];
        t[b'(' as usize] = Self::PAREN;
        t[b'.' as usize] = Self::DOT;
        t[b':' as usize] = Self::COLON;
        t[b'+' as usize] = Self::PLUS;
        t[b'E' as usize] = Self::UPPER_E;
        t[b'T' as usize] = Self::UPPER_T;
        t[b'q' as usize] = Self::Q;
        t[b'Q' as usize] = Self::Q;
        t[b'x' as usize] = Self::X;
        t[b'y' as usize] = Self::Y;
        t[b'/' as usize] = Self::SLASH;
        t[b'\\' as usize] = Self::SLASH;
        t
    };

    pub(super) fn of(l: &str) -> LineBytes {
        LineBytes(l.bytes().fold(0, |m, b| m | Self::TABLE[usize::from(b)]))
    }

    /// Every byte of `bits` is on the line.
    pub(super) fn has(self, bits: u16) -> bool {
        self.0 & bits == bits
    }
}

impl<'x> SentText<'x> {
    pub(super) fn of(x: &'x Exch) -> Self {
        SentText {
            x: Some(x),
            text: std::cell::OnceCell::new(),
        }
    }

    /// A fixed text (tests).
    #[cfg(test)]
    pub(super) fn fixed(s: &str) -> SentText<'static> {
        SentText {
            x: None,
            text: std::cell::OnceCell::from(s.to_string()),
        }
    }

    pub(super) fn get(&self) -> &str {
        self.text
            .get_or_init(|| self.x.map(client_sent_text).unwrap_or_default())
    }
}

/// AUTH-LEAK-001: the first string in the error answer `v` (a JSON-RPC response, an
/// HTTP+JSON error body, or any JSON body of a refusal) that shows an internal detail
/// ([`internal_detail`]): `(JSON Pointer, what, line)`. Strings are searched depth-first
/// through `error` (or the whole body when it has none), at most 64 levels deep.
pub(super) fn leaked_detail(v: &Json, sent: &SentText) -> Option<(String, &'static str, String)> {
    fn walk(
        v: &Json,
        ptr: &mut String,
        depth: usize,
        sent: &SentText,
    ) -> Option<(String, &'static str, String)> {
        if depth > 64 {
            return None;
        }
        match v {
            Json::String(s) => internal_detail(s, sent).map(|(w, l)| (ptr.clone(), w, l)),
            Json::Array(a) => a.iter().enumerate().find_map(|(i, x)| {
                let len = ptr.len();
                // the pointer's tokens appended in place, no string per member (perf32)
                ptr.push('/');
                ptr.push_str(itoa::Buffer::new().format(i));
                let r = walk(x, ptr, depth + 1, sent);
                ptr.truncate(len);
                r
            }),
            Json::Object(o) => o.iter().find_map(|(k, x)| {
                let len = ptr.len();
                crate::model::json::push_pointer_token(ptr, k);
                let r = walk(x, ptr, depth + 1, sent);
                ptr.truncate(len);
                r
            }),
            _ => None,
        }
    }
    let mut ptr = String::new();
    match v.get("error") {
        Some(e) => {
            ptr.push_str("/error");
            walk(e, &mut ptr, 0, sent)
        }
        None => walk(v, &mut ptr, 0, sent),
    }
}

/// The first `n` characters of `s`, with `…` when it was longer (for quoting wire text).
pub(super) fn excerpt_str(s: &str, n: usize) -> String {
    let mut t: String = s.chars().take(n).collect();
    if s.chars().nth(n).is_some() {
        t.push('…');
    }
    t
}

pub(super) fn excerpt_value(v: &Json) -> Value {
    excerpt(&v.to_string())
}

/// ` (09:30:00.000Z)`: the UTC reading of an RFC 3339 timestamp `s` with a non-zero UTC
/// offset, for messages that compare it with others; empty for any other `s`.
pub(super) fn utc_reading(s: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(s) {
        Ok(d) if d.offset().local_minus_utc() != 0 => format!(
            " ({})",
            d.with_timezone(&chrono::Utc).format("%H:%M:%S%.3fZ")
        ),
        _ => String::new(),
    }
}

/// RFC 3339 timestamp to ms since the epoch (UTC offsets honoured); `None` when unreadable.
pub(super) fn parse_rfc3339_ms(s: &str) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|d| d.timestamp_millis())
        .or_else(|| {
            chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f")
                .ok()
                .map(|d| d.and_utc().timestamp_millis())
        })
}

impl State {
    /// AUTH-LEAK-001 (ERR-006) for a task that ended `failed` / `rejected` (0.x) or
    /// `TASK_STATE_FAILED` / `TASK_STATE_REJECTED` (1.0) with a status message whose text
    /// parts show an internal detail ([`internal_detail`]: a stack trace, a server source
    /// path, SQL, a driver's connection error naming the server, a connection string with
    /// its password): the agent's error text handed to every caller, as an error object's
    /// is. `holder` is the Task or status update at `seq` (task `id`, state `st`),
    /// `state_ptr` the JSON Pointer of its `status.state`. Text the client itself sent is
    /// no leak ([`SentText`]). An ordinary failure text is silent. Once per task.
    pub(super) fn status_message_leak(
        &mut self,
        x: &Exch,
        id: &str,
        st: Option<TaskState>,
        holder: &Obj,
        seq: u64,
        state_ptr: &str,
    ) {
        if !matches!(st, Some(TaskState::Failed | TaskState::Rejected)) {
            return;
        }
        let Some(parts) = holder
            .get("status")
            .and_then(|s| s.get("message"))
            .and_then(|m| m.get("parts"))
            .and_then(Json::as_array)
        else {
            return;
        };
        let sent = SentText::of(x);
        let found = parts.iter().enumerate().find_map(|(i, p)| {
            let t = p.get("text").and_then(Json::as_str)?;
            internal_detail(t, &sent).map(|(w, l)| (i, w, l))
        });
        let Some((i, what, line)) = found else {
            return;
        };
        let key = x.tkey(id);
        if self.status_leak_told.contains(&key) || (self.status_leak_told.len() >= MAX_TASKS) {
            return;
        }
        self.status_leak_told.insert(key);
        self.areas.insert("auth");
        let base = state_ptr.strip_suffix("/state").unwrap_or(state_ptr);
        let ptr = format!("{base}/message/parts/{i}/text");
        let state = st.map(|s| x.state_term(s)).unwrap_or("failed");
        self.find(
            &r::AUTH_ERROR_TEXT_LEAK,
            format!(
                "agent's task {id} ended {state} with a status message that shows {what}: \"{line}\"; a failed task's status message reaches every caller as an error answer does, and it tells them the agent's code paths, files, hosts or credentials, which helps an attacker and no client"
            ),
            vec![x.ev_at(seq, &ptr, Some(Value::String(line.clone())))],
            &x.leg,
        );
    }

    /// TASK-003 (1.0 §3.1.5; 0.3 sets no retention time): an agent MAY purge a task once it
    /// has ended and then answer TaskNotFoundError for it. True when exchange `x` is a
    /// call on task `tid` (any operation; a send only when its message names `tid` as its
    /// taskId; 1.0 §3.3.2: "already completed and purged") that the recording
    /// showed in a terminal state at least [`PURGE_GRACE_US`] before this call's request:
    /// its not-found answer is no ID-TASK-001 (adcp-client PR #1596, mine29c f610). A task
    /// last shown running stays ID-TASK-001's (librefang #3787, f609), and so does one not
    /// found moments after it ended: that agent never kept it (CASE-05, b12-L1, b26x-E02).
    pub(super) fn purged_after_end(&self, x: &Exch, tid: &str) -> bool {
        // review29a: every call on the task itself, not only GetTask / CancelTask: 1.0 §3.3.2
        // defines TaskNotFoundError for a task "already completed and purged", whatever the
        // call (a 0.x tasks/resubscribe, a follow-up message naming it as its taskId, a push
        // config call). A message that only refers to the task (referenceTaskIds) starts a new
        // task and stays breaker27 X05's.
        let on_task = x.call.as_ref().is_some_and(|c| {
            c.op.is_some()
                && (!matches!(c.op, Some(Op::SendMessage) | Some(Op::SendStreamingMessage))
                    || message_task_id(c).as_deref() == Some(tid))
        });
        on_task
            && self.task_of(x, tid).is_some_and(|t| {
                t.terminal
                    .as_ref()
                    .is_some_and(|(_, tseq, _)| *tseq < x.req_seq)
                    && t.terminal_read_t
                        .is_some_and(|(at, _)| x.req_t.saturating_sub(at) >= PURGE_GRACE_US)
            })
    }

    /// TASK-STATE-009 (TASK-005; 0.3 §7.1 MessageSendConfiguration.blocking, the 0.x form
    /// of 1.0's returnImmediately): a 0.2/0.3 message/send with `configuration.blocking:
    /// false` answered only after [`RETURN_IMMEDIATELY_SLOW_US`] or more, with task `id`
    /// already in a terminal or interrupted state `st`: the agent waited as for a blocking
    /// send (mastra PR #20205, a2a-python #253). `raw` is the state as written, found at
    /// `state_ptr` of body event `bseq`. A fast task may rightly be done at once, and a
    /// send without `blocking: false` is left to TASK-STATE-011.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn blocking_false_ignored(
        &mut self,
        x: &Exch,
        c: &Call,
        id: &str,
        st: Option<TaskState>,
        raw: Option<Value>,
        bseq: u64,
        state_ptr: &str,
    ) {
        let asked = c.params.pointer("/configuration/blocking");
        if asked.and_then(Json::as_bool) != Some(false) {
            return;
        }
        let waited = x.end_t.saturating_sub(x.req_t);
        let Some(st) = st.filter(|s| {
            (s.is_terminal() || s.is_interrupted()) && waited >= RETURN_IMMEDIATELY_SLOW_US
        }) else {
            return;
        };
        let base = c.params_base();
        self.find(
            &r::TASK_RETURN_IMMEDIATELY_IGNORED,
            format!(
                "agent answered {} with configuration.blocking: false only after {:.1} s, with task {id} already in {}: it waited for the task instead of answering right after creating it, so a caller whose HTTP timeout or gateway is shorter never learns the task id to poll",
                c.op_term(Op::SendMessage.name()),
                waited as f64 / 1e6,
                x.state_term(st)
            ),
            vec![
                x.ev_at(
                    x.req_ev_seq(),
                    &format!("{base}/configuration/blocking"),
                    Some(Value::Bool(false)),
                ),
                x.ev_at(bseq, state_ptr, raw),
            ],
            &x.leg,
        );
    }
}

impl State {
    /// STREAM-FIRST-001 (STREAM-003, STREAM-004; q29a, A2A #1262) for a 1.0 HTTP+JSON
    /// stream whose first event is the AIP-193 error object `v` (`{"error": {code, status,
    /// message, details}}`, ErrorInfo `reason`, at `seq`): judged as the JSON-RPC binding's
    /// error-first stream is ([`Self::error_opened_stream`]), with the same exceptions (a
    /// refused version other than 1.0, a subscription to a terminal task, another error
    /// finding on the exchange). An error after the first event stays legal (f113).
    pub(super) fn rest_error_opened_stream(
        &mut self,
        x: &mut Exch,
        c: &Call,
        v: &Json,
        reason: Option<&str>,
        seq: u64,
    ) {
        let code = v.pointer("/error/code").and_then(Json::as_i64);
        let status = v.pointer("/error/status").and_then(Json::as_str);
        self.error_opened_stream_as(x, c, code, seq, Some((status, reason)));
    }
}

impl State {
    /// CARD-SHAPE-010 (CARD-003, CARD-004; breaker28): skills of card `v` (body event
    /// `bseq`, the card at JSON Pointer `base`) that share an `id` (compared exactly, as
    /// proto strings are). One finding per card naming every repeated id (the first 8) with
    /// the skills' indexes; evidence at each repeat (`/skills/N/id`, the first 8). Any card
    /// generation: a2a.proto and the 0.3 schema both call the id unique.
    pub(super) fn card_skill_ids_repeated(&mut self, x: &Exch, v: &Json, base: &str, bseq: u64) {
        let Some(skills) = v.get("skills").and_then(Json::as_array) else {
            return;
        };
        // id -> indexes of the skills naming it, in card order
        let mut seen: Vec<(&str, Vec<usize>)> = Vec::new();
        for (i, s) in skills.iter().enumerate().take(1024) {
            let Some(id) = s.get("id").and_then(Json::as_str) else {
                continue;
            };
            match seen.iter_mut().find(|(k, _)| *k == id) {
                Some((_, ix)) => ix.push(i),
                None => seen.push((id, vec![i])),
            }
        }
        let repeated: Vec<&(&str, Vec<usize>)> =
            seen.iter().filter(|(_, ix)| ix.len() > 1).collect();
        if repeated.is_empty() {
            return;
        }
        let names = repeated
            .iter()
            .take(8)
            .map(|(id, ix)| {
                let at = ix
                    .iter()
                    .map(|i| format!("skills[{i}]"))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("{} ({at})", json_quote(id))
            })
            .collect::<Vec<_>>()
            .join("; ");
        let more = if repeated.len() > 8 {
            format!(" and {} more", repeated.len() - 8)
        } else {
            String::new()
        };
        let ev = repeated
            .iter()
            .flat_map(|(id, ix)| ix.iter().skip(1).map(move |i| (*id, *i)))
            .take(8)
            .map(|(id, i)| {
                x.ev_at(
                    bseq,
                    &format!("{base}/skills/{i}/id"),
                    Some(Value::String(id.to_string())),
                )
            })
            .collect();
        let what = if repeated.len() == 1 {
            "one id to several skills"
        } else {
            "each of these ids to several skills"
        };
        self.find(
            &r::CARD_SHAPE_SKILL_ID_DUPLICATE,
            format!(
                "the agent's card gives {what}: {names}{more}; a skill's id is its unique identifier (a2a.proto AgentSkill.id), so a client or router that picks a skill by id reaches only one of them"
            ),
            ev,
            &x.leg,
        );
    }
}

/// ID-007: an agent's internal failure while it handled a send (HTTP 500, JSON-RPC -32603
/// InternalError, gRPC INTERNAL 13) is no refusal of the message: the agent took the send
/// in and failed while running it, so it may have stored the message and acted on it, and
/// a retry under that messageId must resend the same message (ID-MSG-002; A2A PR #939,
/// mine29c f612). Other error answers (-32602, 400, 401, ...) refuse the message before
/// it is stored.
pub(super) fn internal_failure(x: &Exch) -> bool {
    if x.status == Some(500) {
        return true;
    }
    if let Some(gs) = x.trailers.get("grpc-status") {
        return gs.trim() == "13";
    }
    if x.sse.is_some() {
        return false;
    }
    let Some(body) = x.resp_decoded() else {
        return false;
    };
    Json::parse(&body).ok().is_some_and(|v| {
        v.pointer("/error/code")
            .and_then(Json::as_i64)
            .is_some_and(|c| c == -32603)
    })
}

/// The error text of exchange `x`'s answer, for wording checks (mine29a): a JSON-RPC
/// `error.message` and a string `error.data`, an HTTP+JSON `error.message`, or the
/// gRPC `grpc-message`; the words joined by a space, empty when there are none.
/// REST-VERB-001's words for the other push config path's verb (breaker37 R09, R10): a
/// `DELETE` on the list path `path` (read as ListTaskPushNotificationConfigs, `op`) or a
/// `POST` on one config's path (read as GetTaskPushNotificationConfig) names both verbs the
/// path takes and where the client's verb belongs; `None` for any other call.
pub(super) fn push_path_wrong_verb(
    op: Op,
    method: &str,
    path: &str,
    served: bool,
    status: Option<u16>,
) -> Option<String> {
    let (takes, instead) = match (op, method) {
        (Op::ListPushConfigs, "DELETE") => (
            "GET (ListTaskPushNotificationConfigs) and POST (CreateTaskPushNotificationConfig)",
            "configs are deleted one at a time, DELETE .../pushNotificationConfigs/{id}",
        ),
        (Op::GetPushConfig, "POST") => (
            "GET (GetTaskPushNotificationConfig) and DELETE (DeleteTaskPushNotificationConfig)",
            "a config is created by POST on the list path .../pushNotificationConfigs",
        ),
        _ => return None,
    };
    let outcome = if served {
        String::new()
    } else {
        format!(", so the agent refused it (HTTP {})", status.unwrap_or(0))
    };
    Some(format!(
        "client called {method} {path}, a method this path does not take: it takes {takes} only ({instead}){outcome}"
    ))
}

/// An HTTP+JSON `DELETE` on a task's push config list path (breaker37 R09: read as
/// ListTaskPushNotificationConfigs in the wrong verb, REST-VERB-001): its answer is what a
/// deletion of the configs left, no list to judge against the configs the task has.
pub(super) fn rest_list_deleted(x: &Exch, c: &Call) -> bool {
    c.binding == Some(Binding::Rest) && x.method.eq_ignore_ascii_case("DELETE")
}

/// The `error.data` of a JSON-RPC batch element's answer, parsed from `data_text` (the
/// element's exchange, [`batch_element`], has no body); `None` for any other exchange.
pub(super) fn batch_element_data(x: &Exch, data_text: Option<&str>) -> Option<Json<'static>> {
    if !x.body.as_slice().is_empty() {
        return None;
    }
    Json::parse(data_text?.as_bytes())
        .ok()
        .map(Json::into_owned)
}

/// The exchange of call `k` of JSON-RPC batch exchange `x`: its ids, URL and sequence
/// numbers, `k` as its call, `error` when the call's answer element is an error (the
/// element's own answer, not the batch's, decides success).
pub(super) fn batch_element(x: &Exch, k: &Call, error: bool, at: (usize, usize)) -> Exch {
    Exch {
        id: x.id.clone(),
        leg: x.leg.clone(),
        scope: x.scope.clone(),
        req_seq: x.req_seq,
        method: x.method.clone(),
        url: x.url.clone(),
        named_url: x.named_url.clone(),
        origin: x.origin.clone(),
        parts: x.parts.clone(),
        upstream_parts: x.upstream_parts.clone(),
        path: x.path.clone(),
        req_headers: x.req_headers.clone(),
        req_media: x.req_media.clone(),
        req_body_seq: x.req_body_seq,
        call: Some(Arc::new(k.clone())),
        status: x.status,
        resp_seq: x.resp_seq,
        resp_headers: x.resp_headers.clone(),
        resp_media: x.resp_media.clone(),
        body_seq: x.body_seq,
        answer_error: error,
        batch_at: Some(at),
        ..Default::default()
    }
}

pub(super) fn answer_error_text(x: &Exch) -> String {
    let mut out: Vec<String> = Vec::new();
    if let Some(body) = x.resp_decoded() {
        if let Ok(v) = Json::parse(&body) {
            for p in ["/error/message", "/error/data"] {
                if let Some(t) = v.pointer(p).and_then(Json::as_str) {
                    out.push(t.to_string());
                }
            }
        }
    }
    if let Some(m) = x.resp_headers.get("grpc-message") {
        out.push(m.to_string());
    }
    out.join(" ")
}

/// Whether error text `m` says a push notification config does not exist: it names a
/// config ("config", "configuration") and says "not found", "does not exist", "no such"
/// or "unknown" (a2a-go's `push config not found`, ggcode's `push config not found: <id>`,
/// "no push notification config cfg-9"). PUSH-003: the miss is TaskNotFoundError (mine29a).
pub(super) fn says_push_config_missing(m: &str) -> bool {
    let l = m.to_ascii_lowercase();
    (l.contains("config") || l.contains("webhook"))
        && [
            "not found",
            "does not exist",
            "doesn't exist",
            "no such",
            "unknown",
            "not exist",
        ]
        .iter()
        .any(|k| l.contains(k))
        || l.contains("no push notification config")
        || l.contains("no push config")
}

/// Whether error text `m` refuses a page size: it names `page_size`, `pageSize` or "page
/// size" (RPC-ERROR-003, mine29a: "page_size must be between 1 and 100" for a ListTasks
/// call that sent none, Handler PR #112).
pub(super) fn says_page_size_refused(m: &str) -> bool {
    let l = m.to_ascii_lowercase();
    ["page_size", "pagesize", "page size"]
        .iter()
        .any(|k| l.contains(k))
}

/// The secret tags of the placeholders in `text` (`[REDACTED:1a2b3c4d5e6f]`, the first
/// [`crate::record::redact::TAG_HEX`] digits of a tag with a principal tag behind them;
/// [`crate::record::redact::placeholder_secret_tag`]) with the byte offset of each.
pub(super) fn secret_tags_in(text: &[u8]) -> Vec<(usize, &str)> {
    const OPEN: &[u8] = b"[REDACTED:";
    // the recorder's searcher for the same needle, built once (a one-shot `find_iter`
    // built one per text: ~450 instructions, three texts per exchange with a credential)
    let mut out = Vec::new();
    for at in crate::record::redact::PLACEHOLDER_OPEN.iter(text) {
        let rest = &text[at + OPEN.len()..];
        let n = rest
            .iter()
            .take(65)
            .take_while(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
            .count();
        if n == 0 || rest.get(n) != Some(&b']') {
            continue;
        }
        let Ok(whole) = std::str::from_utf8(&text[at..at + OPEN.len() + n + 1]) else {
            continue;
        };
        if let Some(t) = crate::record::redact::placeholder_secret_tag(whole) {
            out.push((at, t));
        }
    }
    out
}

impl State {
    /// AUTH-LEAK-002 (AUTH-001; breaker53): keeps the credential tags exchange `x`'s
    /// request head sent (a client or upstream leg, not the agent's own webhook calls) and
    /// those its request body carried, then tells an answer body of an A2A call or card
    /// fetch, or a push delivery's payload (a webhook leg's request body), that quotes a
    /// credential some request head sent earlier (or this one): the recorder gives the copy
    /// the tag of the header it came in. A tag a request body carried too (a push config's
    /// token or credentials, a credential the client put in its payload) is the client's
    /// own payload quoted, not judged; neither is a response that is no A2A answer (an
    /// OAuth token endpoint handing out the token). Once per credential.
    pub(super) fn credential_echoed(&mut self, x: &Exch) {
        let webhook = x
            .leg
            .as_deref()
            .is_some_and(crate::record::event::is_webhook_leg);
        if !webhook {
            self.note_sent_cred_tags(x);
        }
        let req = x.req_body.as_slice();
        if crate::record::redact::holds_tagged_placeholder(req) {
            for (_, t) in secret_tags_in(req) {
                if !webhook && self.payload_cred_tags.len() < ECHO_TAGS {
                    self.payload_cred_tags.insert(t.to_string());
                }
            }
        }
        if self.sent_cred_tags.is_empty() {
            return;
        }
        let answered = x.status.is_some_and(|s| s != 304)
            && (x.call.as_ref().is_some_and(|c| c.op.is_some()) || is_card_path(&x.path));
        // The answer's texts: its body (decoded when coded: a gzip answer the recorder
        // scrubbed decoded, left54), an event stream's tagged frames, and the note of a
        // coded stream the recorder left out because it quoted a credential.
        let decoded;
        let note;
        let (texts, what): ([&[u8]; 3], _) = if webhook {
            ([req, &[], &[]], "push notification it sent")
        } else if answered {
            decoded = match x.resp_coding {
                true => super::coded_body(&x.resp_headers, true, x.body.as_slice()).ok(),
                false => None,
            };
            note = x
                .end_error
                .as_deref()
                .filter(|e| e.contains(crate::record::redact::ECHO_LEFT_OUT))
                .unwrap_or("");
            (
                [
                    decoded.as_deref().unwrap_or(x.body.as_slice()),
                    &x.echo_text,
                    note.as_bytes(),
                ],
                "answer",
            )
        } else {
            return;
        };
        let hit = texts
            .into_iter()
            .filter(|t| crate::record::redact::holds_tagged_placeholder(t))
            .find_map(|text| {
                let (at, tag, sent) = secret_tags_in(text).into_iter().find_map(|(at, t)| {
                    let sent = self.sent_cred_tags.get(t)?;
                    (!self.payload_cred_tags.contains(t)).then(|| (at, t.to_string(), sent.clone()))
                })?;
                Some((text, at, tag, sent))
            });
        let Some((text, at, tag, sent)) = hit else {
            return;
        };
        // once per credential: a second copy says nothing new
        if self.sent_cred_tags.get(&tag).is_some_and(|s| s.is_empty()) {
            return;
        }
        let from = at.saturating_sub(60);
        let to = (at + 90).min(text.len());
        let excerpt = excerpt_str(&String::from_utf8_lossy(&text[from..to]), 150);
        let call = x.call_name();
        self.areas.insert("auth");
        let mut f = Finding::new(
            &r::AUTH_CREDENTIAL_ECHOED,
            format!(
                "the agent's {what} ({call}, HTTP {}) quotes the credential the client sent as {sent}: ...{excerpt}... (the recording shows it by its tag; the copy is the same secret): credentials travel in HTTP headers only, never in A2A payloads (AUTH-001)",
                x.status.map_or_else(|| "-".to_string(), |s| s.to_string())
            ),
        );
        f.evidence = vec![x.ev(if webhook { x.req_seq } else { x.resp_seq })];
        f.leg = x.leg.clone();
        self.emit(f);
        if let Some(s) = self.sent_cred_tags.get_mut(&tag) {
            s.clear();
        }
    }

    /// [`Self::credential_echoed`]'s record of the credentials `x`'s request head sent.
    fn note_sent_cred_tags(&mut self, x: &Exch) {
        let id = &*x.id;
        // one search over the head's text: most heads hold no placeholder (asked already
        // at an event stream's first frame)
        let in_head = x
            .head_tagged
            .unwrap_or_else(|| x.req_headers.holds_tagged_placeholder());
        for (name, value) in x.req_headers.iter().filter(|_| in_head) {
            if !crate::record::redact::holds_tagged_placeholder(value.as_bytes()) {
                continue;
            }
            let cookie = name.eq_ignore_ascii_case("cookie");
            for (at, t) in secret_tags_in(value.as_bytes()) {
                if self.sent_cred_tags.len() >= ECHO_TAGS || self.sent_cred_tags.contains_key(t) {
                    continue;
                }
                let what = if cookie {
                    let pair = value[..at].rsplit(';').next().unwrap_or("");
                    let n = pair.trim().trim_end_matches('=');
                    format!("the {n} cookie of exchange {id}")
                } else {
                    format!("the {} header of exchange {id}", wire_header_name(name))
                };
                self.sent_cred_tags.insert(t.to_string(), what);
            }
        }
        // `memchr` (the crate's, vectorised) for the `?`: `str::split_once` walks the URL
        // byte by byte on every exchange
        if let Some(q) = memchr::memchr(b'?', x.url.as_bytes())
            .map(|at| &x.url[at + 1..])
            .filter(|q| crate::record::redact::holds_tagged_placeholder(q.as_bytes()))
        {
            for pair in q.split(['&', '#']) {
                let Some((n, v)) = pair.split_once('=') else {
                    continue;
                };
                if let Some(t) = crate::record::redact::placeholder_secret_tag(v) {
                    if self.sent_cred_tags.len() < ECHO_TAGS && !self.sent_cred_tags.contains_key(t)
                    {
                        self.sent_cred_tags.insert(
                            t.to_string(),
                            format!("the {n} query parameter of exchange {id}"),
                        );
                    }
                }
            }
        }
    }
}

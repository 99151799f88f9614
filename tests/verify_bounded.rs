//! The verifier's state is bounded (issue 7) and forgetting state never makes a rule fire:
//! a cancel whose task reached `canceled` stays quiet even after more than `MAX_TASKS`
//! (10,000) newer tasks pushed that task out of memory (TASK-STATE-004, DIGEST TASK-003),
//! while a cancel that truly never took effect is still reported.

use a2a_interop::record::{Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader};
use a2a_interop::verify::{Verifier, VerifyOutcome};

/// Builds one JSON-RPC 0.3 exchange (request head + body, response head + body, end).
struct Rec {
    seq: u64,
    xn: u64,
    events: Vec<Event>,
}

impl Rec {
    fn ev(&mut self, x: &str, kind: EventKind) {
        self.seq += 1;
        self.events.push(Event {
            seq: self.seq,
            t_us: self.seq * 10,
            exchange: Some(x.into()),
            leg: None,
            kind,
        });
    }

    fn call(&mut self, method: &str, task: &str, state: &str) {
        let n = self.xn + 1;
        let req = format!(
            r#"{{"jsonrpc":"2.0","id":{n},"method":"{method}","params":{{"id":"{task}"}}}}"#
        );
        let resp = format!(
            r#"{{"jsonrpc":"2.0","id":{n},"result":{{"kind":"task","id":"{task}","contextId":"c-{task}","status":{{"state":"{state}"}}}}}}"#
        );
        self.exchange(&[], req, resp);
    }

    /// One JSON-RPC POST exchange to `http://127.0.0.1:9/` with `req` and its 200 answer
    /// `resp`; `extra` request headers besides `content-type: application/json`.
    fn exchange(&mut self, extra: &[(&str, &str)], req: String, resp: String) {
        self.answered(extra, req, 200, "application/json", resp);
    }

    /// [`Rec::exchange`] answered HTTP `status` with a `content_type` body `resp`.
    fn answered(
        &mut self,
        extra: &[(&str, &str)],
        req: String,
        status: u16,
        content_type: &str,
        resp: String,
    ) {
        self.xn += 1;
        let x = format!("e{}", self.xn);
        let json = Headers::from(vec![("content-type".into(), "application/json".into())]);
        let mut req_headers = json.clone();
        for (k, v) in extra {
            req_headers.push(k, v);
        }
        let (req_len, resp_len) = (req.len() as u64, resp.len() as u64);
        self.ev(
            &x,
            EventKind::RequestHead {
                conn: Some(1),
                method: "POST".into(),
                url: "http://127.0.0.1:9/".into(),
                version: Some("HTTP/1.1".into()),
                headers: req_headers,
                upstream: None,
            },
        );
        self.ev(
            &x,
            EventKind::RequestBody {
                body: Body::new(req.into_bytes()),
            },
        );
        self.ev(
            &x,
            EventKind::ResponseHead {
                status,
                version: Some("HTTP/1.1".into()),
                headers: Headers::from(vec![("content-type".into(), content_type.into())]),
                synthetic: false,
                reason: None,
            },
        );
        self.ev(
            &x,
            EventKind::ResponseChunk {
                body: Body::new(resp.into_bytes()),
            },
        );
        self.ev(
            &x,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: req_len,
                response_bytes: resp_len,
                truncated: false,
                resent: None,
                connect_failure: None,
            },
        );
    }
}

/// A cancel of task `t1` answered `working`, then `t1` reported as `t1_later`, then 10,001
/// other completed tasks (more than the verifier keeps), verified.
fn run(t1_later: &str) -> VerifyOutcome {
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    r.call("tasks/cancel", "t1", "working");
    r.call("tasks/get", "t1", t1_later);
    for i in 0..10_001 {
        r.call("tasks/get", &format!("other-{i}"), "completed");
    }
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in &r.events {
        v.feed(e);
    }
    v.finish()
}

fn cancel_findings(out: &VerifyOutcome) -> Vec<String> {
    out.findings
        .iter()
        .filter(|f| f.rule == "TASK-STATE-004")
        .map(|f| f.message.clone())
        .collect()
}

#[test]
fn forgotten_canceled_task_gives_no_false_cancel_finding() {
    let out = run("canceled");
    assert_eq!(out.exchanges, 10_003);
    assert_eq!(cancel_findings(&out), Vec::<String>::new());
}

/// A 1.0 blocking SendMessage (no `returnImmediately`) creating task `task`, answered
/// completed with artifact `a1`.
fn blocking_send(r: &mut Rec, task: &str) {
    let n = r.xn + 1;
    let req = format!(
        r#"{{"jsonrpc":"2.0","id":{n},"method":"SendMessage","params":{{"message":{{"messageId":"m-{task}","role":"ROLE_USER","parts":[{{"text":"go"}}]}}}}}}"#
    );
    let resp = format!(
        r#"{{"jsonrpc":"2.0","id":{n},"result":{{"task":{{"id":"{task}","contextId":"c-{task}","status":{{"state":"TASK_STATE_COMPLETED"}},"artifacts":[{{"artifactId":"a1","parts":[{{"text":"x"}}]}}]}}}}}}"#
    );
    r.exchange(&[("a2a-version", "1.0")], req, resp);
}

/// The verifier's state over 12,000 fresh 1.0 tasks (more than `MAX_TASKS`, 10,000, the
/// bound of everything kept per task, message or context), each made by a blocking send:
/// every collection stays within its bound, the per-task records of TASK-005 (the blocking
/// answer's artifact ids) are forgotten with their task instead of filling up, and so the
/// newest task is still judged: a GetTask showing an artifact its blocking answer lacked is
/// TASK-STATE-007 (TASK-005), as it is on a short recording.
#[test]
fn kept_state_stays_bounded_over_many_fresh_tasks_and_new_tasks_are_still_judged() {
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    const TASKS: usize = 12_000;
    for i in 0..TASKS {
        blocking_send(&mut r, &format!("task-{i}"));
    }
    let last = format!("task-{}", TASKS - 1);
    let n = r.xn + 1;
    let req =
        format!(r#"{{"jsonrpc":"2.0","id":{n},"method":"GetTask","params":{{"id":"{last}"}}}}"#);
    let resp = format!(
        r#"{{"jsonrpc":"2.0","id":{n},"result":{{"id":"{last}","contextId":"c-{last}","status":{{"state":"TASK_STATE_COMPLETED"}},"artifacts":[{{"artifactId":"a1","parts":[{{"text":"x"}}]}},{{"artifactId":"a2","parts":[{{"text":"y"}}]}}]}}}}"#
    );
    r.exchange(&[("a2a-version", "1.0")], req, resp);
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in r.events {
        v.feed_owned(e);
    }
    let kept: std::collections::HashMap<&str, usize> = v.kept_counts().into_iter().collect();
    // Every collection is bounded by the 10,000 of MAX_TASKS (the largest bound) ...
    let over: Vec<_> = kept.iter().filter(|(_, n)| **n > 10_000).collect();
    assert!(over.is_empty(), "over the bound: {over:?}");
    // ... the task records are full, each once in the eviction order ...
    assert_eq!(kept["tasks"], 10_000);
    assert_eq!(kept["task_order"], 10_000);
    // ... and the blocking answers' artifact ids are kept for remembered tasks only (the
    // oldest 2,000 went with their tasks; the last one with its TASK-STATE-007 finding).
    assert!(
        kept["blocking_artifacts"] < kept["tasks"],
        "{} blocking answers kept for {} tasks",
        kept["blocking_artifacts"],
        kept["tasks"]
    );
    // The message ids are the most recent ones (two generations of 5,000: between 5,000
    // and 10,000 held), not the first 10,000.
    assert!(
        (5_000..=10_000).contains(&kept["sent_messages"]),
        "{}",
        kept["sent_messages"]
    );
    let out = v.finish();
    let early: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "TASK-STATE-007")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        early,
        [format!("blocking SendMessage answered task {last} TASK_STATE_COMPLETED without artifact a2, which GetTask later returns for the same terminal task: the agent sent the blocking reply before the task's artifacts were complete (or changed a terminal task)")],
    );
}

#[test]
fn ineffective_cancel_is_still_reported_after_the_task_is_forgotten() {
    let out = run("working");
    assert_eq!(
        cancel_findings(&out),
        vec!["cancel of task t1 returned success but the task never reached canceled".to_string()]
    );
}

/// A gateway's two legs of one 1.0 stream of `n` working updates between a Task and the
/// completed update, as a transcript; the client leg gets an artifact update instead of
/// working update `odd` (1-based over the whole stream).
fn two_leg_stream(n: usize, odd: usize) -> String {
    use serde_json::json;
    let req = r#"{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"go"}]}}"#;
    let mut lines = vec![
        json!({"dir":"req","method":"POST","url":"https://gw.example.test/message:stream","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":req,"t":0.0}),
        json!({"dir":"req","method":"POST","url":"http://backend.example.test:8000/message:stream","headers":{"content-type":"application/json","a2a-version":"1.0"},"body":req,"leg":"upstream","t":0.001}),
        json!({"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":"","leg":"upstream","t":0.002}),
        json!({"dir":"resp","status":200,"headers":{"content-type":"text/event-stream"},"body":"","t":0.003}),
    ];
    let task = r#"{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_SUBMITTED"}}}"#;
    let working = r#"{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}}"#;
    let artifact = r#"{"artifactUpdate":{"taskId":"t1","contextId":"c1","artifact":{"artifactId":"a1","parts":[{"text":"x"}]}}}"#;
    let done = r#"{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}"#;
    let mut t = 0.01;
    let mut both = |lines: &mut Vec<serde_json::Value>, up: &str, client: &str| {
        t += 0.001;
        lines.push(json!({"dir":"chunk","body":format!("data: {up}\n\n"),"leg":"upstream","t":t}));
        lines.push(json!({"dir":"chunk","body":format!("data: {client}\n\n"),"t":t + 0.0005}));
    };
    both(&mut lines, task, task);
    for i in 2..n + 2 {
        both(
            &mut lines,
            working,
            if i == odd { artifact } else { working },
        );
    }
    both(&mut lines, done, done);
    lines.push(json!({"dir":"chunk","body":"","close":"eof","leg":"upstream","t":t + 0.01}));
    lines.push(json!({"dir":"chunk","body":"","close":"eof","t":t + 0.02}));
    lines.iter().map(|l| l.to_string() + "\n").collect()
}

fn lost_or_altered(t: &str) -> Vec<String> {
    let (h, evs) = a2a_interop::record::transcript::read(t).unwrap();
    a2a_interop::verify::verify_all(&h, evs.iter())
        .findings
        .into_iter()
        .filter(|f| f.rule == "GW-SSE-002")
        .map(|f| f.message)
        .collect()
}

/// A long stream keeps per-event memory for its first 4,096 events only (about 200 KiB,
/// however long it runs): a difference between the legs there is still reported
/// (GW-SSE-002), one past it is not judged, never misreported.
#[test]
fn a_long_streams_per_event_memory_is_bounded_and_its_prefix_still_judged() {
    let early = lost_or_altered(&two_leg_stream(6_000, 3));
    assert_eq!(
        early,
        ["stream event 3 differs between legs: agent sent statusUpdate TASK_STATE_WORKING, client received artifactUpdate a1"],
        "{early:?}"
    );
    assert!(lost_or_altered(&two_leg_stream(6_000, 5_000)).is_empty());
    // Short streams are judged whole, as before.
    assert_eq!(lost_or_altered(&two_leg_stream(100, 90)).len(), 1);
}

/// After more sends than the message-id state holds (12,000 > `MAX_TASKS`), a recent
/// messageId sent again with other parts is still ID-MSG-002 (ID-007): the state keeps the
/// most recent ids, where it used to stop adding at 10,000 and judge nothing newer. The
/// first send's id, long forgotten, reused: silent (a forgotten id is never a finding).
#[test]
fn recent_message_id_reuse_is_judged_after_many_sends() {
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    const TASKS: usize = 12_000;
    for i in 0..TASKS {
        blocking_send(&mut r, &format!("task-{i}"));
    }
    for reused in [TASKS - 2, 0] {
        let n = r.xn + 1;
        let req = format!(
            r#"{{"jsonrpc":"2.0","id":{n},"method":"SendMessage","params":{{"message":{{"messageId":"m-task-{reused}","role":"ROLE_USER","parts":[{{"text":"something else"}}]}}}}}}"#
        );
        let resp = format!(
            r#"{{"jsonrpc":"2.0","id":{n},"result":{{"task":{{"id":"again-{reused}","contextId":"c-again","status":{{"state":"TASK_STATE_COMPLETED"}},"artifacts":[{{"artifactId":"a1","parts":[{{"text":"x"}}]}}]}}}}}}"#
        );
        r.exchange(&[("a2a-version", "1.0")], req, resp);
    }
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in r.events {
        v.feed_owned(e);
    }
    let out = v.finish();
    let reused: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "ID-MSG-002")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        reused,
        [format!("client sent messageId m-task-{} again with other parts than the message it first named: an agent that dedupes retries by messageId drops this message or answers it with the first one's result", TASKS - 2)]
    );
}

/// An intermediary's 503 page (no A2A answer) to a JSON-RPC send, `n` times: each is
/// GW-RESP-003's, and the verifier remembers that the answer is not the agent's only for
/// the most recent ones (issue 7, memory flat in file length); the last call is still
/// judged as the intermediary's, not as an agent answering without a JSON-RPC envelope.
#[test]
fn intermediary_answers_are_remembered_for_recent_exchanges_only() {
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    const CALLS: usize = 12_000;
    for i in 0..CALLS {
        let req = format!(
            r#"{{"jsonrpc":"2.0","id":{i},"method":"message/send","params":{{"message":{{"kind":"message","role":"user","messageId":"m-{i}","parts":[{{"kind":"text","text":"hi"}}]}}}}}}"#
        );
        r.answered(
            &[],
            req,
            503,
            "text/html",
            "<html><body>503 Service Temporarily Unavailable</body></html>".into(),
        );
    }
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in r.events {
        v.feed_owned(e);
    }
    let kept: std::collections::HashMap<&str, usize> = v.kept_counts().into_iter().collect();
    assert!(
        (5_000..=10_000).contains(&kept["gw_own_answer"]),
        "{}",
        kept["gw_own_answer"]
    );
    let out = v.finish();
    let rules: std::collections::BTreeSet<&str> =
        out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert!(rules.contains("GW-RESP-003"), "{rules:?}");
    assert!(
        !rules.contains("RPC-ENVELOPE-001"),
        "an intermediary's page blamed on the agent: {rules:?}"
    );
}

/// The exchange index `verify` builds beside the verifier for its reports (evidence lines,
/// excerpts, timelines: `report::ExchangeIndex`) stays within `INDEX_BUDGET_BYTES` however
/// many exchanges the file holds (issue 7, mem41: its 200,000-entry cap alone let it reach
/// ~270 MiB on a 1 GB recording). Past the budget an exchange is counted but not shown, and
/// a transcript's later events get no line number rather than the last one kept.
#[test]
fn report_exchange_index_stays_within_its_byte_budget_and_counts_the_rest() {
    use a2a_interop::report::index::INDEX_BUDGET_BYTES;
    use a2a_interop::report::{ExchangeIndex, SourceFile};
    const EXCHANGES: u64 = 80_000;
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    let mut ix = ExchangeIndex::new(SourceFile::Transcript);
    let mut peak = 0;
    for i in 0..EXCHANGES {
        r.call("tasks/get", &format!("task-{i}"), "completed");
        for e in r.events.drain(..) {
            ix.observe(&e);
        }
        peak = peak.max(ix.kept_bytes());
    }
    // Over the budget by one growth step of the `seq` entries at most (an eighth).
    assert!(
        peak <= INDEX_BUDGET_BYTES + INDEX_BUDGET_BYTES / 8,
        "index peaked at {peak} bytes, budget {INDEX_BUDGET_BYTES}"
    );
    assert_eq!(ix.exchanges_seen(), EXCHANGES);
    let shown = ix.exchanges().len() as u64;
    assert!(shown < EXCHANGES, "all {shown} exchanges kept");
    // The earliest exchanges are the ones shown, with what a report cites of them.
    let first = ix.exchange("e1").expect("e1 shown");
    assert_eq!(
        (
            first.method.as_str(),
            first.status,
            first.a2a_method.as_deref()
        ),
        ("POST", Some(200), Some("tasks/get"))
    );
    assert!(ix.exchange(&format!("e{EXCHANGES}")).is_none());
    // Every event is a line of its own here (a new time each): the first is line 1, the
    // last has no line (not the last one kept, which would cite the wrong line).
    assert_eq!(ix.line_of_seq(1), Some(1));
    assert_eq!(ix.line_of_seq(r.seq), None);
}

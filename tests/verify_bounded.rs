//! The verifier's state is bounded (issue 7) and forgetting state never makes a rule fire:
//! a cancel whose task reached `canceled` stays quiet even after more than `MAX_TASKS`
//! (10,000) newer tasks pushed that task out of memory (TASK-STATE-004, DIGEST TASK-003),
//! while a cancel that truly never took effect is still reported.

use a2a_interop::record::{Body, CaptureMode, Event, EventKind, Headers, Outcome, RecordingHeader};
use a2a_interop::verify::{Finding, Verifier, VerifyOutcome};

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

/// Issue 7 (mem43), "flat in memory": an agent with a fault on every call (each task
/// answered in a state A2A does not have: TASK-STATE-005, a new message per task) makes a
/// finding per exchange. Past `MAX_KEPT_FINDINGS` held at once the verifier keeps the first
/// of each rule, severity and leg and the latest `KEPT_RECENT_FINDINGS`, and counts the rest
/// by rule; every finding was still handed out by `feed` as it was made (the proxy's
/// recording gets each), and the report says how many were not kept. Before, all 25,001
/// stayed in memory (~1 to 2 KiB each) for as long as the proxy ran.
#[test]
fn findings_held_in_memory_are_bounded_and_the_rest_counted() {
    use a2a_interop::verify::{KEPT_RECENT_FINDINGS, MAX_KEPT_FINDINGS};
    const CALLS: usize = 25_000;
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    // one other rule first, once: kept whatever follows (a cancel that never took effect)
    r.call("tasks/cancel", "t-cancel", "working");
    r.call("tasks/get", "t-cancel", "working");
    for i in 0..CALLS {
        r.call("tasks/get", &format!("t-{i}"), "no-such-state");
    }
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    let mut handed_out = 0u64;
    let mut peak_kept = 0;
    let mut last_live = None;
    for e in &r.events {
        let found = v.feed(e);
        handed_out += found.len() as u64;
        if let Some(f) = found.into_iter().last() {
            last_live = Some(f);
        }
        let out = v
            .kept_counts()
            .into_iter()
            .find(|(k, _)| *k == "out")
            .unwrap()
            .1;
        peak_kept = peak_kept.max(out);
    }
    let out = v.finish();
    let per_task = |m: &Finding| m.rule == "TASK-STATE-005";
    assert!(
        handed_out as usize >= CALLS,
        "one TASK-STATE-005 per call expected: {handed_out} handed out"
    );
    assert!(
        peak_kept <= MAX_KEPT_FINDINGS + 2,
        "held {peak_kept} findings at once"
    );
    assert!(
        out.findings.len() <= MAX_KEPT_FINDINGS,
        "{} kept",
        out.findings.len()
    );
    // every finding made is either kept or counted, none lost, none counted twice
    assert!(
        out.findings_made() >= handed_out,
        "made {} < handed out {handed_out}",
        out.findings_made()
    );
    let not_kept: Vec<_> = out
        .findings_not_kept
        .iter()
        .map(|n| (n.rule.clone(), n.count))
        .collect();
    let kept_005 = out.findings.iter().filter(|f| per_task(f)).count() as u64;
    assert_eq!(not_kept.len(), 1, "{not_kept:?}");
    assert_eq!(not_kept[0].0, "TASK-STATE-005");
    assert_eq!(
        not_kept[0].1 + kept_005,
        CALLS as u64,
        "{not_kept:?} + {kept_005} kept"
    );
    assert!(kept_005 as usize >= KEPT_RECENT_FINDINGS);
    // the first of the rule and the latest are kept; so is the one other rule's finding
    // (t-0 is exchange e3, after the cancel's two)
    let on = |f: &Finding, x: &str| f.evidence.iter().any(|e| e.exchange.as_deref() == Some(x));
    assert!(
        out.findings.iter().any(|f| per_task(f) && on(f, "e3")),
        "t-0's finding shed"
    );
    let last_x = format!("e{}", CALLS + 2);
    assert!(
        out.findings.iter().any(|f| per_task(f) && on(f, &last_x)),
        "{last_x}'s shed"
    );
    let last = last_live.expect("a finding on the last call");
    assert!(
        out.findings.iter().any(|f| f.message == last.message),
        "the latest shed"
    );
    assert!(
        out.findings.iter().any(|f| f.rule == "TASK-STATE-004"),
        "the cancel's finding shed: {:?}",
        out.findings
            .iter()
            .map(|f| &f.rule)
            .collect::<std::collections::BTreeSet<_>>()
    );
    // the report says it
    let input = a2a_interop::report::ReportInput::new(
        RecordingHeader::new(CaptureMode::Reverse),
        out,
        Default::default(),
        a2a_interop::report::ExchangeIndex::new(a2a_interop::report::SourceFile::None),
    );
    let report = a2a_interop::report::Report::build(&input);
    let line = report.not_kept_line().expect("a not-kept line");
    assert!(
        line.starts_with(&format!(
            "{} more findings were made than kept in memory",
            thousands(not_kept[0].1)
        )),
        "{line}"
    );
    assert!(
        line.ends_with(&format!(
            "TASK-STATE-005 error {}",
            thousands(not_kept[0].1)
        )),
        "{line}"
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["findingsNotKept"][0]["rule"], "TASK-STATE-005");
    assert_eq!(json["findingsNotKept"][0]["count"], not_kept[0].1);
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/report-schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    let errors: Vec<String> = v
        .iter_errors(&json)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

fn thousands(n: u64) -> String {
    let d = n.to_string();
    let mut out = String::new();
    for (i, c) in d.chars().enumerate() {
        if i > 0 && (d.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Issue 7 (mem43): the list of exchanges not judged is bounded too (a client that gives up
/// on every call, a capture cap every body passes): past `MAX_KEPT_INCOMPLETE` entries the
/// oldest are dropped and counted, and the report's `notJudged` count still covers every
/// one (`notJudgedNotListed` the dropped ones).
#[test]
fn exchanges_not_judged_are_bounded_and_still_counted() {
    use a2a_interop::verify::MAX_KEPT_INCOMPLETE;
    const CALLS: usize = 12_000;
    let mut r = Rec {
        seq: 0,
        xn: 0,
        events: Vec::new(),
    };
    for i in 0..CALLS {
        r.call("tasks/get", &format!("t-{i}"), "completed");
    }
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    let mut peak = 0;
    for mut e in r.events {
        if let EventKind::ExchangeEnd { truncated, .. } = &mut e.kind {
            *truncated = true;
        }
        v.feed(&e);
        let n = v
            .kept_counts()
            .into_iter()
            .find(|(k, _)| *k == "incomplete")
            .unwrap()
            .1;
        peak = peak.max(n);
    }
    let out = v.finish();
    assert!(
        peak <= MAX_KEPT_INCOMPLETE + 1,
        "held {peak} entries at once"
    );
    let listed: std::collections::BTreeSet<&str> =
        out.incomplete.iter().map(|(x, _)| x.as_str()).collect();
    assert_eq!(listed.len() as u64 + out.incomplete_not_kept, CALLS as u64);
    assert!(out.incomplete_not_kept > 0);
    // the latest are the ones listed
    assert!(listed.contains(format!("e{CALLS}").as_str()));
    assert!(!listed.contains("e1"));
    let input = a2a_interop::report::ReportInput::new(
        RecordingHeader::new(CaptureMode::Reverse),
        out,
        Default::default(),
        a2a_interop::report::ExchangeIndex::new(a2a_interop::report::SourceFile::None),
    );
    let report = a2a_interop::report::Report::build(&input);
    assert_eq!(report.counts.not_judged, CALLS as u64);
    assert!(report.counts.not_judged_not_listed > 0);
}

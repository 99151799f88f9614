//! The 25 handed field cases (`tests/cases/CASE-NN.jsonl` + `.expect.json`), the variants
//! and the mined field cases: every expected finding (by rule alias, with its severity) is
//! reported, and no other finding of warning or error severity appears (a warning beside the
//! case's subject is listed in `allowed_warnings` with its reason). Legal cases (empty
//! expectation) give no error and no warning.

use crate::common;

use std::path::Path;

use a2a_interop::record::{source, EventKind};
use a2a_interop::verify::{rules, Severity, Verifier, VerifyOutcome};
use common::{only_message, variant_finding as only_finding, verify_file as verify};

fn render(out: &VerifyOutcome) -> String {
    out.findings
        .iter()
        .map(|f| format!("  {} {} ({}): {}", f.severity, f.name, f.rule, f.message))
        .collect::<Vec<_>>()
        .join("\n")
}

fn check_case(n: u32) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    check_file(&dir, &format!("CASE-{n:02}"));
}

/// Own variants of the handed cases (other dialect, binding or shape of the same fault):
/// `tests/cases/variants/*.jsonl` + `.expect.json`, judged the same way.
#[test]
fn variants() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".jsonl")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 10);
    let mut unlisted = Vec::new();
    for n in &names {
        check_file(&dir, n);
        if n.starts_with("legal-") || n.contains("-legal-") {
            unlisted.extend(legal_variant_unlisted_warnings(&dir, n));
        }
    }
    assert!(
        unlisted.is_empty(),
        "{} legal variants got warnings their .expect.json does not list in allowed_warnings:\n{}",
        unlisted.len(),
        unlisted.join("\n")
    );
}

/// q30b (session 29 lead): a `legal` variant is held to the rule of a legal field case
/// (no error, no warning), except the findings it expects and the warnings its `.expect.json`
/// lists in `allowed_warnings`,
/// each `{"rule": alias, "reason": why the warning is right for traffic that is otherwise
/// legal}` (a warning about the client or the card, not the fault the case is legal for).
/// Returns one line per warning not listed, and one per listed warning that did not fire
/// (a stale list hides nothing).
fn legal_variant_unlisted_warnings(dir: &Path, stem: &str) -> Vec<String> {
    let expect: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("{stem}.expect.json"))).unwrap(),
    )
    .unwrap();
    let allowed: Vec<&str> = expect["allowed_warnings"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|w| {
                    assert!(
                        w["reason"].as_str().is_some_and(|r| r.len() >= 20),
                        "{stem}: allowed_warnings entry without a reason: {w}"
                    );
                    w["rule"].as_str().unwrap_or_default()
                })
                .collect()
        })
        .unwrap_or_default();
    // the findings the case expects (the client's fault beside the agent's legal answer)
    let expected: Vec<&str> = expect["findings"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| e["rule"].as_str()).collect())
        .unwrap_or_default();
    let out = verify(&dir.join(format!("{stem}.jsonl")));
    let mut bad: Vec<String> = out
        .findings
        .iter()
        .filter(|f| {
            f.severity >= Severity::Warning
                && !allowed.contains(&f.name.as_str())
                && !expected.contains(&f.name.as_str())
        })
        .map(|f| format!("{stem}: {} {} ({})", f.severity.as_str(), f.rule, f.name))
        .collect();
    for a in allowed {
        if !out
            .findings
            .iter()
            .any(|f| f.name == a && f.severity == Severity::Warning)
        {
            bad.push(format!("{stem}: allowed warning {a} did not fire"));
        }
    }
    bad
}

/// Faults mined from public issue trackers in session 6 (`tests/cases/field/*.jsonl` +
/// `.expect.json`, each naming its issue URL in `source`): judged like the variants, and a
/// legal case (`legal-*`, empty expectation) must also give no warning.
#[test]
fn field() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/field");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".jsonl")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 30, "{} field cases", names.len());
    for n in names {
        check_file(&dir, &n);
        let expect: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{n}.expect.json"))).unwrap(),
        )
        .unwrap();
        assert!(
            expect["source"]
                .as_str()
                .is_some_and(|s| s.contains("https://github.com/")),
            "{n}: source names no issue URL"
        );
        if n.starts_with("legal-") || n.contains("-legal-") {
            assert!(expect["findings"].as_array().unwrap().is_empty(), "{n}");
            let out = verify(&dir.join(format!("{n}.jsonl")));
            assert!(
                out.findings.iter().all(|f| f.severity != Severity::Warning),
                "{n}: legal traffic got a warning:\n{}",
                render(&out)
            );
        }
    }
}

/// The offline verdict of the file at `path` ([`common::verify_file`]) and the body of each
/// of its `request_body` / `response_chunk` events by seq (`true` for a request's).
fn verify_with_bodies(
    path: &Path,
) -> (
    VerifyOutcome,
    std::collections::HashMap<u64, (bool, bytes::Bytes)>,
) {
    let src = source::open(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    let mut v = Verifier::new(&src.header);
    let mut bodies = std::collections::HashMap::new();
    for ev in src.events {
        let ev = ev.unwrap_or_else(|e| panic!("{}: event: {e:#}", path.display()));
        match &ev.kind {
            EventKind::RequestBody { body } => {
                bodies.insert(ev.seq, (true, body.data.clone()));
            }
            EventKind::ResponseChunk { body } => {
                bodies.insert(ev.seq, (false, body.data.clone()));
            }
            _ => {}
        }
        v.feed(&ev);
    }
    (v.finish(), bodies)
}

/// left39 (issue 7; dup38 found gRPC evidence at `/params/...`): every evidence JSON Pointer
/// into a body that is one JSON document names a member there or a member of an object
/// there (the member that is missing, under its parent), and a request body that is no
/// JSON at all (a gRPC message) is never pointed at under `/params`, a JSON-RPC request's
/// member. Bodies of several frames or SSE chunks are not read. One line per stray pointer.
fn stray_pointers(
    out: &VerifyOutcome,
    bodies: &std::collections::HashMap<u64, (bool, bytes::Bytes)>,
) -> Vec<String> {
    let mut stray = Vec::new();
    for f in &out.findings {
        for e in &f.evidence {
            let Some(ptr) = e.pointer.as_deref().filter(|p| !p.is_empty()) else {
                continue;
            };
            let Some((request, body)) = bodies.get(&e.seq) else {
                continue;
            };
            let text = body.trim_ascii_start();
            match serde_json::from_slice::<serde_json::Value>(body) {
                Ok(j) => {
                    let parent = ptr.rsplit_once('/').map_or("", |(p, _)| p);
                    if j.pointer(ptr).is_none() && j.pointer(parent).is_none() {
                        stray.push(format!("  {} at line {}: {ptr}", f.rule, e.seq));
                    }
                }
                Err(_)
                    if *request
                        && !text.starts_with(b"{")
                        && !text.starts_with(b"[")
                        && ptr.starts_with("/params") =>
                {
                    stray.push(format!(
                        "  {} at line {}: {ptr} in a request body that is no JSON (a gRPC message has no params)",
                        f.rule, e.seq
                    ));
                }
                Err(_) => {}
            }
        }
    }
    stray
}

fn check_file(dir: &Path, stem: &str) {
    let n = stem;
    let path = dir.join(format!("{stem}.jsonl"));
    let expect: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("{stem}.expect.json"))).unwrap(),
    )
    .unwrap();
    let (out, bodies) = verify_with_bodies(&path);
    let stray = stray_pointers(&out, &bodies);
    assert!(
        stray.is_empty(),
        "{n}: evidence points outside the body it cites:\n{}",
        stray.join("\n")
    );
    let mut expected_aliases = Vec::new();
    for e in expect["findings"].as_array().unwrap() {
        let alias = e["rule"].as_str().unwrap();
        let sev = e["severity"].as_str().unwrap();
        let rule = rules::lookup(alias).unwrap_or_else(|| panic!("{n}: no rule named {alias}"));
        assert_eq!(rule.severity.as_str(), sev, "{n}: severity of {alias}");
        assert!(
            out.findings
                .iter()
                .any(|f| f.name == alias && f.severity.as_str() == sev),
            "{n}: expected {alias} ({sev}), got:\n{}",
            render(&out)
        );
        expected_aliases.push(alias.to_string());
    }
    let extra: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error && !expected_aliases.contains(&f.name))
        .collect();
    assert!(
        extra.is_empty(),
        "{n}: unexpected errors:\n{}",
        render(&out)
    );
    // An unexpected warning fails the case (left35 for the newer rounds, left36 for all):
    // the expect file lists every finding at warning or above, and `allowed_warnings` names
    // a warning beside the case's subject, with its reason.
    let allowed: Vec<&str> = expect["allowed_warnings"]
        .as_array()
        .map(|a| a.iter().filter_map(|w| w["rule"].as_str()).collect())
        .unwrap_or_default();
    let warned: Vec<_> = out
        .findings
        .iter()
        .filter(|f| {
            f.severity == Severity::Warning
                && !expected_aliases.contains(&f.name)
                && !allowed.contains(&f.name.as_str())
        })
        .collect();
    assert!(
        warned.is_empty(),
        "{n}: unexpected warnings (list them in the expect file's findings, or in allowed_warnings with a reason):\n{}",
        render(&out)
    );
}

macro_rules! cases {
    ($($name:ident = $n:literal),* $(,)?) => { $( #[test] fn $name() { check_case($n); } )* };
}

cases!(
    case_01 = 1,
    case_02 = 2,
    case_03 = 3,
    case_04 = 4,
    case_05 = 5,
    case_06 = 6,
    case_07 = 7,
    case_08 = 8,
    case_09 = 9,
    case_10 = 10,
    case_11 = 11,
    case_12 = 12,
    case_13 = 13,
    case_14 = 14,
    case_15 = 15,
    case_16 = 16,
    case_17 = 17,
    case_18 = 18,
    case_19 = 19,
    case_20 = 20,
    case_21 = 21,
    case_22 = 22,
    case_23 = 23,
    case_24 = 24,
    case_25 = 25,
);

/// A valid JSON-RPC response body and an SSE event nested 200 levels deep (deeper than the
/// parser's 128) are listed as not judged, never reported as "not JSON" (RFC 8259 §9 lets
/// a parser limit nesting; the request side is `RequestParse::BeyondParser`, whose first
/// request, nested as deep, is listed too since breaker38: it was left unjudged unsaid).
#[test]
fn deep_response_and_event_are_not_judged_not_findings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = verify(&dir.join("w157-legal-v10-response-and-event-nested-200-levels.jsonl"));
    assert!(out.findings.is_empty(), "{}", render(&out));
    let why: Vec<&str> = out.incomplete.iter().map(|(_, w)| w.as_str()).collect();
    assert_eq!(
        why,
        vec![
            "request body nests JSON deeper than the parser's 128 levels",
            "response body nests JSON deeper than the parser's 128 levels",
            "sse event data nests JSON deeper than the parser's 128 levels"
        ]
    );
}

/// One fault, one first line (breaker17a springascend241, breaker17b V20): the consequence
/// names its root cause, and the root comes first in the outcome.
#[test]
fn consequences_name_their_root_cause() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = verify(&dir.join("b18-L5-card-https-names-internal-http-url.jsonl"));
    let ids: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(ids, ["CARD-URL-003", "AUTH-TLS-004"], "{}", render(&out));
    assert!(
        out.findings[1]
            .message
            .contains("(caused by CARD-URL-003: the card names the agent's internal address"),
        "{}",
        render(&out)
    );
    let out = verify(&dir.join("b18-L5-v10-executor-no-terminal-stream-and-blocking.jsonl"));
    let ids: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(
        ids,
        ["STREAM-END-002", "TASK-STATE-007"],
        "{}",
        render(&out)
    );
    assert!(
        !out.findings[0].message.contains("caused by")
            && out.findings[1]
                .message
                .contains("(caused by the fault STREAM-END-002 reports first"),
        "{}",
        render(&out)
    );
}

/// Session 16's verifier leftovers (fix19v V1-V5): every legal control of them stays silent
/// (no error, no warning), and the faults read as the items ask.
#[test]
fn session16_leftovers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    let mut legal = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with("s16-") && name.contains("-legal-") && name.ends_with(".jsonl") {
            legal += 1;
            let out = verify(&e.path());
            assert!(
                out.findings
                    .iter()
                    .all(|f| matches!(f.severity, Severity::Note) && f.rule != "DATA-SHAPE-008"),
                "{name}: legal control not silent:\n{}",
                render(&out)
            );
        }
    }
    assert!(legal >= 9, "{legal} legal controls");
    // V1: one note for the ListTasks call, naming the rows and their members.
    for stem in [
        "s16-V1-v10-list-tasks-rows-with-createdAt",
        "s16-V1-v10-rest-list-tasks-rows-with-createdAt",
    ] {
        let out = by(stem);
        let notes: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "DATA-SHAPE-008")
            .collect();
        assert_eq!(notes.len(), 1, "{stem}:\n{}", render(&out));
        let m = &notes[0].message;
        assert!(
            m.contains("rows tasks[1], tasks[2] (2 of 3 listed tasks)")
                && m.contains("tasks[1]: createdAt, lastModified; tasks[2]: createdAt"),
            "{stem}: {m}"
        );
    }
    let out = by("s16-V1-v10-subscribe-first-task-with-createdAt");
    assert!(
        out.findings.iter().any(|f| f.rule == "DATA-SHAPE-008"
            && f.message.contains("the SubscribeToTask stream")),
        "{}",
        render(&out)
    );
    // V2: the gateway's added frame is the root cause; the client leg's shape names it.
    for stem in [
        "s16-V2-v10-gateway-adds-close-frame",
        "s16-V2-v10-rest-gateway-adds-close-frame",
        "s16-V2-v10-gateway-adds-close-frame-client-ends-first",
        "b18-W2-v03-gateway-adds-trpc-close-frame",
    ] {
        let out = by(stem);
        let ids: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
        assert_eq!(
            ids,
            ["GW-SSE-002", "STREAM-SHAPE-001"],
            "{stem}:\n{}",
            render(&out)
        );
        assert!(
            out.findings[1]
                .message
                .contains("(caused by GW-SSE-002: the agent's stream on the upstream leg has no such event; the gateway added it after the agent's last event"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    // The agent's own frame, passed on unchanged, is the agent's: no gateway cause.
    let out = by("b18-W2-v03-agent-close-frame-passed-through");
    assert!(
        out.findings
            .iter()
            .all(|f| f.rule != "GW-SSE-002" && !f.message.contains("caused by")),
        "{}",
        render(&out)
    );
    // V3: the HTTP+JSON form carries the client's note as the JSON-RPC form does.
    for stem in [
        "s16-V3-v10-rest-stream-version-03-v1-route-404",
        "b18-L4-v10-rest-version-03-v1-route-404",
        "b17-V15-v10-jsonrpc-version-03-answered-method-not-found",
    ] {
        let out = by(stem);
        let mut ids: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
        ids.sort();
        assert_eq!(
            ids,
            ["VER-CARD-002", "VER-HDR-004"],
            "{stem}:\n{}",
            render(&out)
        );
    }
    // V4: which dialect's object sits in which wrapper.
    let out = by("s16-V4-v03-rest-stream-0x-objects-in-wrapper");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "VER-MIX-001")
        .unwrap_or_else(|| panic!("{}", render(&out)));
    assert_eq!(f.severity, Severity::Warning);
    assert!(
        f.message
            .contains("the 0.3 proto's StreamResponse wrapper {\"task\": ...}")
            && f.message.contains(
                "around a 0.x JSON-RPC Task (kind \"task\", the 0.x state \"submitted\")"
            ),
        "{}",
        f.message
    );
    let out = by("b18-L1-v10-rest-stream-kind-in-wrapper");
    assert!(
        out.findings.iter().any(|f| f.rule == "VER-MIX-001"
            && f.message.contains(
                "the 1.0 StreamResponse wrapper {\"task\": ...} around a 0.x JSON-RPC Task"
            )),
        "{}",
        render(&out)
    );
    // V5: the member that names the task is said.
    let out = by("s16-V5-v03-get-ID-uppercase");
    assert!(
        out.findings
            .iter()
            .any(|f| f.rule == "DATA-PARAM-003" && f.message.contains("found ID \"t1\"")),
        "{}",
        render(&out)
    );
}

/// TASK-002 (q20v V3): a message to a terminal task on 0.x is worded without naming
/// UnsupportedOperationError (0.x requires "an error" and names no code); 1.0 keeps the code.
#[test]
fn message_to_terminal_task_wording_by_version() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let out =
        verify(&dir.join("cases/variants/q20v-V3-v03-message-to-completed-task-accepted.jsonl"));
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "TASK-STATE-002")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert!(
        f[0].message.contains("instead of rejected with an error")
            && !f[0].message.contains("UnsupportedOperationError"),
        "{}",
        f[0].message
    );
    let out = verify(&dir.join("golden/TASK-STATE-002-fail/input.jsonl"));
    assert!(
        out.findings.iter().any(|f| f.rule == "TASK-STATE-002"
            && f.message
                .contains("instead of rejected with UnsupportedOperationError")),
        "{}",
        render(&out)
    );
}

/// mine45: TASK-STATE-017 (a client's message to a task it was shown terminal, a note) is
/// reported once on each zombie task id of round forty-five and its variants, with what to
/// send instead, and not on a retry, an interrupted task, the prober's own TASK-002 test or a
/// follow-up by contextId; ID-CTX-004 (a task id sent as contextId) fires on its faults and
/// not on an agent whose context id is its task id, the task's own context, or another
/// agent's task id. Notes do not fail a legal case, so the controls are held here.
#[test]
fn mine45_zombie_and_task_id_as_context() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let count = |stem: &str, rule: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        let out = verify(&dir.join(sub).join(format!("{stem}.jsonl")));
        let n = out.findings.iter().filter(|f| f.rule == rule).count();
        (n, out)
    };
    for stem in [
        "f979-v03-follow-up-to-completed-task-invalid-request",
        "f980-v10-second-invocation-reuses-completed-task-id",
        "f981-v03-stream-zombie-task-id",
        "f992-v02-message-to-completed-task-accepted",
        "f993-v03-late-event-restores-finished-task-id",
        "b45a-Z1-v10-rest-send-to-completed-refused-400",
        "b45a-Z2-v10-stream-to-completed-refused",
        "b45a-Z3-v02-send-to-failed-task-refused",
        "b45a-Z4-v10-send-to-task-the-client-canceled",
        "b45a-Z5-v10-stream-rejected-then-send",
    ] {
        let (n, out) = count(stem, "TASK-STATE-017");
        assert_eq!(n, 1, "{stem}:\n{}", render(&out));
        let f = out
            .findings
            .iter()
            .find(|f| f.rule == "TASK-STATE-017")
            .unwrap();
        assert!(
            f.message.contains("without the taskId") && f.message.contains("terminal state"),
            "{stem}: {}",
            f.message
        );
    }
    for stem in [
        "f982-v10-orchestrator-task-id-sent-to-child",
        "f994-legal-v10-next-invocation-by-context-only",
        "f995-legal-v03-answer-to-input-required-task",
        "b45a-ZL1-legal-v10-retry-of-the-answer-that-completed-the-task",
        "b45a-ZL2-legal-v10-answer-to-auth-required-task",
        "b45a-ZL3-legal-v10-prober-task-002-test",
        "b45a-ZL4-legal-v03-follow-up-by-context-only",
    ] {
        let (n, out) = count(stem, "TASK-STATE-017");
        assert_eq!(n, 0, "{stem}:\n{}", render(&out));
    }
    for stem in [
        "f985-v10-task-id-sent-as-context-id",
        "b45a-C1-v03-task-id-as-context-id",
        "b45a-C2-v10-rest-task-id-as-context-id",
        "b45a-C3-v03-stream-task-id-as-context-id-refused",
    ] {
        let (n, out) = count(stem, "ID-CTX-004");
        assert_eq!(n, 1, "{stem}:\n{}", render(&out));
    }
    for stem in [
        "f984-legal-v03-one-context-id-for-two-agents",
        "f996-legal-v10-context-id-equal-to-task-id",
        "b45a-CL1-legal-v10-task-own-context-id",
        "b45a-CL2-legal-v03-another-agents-task-id-as-context",
    ] {
        let (n, out) = count(stem, "ID-CTX-004");
        assert_eq!(n, 0, "{stem}:\n{}", render(&out));
    }
    // f985's waiting task is named: the answer it never got is the harm.
    let (_, out) = count("f985-v10-task-id-sent-as-context-id", "ID-CTX-004");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "ID-CTX-004")
        .unwrap();
    assert!(
        f.message.contains("contextId t-729")
            && f.message.contains("TASK_STATE_INPUT_REQUIRED")
            && f.message.contains("contextId c-729"),
        "{}",
        f.message
    );
}

/// Round forty-six (mine46): DATA-LIST-007 once per looping push config listing, naming the
/// config seen again or the token handed back, and never for a listing a Create shifted or
/// for two tasks' listings under one token string; RPC-REQ-003 once for a refused card name,
/// naming the real way to the card, never for a served one (an extension's method: no
/// RPC-METHOD-001 either) or an unknown name that is no card's; a blank push token or blank
/// credentials are no configured credentials (PUSH-AUTH-001 / -003 silent), while a real
/// token beside blank credentials is judged as the 0.x token alone (PUSH-AUTH-003).
#[test]
fn mine46_push_config_paging_card_method_blank_credentials() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let count = |stem: &str, rule: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        let out = verify(&dir.join(sub).join(format!("{stem}.jsonl")));
        let n = out.findings.iter().filter(|f| f.rule == rule).count();
        (n, out)
    };
    let message = |out: &VerifyOutcome, rule: &str| {
        out.findings
            .iter()
            .find(|f| f.rule == rule)
            .map(|f| f.message.clone())
            .unwrap_or_default()
    };
    for (stem, says) in [
        (
            "f1009-v10-push-config-list-paged-by-webhook-token",
            "lists push notification config cfg-1 again",
        ),
        (
            "b46a-P1-v10-rest-push-config-list-hands-back-its-token",
            "hands back the same nextPageToken \"cur-2\"",
        ),
        (
            "b46a-P2-v10-push-config-list-offset-token-restarts",
            "for pageToken \"2\" lists push notification config cfg-1 again",
        ),
        (
            "b46a-P3-v10-rest-push-config-list-page-two-repeats",
            "lists push notification config cfg-2 again",
        ),
    ] {
        let (n, out) = count(stem, "DATA-LIST-007");
        assert_eq!(n, 1, "{stem}:\n{}", render(&out));
        let m = message(&out, "DATA-LIST-007");
        assert!(m.contains(says), "{stem}: {m}");
    }
    for stem in [
        "f1004-v10-rest-push-config-list-ignores-page-size",
        "b46a-PL1-legal-v10-push-config-created-between-pages",
        "b46a-PL2-legal-v10-rest-push-config-list-pages-properly",
        "b46a-PL3-legal-v10-two-tasks-same-token-string",
    ] {
        let (n, out) = count(stem, "DATA-LIST-007");
        assert_eq!(n, 0, "{stem}:\n{}", render(&out));
    }
    for (stem, ext) in [
        (
            "f1005-v03-client-calls-agent-card-method",
            "agent/getAuthenticatedExtendedCard (1.0: GetExtendedAgentCard)",
        ),
        (
            "b46a-K1-v10-get-agent-card-jsonrpc-refused",
            "GetExtendedAgentCard (0.3: agent/getAuthenticatedExtendedCard)",
        ),
        (
            "b46a-K2-v03-agent-get-extended-agent-card-refused",
            "agent/getAuthenticatedExtendedCard (1.0",
        ),
        (
            "b46a-K3-v02-agent-card-method-refused",
            "agent/getAuthenticatedExtendedCard",
        ),
    ] {
        let (n, out) = count(stem, "RPC-REQ-003");
        assert_eq!(n, 1, "{stem}:\n{}", render(&out));
        let m = message(&out, "RPC-REQ-003");
        assert!(
            m.contains("which no A2A version defines")
                && m.contains("/.well-known/agent-card.json")
                && m.contains(ext),
            "{stem}: {m}"
        );
    }
    for stem in [
        "b46a-KL1-legal-v03-agent-card-method-served-by-extension",
        "b46a-KL2-legal-v03-get-authenticated-extended-card",
        "b46a-KL3-legal-v03-unknown-method-not-a-card-name",
    ] {
        let (n, out) = count(stem, "RPC-REQ-003");
        assert_eq!(n, 0, "{stem}:\n{}", render(&out));
        let (n, out) = count(stem, "RPC-METHOD-001");
        assert_eq!(n, 0, "{stem}:\n{}", render(&out));
    }
    for stem in [
        "f1012-legal-v10-push-blank-credentials-no-authorization-header",
        "b46a-BL1-legal-v03-push-blank-token-no-header",
        "b46a-BL2-legal-v10-create-config-blank-credentials",
    ] {
        for rule in ["PUSH-AUTH-001", "PUSH-AUTH-003"] {
            let (n, out) = count(stem, rule);
            assert_eq!(n, 0, "{stem} {rule}:\n{}", render(&out));
        }
    }
    let (n, out) = count(
        "b46a-B1-v03-real-token-blank-credentials-token-missing",
        "PUSH-AUTH-003",
    );
    assert_eq!(n, 1, "{}", render(&out));
    assert_eq!(
        count(
            "b46a-B1-v03-real-token-blank-credentials-token-missing",
            "PUSH-AUTH-001"
        )
        .0,
        0
    );
    assert_eq!(
        count("b46a-B2-v10-real-credentials-not-sent", "PUSH-AUTH-001").0,
        1
    );
}

/// Round forty-seven (mine47): AUTH-CHALLENGE-002 (1.0, error) / -003 (0.x, warning) once for
/// a call refused for missing or bad credentials with another error than an authentication
/// failure (a JSON-RPC error on HTTP 200 or 400, an HTTP+JSON 500, a gRPC INTERNAL), the rule
/// picked by the call's version and the message naming the answer and the credentials the card
/// asks for; never for a 401 or 403, nor for an error that says nothing of authentication. A
/// 0.1 tasks/sendSubscribe stream answered with a later generation's events is VER-MIX-001
/// once, naming that shape; the 0.1 events themselves (read through their lifted 0.2 copy) and
/// a 0.3 stream's own events are not.
#[test]
fn mine47_auth_refused_as_other_error_and_v01_stream_generation() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1028-v03-unauthenticated-call-answered-invalid-request",
            "AUTH-CHALLENGE-003",
            "warning",
            "JSON-RPC error -32600 InvalidRequestError on HTTP 400",
        ),
        (
            "b47a-A1-v10-no-credentials-200-internal-error-unauthorized",
            "AUTH-CHALLENGE-002",
            "error",
            "JSON-RPC error -32603 InternalError on HTTP 200",
        ),
        (
            "b47a-A2-v10-rest-no-credentials-500-unauthenticated",
            "AUTH-CHALLENGE-002",
            "error",
            "with HTTP 500",
        ),
        (
            "b47a-A3-v10-grpc-no-credentials-internal-unauthorized",
            "AUTH-CHALLENGE-002",
            "error",
            "gRPC status 13 (INTERNAL), whose text says \"unauthorized: missing bearer token\"",
        ),
        (
            "b47a-A4-v03-bad-token-200-internal-error",
            "AUTH-CHALLENGE-003",
            "warning",
            "carried a credential, which the agent refused",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
        let other = if rule == "AUTH-CHALLENGE-002" {
            "AUTH-CHALLENGE-003"
        } else {
            "AUTH-CHALLENGE-002"
        };
        assert!(with(&out, other).is_empty(), "{stem}:\n{}", render(&out));
    }
    for stem in [
        "f1032-legal-v03-unauthenticated-call-401-challenge",
        "b47a-AL1-legal-v10-no-credentials-401-challenge",
        "b47a-AL2-legal-v10-no-credentials-invalid-params-first",
        "b47a-AL3-legal-v03-403-forbidden-known-caller",
    ] {
        let out = run(stem);
        for rule in ["AUTH-CHALLENGE-002", "AUTH-CHALLENGE-003"] {
            assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
        }
    }
    for (stem, shape) in [
        (
            "f1018-v01-client-send-subscribe-answered-0-3-events",
            "a 0.2/0.3 status-update event",
        ),
        (
            "b47a-V1-v01-send-subscribe-answered-1-0-stream-responses",
            "a 1.0 StreamResponse (statusUpdate)",
        ),
        (
            "b47a-V2-v01-send-subscribe-artifact-update-0-3-first",
            "a 0.2/0.3 artifact-update event",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, "VER-MIX-001");
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].contains("tasks/sendSubscribe") && got[0].contains(shape),
            "{stem}: {}",
            got[0]
        );
    }
    for stem in [
        "b47a-VL1-legal-v01-send-subscribe-0-1-events",
        "b47a-VL2-legal-v03-message-stream-0-3-events",
    ] {
        let out = run(stem);
        assert!(
            with(&out, "VER-MIX-001").is_empty(),
            "{stem}:\n{}",
            render(&out)
        );
    }
}

/// Round forty-eight (mine48): CAP-CARD-003 names an extended card a card declares and the
/// agent has not configured, on every binding and in 0.3's words (field f1040, variants
/// b48a-E*); CARD-SHAPE-001 judges a card read as 0.1.0 by the 0.2 schema once its agent
/// answers 0.2 / 0.3 methods (f1039, f1047, b48a-C*); RPC-ENVELOPE-001 names a notification
/// written where the answer belongs (f1036, b48a-N*). The controls stay clean of each.
#[test]
fn mine48_extended_card_unconfigured_v01_card_judged_v02_notification_answers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1040-v10-extended-card-declared-not-configured",
            "CAP-CARD-003",
            "note",
            "capabilities.extendedAgentCard: true), yet the agent answered GetExtendedAgentCard with -32007 ExtendedAgentCardNotConfiguredError",
        ),
        (
            "b48a-E1-v10-rest-extended-card-400-not-configured",
            "CAP-CARD-003",
            "note",
            "HTTP 400 EXTENDED_AGENT_CARD_NOT_CONFIGURED",
        ),
        (
            "b48a-E2-v10-grpc-extended-card-not-configured",
            "CAP-CARD-003",
            "note",
            "FAILED_PRECONDITION (9) EXTENDED_AGENT_CARD_NOT_CONFIGURED",
        ),
        (
            "b48a-E3-v03-authenticated-extended-card-32007",
            "CAP-CARD-003",
            "note",
            "(supportsAuthenticatedExtendedCard: true), yet the agent answered agent/getAuthenticatedExtendedCard with -32007 AuthenticatedExtendedCardNotConfiguredError",
        ),
        (
            "f1039-v03-route-behind-0-1-shaped-card",
            "CARD-SHAPE-001",
            "error",
            "answered message/send, a 0.2 / 0.3 method no 0.1 client calls: it is a 0.2 card, and by the 0.2 schema (CARD-004) agent card has no defaultInputModes; agent card has no defaultOutputModes",
        ),
        (
            "f1047-v02-card-provider-without-url",
            "CARD-SHAPE-001",
            "error",
            "by the 0.2 schema (CARD-004) agent card provider has no url",
        ),
        (
            "b48a-C1-v02-card-without-modes-message-stream-served",
            "CARD-SHAPE-001",
            "error",
            "answered message/stream",
        ),
        (
            "b48a-C2-v02-card-skill-without-tags-tasks-get-served",
            "CARD-SHAPE-001",
            "error",
            "skill has no tags list",
        ),
        (
            "f1036-v03-stream-events-are-jsonrpc-notifications",
            "RPC-ENVELOPE-001",
            "error",
            "it is a JSON-RPC notification (method \"message/stream\", params), not a response",
        ),
        (
            "b48a-N2-v03-send-answered-notification",
            "RPC-ENVELOPE-001",
            "error",
            "it is a JSON-RPC notification (method \"message/send\", params), not a response",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    // The 0.2 judgment never asks a 0.2.0 card for the protocolVersion 0.2.5 added.
    let out = run("f1047-v02-card-provider-without-url");
    assert!(
        with(&out, "CARD-SHAPE-001")
            .iter()
            .all(|m| !m.contains("has no protocolVersion")),
        "{}",
        render(&out)
    );
    for (stem, rule) in [
        (
            "f1049-legal-v10-extended-card-not-declared-unsupported",
            "CAP-CARD-003",
        ),
        ("b48a-EL1-legal-v10-extended-card-served", "CAP-CARD-003"),
        (
            "b48a-EL2-legal-v03-extended-card-not-declared-32007",
            "CAP-CARD-003",
        ),
        (
            "b48a-CL1-legal-v01-card-without-modes-tasks-send-served",
            "CARD-SHAPE-001",
        ),
        (
            "b48a-CL2-legal-v02-complete-card-message-send-served",
            "CARD-SHAPE-001",
        ),
        ("b48a-NL1-legal-v03-stream-of-responses", "RPC-ENVELOPE-001"),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Session 49 (mine49): the kinds round forty-nine changed, each with the words that name
/// it and its legal neighbours silent.
/// - DATA-007 (a2a-python #1211 / PR #1212): ListTasks rows with `artifacts: []` or `null`
///   though includeArtifacts was not asked are DATA-LIST-008; an empty list asked for is not.
/// - DATA-004 (impalasys/talon PR #51): a 0.3 HTTP+JSON data part in 1.0's flat form, in an
///   answer, a request or a stream event; the proto's `{data: {data: ...}}`, 1.0's flat part
///   and an empty DataPart are not.
/// - ID-001 (adcp-client PR #968): a task call naming the client's own messageId is
///   ID-TASK-006; an agent whose task id is the messageId, and an unknown id, are not.
/// - TASK-005 (a2a-tck PR #217): returnImmediately answered terminal after 2 s is
///   TASK-STATE-009; a slow start answered working is not.
/// - EXT-004 (a2a-js #710): an extension echoed on one kind of send only is CAP-EXT-009;
///   an agent that never echoes, or echoes on one unary answer of two, is not.
#[test]
fn mine49_list_artifacts_empty_v03_rest_data_part_own_message_id_extension_echo() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1052-v10-list-tasks-empty-artifacts-not-omitted",
            "DATA-LIST-008",
            "warning",
            "2 listed tasks (first: 0) carry artifacts: [] although the request did not set includeArtifacts",
        ),
        (
            "b49a-L1-v10-list-tasks-artifacts-null",
            "DATA-LIST-008",
            "warning",
            "listed task 0 carries artifacts: null",
        ),
        (
            "b49a-L2-v10-rest-include-artifacts-false-one-row-empty",
            "DATA-LIST-008",
            "warning",
            "listed task 1 carries artifacts: []",
        ),
        (
            "f1055-v03-rest-data-part-flat",
            "DATA-SHAPE-001",
            "error",
            "0.3 HTTP+JSON data part written flat, {\"data\": {steps, risk}} (1.0's form)",
        ),
        (
            "b49a-D1-v03-rest-client-data-part-flat",
            "DATA-SHAPE-002",
            "error",
            "{\"data\": {flight, seats}}",
        ),
        (
            "b49a-D2-v03-rest-stream-artifact-data-part-flat",
            "STREAM-SHAPE-001",
            "error",
            "{\"data\": {total, currency}}",
        ),
        (
            "f1062-v03-tasks-get-by-own-message-id",
            "ID-TASK-006",
            "warning",
            "is the messageId of its own earlier send, which this agent answered with task a2a-task-51c0",
        ),
        (
            "b49a-M2-v10-rest-get-task-by-own-message-id",
            "ID-TASK-006",
            "warning",
            "which this agent answered with task tsk-m2",
        ),
        (
            "f1060-v10-return-immediately-answered-completed-after-2s",
            "TASK-STATE-009",
            "warning",
            "only after 2.0 s, with task task-ri-2 already in TASK_STATE_COMPLETED",
        ),
        (
            "f1066-v10-extension-echo-missing-on-stream",
            "CAP-EXT-009",
            "warning",
            "agent echoed extension https://example.test/ext/stream in A2A-Extensions on its answer to SendMessage but not on its answer to SendStreamingMessage",
        ),
        (
            "b49a-E2-v10-stream-first-then-unary-echo",
            "CAP-EXT-009",
            "warning",
            "on its answer to SendMessage but not on its answer to SendStreamingMessage",
        ),
        (
            "b49a-E1-v03-x-extensions-echo-missing-on-stream",
            "CAP-EXT-009",
            "warning",
            "in X-A2A-Extensions on its answer to message/send but not on its answer to message/stream",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        (
            "f1054-legal-v10-list-tasks-include-artifacts-empty-list",
            "DATA-LIST-008",
        ),
        (
            "b49a-LL1-legal-v10-rest-include-artifacts-true-empty",
            "DATA-LIST-008",
        ),
        (
            "b49a-LL2-legal-v10-list-tasks-artifacts-left-out",
            "DATA-LIST-008",
        ),
        ("f1064-legal-v03-rest-data-part-wrapped", "DATA-SHAPE-001"),
        ("b49a-DL1-legal-v10-rest-data-part-flat", "DATA-SHAPE-001"),
        ("b49a-DL3-legal-v03-rest-empty-data-part", "DATA-SHAPE-001"),
        ("b49a-ML1-legal-v10-task-id-is-message-id", "ID-TASK-006"),
        ("b49a-ML2-legal-v10-get-unknown-task", "ID-TASK-006"),
        (
            "b49a-RL1-legal-v10-return-immediately-working-after-4s",
            "TASK-STATE-009",
        ),
        (
            "f1061-legal-v10-return-immediately-fast-task-completed",
            "TASK-STATE-009",
        ),
        ("b49a-EL1-legal-v10-extension-never-echoed", "CAP-EXT-009"),
        (
            "b49a-EL2-legal-v10-unary-echo-once-not-twice",
            "CAP-EXT-009",
        ),
        (
            "f1067-legal-v10-extension-echo-on-both-send-kinds",
            "CAP-EXT-009",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty (session 50, mine50; tests/cases/FIELD-CASES.md "Round fifty"):
/// - RPC-001 / RPC-005 / CARD-001 (superset-sh/superset PR #5910): an A2A call or card fetch
///   refused 406 Not Acceptable although its Accept admits the binding's answer type is
///   HTTP-MEDIA-007, with a word on the MCP Streamable HTTP transport when the refusal asks
///   for application/json and text/event-stream on a unary call; a 406 to an Accept that
///   admits nothing the binding answers with (text/html, JSON at q=0, a stream accepting only
///   JSON) is not.
/// - RPC-005 / REST-002 (jllopis/kairos): a JSON document written into an event stream
///   without data: is SSE-FRAME-005, at the stream's end and beside a later event's data;
///   comments, unknown fields that are no JSON and JSON spread over data: lines are not.
/// - ID-001 evidence (f1071): ID-TASK-004 points at the member the send's message sits under.
#[test]
fn mine50_accept_refused_raw_json_in_event_stream() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1068-v03-card-url-mcp-endpoint-refuses-accept",
            "HTTP-MEDIA-007",
            "error",
            "agent refused message/send with HTTP 406 Not Acceptable",
        ),
        (
            "f1068-v03-card-url-mcp-endpoint-refuses-accept",
            "HTTP-MEDIA-007",
            "error",
            "the refusal of an MCP Streamable HTTP transport: the url serves MCP, not A2A",
        ),
        (
            "b50a-A1-v10-rest-send-406-a2a-json-demanded",
            "HTTP-MEDIA-007",
            "error",
            "yet the request sent Accept: application/json, admitting application/json",
        ),
        (
            "b50a-A2-v03-stream-406-event-stream-accepted",
            "HTTP-MEDIA-007",
            "error",
            "admitting text/event-stream, the media type the binding answers message/stream with",
        ),
        (
            "b50a-A4-v03-rest-send-406-no-accept",
            "HTTP-MEDIA-007",
            "error",
            "no Accept header, which admits every type",
        ),
        (
            "b50a-A5-v10-rest-subscribe-406-wildcard",
            "HTTP-MEDIA-007",
            "error",
            "Accept: */*, admitting text/event-stream",
        ),
        (
            "b50a-A6-v10-card-fetch-406",
            "HTTP-MEDIA-007",
            "error",
            "admitting application/json, the media type of an Agent Card",
        ),
        (
            "f1082-v10-rest-stream-error-written-raw",
            "SSE-FRAME-005",
            "error",
            "1 line(s) of JSON into the event stream without a data: field (the first: \"{\\\"type\\\": \\\"about:blank\\\"",
        ),
        (
            "f1083-v10-stream-jsonrpc-error-written-raw",
            "SSE-FRAME-005",
            "error",
            "policy evaluation failed",
        ),
        (
            "b50a-B3-v03-rest-stream-raw-line-before-final",
            "SSE-FRAME-005",
            "error",
            "outside any event's data: an SSE parser ignores them as unknown fields",
        ),
        (
            "b50a-B4-v10-raw-json-array-between-events",
            "SSE-FRAME-005",
            "error",
            "tool_call",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    // A unary refusal that does not ask for both types names no MCP endpoint.
    let out = run("b50a-A3-v10-unary-406-wants-event-stream");
    let got = with(&out, "HTTP-MEDIA-007");
    assert!(
        got.len() == 1 && !got[0].contains("MCP"),
        "{}",
        render(&out)
    );
    // ID-TASK-004's evidence names the member the message sits under (request).
    let out = run("f1071-v10-rest-send-message-under-request");
    let f = out
        .findings
        .iter()
        .find(|f| f.rule == "ID-TASK-004")
        .expect("ID-TASK-004");
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/request/taskId"),
        "{}",
        render(&out)
    );
    for (stem, rule) in [
        (
            "f1080-legal-v03-accept-html-only-refused-406",
            "HTTP-MEDIA-007",
        ),
        (
            "b50a-AL1-legal-v10-stream-accepts-json-only-406",
            "HTTP-MEDIA-007",
        ),
        ("b50a-AL2-legal-v03-json-refused-q0-406", "HTTP-MEDIA-007"),
        (
            "b50a-AL4-legal-v03-card-fetch-accepts-html-406",
            "HTTP-MEDIA-007",
        ),
        (
            "b50a-BL1-legal-v10-unknown-fields-and-comments",
            "SSE-FRAME-005",
        ),
        (
            "b50a-BL2-legal-v10-jsonrpc-error-as-data-event",
            "SSE-FRAME-005",
        ),
        (
            "b50a-BL3-legal-v03-json-over-several-data-lines",
            "SSE-FRAME-005",
        ),
        ("f1079-legal-v10-rest-subscribe-by-get", "SSE-FRAME-005"),
        (
            "f1085-legal-v10-stream-keep-alive-comments",
            "SSE-FRAME-005",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-one (session 51, mine51; tests/cases/FIELD-CASES.md "Round fifty-one"):
/// - RPC-001 / RPC-002 (mastra #24156): a JSON-RPC call with an id refused HTTP 400 / 422 by
///   the server's request validator with a JSON body that is no JSON-RPC response is
///   RPC-ENVELOPE-001 (and the refusal that lists only 0.x method names to a 1.0 call says
///   so); an OAuth 400 with WWW-Authenticate, a 429, an auth front's 401 and a JSON-RPC error
///   under 400 are not, nor is a route's refusal of a call posted to an operation route.
/// - DATA-001 / DATA-005 (agent-zero's FastA2A client): a 0.x JSON-RPC send or tasks/get
///   naming a member in snake_case is DATA-SHAPE-002, and the agent that opens its own
///   context for a message naming only context_id is not blamed (ID-CTX-002); 0.3 HTTP+JSON
///   (ProtoJSON) and snake_case inside metadata or a data part are not.
/// - ERR-006 / CWE-209 (LangGraph Agent Server v0.7.32): an error answer quoting a database
///   or cache driver's connection failure, or a connection string with its password, is
///   AUTH-LEAK-001; a public URL without credentials and the client's own DSN quoted back
///   are not.
#[test]
fn mine51_validator_refusal_and_v0_snake_case() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1087-v10-send-method-refused-400-invalid-body",
            "RPC-ENVELOPE-001",
            "error",
            "the JSON-RPC call SendMessage was answered HTTP 400 with application/json",
        ),
        (
            "f1087-v10-send-method-refused-400-invalid-body",
            "RPC-ENVELOPE-001",
            "error",
            "the endpoint's request validator does not know 1.0's SendMessage",
        ),
        (
            "b51a-A1-v03-send-fastapi-422-detail",
            "RPC-ENVELOPE-001",
            "error",
            "answered HTTP 422 with application/json",
        ),
        (
            "b51a-A4-v10-cancel-refused-0x-method-list",
            "RPC-ENVELOPE-001",
            "error",
            "does not know 1.0's CancelTask",
        ),
        (
            "f1090-v03-send-configuration-snake-case",
            "DATA-SHAPE-002",
            "error",
            "names the member accepted_output_modes in snake_case where the 0.3 JSON schema names it acceptedOutputModes",
        ),
        (
            "b51a-B2-v02-send-history-length-snake",
            "DATA-SHAPE-002",
            "error",
            "history_length",
        ),
        (
            "b51a-B5-v03-get-task-history-length-snake",
            "DATA-SHAPE-002",
            "error",
            "tasks/get request names the member history_length",
        ),
        (
            "f1099-v10-error-names-database-server",
            "AUTH-LEAK-001",
            "warning",
            "a database or cache driver's connection error naming the server",
        ),
        (
            "b51a-C2-v10-rest-error-dsn-with-password",
            "AUTH-LEAK-001",
            "warning",
            "a connection string with its password",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    // A 0.x validator's refusal of a 0.x call says nothing of 1.0 method names.
    let out = run("b51a-A1-v03-send-fastapi-422-detail");
    assert!(
        with(&out, "RPC-ENVELOPE-001")
            .iter()
            .all(|m| !m.contains("does not know 1.0")),
        "{}",
        render(&out)
    );
    // The agent that never read context_id did not substitute the client's context.
    let out = run("b51a-B1-v03-stream-message-context-id-snake");
    assert!(with(&out, "ID-CTX-002").is_empty(), "{}", render(&out));
    assert_eq!(with(&out, "DATA-SHAPE-002").len(), 1, "{}", render(&out));
    for (stem, rule) in [
        (
            "b51a-AL1-legal-v03-send-oauth-invalid-request",
            "RPC-ENVELOPE-001",
        ),
        (
            "b51a-AL2-legal-v10-send-rate-limited-429",
            "RPC-ENVELOPE-001",
        ),
        ("b51a-AL3-legal-v03-send-auth-front-401", "RPC-ENVELOPE-001"),
        (
            "b51a-AL4-legal-v03-send-400-jsonrpc-error",
            "RPC-ENVELOPE-001",
        ),
        ("f76-card03-url-operation-path", "RPC-ENVELOPE-001"),
        ("b51a-BL1-legal-v03-rest-send-proto-names", "DATA-SHAPE-002"),
        (
            "b51a-BL2-legal-v03-snake-case-in-metadata-and-data",
            "DATA-SHAPE-002",
        ),
        (
            "f1093-legal-v03-send-params-extra-context-member",
            "DATA-SHAPE-002",
        ),
        (
            "b51a-CL1-legal-v03-error-public-url-no-credentials",
            "AUTH-LEAK-001",
        ),
        (
            "b51a-CL2-legal-v03-error-quotes-clients-own-dsn",
            "AUTH-LEAK-001",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-two (session 52, mine52; tests/cases/FIELD-CASES.md "Round fifty-two"):
/// - AUTH-001 (openclaw PR #99612): a credential in a member of the request's params that
///   no A2A request defines (`params.auth`, `credentials`, `apiKey`, `authToken`, a bearer
///   string under `token`) is AUTH-PAYLOAD-001, as one in metadata was; a push config's own
///   token and authentication (the webhook's), and numbers or names under token-like names,
///   are not.
/// - ERR-006 / DATA-004 (astron-agent PR #1404): a send refused, in any version and binding,
///   because the agent's validator requires a member no A2A request of that version defines
///   (`flowId`, `workflowId`, `sessionId` after 0.1, `tenantCode`, `chatId`) is
///   RPC-ERROR-003; a refusal of a missing member A2A requires (the client's fault) and a
///   key required inside metadata (the agent's own contract) are not.
#[test]
fn mine52_credential_in_params_and_private_member_demanded() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1102-v03-send-bearer-token-in-params",
            "AUTH-PAYLOAD-001",
            "warning",
            "an HTTP Bearer credential at /params/auth",
        ),
        (
            "f1102-v03-send-bearer-token-in-params",
            "AUTH-PAYLOAD-001",
            "warning",
            "no A2A request defines that member",
        ),
        (
            "b52a-A1-v10-send-credentials-object",
            "AUTH-PAYLOAD-001",
            "warning",
            "member password at /params/credentials/password",
        ),
        (
            "b52a-A3-v10-rest-send-auth-token-member",
            "AUTH-PAYLOAD-001",
            "warning",
            "member authToken at /authToken",
        ),
        (
            "f1101-v03-rest-send-refused-private-member-required",
            "RPC-ERROR-003",
            "warning",
            "with HTTP 422: it requires flowId, a member no A2A request of this version defines",
        ),
        (
            "b52a-B2-v03-send-refused-pydantic-session-id",
            "RPC-ERROR-003",
            "warning",
            "-32602 InvalidParams (\"Invalid params\"): it requires sessionId",
        ),
        (
            "b52a-B3-v10-rest-send-refused-tenant-code",
            "RPC-ERROR-003",
            "warning",
            "it requires tenantCode",
        ),
        (
            "b52a-B4-v03-rest-send-refused-jsonschema-chat-id",
            "RPC-ERROR-003",
            "warning",
            "with HTTP 400 (\"'chatId' is a required property\"): it requires chatId",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        (
            "b52a-AL1-legal-v10-create-push-config-token",
            "AUTH-PAYLOAD-001",
        ),
        (
            "b52a-AL2-legal-v03-inline-push-config-credentials",
            "AUTH-PAYLOAD-001",
        ),
        (
            "b52a-AL3-legal-v10-send-token-named-non-secrets",
            "AUTH-PAYLOAD-001",
        ),
        (
            "b52a-AL4-legal-v03-set-push-config-token",
            "AUTH-PAYLOAD-001",
        ),
        (
            "f1093-legal-v03-send-params-extra-context-member",
            "AUTH-PAYLOAD-001",
        ),
        (
            "b52a-BL1-v03-send-without-message-id-refused",
            "RPC-ERROR-003",
        ),
        (
            "b52a-BL2-legal-v03-send-refused-metadata-key",
            "RPC-ERROR-003",
        ),
        ("b51a-A1-v03-send-fastapi-422-detail", "RPC-ERROR-003"),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-three (session 53, mine53; tests/cases/FIELD-CASES.md "Round fifty-three"):
/// - STREAM-001 (a2a-java PR #1041): a 1.0 agent whose card does not declare streaming
///   refuses a streaming call under another code than UnsupportedOperationError: -32600,
///   -32603, -32602 for a well-formed request, and on HTTP+JSON an ErrorInfo
///   INVALID_REQUEST, a bare 400 INVALID_ARGUMENT or a bare 500, are RPC-ERROR-001 /
///   REST-ERROR-001 naming -32004 (before, only -32601, -32003 and a task-less -32001
///   were); the refusal as UNSUPPORTED_OPERATION, a -32602 for a message without parts, a
///   0.3 refusal and a streaming card's own -32603 or 500 are not.
/// - CARD-002 (a2a-python #799, a2a-java PR #837): a GET for the card at a path that names
///   the well-known card file but is not its URI (a trailing slash, a path joined after
///   it, an empty segment before /.well-known/), refused 4xx, is CARD-PATH-005 (new, the
///   client's); the same path served 200 and a card asked under the agent's own path are
///   not.
/// - RPC-001 and ID-006 (verify_mutants49 found both silent once this round's cases moved
///   its sample onto f398 and f461): a JSON-RPC call under a non-JSON media type is
///   HTTP-MEDIA-004 also when the agent never answered it; a Message event in a task's
///   stream that names another task is ID-EVENT-002 as a status or artifact update is.
#[test]
fn mine53_stream_refusal_code_and_card_fetch_path_malformed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1113-v10-stream-refused-invalid-request",
            "RPC-ERROR-001",
            "error",
            "so SendStreamingMessage is refused with UnsupportedOperationError (STREAM-001), yet the agent answered -32600 InvalidRequestError instead of -32004",
        ),
        (
            "b53a-A1-v10-rest-stream-refused-invalid-request-reason",
            "REST-ERROR-001",
            "error",
            "with HTTP 400 INVALID_REQUEST instead of",
        ),
        (
            "b53a-A2-v10-subscribe-refused-invalid-request",
            "RPC-ERROR-001",
            "error",
            "so SubscribeToTask is refused with UnsupportedOperationError",
        ),
        (
            "b53a-A3-v10-rest-subscribe-refused-invalid-argument",
            "REST-ERROR-001",
            "error",
            "with HTTP 400 INVALID_ARGUMENT instead of",
        ),
        (
            "b53a-A4-v10-stream-refused-internal-error",
            "RPC-ERROR-001",
            "error",
            "answered -32603 InternalError instead of -32004",
        ),
        (
            "b53a-A5-v10-stream-refused-invalid-params-well-formed",
            "RPC-ERROR-001",
            "error",
            "answered -32602 InvalidParamsError instead of -32004",
        ),
        (
            "b53a-A6-v10-rest-stream-refused-bare-500",
            "REST-ERROR-001",
            "error",
            "with HTTP 500 INTERNAL instead of",
        ),
        (
            "b53a-C1-v10-send-text-plain-never-answered",
            "HTTP-MEDIA-004",
            "error",
            "with Content-Type text/plain: JSON-RPC requests are application/json (RPC-001 MUST): send Content-Type: application/json; the agent never answered it in the recording",
        ),
        (
            "b53a-C2-v03-stream-message-names-other-task",
            "ID-EVENT-002",
            "error",
            "stream event names task t-elsewhere but the stream's task is t-c2",
        ),
        (
            "f1120-v03-client-card-fetch-trailing-slash",
            "CARD-PATH-005",
            "warning",
            "GET /agents/support/.well-known/agent-card.json/, where the card's well-known name is followed by more path, and got 404",
        ),
        (
            "b53a-B1-v03-card-fetch-joined-custom-path",
            "CARD-PATH-005",
            "warning",
            "GET /spec03/.well-known/agent-card.json/custom/card.json",
        ),
        (
            "b53a-B2-v02-agent-json-trailing-slash",
            "CARD-PATH-005",
            "warning",
            "GET /.well-known/agent.json/,",
        ),
        (
            "b53a-B3-v10-card-fetch-double-slash",
            "CARD-PATH-005",
            "warning",
            "an empty path segment comes before /.well-known/",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    assert!(a2a_interop::verify::rules::judges_client("CARD-PATH-005"));
    for (stem, rule) in [
        (
            "f1114-legal-v10-stream-refused-unsupported-operation",
            "RPC-ERROR-001",
        ),
        (
            "b53a-AL1-legal-v10-rest-stream-refused-unsupported-operation",
            "REST-ERROR-001",
        ),
        (
            "b53a-AL2-v10-stream-refused-invalid-params-no-parts",
            "RPC-ERROR-001",
        ),
        (
            "b53a-AL3-v03-message-stream-refused-internal-error",
            "RPC-ERROR-001",
        ),
        (
            "b53a-AL3-v03-message-stream-refused-internal-error",
            "RPC-ERROR-006",
        ),
        (
            "b53a-AL4-legal-v10-streaming-card-stream-internal-error",
            "RPC-ERROR-001",
        ),
        (
            "b53a-AL5-legal-v10-rest-streaming-card-stream-500",
            "REST-ERROR-001",
        ),
        (
            "b53a-CL1-legal-v10-send-json-never-answered",
            "HTTP-MEDIA-004",
        ),
        ("b53a-CL2-v03-stream-message-names-own-task", "ID-EVENT-002"),
        (
            "b53a-BL1-legal-v10-card-trailing-slash-served",
            "CARD-PATH-005",
        ),
        ("b53a-BL2-legal-v10-card-under-agent-path", "CARD-PATH-005"),
        (
            "f1122-legal-v10-card-only-at-agent-card-json",
            "CARD-PATH-005",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-four (session 54, mine54; tests/cases/FIELD-CASES.md "Round fifty-four"):
/// - DATA-001, VER-002 (vellum-assistant PR #30925): a 1.0 object inside its oneof wrapper
///   whose 0.x `kind` sits on a nested message (status message, history) or on an
///   artifactUpdate's artifact parts is VER-MIX-001, in a push notification as in a stream
///   event, a send result and a GetTask result (before, only the object's own kind, its
///   parts and a Task's artifacts' parts were searched, and a push's wrapped object not at
///   all); a data part whose data holds a "kind" key and 0.3 JSON-RPC objects are not.
/// - PUSH-004, DATA-004 (the same PR): the Task, Message or update of a 1.0 push
///   StreamResponse is checked whole as a send result's is (a 0.3 file {file: {uri}}, a
///   lowercase role, a message without parts) and told PUSH-BODY-001; a 1.0 url part and
///   a 0.3 push of a 0.3 Task are not.
/// - TASK-002, TASK-003 (xagent #1171): a 1.0 message, subscribe or cancel on a task this
///   recording saw finished, refused -32600, is RPC-ERROR-001 naming -32004 (a cancel's
///   -32002), as under -32602 and -32603 (before, -32600 got only "a request that could not
///   be read"); a 0.3 one keeps that generic error (0.x leaves the code open).
/// - ID-004 (verify_metamorphic49's sample moved onto f461 with this round's cases): a 0.3
///   stream's Task event and the agent Message naming that task in one SSE chunk is no
///   ID-TASK-004 (both events share the chunk's seq; the Task came first); a message in the
///   same chunk naming another task still is.
#[test]
fn mine54_nested_kind_and_push_body_nested_shape() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1134-v10-push-body-proto-field-names",
            "VER-MIX-001",
            "warning",
            "the agent's push notification is the 1.0 StreamResponse wrapper {\"task\": ...} around a 0.x JSON-RPC Task (kind on /artifacts/0/parts/0/kind)",
        ),
        (
            "b54a-A1-v10-stream-artifact-update-part-kind",
            "VER-MIX-001",
            "warning",
            "(kind on /artifact/parts/0/kind)",
        ),
        (
            "b54a-A2-v10-stream-status-message-kind",
            "VER-MIX-001",
            "warning",
            "(kind on /status/message/kind)",
        ),
        (
            "b54a-A3-v10-send-result-history-kind",
            "VER-MIX-001",
            "warning",
            "(kind on /history/0/kind)",
        ),
        (
            "b54a-A4-v10-push-status-update-message-part-kind",
            "VER-MIX-001",
            "warning",
            "the agent's push notification is the 1.0 StreamResponse wrapper {\"statusUpdate\": ...} around a 0.x JSON-RPC status-update (kind on /status/message/parts/0/kind)",
        ),
        (
            "b54a-A5-v10-rest-stream-artifact-update-part-kind",
            "VER-MIX-001",
            "warning",
            "(kind on /artifact/parts/0/kind)",
        ),
        (
            "b54a-A6-v10-get-task-status-message-kind",
            "VER-MIX-001",
            "warning",
            "1.0 task result carries the 0.x member kind at /result/status/message/kind",
        ),
        (
            "b54a-B1-v10-push-task-03-file-part",
            "PUSH-BODY-001",
            "error",
            "1.0 push notification payload is malformed: part must set exactly one of text, raw, url, data (found none)",
        ),
        (
            "b54a-B2-v10-push-artifact-update-03-file-part",
            "PUSH-BODY-001",
            "error",
            "1.0 push notification payload is malformed: part must set exactly one of text, raw, url, data (found none)",
        ),
        (
            "b54a-B3-v10-push-task-history-lowercase-role",
            "PUSH-BODY-001",
            "error",
            "message role \"user\" is not ROLE_USER or ROLE_AGENT",
        ),
        (
            "b54a-B4-v10-push-status-message-no-parts",
            "PUSH-BODY-001",
            "error",
            "message has no parts (1.0 requires at least one)",
        ),
        (
            "b54a-C1-v10-message-to-finished-task-invalid-request",
            "RPC-ERROR-001",
            "error",
            "the request is a message to task t-c1, which this recording saw in TASK_STATE_COMPLETED, yet the agent answered -32600 InvalidRequestError instead of -32004 UnsupportedOperationError",
        ),
        (
            "b54a-C2-v10-cancel-finished-task-invalid-request",
            "RPC-ERROR-001",
            "error",
            "the request is a cancel of task t-c2, which this recording saw in TASK_STATE_COMPLETED, yet the agent answered -32600 InvalidRequestError instead of -32002 TaskNotCancelableError",
        ),
        (
            "b54a-C3-v10-subscribe-finished-task-invalid-request",
            "RPC-ERROR-001",
            "error",
            "instead of -32004 UnsupportedOperationError",
        ),
        (
            "b54a-DL1-v03-stream-message-other-task-one-chunk",
            "ID-TASK-004",
            "note",
            "agent message a-dl1 names task t-elsewhere, which this recording never saw the agent hand out",
        ),
        (
            "b54a-CL1-v03-message-to-finished-task-invalid-request",
            "RPC-ERROR-001",
            "error",
            "the request is a valid JSON-RPC request, yet the agent answered -32600 InvalidRequestError which only fits a request that could not be read",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        (
            "b54a-AL1-legal-v10-push-data-part-with-kind-key",
            "VER-MIX-001",
        ),
        ("b54a-AL2-legal-v03-stream-kind-everywhere", "VER-MIX-001"),
        ("b54a-BL1-legal-v10-push-task-url-part", "PUSH-BODY-001"),
        ("b54a-BL2-legal-v03-push-task-03-file-part", "PUSH-BODY-001"),
        ("b54a-BL2-legal-v03-push-task-03-file-part", "VER-MIX-001"),
        (
            "f1139-legal-v03-stream-artifact-append-chunks",
            "VER-MIX-001",
        ),
        (
            "b54a-CL2-legal-v10-rest-message-to-finished-task-unsupported",
            "REST-ERROR-001",
        ),
        (
            "f1129-legal-v10-send-to-terminal-task-unsupported-operation",
            "RPC-ERROR-001",
        ),
        (
            "b54a-D1-v03-stream-task-and-message-one-chunk",
            "ID-TASK-004",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-four (b) (mine54b): DATA-HISTORY-005 (new; DATA-006, ID-006) tells a GetTask
/// answer whose history is shorter than an earlier read's although its historyLength asked
/// for at least as many messages (a2a-dotnet #91: a trim for one read written back to the
/// stored task), on 0.2/0.3 JSON-RPC and 1.0 JSON-RPC and HTTP+JSON; a history that grew, a
/// smaller historyLength, the server's default under no historyLength, a read without
/// `history` and a dropped duplicate stay silent. TASK-STATE-010 widened to the same loss
/// of a finished task's artifacts without a stream (an earlier whole snapshot of the
/// finished task listed it). A card member written null is unset (a2a-java #945's Jackson
/// card): a 1.0 card's `url: null` is no url to judge (CARD-SHAPE-003 told it before) and a
/// null 0.x-only member is not named by VER-MIX-001; a 0.3 card's null url is still told.
/// The round's other kinds (a2aproject
/// threads, blind variants A-G run on main's binary first) keep their rules on every surface.
#[test]
fn mine54b_history_lost_and_round_kinds_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1163-v02-history-trim-written-back",
            "DATA-HISTORY-005",
            "warning",
            "tasks/get with historyLength 10 for task t-dn-1 with 1 history message, but an earlier read of the task returned 4 (m-dn-1, a-dn-1, m-dn-2 no longer there)",
        ),
        (
            "b54b-H1-v10-rest-history-lost-after-trimmed-read",
            "DATA-HISTORY-005",
            "warning",
            "with historyLength 10 for task t-h1 with 2 history messages, but an earlier read of the task returned 6",
        ),
        (
            "b54b-H2-v03-history-middle-messages-lost",
            "DATA-HISTORY-005",
            "warning",
            "tasks/get with historyLength 8 for task t-h2 with 2 history messages, but an earlier read of the task returned 4 (a-t-h2-1, m-t-h2-2 no longer there)",
        ),
        (
            "b54b-H3-v10-history-asked-exactly-as-many",
            "DATA-HISTORY-005",
            "warning",
            "GetTask with historyLength 4 for task t-h3 with 1 history message, but an earlier read of the task returned 4",
        ),
        (
            "b54b-H4-v10-finished-task-artifact-lost-between-reads",
            "TASK-STATE-010",
            "warning",
            "an earlier answer showed task t-h4 finished in TASK_STATE_COMPLETED with artifact report, but its GetTask answer shows it with artifact summary",
        ),
        (
            "b54b-H5-v03-send-result-artifact-then-get-other",
            "TASK-STATE-010",
            "warning",
            "finished in completed with artifact translation, but its tasks/get answer shows it with artifact glossary",
        ),
        (
            "b54b-I1-v03-card-url-null",
            "CARD-SHAPE-003",
            "error",
            "card url null is not an absolute http(s) url",
        ),
        (
            "b54b-I2-v10-card-url-null-preferred-transport-set",
            "VER-MIX-001",
            "warning",
            "1.0 agent card carries the 0.x-only member preferredTransport that 1.0 clients ignore",
        ),
        ("f1150-v10-completed-task-read-back-failed", "TASK-STATE-001", "error", "was TASK_STATE_COMPLETED and is later reported as TASK_STATE_FAILED"),
        ("b54b-A1-v03-completed-read-back-submitted", "TASK-STATE-001", "error", "was completed and is later reported as submitted"),
        ("f1151-v10-stream-completed-sent-twice", "STREAM-END-001", "error", "after the terminal state TASK_STATE_COMPLETED"),
        ("b54b-B1-v03-stream-final-status-twice", "STREAM-END-001", "error", "after the terminal state completed"),
        ("f1152-v10-task-state-unrecognized", "TASK-STATE-005", "error", "\"UNRECOGNIZED\" is not a task state"),
        ("b54b-C1-v03-stream-status-unrecognized", "TASK-STATE-005", "error", "\"UNRECOGNIZED\" is not a task state"),
        ("f1153-v10-card-security-scheme-without-oneof-member", "CARD-SHAPE-006", "error", "\"oidc\" sets none of apiKeySecurityScheme"),
        ("f1154-v03-card-api-key-scheme-location", "CARD-SHAPE-006", "error", "\"apiKey\" has no in"),
        ("b54b-D1-v10-card-api-key-in-not-location", "CARD-SHAPE-006", "error", "\"key\" has no location"),
        ("f1155-v03-send-message-content-not-parts", "DATA-SHAPE-002", "error", "its list is under content"),
        ("f1156-v10-send-message-under-request", "DATA-SHAPE-002", "error", "found request"),
        ("b54b-E3-v10-send-result-msg", "DATA-SHAPE-001", "error", "the member msg is the 0.3 proto's field name"),
        ("f1157-v03-response-without-jsonrpc-member", "RPC-ENVELOPE-001", "error", "jsonrpc member is missing"),
        ("f1158-v10-task-follow-up-answered-in-new-context", "ID-CTX-001", "error", "got contextId c-cx-9f3e instead of the task's c-cx-1"),
        ("b54b-G2-v10-stream-follow-up-new-context", "ID-CTX-001", "error", "got contextId c-g2-new instead of the task's c-g2"),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        ("f1164-legal-v02-history-trim-on-copy", "DATA-HISTORY-005"),
        (
            "f1165-legal-v10-history-server-default-shorter",
            "DATA-HISTORY-005",
        ),
        ("b54b-HL1-legal-v10-history-grows", "DATA-HISTORY-005"),
        (
            "b54b-HL2-legal-v03-smaller-history-length",
            "DATA-HISTORY-005",
        ),
        (
            "b54b-HL3-legal-v10-read-without-history-member",
            "DATA-HISTORY-005",
        ),
        (
            "b54b-HL4-legal-v10-duplicate-message-dropped",
            "DATA-HISTORY-005",
        ),
        (
            "b54b-HL5-legal-v10-finished-task-list-without-include-artifacts",
            "TASK-STATE-010",
        ),
        (
            "b54b-HL6-legal-v10-working-task-artifact-replaced",
            "TASK-STATE-010",
        ),
        (
            "b54b-HL7-legal-v03-get-leaves-artifacts-out",
            "TASK-STATE-010",
        ),
        ("f1163-v02-history-trim-written-back", "TASK-STATE-010"),
        ("f1166-legal-v10-card-unset-members-null", "CARD-SHAPE-003"),
        ("f1166-legal-v10-card-unset-members-null", "VER-MIX-001"),
        ("b54b-IL1-legal-v10-card-0x-members-null", "CARD-SHAPE-003"),
        ("b54b-IL1-legal-v10-card-0x-members-null", "VER-MIX-001"),
        (
            "b54b-I2-v10-card-url-null-preferred-transport-set",
            "CARD-SHAPE-003",
        ),
        (
            "f1162-legal-v10-input-required-resumed-to-completed",
            "TASK-STATE-001",
        ),
        (
            "b54b-AL1-legal-v03-completed-read-back-completed",
            "TASK-STATE-001",
        ),
        ("b54b-CL1-legal-v03-get-task-unknown", "TASK-STATE-005"),
        ("b54b-DL1-legal-v10-card-api-key-location", "CARD-SHAPE-006"),
        ("b54b-DL2-legal-v03-card-api-key-in", "CARD-SHAPE-006"),
        (
            "b54b-EL1-legal-v03-rest-send-proto-content",
            "DATA-SHAPE-002",
        ),
        (
            "f1159-legal-v10-task-follow-up-without-context-id",
            "ID-CTX-001",
        ),
        (
            "b54b-GL1-legal-v03-follow-up-task-and-context",
            "ID-CTX-001",
        ),
        (
            "f1161-legal-v10-stream-event-multi-line-data",
            "STREAM-SHAPE-001",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-five (session 55, mine55; tests/cases/FIELD-CASES.md "Round fifty-five"):
/// - DATA-001, VER-002 (nexent PR #3576: parts written `{"type": "text", "text": ...}` in
///   1.0 answers): a 1.0 part that carries the 0.1 draft's discriminator `type` ("text",
///   "file", "data") is VER-MIX-001, as 0.x's `kind` is, in a send answer, a stream event,
///   a GetTask and ListTasks result and a push notification; a `type` key inside a data
///   part's data or a part's metadata is the agent's own and silent.
/// - ID-002, ID-004 (the same adapter adds contextId to a task only when it has one): a 1.0
///   Task answering a send (JSON-RPC or HTTP+JSON) without contextId is ID-MSG-001's note,
///   as a reply message without one was (advice: the 1.0 proto leaves Task.context_id
///   optional); a stream's Task event is not (its updates must name the context: f1076's
///   legal reading), and a 0.3 Task without contextId keeps DATA-SHAPE-001's error.
/// - DATA-004, DATA-005 (the same service writes a failure as `"message": str(e)`): a
///   TaskStatus whose message is no object (a string, a list of parts) is a malformed
///   Task or update in every generation (STREAM-SHAPE-001, DATA-SHAPE-001, PUSH-BODY-001);
///   a message written null is unset and silent.
#[test]
fn mine55_part_type_discriminator_task_context_and_status_message_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1176-v10-send-message-parts-type-member",
            "VER-MIX-001",
            "warning",
            "the agent's SendMessage answer is the 1.0 SendMessageResponse wrapper {\"message\": ...} around an object whose part carries the 0.1 draft's discriminator type (/parts/0/type; 0.2 and 0.3 renamed it kind)",
        ),
        (
            "f1174-v10-stream-status-message-without-message-id",
            "VER-MIX-001",
            "warning",
            "(/status/message/parts/0/type;",
        ),
        (
            "b55a-A1-v10-stream-artifact-update-part-type",
            "VER-MIX-001",
            "warning",
            "{\"artifactUpdate\": ...} around an object whose part carries the 0.1 draft's discriminator type (/artifact/parts/0/type;",
        ),
        (
            "b55a-A2-v10-rest-get-task-status-message-part-type",
            "VER-MIX-001",
            "warning",
            "1.0 task result carries the 0.1 draft's part discriminator type (0.2 and 0.3 renamed it kind) at /status/message/parts/0/type",
        ),
        (
            "b55a-A3-v10-list-tasks-history-part-type",
            "VER-MIX-001",
            "warning",
            "(at /result/tasks/0/history/1/parts/0/type); 1.0 has no type discriminator",
        ),
        (
            "b55a-A4-v10-push-task-artifact-part-type",
            "VER-MIX-001",
            "warning",
            "the agent's push notification is the 1.0 StreamResponse wrapper {\"task\": ...} around an object whose part carries the 0.1 draft's discriminator type (/artifacts/0/parts/0/type;",
        ),
        (
            "f1175-v10-send-task-without-context-id",
            "ID-MSG-001",
            "note",
            "1.0 task t-nx-4 answering SendMessage has no contextId",
        ),
        (
            "b55a-B1-v10-send-return-immediately-task-without-context-id",
            "ID-MSG-001",
            "note",
            "1.0 task t-b1 answering SendMessage has no contextId",
        ),
        (
            "b55a-B2-v10-rest-send-task-without-context-id",
            "ID-MSG-001",
            "note",
            "1.0 task t-b2 answering SendMessage has no contextId",
        ),
        (
            "b55a-BL2-v03-send-task-without-context-id",
            "DATA-SHAPE-001",
            "error",
            "result task of message/send is malformed: task has no contextId",
        ),
        (
            "f1184-v10-stream-failed-status-message-string",
            "STREAM-SHAPE-001",
            "error",
            "stream update event is malformed: status.message is the string \"RuntimeUpstreamError: status 502 from ag\", not a Message object {messageId, role, parts}",
        ),
        (
            "b55a-C1-v03-get-task-status-message-string",
            "DATA-SHAPE-001",
            "error",
            "result task of tasks/get is malformed: status.message is the string \"upstream timed out\", not a Message object",
        ),
        (
            "b55a-C2-v10-rest-send-task-status-message-string",
            "DATA-SHAPE-001",
            "error",
            "result task of SendMessage is malformed: status.message is the string \"Error: quota exceeded\"",
        ),
        (
            "b55a-C3-v10-push-status-update-message-list",
            "PUSH-BODY-001",
            "error",
            "push notification payload is malformed: status.message is a list, not a Message object",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        ("b55a-AL1-legal-v10-data-part-with-type-key", "VER-MIX-001"),
        ("b55a-AL2-legal-v10-part-metadata-type", "VER-MIX-001"),
        (
            "f1173-legal-v10-stream-artifact-chunks-with-id",
            "VER-MIX-001",
        ),
        ("b55a-BL1-legal-v10-send-task-with-context-id", "ID-MSG-001"),
        ("b55a-BL2-v03-send-task-without-context-id", "ID-MSG-001"),
        (
            "b55a-BL3-legal-v10-stream-task-without-context-updates-name-it",
            "ID-MSG-001",
        ),
        (
            "f1076-legal-v10-rest-stream-task-without-context-id",
            "ID-MSG-001",
        ),
        (
            "b55a-CL1-legal-v10-stream-status-message-null",
            "STREAM-SHAPE-001",
        ),
        (
            "f1178-legal-v10-rest-canceled-task-stays-canceled",
            "DATA-SHAPE-001",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-five (b) (mine55b; threads under github.com/a2aproject): BIND-USE-002 widened
/// to 0.3's extended card route: a 1.0 client that asks for `GET {url}/v1/card` below a 1.x
/// HTTP+JSON interface (a2a-js PR #401) is told, naming 1.0's `{url}/extendedAgentCard`,
/// and the agent's right 404 is no CARD-URL-002 (before: an error on the agent); a 1.x
/// interface's 404 page to any such `/v1` route is not judged as the agent's malformed
/// REST error (REST-ERROR-001 was told on b55b-A2). AUTH-LEAK-001 widened to a failed card
/// fetch's body (a2a-dotnet #203: the .NET exception page on the well-known card route;
/// a Python traceback on /extendedAgentCard), not a front's 503 page. REST-ERROR-001
/// widened to an error body that is JSON but no object (a2a-python PR #297's review: the
/// error object serialized a second time into a string; an array; a bare "Not Found" from
/// an interface that answered before), not a router's "Not Found" where the interface
/// never answered. The controls of the round stay silent.
#[test]
fn mine55b_v1_card_route_card_error_leak_and_error_body_not_object() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1194-v10-rest-client-extended-card-at-03-route",
            "BIND-USE-002",
            "warning",
            "client sent GET /a2a/v1/card (the request says A2A-Version 1.0), which puts the 0.3 route prefix /v1 on 1.0 HTTP+JSON interface https://js-rest-agent.example.test/a2a, whose routes sit directly below its url (call GET /a2a/extendedAgentCard)",
        ),
        (
            "b55b-A2-v10-rest-get-task-at-v1-route-404",
            "BIND-USE-002",
            "warning",
            "(call GET /agents/triage/tasks/t-va-2)",
        ),
        (
            "f1203-v03-card-answered-serializer-exception",
            "AUTH-LEAK-001",
            "warning",
            "agent's HTTP 500 error answer to GetAgentCard shows a .NET stack trace in its body",
        ),
        (
            "b55b-C1-v10-card-500-java-stack-trace",
            "AUTH-LEAK-001",
            "warning",
            "shows a Java stack trace in its body",
        ),
        (
            "b55b-C2-v10-extended-card-500-python-traceback",
            "AUTH-LEAK-001",
            "warning",
            "Python",
        ),
        (
            "f1204-v03-rest-error-json-string-404",
            "REST-ERROR-001",
            "error",
            "with HTTP 404 and a body that is a JSON string, not an error object (the error object written into a string and serialized again)",
        ),
        (
            "b55b-D2-v10-rest-send-400-json-array",
            "REST-ERROR-001",
            "error",
            "with HTTP 400 and a body that is a JSON array, not an error object:",
        ),
        (
            "b55b-D3-v10-rest-not-found-string-after-answers",
            "REST-ERROR-001",
            "error",
            "with HTTP 404 and a body that is a JSON string, not an error object:",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        (
            "f1194-v10-rest-client-extended-card-at-03-route",
            "CARD-URL-002",
        ),
        (
            "b55b-A2-v10-rest-get-task-at-v1-route-404",
            "REST-ERROR-001",
        ),
        ("f1204-v03-rest-error-json-string-404", "CARD-URL-002"),
        ("b55b-D1-v10-rest-get-task-404-json-string", "CARD-URL-002"),
        ("b55b-CL1-legal-v03-card-503-front-page", "AUTH-LEAK-001"),
        ("b55b-DL1-legal-v03-rest-error-object", "REST-ERROR-001"),
        (
            "b55b-AL1-legal-v10-interface-url-ends-in-v1",
            "BIND-USE-002",
        ),
        ("f1195-legal-v10-rest-extended-card-route", "BIND-USE-002"),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
    legal_controls_silent(&dir.join("variants"), "b55b-", 7);
}

/// Round fifty-six (session 56, mine56; tests/cases/FIELD-CASES.md "Round fifty-six"):
/// - CARD-009 (RFC 9110 §15.4.5; dhirmadi/agent-registry answers a matching If-None-Match
///   with a bare 304): CARD-CACHE-001 widened to a card revalidation answered 304 without
///   the ETag the card's 200 at that URL carried (or that the client's If-None-Match shows
///   it was given), in every generation (RFC 9111 §4.3.4: a cache picks the stored card a
///   304 freshens by that validator); a 304 repeating it, one that drops only
///   Cache-Control, and an If-Modified-Since revalidation are silent.
/// - RPC-003 (SAGE-X-project/sage-a2a-go's "v0.4.0" `tasks/list`): RPC-REQ-003 widened to a
///   1.0 operation called under a 0.x-style slash name no release defines (`tasks/list`,
///   `tasks/subscribe`, `tasks/pushNotificationConfig/create`) that the agent refused; 1.0's
///   ListTasks, and a `tasks/list` an agent serves as its own method, are silent.
/// - CARD-001, CARD-002 (kagent #2885: a gateway serving A2AService over gRPC only):
///   CARD-PATH-004 counts a gRPC call answered OK as a 1.0 A2A call of its origin (before,
///   only JSON-RPC and HTTP+JSON answers were kept, so a gRPC-only agent with no card was
///   silent); a gRPC agent with its card at the well-known path, and a 0.3 gRPC call, stay
///   silent.
/// - AUTH-004, CARD-005 (openclaw #150087: a card built from the gateway's own plain-http
///   socket behind a TLS-terminating proxy): CARD-URL-008 reads the client's https from the
///   front's `X-Forwarded-Proto` / `Forwarded: proto=https` for the host the card names; a
///   front reporting http, a loopback host, or https for another host stay silent.
#[test]
fn mine56_card_304_validators_draft_methods_and_grpc_card_not_served() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1220-v03-registry-card-304-without-validators",
            "CARD-CACHE-001",
            "note",
            "(If-None-Match: \"2026-03-02T09:58:11.402913Z\") with 304 Not Modified without an ETag, though the card it revalidates carries one",
        ),
        (
            "b56a-A1-v10-rest-card-304-keeps-cache-control-drops-etag",
            "CARD-CACHE-001",
            "note",
            "a cache picks the stored response a 304 freshens by that validator (RFC 9111 \u{a7}4.3.4)",
        ),
        (
            "b56a-A2-v03-card-304-without-etag-no-200-recorded",
            "CARD-CACHE-001",
            "note",
            "(If-None-Match: W/\"gen-41\") with 304 Not Modified without an ETag",
        ),
        (
            "b56a-A3-v02-card-304-drops-etag-at-agent-json",
            "CARD-CACHE-001",
            "note",
            "at /.well-known/agent.json (If-None-Match: \"v56-card-7\") with 304 Not Modified without an ETag",
        ),
        (
            "f1226-v03-client-draft-tasks-list",
            "RPC-REQ-003",
            "note",
            "client called JSON-RPC method \"tasks/list\", which no A2A release defines: it is the 0.x-style spelling of 1.0's \"ListTasks\"",
        ),
        (
            "b56a-B1-v10-client-tasks-list-refused",
            "RPC-REQ-003",
            "note",
            "\"tasks/list\", which no A2A release defines",
        ),
        (
            "b56a-B2-v03-client-tasks-subscribe-refused",
            "RPC-REQ-003",
            "note",
            "1.0's \"SubscribeToTask\" (pre-1.0 drafts wrote it so); 0.3 calls it \"tasks/resubscribe\"",
        ),
        (
            "b56a-B3-v03-client-push-config-create-refused",
            "RPC-REQ-003",
            "note",
            "1.0's \"CreateTaskPushNotificationConfig\" (pre-1.0 drafts wrote it so); 0.3 calls it \"tasks/pushNotificationConfig/set\"",
        ),
        (
            "f1227-v10-grpc-only-gateway-no-public-card",
            "CARD-PATH-004",
            "error",
            "http://kagent-core.example.test:8083/.well-known/agent-card.json answered 404 although this origin answered a 1.0 A2A call",
        ),
        (
            "b56a-C1-v10-grpc-stream-answered-card-404",
            "CARD-PATH-004",
            "error",
            "grpc-agent.example.test:50051/.well-known/agent-card.json answered 404 although",
        ),
        (
            "b56a-C2-v10-grpc-get-task-answered-card-404",
            "CARD-PATH-004",
            "error",
            "answered 404 after this origin answered a 1.0 A2A call",
        ),
        (
            "f1229-v10-card-http-url-behind-tls-proxy",
            "CARD-URL-008",
            "warning",
            "card fetched over https (https://openclaw-gw.example.test/.well-known/agent-card.json, as the TLS-terminating front in front of it reported (X-Forwarded-Proto / Forwarded)) advertises the plain-http interface url http://openclaw-gw.example.test/a2a/v1",
        ),
        (
            "b56a-D1-v10-card-http-behind-forwarded-proto-https",
            "CARD-URL-008",
            "warning",
            "advertises the plain-http interface url http://gw-d.example.test/a2a",
        ),
        (
            "b56a-D2-v03-card-http-behind-x-forwarded-proto",
            "CARD-URL-008",
            "warning",
            "as the TLS-terminating front in front of it reported",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        ("f1222-legal-v03-card-304-with-validators", "CARD-CACHE-001"),
        (
            "b56a-AL1-legal-v03-card-304-with-both-validators",
            "CARD-CACHE-001",
        ),
        (
            "b56a-AL2-legal-v03-card-304-no-cache-control-never-sent",
            "CARD-CACHE-001",
        ),
        (
            "b56a-AL3-legal-v10-card-304-weak-etag-repeated",
            "CARD-CACHE-001",
        ),
        (
            "b56a-AL4-legal-v10-rest-card-304-keeps-etag-drops-cache-control",
            "CARD-CACHE-001",
        ),
        (
            "b20s-CARD-009-legal-v10-card-no-cache-with-etag",
            "CARD-CACHE-001",
        ),
        (
            "b25x-EL10-legal-v03-card-revalidated-if-modified-since-304",
            "CARD-CACHE-001",
        ),
        (
            "b29x-E18-legal-v10-304-with-if-modified-since",
            "CARD-CACHE-001",
        ),
        ("b56a-BL1-legal-v10-list-tasks-served", "RPC-REQ-003"),
        (
            "b56a-BL2-legal-v03-agent-serves-own-tasks-list",
            "RPC-REQ-003",
        ),
        ("f1225-legal-v03-client-rpc-path-advertised", "RPC-REQ-003"),
        (
            "f1228-legal-v10-grpc-gateway-card-at-well-known",
            "CARD-PATH-004",
        ),
        (
            "b56a-CL1-legal-v10-grpc-card-at-well-known",
            "CARD-PATH-004",
        ),
        ("b56a-CL2-v03-grpc-call-beside-card-404", "CARD-PATH-004"),
        (
            "f1230-legal-v10-card-https-url-from-forwarded-proto",
            "CARD-URL-008",
        ),
        (
            "b56a-DL1-legal-v10-card-http-forwarded-proto-http",
            "CARD-URL-008",
        ),
        (
            "b56a-DL2-legal-v10-card-loopback-forwarded-https",
            "CARD-URL-008",
        ),
        (
            "b56a-DL3-legal-v10-card-http-other-host-than-forwarded",
            "CARD-URL-008",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-six (b) (mine56b; threads under github.com/a2aproject): GRPC-ERROR-002 widened
/// to a 1.0 gRPC call the situation answers with PushNotificationNotSupportedError,
/// UnsupportedOperationError or VersionNotSupportedError that ended with a bare
/// UNIMPLEMENTED (a2a-tck #206: the servicer left the method to the runtime's "Method not
/// found"; 1.0.0's status, but no ErrorInfo tells it from an unregistered method), not 0.3
/// gRPC nor the refusal with its ErrorInfo. An HTTP+JSON 404 in RFC 9457 problem details
/// naming an A2A error (A2A #1596; DIGEST trap 10) is the agent's answer, not a missing route
/// (CARD-URL-002 was told on f1254), while a framework's ProblemDetails "Not Found" still is.
/// DATA-PARAM-003 widened to a 0.3 gRPC task call whose resource name is not tasks/{id}
/// (A2A #870). VER-MIX-002 names the pre-1.0 X-A2A-Version header a call sent instead of
/// A2A-Version (a2a-java PR #709). The controls of the round stay silent.
#[test]
fn mine56b_bare_unimplemented_problem_details_and_resource_name_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1240-v10-grpc-push-config-unsupported-bare-unimplemented",
            "GRPC-ERROR-002",
            "error",
            "the agent card does not declare capabilities.pushNotifications (PUSH-001), yet the agent answered gRPC CreateTaskPushNotificationConfig with a bare UNIMPLEMENTED (12) and no google.rpc.ErrorInfo: PushNotificationNotSupportedError on gRPC is FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) with ErrorInfo reason PUSH_NOTIFICATION_NOT_SUPPORTED",
        ),
        (
            "b56b-A1-v10-grpc-subscribe-completed-bare-unimplemented",
            "GRPC-ERROR-002",
            "error",
            "the request is a subscribe to task t-va-1, which this recording saw in TASK_STATE_COMPLETED, yet the agent answered gRPC SubscribeToTask with a bare UNIMPLEMENTED (12)",
        ),
        (
            "b56b-A2-v10-grpc-extended-card-undeclared-bare-unimplemented",
            "GRPC-ERROR-002",
            "error",
            "UnsupportedOperationError on gRPC is FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) with ErrorInfo reason UNSUPPORTED_OPERATION",
        ),
        (
            "b56b-A3-v10-grpc-unsupported-version-bare-unimplemented",
            "GRPC-ERROR-002",
            "error",
            "the client asked for A2A-Version 3.1, a version A2A does not have (the card offers 1.0), yet the agent answered gRPC SendMessage with a bare UNIMPLEMENTED (12)",
        ),
        (
            "b56b-A4-v10-grpc-list-push-configs-no-push-bare-unimplemented",
            "GRPC-ERROR-002",
            "error",
            "reason PUSH_NOTIFICATION_NOT_SUPPORTED",
        ),
        (
            "f1255-v03-grpc-get-task-bare-id-as-name",
            "DATA-PARAM-003",
            "error",
            "client's 0.3 gRPC call GetTask names the task by name \"t-g3-2\", which is no resource name: the 0.3 proto names a task name = \"tasks/{task_id}\"",
        ),
        (
            "b56b-C2-v03-grpc-get-push-config-bare-config-id",
            "DATA-PARAM-003",
            "error",
            "name = \"tasks/{task_id}/pushNotificationConfigs/{config_id}\"",
        ),
        (
            "f1249-v10-client-sends-x-a2a-version",
            "VER-MIX-002",
            "warning",
            "sends no A2A-Version (which means 0.3; its X-A2A-Version: 1.0 is the pre-1.0 drafts' name for A2A-Version, which a 1.0 agent does not read) but uses the 1.0 method SendMessage",
        ),
        (
            "f1257-v10-grpc-client-x-a2a-version-metadata",
            "VER-MIX-002",
            "warning",
            "its x-a2a-version: 1.0 is the pre-1.0 drafts' name for a2a-version",
        ),
        (
            "b56b-B1-v10-rest-problem-details-status-misfit",
            "REST-ERROR-001",
            "error",
            "problem+json body whose type names TaskNotFoundError",
        ),
        (
            "b56b-B2-v10-rest-framework-problem-details-404",
            "CARD-URL-002",
            "error",
            "the SendMessage route POST /a2a/message:send",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        ("f1254-legal-v10-rest-error-problem-details", "CARD-URL-002"),
        (
            "b56b-B1-v10-rest-problem-details-status-misfit",
            "CARD-URL-002",
        ),
        (
            "f1241-legal-v10-grpc-push-unsupported-unimplemented-error-info",
            "GRPC-ERROR-002",
        ),
        (
            "b56b-AL2-legal-v03-grpc-push-get-bare-unimplemented",
            "GRPC-ERROR-002",
        ),
        (
            "b56b-CL1-legal-v03-grpc-subscribe-resource-name",
            "DATA-PARAM-003",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
    legal_controls_silent(&dir.join("variants"), "b56b-", 5);
}

/// Round fifty-seven (session 57, mine57; tests/cases/FIELD-CASES.md "Round fifty-seven"):
/// - PUSH-002, DATA-005 (epoxa/a2a-php's PushNotificationConfig::toArray writes an unset
///   authentication as PHP's empty array, the JSON list `[]`): a push notification config
///   member of another JSON type than the schema's (authentication no object, id or token no
///   string) is told in the client's request (PUSH-CFG-003: set / Create, or inline in a send)
///   and in the agent's answer (DATA-SHAPE-001: set / get / list / Create), in either
///   generation and binding; null reads as unset and an AuthenticationInfo object is silent.
/// - RPC-003 (epoxa/a2a-php's client calls `send_message`): RPC-REQ-003 widened to a JSON-RPC
///   method that is an A2A operation in snake_case (`send_message`, `get_task`,
///   `cancel_task`) or a 0.x method with `_` for `/` (`message_send`) that the agent refused;
///   an agent that serves such a name runs its own method, and a name that is no A2A
///   operation (`send_email`) is not judged.
#[test]
fn mine57_push_config_member_types_and_snake_case_methods_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, n, says) in [
        (
            "f1277-v03-client-push-config-authentication-empty-list",
            "PUSH-CFG-003",
            "error",
            1,
            "client's tasks/pushNotificationConfig/set carries a push notification config whose authentication is an array, not a PushNotificationAuthenticationInfo object {schemes: [...], credentials?} (an empty map written as the list [], as PHP's json_encode writes an empty array",
        ),
        (
            "f1278-v03-push-config-result-authentication-empty-list",
            "DATA-SHAPE-001",
            "error",
            2,
            "result of tasks/pushNotificationConfig/set is malformed: push notification config's authentication is an array, not a PushNotificationAuthenticationInfo object",
        ),
        (
            "b57a-A1-v10-client-create-authentication-empty-list",
            "PUSH-CFG-003",
            "error",
            1,
            "client's CreateTaskPushNotificationConfig carries a push notification config whose authentication is an array, not an AuthenticationInfo object {scheme, credentials?}",
        ),
        (
            "b57a-A2-v03-stream-inline-config-token-number",
            "PUSH-CFG-003",
            "error",
            1,
            "client's message/stream carries a push notification config whose token is a number, not a string",
        ),
        (
            "b57a-A3-v10-rest-create-result-authentication-string",
            "DATA-SHAPE-001",
            "error",
            1,
            "result of CreateTaskPushNotificationConfig is malformed: push notification config's authentication is a string, not an AuthenticationInfo object",
        ),
        (
            "b57a-A4-v03-list-result-authentication-empty-list",
            "DATA-SHAPE-001",
            "error",
            1,
            "result of tasks/pushNotificationConfig/list is malformed: push notification config's authentication is an array",
        ),
        (
            "f1279-v03-client-calls-send-message-snake-case",
            "RPC-REQ-003",
            "note",
            1,
            "client called JSON-RPC method \"send_message\", which no A2A release defines: it is the snake_case spelling of 1.0's \"SendMessage\" (an SDK's function name, not the protocol's method name); 0.3 calls it \"message/send\"",
        ),
        (
            "b57a-B1-v10-client-get-task-snake-case",
            "RPC-REQ-003",
            "note",
            1,
            "\"get_task\", which no A2A release defines: it is the snake_case spelling of 1.0's \"GetTask\"",
        ),
        (
            "b57a-B2-v03-client-message-send-underscore",
            "RPC-REQ-003",
            "note",
            1,
            "\"message_send\", which no A2A release defines: it is the 0.x method \"message/send\" written with _ for /; 1.0 calls it \"SendMessage\"",
        ),
        (
            "b57a-B3-v03-client-cancel-task-snake-case-http-404",
            "RPC-REQ-003",
            "note",
            1,
            "1.0's \"CancelTask\" (an SDK's function name, not the protocol's method name); 0.3 calls it \"tasks/cancel\"",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), n, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        (
            "f1280-legal-v03-push-config-null-optionals-authentication-object",
            "PUSH-CFG-003",
        ),
        (
            "f1280-legal-v03-push-config-null-optionals-authentication-object",
            "DATA-SHAPE-001",
        ),
        (
            "b57a-AL1-legal-v10-create-authentication-object-null-token",
            "PUSH-CFG-003",
        ),
        (
            "b57a-AL1-legal-v10-create-authentication-object-null-token",
            "DATA-SHAPE-001",
        ),
        ("b57a-AL2-legal-v03-set-authentication-null", "PUSH-CFG-003"),
        (
            "b57a-AL2-legal-v03-set-authentication-null",
            "DATA-SHAPE-001",
        ),
        (
            "f1281-legal-v03-own-ping-and-get-agent-card-served",
            "RPC-REQ-003",
        ),
        (
            "b57a-BL1-legal-v03-agent-serves-own-send-message",
            "RPC-REQ-003",
        ),
        (
            "b57a-BL2-legal-v03-client-send-email-refused",
            "RPC-REQ-003",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Round fifty-seven (b) (mine57b; threads under github.com/a2aproject): DATA-PARAM-003
/// widened to an HTTP+JSON task route whose task or config id segment is blank
/// (a2a-java #1012: a blank config id became `GET .../pushNotificationConfigs/`, read before
/// as the list route and left silent; a blank task id's `POST /tasks/:cancel` drew
/// CARD-URL-002 on the agent), not a lenient router's list answer to the trailing slash.
/// REST-ERROR-001 narrowed: a router's 405 page to SubscribeToTask under either method is no
/// A2A error body (DIGEST trap 1, A2A #1574: the proto says GET, the prose POST), while a JSON
/// body there stays judged. The controls of the round stay silent.
#[test]
fn mine57b_blank_route_ids_and_subscribe_method_refusal() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1282-v10-rest-get-push-config-blank-config-id",
            "DATA-PARAM-003",
            "error",
            "client requested GET /a2a/tasks/t-pj-1/pushNotificationConfigs/, the GetTaskPushNotificationConfig route with a blank config id",
        ),
        (
            "b57b-A1-v10-rest-delete-push-config-blank-config-id",
            "DATA-PARAM-003",
            "error",
            "the DeleteTaskPushNotificationConfig route with a blank config id",
        ),
        (
            "b57b-A2-v10-rest-cancel-blank-task-id",
            "DATA-PARAM-003",
            "error",
            "client requested POST /api/tasks/:cancel, the CancelTask route with a blank task id",
        ),
        (
            "b57b-A3-v03-rest-get-push-config-blank-config-id",
            "DATA-PARAM-003",
            "error",
            "the agent's HTTP 404 is the right answer to it",
        ),
        (
            "b57b-B2-v10-rest-subscribe-405-json-not-aip193",
            "REST-ERROR-001",
            "error",
            "error body of SubscribeToTask",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        // the blank DELETE is the Delete it means, not the list route's wrong verb
        (
            "b57b-A1-v10-rest-delete-push-config-blank-config-id",
            "REST-VERB-001",
        ),
        // a blank task id's 404 is the right answer, no sign of a wrong card url
        ("b57b-A2-v10-rest-cancel-blank-task-id", "CARD-URL-002"),
        (
            "b57b-AL1-legal-v10-rest-trailing-slash-served-as-list",
            "DATA-PARAM-003",
        ),
        (
            "f1295-legal-v10-rest-subscribe-get-refused-405-then-post",
            "REST-ERROR-001",
        ),
        (
            "b57b-B1-legal-v10-rest-subscribe-post-refused-405-then-get",
            "REST-ERROR-001",
        ),
        (
            "f1296-v10-rest-client-subscribe-slash-route",
            "REST-ERROR-001",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
    legal_controls_silent(&dir.join("variants"), "b57b-", 3);
}

/// STREAM-003 across a gateway (mine51; verify_metamorphic49's re-chunked b9-f22): the agent
/// closes its stream at working after 30 s of quiet and the gateway relays it, each event
/// split over two chunks on the client leg a millisecond apart. The client leg's quiet span
/// is then 29.999 s, under the idle threshold, so its STREAM-END-007 lacks the idle clause the
/// upstream one has; the stream end is still one fault, the agent's, told once (before the
/// fix it was told twice, once per leg).
#[test]
fn mine51_relayed_stream_end_told_once_across_rechunking() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants/b9-f22-gw-v03-stream-agent-closed-early.jsonl");
    let mut out = String::new();
    for line in std::fs::read_to_string(&src).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let body = v["body"].as_str().unwrap_or("");
        if v["dir"] == "chunk" && v.get("leg").is_none() && body.len() > 1 {
            let mid = body.len() / 2;
            let t = v["t"].as_f64().unwrap();
            for (part, dt) in [(&body[..mid], 0.0), (&body[mid..], 0.001)] {
                let mut c = v.clone();
                c["body"] = serde_json::Value::from(part);
                c["t"] = serde_json::Value::from(t + dt);
                out.push_str(&c.to_string());
                out.push('\n');
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b9-f22-rechunked.jsonl");
    std::fs::write(&path, out).unwrap();
    let got = verify(&path);
    let ends: Vec<_> = got
        .findings
        .iter()
        .filter(|f| f.rule == "STREAM-END-007")
        .collect();
    assert_eq!(ends.len(), 1, "{}", render(&got));
    assert!(
        ends[0]
            .message
            .contains("the gateway passed it on to the client unchanged"),
        "{}",
        ends[0].message
    );
}

/// ERR-002 / TASK-009 (q20v V2): a 0.3 HTTP+JSON unknown-task error whose body names
/// -32001 TaskNotFoundError but whose HTTP status is 500 is told as a status mismatch
/// (REST-ERROR-001), whatever the body's wrapping; the 404 control stays clean.
#[test]
fn rest_v03_task_not_found_code_with_wrong_status() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    for stem in [
        "q20v-V2-v03-rest-unknown-task-500-jsonrpc-style-body",
        "q20v-V2-v03-rest-unknown-task-500-code-body",
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        assert!(
            out.findings.iter().any(|f| f.rule == "REST-ERROR-001"
                && f.message.contains("HTTP status 500 and error code -32001")
                && f.message.contains("HTTP 404")),
            "{stem}:\n{}",
            render(&out)
        );
    }
    let out = verify(&dir.join("q20v-V2-legal-v03-rest-unknown-task-404.jsonl"));
    assert!(out.findings.is_empty(), "{}", render(&out));
}

/// CARD-001 (q20v V1): a card URL answering a JSON array is told as one, so the reader
/// knows the body parsed and what it held.
#[test]
fn card_served_as_json_array_says_so() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = verify(&dir.join("b20q-CARD-SHAPE-004-v10-card-served-as-json-array.jsonl"));
    assert!(
        out.findings.iter().any(|f| f.rule == "CARD-SHAPE-004"
            && f.message == "agent card response is not a JSON object: it is a JSON array"),
        "{}",
        render(&out)
    );
}

/// Session 21 (mine21a): the kinds the mined framework and gateway cases taught.
/// - VER-002 (litellm #32609): a 0.3 call without A2A-Version asks for 0.3 (1.0 §3.6.2), so
///   a 1.0-only agent answering it -32601 gets VER-HDR-004 as for an explicit 0.3; a
///   header-less 0.1.0 tasks/send answered -32601 does not (no 0.3 agent has it either).
/// - STREAM-009 (agentscope-java #1378): a last chunk that repeats the whole artifact is
///   named a final snapshot; one that carries only a tail keeps the plain wording.
/// - DATA-001 (adk-python #2851): a `{"Task": ..., "snapshot": {}}` result is named as the
///   class-name wrapper it is.
/// - CARD-005 (agentgateway #2981): a gateway's rewrite that glues the backend path onto
///   the public prefix is told as a glued prefix, not as a repeated run.
#[test]
fn mine21a_headerless_version_snapshot_wrapper_and_glued_prefix() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for stem in [
        "field/f197-v03-gw-bridge-03-call-to-10-only-agent",
        "variants/b21a-V1-v03-jsonrpc-headerless-stream-to-10-only-agent-method-not-found",
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let w: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "VER-HDR-004")
            .collect();
        assert_eq!(w.len(), 1, "{stem}:\n{}", render(&out));
        assert_eq!(w[0].severity, Severity::Warning);
        assert!(
            w[0].message
                .contains("sent without A2A-Version (which means 0.3, 1.0 §3.6.2) with -32601")
                && w[0].message.contains("its card declares only 1.0"),
            "{}",
            w[0].message
        );
        // the live line cites the refused call, not the card
        assert_eq!(w[0].evidence[0].exchange.as_deref(), Some("e2"), "{stem}");
    }
    let out = verify(&dir.join(
        "variants/b21a-V1-v01-jsonrpc-headerless-tasks-send-to-10-only-agent-method-not-found.jsonl",
    ));
    assert!(
        out.findings.iter().all(|f| f.rule != "VER-HDR-004"),
        "{}",
        render(&out)
    );
    assert!(
        out.findings.iter().any(|f| f.rule == "VER-CARD-002"),
        "{}",
        render(&out)
    );

    for (stem, snapshot) in [
        (
            "field/f203-v03-artifact-final-snapshot-replaces-chunks",
            true,
        ),
        (
            "variants/b21a-V2-v10-last-chunk-snapshot-after-appended-chunks",
            true,
        ),
        (
            "variants/b21a-V2-v10-last-chunk-tail-after-appended-chunks",
            false,
        ),
        (
            "variants/b16-S9-v10-last-chunk-without-append-replaces-appended-chunks",
            false,
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let n: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "STREAM-ARTIFACT-003")
            .collect();
        assert_eq!(n.len(), 1, "{stem}:\n{}", render(&out));
        assert_eq!(n[0].severity, Severity::Note);
        assert_eq!(
            n[0].message.contains("(a final snapshot)"),
            snapshot,
            "{stem}: {}",
            n[0].message
        );
        assert_eq!(
            n[0].message.contains("with this last chunk's parts alone"),
            !snapshot,
            "{stem}: {}",
            n[0].message
        );
    }

    // DATA-001 / RPC-004 (adk-python #2851): a class-name wrapper with a member beside it
    // is still named as the wrapper, and the member beside it is named too.
    let out = verify(&dir.join("field/f194-v03-send-result-class-name-wrapper.jsonl"));
    assert!(
        out.findings.iter().any(|f| f.rule == "DATA-SHAPE-001"
            && f.message
                .contains("wrapped under \"Task\" (beside \"snapshot\")")),
        "{}",
        render(&out)
    );

    let out = verify(&dir.join("field/f200-card10-gw-rewrite-glues-backend-path.jsonl"));
    let g: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "GW-RESP-004")
        .collect();
    assert_eq!(g.len(), 1, "{}", render(&out));
    assert!(
        g[0].message
            .contains("glues the prefix /a2a/tock/ onto /a2a/tick/")
            && !g[0].message.contains("repeats the path segments"),
        "{}",
        g[0].message
    );
}

/// Every `<prefix>*-legal-*.jsonl` transcript in `dir` gives notes at most (no error, no
/// warning), and there are at least `min` of them.
fn legal_controls_silent(dir: &Path, prefix: &str, min: usize) {
    let mut legal = 0;
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with(prefix) && name.contains("-legal-") && name.ends_with(".jsonl") {
            legal += 1;
            let out = verify(&e.path());
            assert!(
                out.findings
                    .iter()
                    .all(|f| matches!(f.severity, Severity::Note)),
                "{name}: legal control not silent:\n{}",
                render(&out)
            );
        }
    }
    assert!(
        legal >= min,
        "{legal} {prefix} legal controls, fewer than {min}"
    );
}

/// Session 21's blind adversary (breaker21): every legal control (`b21x-*-legal-*`) stays
/// silent (no error, no warning; notes allowed), and the faults its fixes are about read as
/// the fixes say: a wrong-verb call the agent refused is the client's REST-VERB-001 with
/// the refusal named, and no REST-VERB-002 (B11); a live 0.3 stream's burst is GW-SSE-001
/// while a resubscribe backfill burst is not (B48 / L18); a send result with a second
/// oneof member set is still malformed while a null one is unset (B45 / L19).
#[test]
fn breaker21_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    legal_controls_silent(&dir, "b21x-", 40);
    let out = by("b21x-B11-v10-rest-cancel-with-get");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "REST-VERB-001")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert!(
        f[0].message.contains("GET /api/tasks/t1:cancel")
            && f[0].message.contains("refused it (HTTP 405): send POST"),
        "{}",
        f[0].message
    );
    assert!(
        out.findings.iter().all(|f| f.rule != "REST-VERB-002"),
        "{}",
        render(&out)
    );
    let burst = |stem: &str| {
        by(stem)
            .findings
            .iter()
            .filter(|f| f.rule == "GW-SSE-001")
            .count()
    };
    assert_eq!(burst("b21x-B48-v03-message-stream-updates-in-one-burst"), 1);
    assert_eq!(
        burst("b21x-L18-legal-v03-resubscribe-replays-past-updates-in-a-burst"),
        0
    );
    let out = by("b21x-B45-v10-jsonrpc-send-result-task-and-message");
    assert!(
        out.findings.iter().any(|f| f.rule == "DATA-SHAPE-001"
            && f.message.contains("several oneof members: task, message")),
        "{}",
        render(&out)
    );
}

/// breaker22 (blind adversary, round two: gateways, SSE framing, 0.1/0.2, lifecycle,
/// JSON-RPC and HTTP edges): every `b22x-*-legal-*` control stays silent but for notes;
/// a gateway that changed A2A-Version is blamed alone, not the agent's card (VER-CARD-001);
/// the messages name what the evidence hides (continuation lines without `data:`, the
/// `[DONE]` sentinel, a card's byte order mark, header lines a gateway combined).
#[test]
fn breaker22_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    legal_controls_silent(&dir, "b22x-", 40);
    // VER-CARD-001 is the agent's fault only when the agent saw the client's version.
    for stem in [
        "b22x-X01-v03-gateway-injects-a2a-version",
        "b22x-X09-v10-gateway-drops-a2a-version-card-known",
    ] {
        let out = by(stem);
        let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
        assert!(rules.contains(&"VER-HDR-002"), "{stem}:\n{}", render(&out));
        assert!(
            !rules.contains(&"VER-CARD-001"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    let says = |stem: &str, rule: &str, part: &str| {
        let out = by(stem);
        assert!(
            out.findings
                .iter()
                .any(|f| f.rule == rule && f.message.contains(part)),
            "{stem}: no {rule} saying {part:?}:\n{}",
            render(&out)
        );
    };
    says(
        "b22x-Y01-v10-sse-pretty-json-only-first-line-prefixed",
        "SSE-FRAME-002",
        "13 line(s) of the event continue a JSON document without a data: field (the first: \"  \\\"jsonrpc\\\": \\\"2.0\\\",\")",
    );
    says(
        "b22x-Y02-v10-sse-done-sentinel",
        "SSE-FRAME-002",
        "sse event data is [DONE], the end-of-stream sentinel of OpenAI's streaming API",
    );
    says(
        "b22x-Y09-v10-card-with-utf8-bom",
        "CARD-SHAPE-004",
        "not a JSON object: it starts with a UTF-8 byte order mark",
    );
    says(
        "b22x-Z02-v10-gateway-duplicates-a2a-version",
        "VER-HDR-003",
        "gateway sent the agent A2A-Version \"1.0, 1.0\", with several comma-separated values",
    );
    says(
        "b22x-Z04-v01-event-without-task-id",
        "STREAM-SHAPE-001",
        "none of the 0.1 Task, TaskStatusUpdateEvent and TaskArtifactUpdateEvent",
    );
    let out = by("b22x-Z05-v01-session-id-changed");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "ID-CTX-002")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert_eq!(
        f[0].message,
        "task t1 changed sessionId (0.1's contextId) from s1 to s2"
    );
    assert_eq!(
        f[0].evidence[0].pointer.as_deref(),
        Some("/result/sessionId")
    );
    says(
        "b22x-Y11-v10-gateway-stream-octet-stream",
        "GW-RESP-002",
        "the client got an application/octet-stream page (HTTP 200",
    );
}

/// breaker23 (blind adversary, round three: batches, timestamps, subscribe streams, push
/// webhooks, half-migrated clients, A2A-Version forms, HTTP oddities): every
/// `b23x-*-legal-*` control stays silent but for notes, and the misses it fixed read as the
/// fixes say: a batch answer that leaves a call out names that call (RPC-ID-001, B02); a
/// status update stamped before the Task snapshot that opened a send stream is out of order,
/// with an offset stamp's UTC reading shown (STREAM-ORDER-001, T01/T02); an IPv6 zone
/// literal still names a link-local webhook (PUSH-URL-001, P12); an event stream framed by
/// both Transfer-Encoding and Content-Length is HTTP-FRAME-001 like any answer (H03); a
/// quoted A2A-Version is not Major.Minor and is shown quoted (VER-HDR-003/001, V06); a 1.0
/// stream left open well after another answer showed its task ended hung (STREAM-END-003,
/// R03/R04); a gateway that lowercased a JSON-RPC call's task id changed the call
/// (GW-REQ-002, G03/G04); a file part url on an internal host handed out at a public host
/// is a note (DATA-URL-001, U01-U03); a batch answered with an event stream is
/// RPC-ENVELOPE-001 (B04).
#[test]
fn breaker23_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    legal_controls_silent(&dir, "b23x-", 35);
    let one = |stem: &str, rule: &str| only_finding(stem, rule).message;
    assert_eq!(
        one("b23x-B02-v10-batch-answer-drops-one-call", "RPC-ID-001"),
        "the agent's answer to a JSON-RPC batch of 2 calls holds 1 Response object(s) and none with id 2, the id of element 1 (GetTask): JSON-RPC 2.0 §6 returns one Response for every call that is not a notification, so the client never gets that call's answer"
    );
    // The foreign id is the fault named; the missing call is not said twice.
    let m = one("b23x-B03-v10-batch-answer-foreign-id", "RPC-ID-001");
    assert!(
        m.contains("has id 3, which no call of the batch had"),
        "{m}"
    );
    let m = one(
        "b23x-T01-v10-stream-status-backwards-fraction",
        "STREAM-ORDER-001",
    );
    assert!(
        m.contains("stamped 2026-12-02T10:00:01.400Z after the Task snapshot that opened it, stamped 2026-12-02T10:00:01.500Z (0.100 s earlier)"),
        "{m}"
    );
    let m = one(
        "b23x-T02-v03-stream-offset-timestamp-backwards",
        "STREAM-ORDER-001",
    );
    assert!(
        m.contains("stamped 2026-12-02T10:30:00+01:00 (09:30:00.000Z) after the Task snapshot"),
        "{m}"
    );
    let m = one("b23x-P12-v10-webhook-ipv6-link-local-zone", "PUSH-URL-001");
    assert_eq!(
        m,
        "agent accepted a push notification url on a link-local address (fe80::1)"
    );
    let m = one(
        "b23x-H03-v10-sse-chunked-and-content-length",
        "HTTP-FRAME-001",
    );
    assert!(
        m.contains("Transfer-Encoding \"chunked\" and Content-Length \"512\""),
        "{m}"
    );
    let m = one("b23x-V06-v10-version-header-quotes", "VER-HDR-003");
    assert!(
        m.starts_with("client sent A2A-Version \"\\\"1.0\\\"\", in quotes"),
        "{m}"
    );
    let m = one("b23x-V06-v10-version-header-quotes", "VER-HDR-001");
    assert!(
        m.starts_with(
            "request SendMessage (POST https://agent.example.test/a2a) with A2A-Version \"\\\"1.0\\\"\" was processed"
        ),
        "{m}"
    );
    // A plain value keeps its plain form in VER-HDR-001.
    let m = one("b23x-V03-v10-version-header-prefix", "VER-HDR-001");
    assert!(
        m.starts_with(
            "request SendMessage (POST https://agent.example.test/a2a) with A2A-Version v1.0 was processed"
        ),
        "{m}"
    );
    // A stream still open long after another answer showed its task ended hung there
    // (STREAM-END-003, R03/R04); a capture that stops a second after the read is too soon
    // to tell (RL4, a legal control above).
    let m = one(
        "b23x-R03-v10-subscribe-misses-terminal-seen-by-get",
        "STREAM-END-003",
    );
    assert_eq!(
        m,
        "stream of task t1 stayed open without a terminal event until the capture stopped, 29.9 s after another answer showed the task TASK_STATE_COMPLETED (the stream's last state: TASK_STATE_WORKING): the stream hung after the task ended, and a client waiting on it never learns the outcome"
    );
    let m = one(
        "b23x-R04-v10-send-stream-hangs-after-task-canceled",
        "STREAM-END-003",
    );
    assert!(
        m.contains("after another answer showed the task TASK_STATE_CANCELED"),
        "{m}"
    );
    // A gateway that changed the letter case of a JSON-RPC call's task id is blamed, not
    // the agent that then knew no such task (GW-REQ-002, G03/G04; GL2 a legal control).
    assert_eq!(
        one("b23x-G03-v10-gateway-lowercases-task-id", "GW-REQ-002"),
        "gateway forwarded the client's JSON-RPC GetTask call upstream with params.id \"task-ab12\" instead of the client's \"Task-AB12\" (task ids are opaque and case-sensitive): whatever the agent answers there is not the answer to the client's call"
    );
    let m = one(
        "b23x-G04-v10-gateway-lowercases-push-config-task-id-renumbered",
        "GW-REQ-002",
    );
    assert!(m.contains("params.taskId \"task-ab12\""), "{m}");
    // A file url the client cannot fetch, handed out at a public host, is a note (no
    // requirement makes it reachable): DATA-URL-001, U01-U03; UL1-UL3 are legal controls.
    assert_eq!(
        one(
            "b23x-U01-v10-gateway-passes-cluster-local-artifact-url",
            "DATA-URL-001"
        ),
        "the client reached the agent at gw.example.test, but a file part of the answer points at http://files.default.svc.cluster.local/r.pdf, on a cluster-internal host name (files.default.svc.cluster.local): the client cannot fetch that file"
    );
    let m = one(
        "b23x-U03-v03-gateway-passes-localhost-file-uri",
        "DATA-URL-001",
    );
    assert!(m.contains("on a loopback address (localhost)"), "{m}");
    let out = by("b23x-U03-v03-gateway-passes-localhost-file-uri");
    assert_eq!(
        out.findings
            .iter()
            .find(|f| f.rule == "DATA-URL-001")
            .and_then(|f| f.evidence[0].pointer.as_deref()),
        Some("/result/artifacts/0/parts/0/file/uri")
    );
    // A batch answered with an event stream leaves its other calls unanswered (B04; BL4
    // the legal form: an error for the streaming call inside the Array).
    let m = one("b23x-B04-v10-batch-answered-with-sse", "RPC-ENVELOPE-001");
    assert!(
        m.starts_with("the agent answered a JSON-RPC batch of 2 calls (SendStreamingMessage (id 1), GetTask (id 2)) with text/event-stream"),
        "{m}"
    );
    // A card url with an IPv6 zone is said as that, not as "not an absolute url" (W03).
    let m = one("b23x-W03-v10-card-url-link-local-zone", "CARD-SHAPE-003");
    assert!(
        m.contains("names an IPv6 address with a zone identifier (RFC 6874)"),
        "{m}"
    );
}

/// Session 23's reviewer (review23a): DATA-URL-001 tells only file urls the agent handed
/// out, not the client's own (a user message echoed in history, A1/A2; a url the request
/// carried, A3), and still finds the agent's own past them (A4, A5) and in a stream's
/// artifact update (D1); CAP-EXT-006 calls only
/// an extension refusal the effect of the misspelled header, not a TaskNotFoundError (C1);
/// 1.0 PUSH-CFG-007 leaves out a refusal of a body with taskId or one naming the path's
/// task (P1, P2); a gateway that lowercases a send's params.message.taskId is GW-REQ-002
/// (G1).
#[test]
fn review23a() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    for stem in [
        "b23r-A1-legal-v10-history-echoes-client-private-file-url",
        "b23r-A2-legal-v03-history-echoes-client-private-file-uri",
        "b23r-A3-legal-v10-artifact-names-client-own-file-url",
    ] {
        let out = by(stem);
        assert!(
            out.findings.iter().all(|f| f.rule != "DATA-URL-001"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    for (stem, ptr, url) in [
        (
            "b23r-A4-v10-history-agent-message-internal-file-url",
            "/result/task/history/1/parts/0/url",
            "http://files.default.svc.cluster.local/r.pdf",
        ),
        (
            "b23r-A5-v10-artifact-client-url-then-agent-internal-url",
            "/result/task/artifacts/0/parts/2/url",
            "http://10.0.9.9:9000/out/report.pdf",
        ),
        (
            "b23r-D1-v10-stream-artifact-update-private-file-url",
            "/result/artifactUpdate/artifact/parts/0/url",
            "http://10.0.9.9/r.pdf",
        ),
    ] {
        let f = only_finding(stem, "DATA-URL-001");
        assert_eq!(f.evidence[0].pointer.as_deref(), Some(ptr), "{stem}");
        assert!(
            f.message.contains(&format!("points at {url},")),
            "{stem}: {}",
            f.message
        );
    }
    // PUSH-CFG-007 on 1.0 (R3): a body that carries taskId, or a refusal that names the
    // path's task, is no refusal of a body without taskId; f310 / K3 still are.
    for stem in [
        "b23r-P1-legal-v10-rest-create-push-config-refused-for-finished-task",
        "b23r-P2-legal-v10-rest-create-push-config-no-task-id-refused-naming-path-task",
    ] {
        let out = by(stem);
        assert!(
            out.findings.iter().all(|f| f.rule != "PUSH-CFG-007"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    let out = by("b23a-K3-v10-rest-create-push-config-missing-field-refused");
    assert_eq!(
        out.findings
            .iter()
            .filter(|f| f.rule == "PUSH-CFG-007")
            .count(),
        1,
        "{}",
        render(&out)
    );
    // GW-REQ-002's JSON-RPC form covers a send's params.message.taskId too (R4).
    let out = by("b23r-G1-v10-gateway-lowercases-send-message-task-id");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "GW-REQ-002")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert!(
        f[0].message.contains(
            "SendMessage call upstream with params.message.taskId \"task-ab12\" instead of the client's \"Task-AB12\""
        ),
        "{}",
        f[0].message
    );
    assert_eq!(
        f[0].evidence[0].pointer.as_deref(),
        Some("/params/message/taskId")
    );
    let out = by("b23r-C1-v10-get-task-not-found-singular-extension-header");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "CAP-EXT-006")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert!(
        f[0].message.ends_with(
            "the agent saw no extension requested (its error names no extension: read it on its own)"
        ),
        "{}",
        f[0].message
    );
}

/// q24 (review23a R6): a 1.0 push notification config answered for a named task without
/// taskId is the same fault as taskId "" (f308): ProtoJSON encoders leave the empty
/// task_id out. JSON-RPC List (R6a) and HTTP+JSON Get (R6b) are DATA-SHAPE-001 at the
/// config; the official SDKs' answers (a2a-python 1.x, R6c; @a2a-js/sdk 1.x, R6d) stay
/// silent; a Create that echoes the request back (R6e) gets one finding, its missing id.
#[test]
fn q24_push_config_without_task_id() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    for (stem, op, ptr) in [
        (
            "b24q-R6a-v10-list-push-configs-task-id-omitted",
            "ListTaskPushNotificationConfigs",
            "/result/configs/0",
        ),
        (
            "b24q-R6b-v10-rest-get-push-config-task-id-omitted",
            "GetTaskPushNotificationConfig",
            "",
        ),
    ] {
        let out = by(stem);
        let f: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "DATA-SHAPE-001")
            .collect();
        assert_eq!(f.len(), 1, "{stem}:\n{}", render(&out));
        assert_eq!(
            f[0].message,
            format!("the agent answered {op} for task t-r6 with a push notification config without taskId (a ProtoJSON encoder leaves out an empty task_id): the config belongs to t-r6, yet names no task (a config stored from a send's inline configuration without the task the send created?)"),
            "{stem}"
        );
        assert_eq!(f[0].evidence[1].pointer.as_deref(), Some(ptr), "{stem}");
    }
    for stem in [
        "b24q-R6c-legal-v10-push-configs-python-sdk-shape",
        "b24q-R6d-legal-v10-rest-push-configs-js-sdk-shape",
    ] {
        let out = by(stem);
        assert!(
            out.findings.iter().all(|f| f.severity == Severity::Note),
            "{stem}:\n{}",
            render(&out)
        );
    }
    let out = by("b24q-R6e-v10-rest-create-push-config-answered-request-echo");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "DATA-SHAPE-001")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert!(f[0]
        .message
        .ends_with("has no id: the agent assigns the config id on create"));
}

/// q24 (review23a R8): STREAM-END-003 is armed by another stream too: a send stream left
/// open 27 s after the client's SubscribeToTask stream delivered TASK_STATE_COMPLETED
/// hung (R8a); both streams delivering it (R8b) or a capture that stops 2 s after (R8c)
/// are silent. CAP-EXT-006 reads the answer too: a 1.0 echo under A2A-Extension (R8d) and
/// a 0.3 one under X-A2A-Extension (R8e); the plural names stay silent (b12-L12 legal).
#[test]
fn q24_stream_end_003_by_another_stream_and_singular_extension_echo() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    let out = by("b24q-R8a-v10-send-stream-hangs-after-resubscribe-showed-completed");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "STREAM-END-003")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert_eq!(
        f[0].message,
        "stream of task t1 stayed open without a terminal event until the capture stopped, 27.0 s after another stream (e3) showed the task TASK_STATE_COMPLETED (the stream's last state: TASK_STATE_WORKING): the stream hung after the task ended, and a client waiting on it never learns the outcome"
    );
    for stem in [
        "b24q-R8b-legal-v10-both-streams-deliver-completed",
        "b24q-R8c-legal-v10-capture-stops-soon-after-resubscribe-showed-completed",
        "b12-L12-legal-v03-x-a2a-extensions-request-and-echo",
        "b12-L12-legal-v10-echo-under-both-names",
    ] {
        let out = by(stem);
        assert!(
            out.findings
                .iter()
                .all(|f| f.rule != "STREAM-END-003" && f.rule != "CAP-EXT-006"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    for (stem, head) in [
        (
            "b24q-R8d-v10-answer-echoes-extension-in-singular-a2a-extension",
            "agent's answer to 1.0 SendMessage names its activated extensions in the header A2A-Extension (https://ext.example.test/geo/v1), which no A2A version defines: 1.0 answers echo them in A2A-Extensions (plural)",
        ),
        (
            "b24q-R8e-v03-answer-echoes-extension-in-singular-x-a2a-extension",
            "agent's answer to 0.x message/send names its activated extensions in the header X-A2A-Extension (https://ext.example.test/geo/v1), which no A2A version defines: 0.2.4-0.3 answers echo them in X-A2A-Extensions (plural)",
        ),
    ] {
        let f = only_finding(stem, "CAP-EXT-006");
        assert!(f.message.starts_with(head), "{stem}: {}", f.message);
    }
}

/// Session 21 (lead, noticed by mine21b): VER-HDR-001 says where the version was asked
/// (VER-001): the a2a-version metadata on gRPC, with gRPC's form of the refusal (ERR-002),
/// and the query parameter when no header carried it; the header as before otherwise.
#[test]
fn ver_hdr_001_names_where_the_version_was_asked() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    for (stem, says) in [
        (
            "field/f240-v10-grpc-get-task-unsupported-version-served",
            "gRPC call GetTask (POST http://agent.example.test:50051/lf.a2a.v1.A2AService/GetTask) with a2a-version metadata 99.0 was processed instead of rejected with VersionNotSupportedError (gRPC FAILED_PRECONDITION with ErrorInfo reason VERSION_NOT_SUPPORTED)",
        ),
        (
            "variants/b21l-VER-HDR-001-v10-query-version-99-processed",
            "request SendMessage (POST http://agent.example.test/a2a) with the A2A-Version query parameter 99.0 was processed instead of rejected with VersionNotSupportedError",
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        assert_eq!(only_message(&out, "VER-HDR-001"), says, "{stem}");
    }
}

/// Session 24 review (review24a) of mine24a's VER-HDR-001 and REST-ERROR-001 changes:
/// REST-ERROR-001's pass for a page on a binding the card never offered does not cover a
/// route below another agent's HTTP+JSON interface on the same origin, whichever card was
/// fetched last (R1; its legal control, a REST probe of the JSON-RPC agent's origin, stays
/// silent), and does cover a probe of an agent whose HTTP+JSON interface is at another
/// path or origin, or that serves gRPC at its root (R5; since session 25 the first two are
/// the client's BIND-USE-002 for its 501 page, asserted below); VER-HDR-001 also reads a 0.3 stream that opens with 1.0 statusUpdate events
/// (R2); and it names the version the call asked for and where: a 0.2 header is a 0.2
/// client's call, the query parameter is no header (R3). Nor does the pass cover a route
/// below an interface that already answered, under a misspelled binding name (R4).
/// VER-HDR-001 judges by the card that lists the called JSON-RPC URL, where two agents
/// share an origin (R6; its control, a 0.3 call to the other agent's 0.3 interface).
#[test]
fn review24a() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    // Two since session 25: a registry's probe of a URL the card does not advertise,
    // answered with a 501 page, is the client's BIND-USE-002 (a page is a 404/405 by
    // another number; R1 and two R5 controls), and still no REST-ERROR-001.
    legal_controls_silent(&dir, "b24r-", 2);
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    for stem in [
        "b24r-R1-v10-two-agents-one-origin-rest-probe-501-on-jsonrpc-agent",
        "b24r-R5-v10-rest-interface-at-other-path-probe-501",
        "b24r-R5-v10-rest-interface-on-other-origin-probe-501",
    ] {
        let out = by(stem);
        let rules: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Note)
            .map(|f| f.rule.as_str())
            .collect();
        assert_eq!(rules, ["BIND-USE-002"], "{stem}:\n{}", render(&out));
    }
    let out = by("b24r-R1-v10-two-agents-one-origin-rest-404-not-a2a-error");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "REST-ERROR-001")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert!(
        f[0].evidence
            .iter()
            .any(|e| e.exchange.as_deref() == Some("e4")),
        "{:?}",
        f[0].evidence
    );
    // R4: nor a route below an interface that answered, whatever its binding is called.
    let out = by("b24r-R4-v10-card-binding-misspelled-rest-404-not-a2a-error");
    let f: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "REST-ERROR-001")
        .collect();
    assert_eq!(f.len(), 1, "{}", render(&out));
    assert_eq!(
        f[0].evidence[0].found,
        Some(serde_json::json!("{\"message\":\"task t-1 not found\"}")),
        "{:?}",
        f[0].evidence
    );
    // R6: VER-HDR-001 reads the card of the agent the call reached (Router's, e1), not
    // the one fetched last on the origin (Planner's, which declares 0.3 too).
    let out = by("b24r-R6-v10-two-agents-one-origin-0x-send-served-as-1-0");
    let v: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "VER-HDR-001")
        .collect();
    assert_eq!(v.len(), 1, "{}", render(&out));
    assert_eq!(
        v[0].evidence.last().and_then(|e| e.exchange.as_deref()),
        Some("e1"),
        "{:?}",
        v[0].evidence
    );
    for (stem, says) in [
        (
            "b24r-R2-v10-card-0x-stream-status-updates-served-as-1-0",
            "agent served the 0.3 call message/stream (POST https://agent.example.test/a2a) sent without A2A-Version (which means 0.3, 1.0 §3.6.2) with a 1.0 stream event (the {\"statusUpdate\"} wrapper); its card declares only 1.0, so VER-002 wants -32009 VersionNotSupportedError (or a real 0.3 answer, declared in the card), and a 0.3 client cannot read this one",
        ),
        (
            "b24r-R3-v10-card-0x-send-header-0-2-served-as-1-0",
            "agent served the 0.2 call message/send (POST https://agent.example.test/a2a) sent with A2A-Version 0.2 with a 1.0 answer (the {\"task\"} wrapper); its card declares only 1.0, so VER-002 wants -32009 VersionNotSupportedError (or a real 0.2 answer, declared in the card), and a 0.2 client cannot read this one",
        ),
        (
            "b24r-R3-v10-card-0x-send-query-0-3-served-as-1-0",
            "agent served the 0.3 call message/send (POST https://agent.example.test/a2a) sent with the A2A-Version query parameter 0.3 with a 1.0 answer (the {\"task\"} wrapper); its card declares only 1.0, so VER-002 wants -32009 VersionNotSupportedError (or a real 0.3 answer, declared in the card), and a 0.3 client cannot read this one",
        ),
    ] {
        assert_eq!(only_message(&by(stem), "VER-HDR-001"), says, "{stem}");
    }
}

/// Session 24's blind adversary (breaker24, `tests/cases/gen_b24x.py`): every legal control
/// (`b24x-*-legal-*`) stays silent, and the faults its fixes are about read as the fixes
/// say: a ListTasks page listing another tenant's task (L11, L12; LL4 / LL7 legal), a
/// `tasks` that is no array (L13) and a listed task in 0.x state spelling (L14); card
/// `signatures` that is no list (K02); a part whose metadata is no object (P09); a 0.x
/// file object beside a 1.0 url (P07) and a 0.3 send with 1.0's returnImmediately (R04);
/// a gateway doubling the tenant segment (T03) or dropping a JSON-RPC params.tenant (Z10;
/// ZL8 legal), or moving it into the query of a POST (T08; TL5 legal: a GET reads it
/// there); a declared extended card whose route answers a bare 404 (K06) or whose
/// JSON-RPC method answers -32601 (K07); GetTask / CancelTask served under one tenant on a
/// task handed out under another (AUTH-SCOPE-002, V01, V02; VL4 legal: both tenants own a
/// t1); a 0.3 file part with `"bytes": null` beside its uri is no shape fault (VL1); a
/// JSON-RPC envelope answering an HTTP+JSON route (S01); an agent reusing its own
/// messageId for another reply (ID-MSG-003, N01, N03; NL1 / NL2 legal).
#[test]
fn breaker24_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b24x-", 70);
    let one = |stem: &str, rule: &str| {
        let f = only_finding(stem, rule);
        let ptr = f.evidence.last().and_then(|e| e.pointer.clone());
        (f.message, ptr)
    };
    let (m, ptr) = one(
        "b24x-L11-v10-list-tasks-other-tenant-task-in-page",
        "DATA-LIST-003",
    );
    assert!(
        m.starts_with("listed tasks[0] (t-globex) was handed out under tenant \"globex\", yet the ListTasks call names tenant \"acme\""),
        "{m}"
    );
    assert_eq!(ptr.as_deref(), Some("/result/tasks/0/id"));
    let (m, ptr) = one(
        "b24x-L12-v10-rest-list-tasks-tenant-path-other-tenant-task",
        "DATA-LIST-003",
    );
    assert!(m.contains("under tenant \"globex\""), "{m}");
    assert_eq!(ptr.as_deref(), Some("/tasks/0/id"));
    let (m, _) = one("b24x-L13-v10-list-tasks-tasks-not-array", "DATA-SHAPE-001");
    assert!(
        m.contains("tasks is an object where ListTasksResponse.tasks is an array of Task"),
        "{m}"
    );
    let (m, ptr) = one(
        "b24x-L14-v10-list-tasks-listed-task-malformed",
        "TASK-STATE-005",
    );
    assert!(
        m.starts_with(
            "listed task t1 of ListTasks (row 0): task state \"completed\" is the 0.x spelling"
        ),
        "{m}"
    );
    assert_eq!(ptr.as_deref(), Some("/result/tasks/0/status/state"));
    let (m, ptr) = one(
        "b24x-K02-v10-card-signatures-object-not-array",
        "CARD-SIG-001",
    );
    assert!(m.contains("signatures is one object, not a list"), "{m}");
    assert_eq!(ptr.as_deref(), Some("/signatures"));
    let (m, ptr) = one("b24x-P09-v10-agent-part-metadata-string", "DATA-SHAPE-001");
    assert!(
        m.ends_with("part metadata is not a JSON object (a google.protobuf.Struct)"),
        "{m}"
    );
    assert_eq!(
        ptr.as_deref(),
        Some("/result/task/artifacts/0/parts/0/metadata")
    );
    let (m, ptr) = one("b24x-P07-v10-client-part-url-plus-03-file", "VER-MIX-002");
    assert!(
        m.contains("carries a 0.x file object on a part beside the 1.0 member url"),
        "{m}"
    );
    assert_eq!(ptr.as_deref(), Some("/params/message/parts/0/file"));
    let (m, _) = one(
        "b24x-R04-v03-client-sends-1-0-return-immediately",
        "VER-MIX-002",
    );
    assert!(
        m.starts_with("0.3 send configuration carries the 1.0 member returnImmediately, which a 0.3 agent ignores as unknown (0.3: blocking"),
        "{m}"
    );
    let (m, _) = one("b24x-T03-v10-gateway-doubles-tenant-segment", "GW-REQ-002");
    assert!(
        m.contains("with the tenant segment repeated (/acme/acme where the client sent /acme)"),
        "{m}"
    );
    // A tenant moved into the query is read on a GET (TL5, legal) but not by a POST route
    // whose body is the request (T08).
    let (m, _) = one("b24x-T08-v10-gateway-tenant-moved-into-query", "GW-REQ-002");
    assert!(
        m.contains("with the tenant segment /acme the card declares moved into the query (?tenant=acme), which a POST route"),
        "{m}"
    );
    let (m, _) = one(
        "b24x-Z10-v10-gateway-drops-jsonrpc-tenant-param",
        "GW-REQ-002",
    );
    assert!(
        m.starts_with("gateway forwarded the client's JSON-RPC GetTask call upstream without the client's params.tenant \"acme\""),
        "{m}"
    );
    let (m, _) = one(
        "b24x-K06-v10-card-extended-declared-rest-404",
        "CARD-URL-002",
    );
    assert!(
        m.starts_with("the GetExtendedAgentCard route GET /extendedAgentCard below advertised interface url https://agent.example.test answered HTTP 404 although the card declares capabilities.extendedAgentCard: true"),
        "{m}"
    );
    let (m, ptr) = one(
        "b24x-V01-v10-rest-get-task-of-other-tenant-served",
        "AUTH-SCOPE-002",
    );
    assert_eq!(
        m,
        "agent answered GetTask of task t-globex under tenant \"acme\" and returned it, but it handed task t-globex out under tenant \"globex\": a caller of one tenant reaches another tenant's task; answer a task of another tenant like an unknown one, HTTP 404 TASK_NOT_FOUND"
    );
    assert_eq!(ptr.as_deref(), Some("/id"));
    let (m, _) = one(
        "b24x-V02-v10-jsonrpc-cancel-task-of-other-tenant",
        "AUTH-SCOPE-002",
    );
    assert!(
        m.contains("CancelTask of task t-globex under tenant \"acme\" and canceled it"),
        "{m}"
    );
    assert!(m.ends_with("-32001 TaskNotFoundError"), "{m}");
    // A JSON-RPC envelope on an HTTP+JSON route is said as that, not as a Task without id
    // (S01).
    let (m, ptr) = one(
        "b24x-S01-v10-rest-list-tasks-jsonrpc-envelope",
        "DATA-SHAPE-001",
    );
    assert!(
        m.starts_with("the agent answered the HTTP+JSON ListTasks route with a JSON-RPC envelope ({\"jsonrpc\", \"result\"}) instead of the bare ListTasksResponse"),
        "{m}"
    );
    assert_eq!(ptr.as_deref(), Some("/jsonrpc"));
    // The agent's own messageIds (ID-MSG-003): one id for two replies (N01, N03); a retry
    // answered with the same reply is not (NL1, legal).
    let (m, _) = one(
        "b24x-N01-v10-agent-replies-same-message-id-twice",
        "ID-MSG-003",
    );
    assert!(
        m.starts_with("agent's reply message to SendMessage carries messageId reply, which an earlier reply of the agent used for a message with other parts"),
        "{m}"
    );
    one("b24x-N03-v03-stream-agent-message-reuses-id", "ID-MSG-003");
    let (m, _) = one(
        "b24x-K07-v10-card-extended-declared-jsonrpc-method-not-found",
        "RPC-ERROR-001",
    );
    assert!(
        m.ends_with("yet the agent answered -32601 MethodNotFoundError instead of -32007 ExtendedAgentCardNotConfiguredError"),
        "{m}"
    );
}

/// review24b R1: the request checks of an upstream send ran at its response head, so a
/// send the agent never answered (the gateway timed out and gave the client 504) was judged
/// only at its end, after the client's answer, and GW-REQ-003 looked only at client sends
/// still waiting: a contextId the gateway added went unreported. A client answered only
/// after the upstream send was made was still waiting then; one the gateway answered
/// itself before the send (the control) was not forwarded by it.
#[test]
fn review24b_r1_unanswered_upstream_send_is_checked() {
    let stem = "b24c-R1-v03-gw-adds-context-id-upstream-never-answers-504";
    let f = only_finding(stem, "GW-REQ-003");
    assert!(
        f.message.starts_with(
            "gateway forwarded the client's message/send upstream but added contextId \"gw-7f38\" to the message, which the client sent without one"
        ),
        "{}",
        f.message
    );
    let at: Vec<_> = f
        .evidence
        .iter()
        .map(|e| (e.exchange.as_deref(), e.pointer.as_deref()))
        .collect();
    assert_eq!(
        at,
        [
            (Some("e1"), Some("/params/message/contextId")),
            (Some("e2"), Some("/params/message/contextId"))
        ]
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let control = "b24c-R1-legal-v03-gw-answered-client-before-unanswered-upstream-send";
    let out = verify(&dir.join(format!("{control}.jsonl")));
    assert!(
        !out.findings.iter().any(|f| f.rule == "GW-REQ-003"),
        "{control}:\n{}",
        render(&out)
    );
}

/// Several agents on one origin (review24a R11, `tests/cases/gen_b25q.py`): Alpha's card at
/// `/a/.well-known/agent-card.json`, Beta's at `/b/...`, fetched in both orders. A call is
/// judged by the card of the agent it addressed (the card listing its URL), not the card
/// fetched last on the origin: a stream or a push config Alpha served although its card
/// declares neither (CAP-STREAM-001, CAP-PUSH-001), Beta's API-key header sent to Alpha
/// (AUTH-SCHEME-003), a 0.3 call Beta (1.0 only) served in the 1.0 form (VER-HDR-001),
/// each citing the addressed agent's card; every legal control stays silent (the same
/// calls to the agent whose card allows them, a 1.0 call Alpha (0.3 only) refused, and a
/// stream to a path neither card lists or was fetched below: no card guessed).
#[test]
fn q25a_several_agents_on_one_origin() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b25q-R11-", 12);
    for (stem, rule, agent) in [
        (
            "stream-served-by-agent-without-streaming",
            "CAP-STREAM-001",
            'a',
        ),
        (
            "push-config-accepted-by-agent-without-push",
            "CAP-PUSH-001",
            'a',
        ),
        (
            "client-sends-other-agents-key-header",
            "AUTH-SCHEME-003",
            'a',
        ),
        ("0-3-call-served-as-1-0-by-1-0-agent", "VER-HDR-001", 'b'),
    ] {
        for order in ["ab", "ba"] {
            let name = format!("b25q-R11-v10-{order}-{stem}");
            let f = only_finding(&name, rule);
            // the cards are e1 and e2, in the order fetched
            let (mine, other) = if order.starts_with(agent) {
                ("e1", "e2")
            } else {
                ("e2", "e1")
            };
            let cited: Vec<_> = f
                .evidence
                .iter()
                .filter_map(|e| e.exchange.as_deref())
                .collect();
            assert!(
                cited.contains(&mine) && !cited.contains(&other),
                "{name}: {rule} cites {cited:?}, not the addressed agent's card {mine}"
            );
        }
    }
}

/// VER-HDR-001 judges 0.1/0.2 calls too (review24a R7): a `tasks/send` or
/// `tasks/sendSubscribe` served in the 1.0 form by an agent whose card declares 1.0 only
/// gets the finding a 0.3 call gets, named for the version the client used (0.1/0.2
/// without a header, the header's 0.2 with one); a refusal, or an answer in the 0.2 form,
/// stays silent (`b25q-R7-legal-*`).
#[test]
fn q25a_ver_hdr_001_judges_0_1_and_0_2_calls() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b25q-R7-", 2);
    for (stem, says) in [
        (
            "b25q-R7-v02-tasks-send-served-as-1-0",
            "agent served the 0.1/0.2 call tasks/send (POST https://agent.example.test/a2a) sent without A2A-Version with a 1.0 answer (the {\"task\"} wrapper); its card declares only 1.0, so VER-002 wants it refused with -32009 VersionNotSupportedError or -32601 method not found (1.0 has no tasks/send), or a real 0.1/0.2 answer, declared in the card, and a 0.1/0.2 client cannot read this one",
        ),
        (
            "b25q-R7-v02-tasks-send-header-0-2-served-as-1-0",
            "agent served the 0.2 call tasks/send (POST https://agent.example.test/a2a) sent with A2A-Version 0.2 with a 1.0 answer (the {\"task\"} wrapper); its card declares only 1.0, so VER-002 wants it refused with -32009 VersionNotSupportedError or -32601 method not found (1.0 has no tasks/send), or a real 0.2 answer, declared in the card, and a 0.2 client cannot read this one",
        ),
        (
            "b25q-R7-v02-tasks-send-subscribe-served-as-1-0",
            "agent served the 0.1/0.2 call tasks/sendSubscribe (POST https://agent.example.test/a2a) sent without A2A-Version with a 1.0 stream event (the {\"statusUpdate\"} wrapper); its card declares only 1.0, so VER-002 wants it refused with -32009 VersionNotSupportedError or -32601 method not found (1.0 has no tasks/sendSubscribe), or a real 0.1/0.2 answer, declared in the card, and a 0.1/0.2 client cannot read this one",
        ),
    ] {
        assert_eq!(only_finding(stem, "VER-HDR-001").message, says, "{stem}");
    }
}

/// Every VER-HDR-001 and REST-ERROR-001 finding of every transcript case (variants and
/// field cases) names the call it is about by its URL (review24a R9: with several agents
/// on one origin, a path or a bare "the HTTP+JSON call" does not say which agent): its
/// message holds the URL (query left out) of a request of the transcript. At least 80
/// such findings are looked at, so the check cannot pass by finding none.
#[test]
fn q25a_ver_hdr_001_and_rest_error_001_name_the_url() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut seen = 0;
    for sub in ["variants", "field"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(sub))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        files.sort();
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let urls: Vec<String> = text
                .lines()
                .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
                .filter(|v| v["dir"] == "req")
                .filter_map(|v| v["url"].as_str().map(str::to_string))
                .map(|u| u.split(['?', '#']).next().unwrap_or("").to_string())
                .filter(|u| u.contains("://"))
                .collect();
            if urls.is_empty() {
                continue;
            }
            let out = verify(&path);
            for f in out
                .findings
                .iter()
                .filter(|f| f.rule == "VER-HDR-001" || f.rule == "REST-ERROR-001")
            {
                seen += 1;
                assert!(
                    urls.iter().any(|u| f.message.contains(u.as_str())),
                    "{}: {} names no request URL: {}",
                    path.display(),
                    f.rule,
                    f.message
                );
            }
        }
    }
    assert!(
        seen >= 80,
        "only {seen} VER-HDR-001 / REST-ERROR-001 findings"
    );
}

/// Session 25's blind adversary (breaker25): every legal control (`b25x-*-legal-*`) stays
/// silent, and the faults its fixes are about read as the fixes say. Several agents behind
/// one origin (`/agents/a`, `/agents/b`, each with its own card) are each judged by their
/// own card whichever was fetched last, and the finding names that card (D01/D02/D03,
/// DL1; a push delivery by the card that governed the webhook's registration, D09/DL6). A
/// 0.2 `tasks/pushNotification/set` names its task `id`, so a delivery about another task
/// is PUSH-BODY-002 (B16). A 0.2.0 stream event `{id, status}` without `final` is a status
/// update, not a Task, so a stream ending on it at input-required is STREAM-FINAL-001 (C09)
/// and a `tasks/resubscribe` of a 0.1-style origin is read as 0.1 (FL2, CL6). A 304 to an
/// unconditional card GET leaves the client without a card (E10); a ListTasks result that
/// is a bare array is no ListTasksResponse (H06); a completion pushed to one of a task's
/// two live configs leaves the other's webhook waiting (P01; PL1/PL2 the controls).
#[test]
fn breaker25_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b25x-", 60);
    let one = |stem: &str, rule: &str| {
        let f = only_finding(stem, rule);
        let ptr = f.evidence.first().and_then(|e| e.pointer.clone());
        let ex = f.evidence.first().and_then(|e| e.exchange.clone());
        (f.message, ptr, ex)
    };
    for (stem, card_ex) in [
        (
            "b25x-D01-v10-two-agents-stream-served-by-non-streaming-agent",
            "e2",
        ),
        ("b25x-D02-v10-two-agents-cards-fetched-other-order", "e1"),
    ] {
        let (m, ptr, ex) = one(stem, "CAP-STREAM-001");
        assert!(
            m.starts_with("agent served a stream although its card (fetched at https://agent.example.test/agents/b/.well-known/agent-card.json; this origin serves 2 agents' cards, and POST /agents/b is judged by the card of the agent it addressed) sets capabilities.streaming to false"),
            "{stem}: {m}"
        );
        assert_eq!(ptr.as_deref(), Some("/capabilities/streaming"), "{stem}");
        assert_eq!(ex.as_deref(), Some(card_ex), "{stem}: b's card");
    }
    let (m, _, ex) = one(
        "b25x-D03-v10-two-agents-push-accepted-by-agent-without-push",
        "CAP-PUSH-001",
    );
    assert!(
        m.contains(
            "its card (fetched at https://agent.example.test/agents/b/.well-known/agent-card.json;"
        ),
        "{m}"
    );
    assert_eq!(ex.as_deref(), Some("e2"));
    let (m, ptr, _) = one(
        "b25x-C09-v02-sendsubscribe-input-required-final-absent",
        "STREAM-FINAL-001",
    );
    assert!(m.contains("closed at state input-required"), "{m}");
    assert_eq!(ptr.as_deref(), Some("/result/final"));
    let c09 = verify(&dir.join("b25x-C09-v02-sendsubscribe-input-required-final-absent.jsonl"));
    assert!(
        !c09.findings.iter().any(|f| f.rule == "STREAM-FIRST-002"),
        "a 0.2 status event without final is no Task:\n{}",
        render(&c09)
    );
    let (m, ptr, _) = one("b25x-H06-v10-list-tasks-bare-array", "DATA-SHAPE-001");
    assert!(
        m.starts_with("result of ListTasks is an array where ListTasksResponse is an object"),
        "{m}"
    );
    assert_eq!(ptr.as_deref(), Some("/result"));
    // The message's first words, one finding each.
    for (stem, rule, words) in [
        (
            "b25x-D09-v10-two-agents-push-delivery-from-agent-without-push",
            "CAP-PUSH-001",
            "agent delivered push notifications although its card (fetched at https://agent.example.test/agents/b/.well-known/agent-card.json, the card that governed the call registering this webhook)",
        ),
        (
            "b25x-B16-v02-webhook-body-other-task",
            "PUSH-BODY-002",
            "push notification about task t2 was delivered to a webhook the client configured only for task t1",
        ),
        (
            "b25x-E10-v10-card-304-to-unconditional-get",
            "CARD-SHAPE-004",
            "agent answered GET /.well-known/agent-card.json with 304 Not Modified and no body, though the request carried neither If-None-Match nor If-Modified-Since",
        ),
        (
            "b25x-P01-v10-two-configs-completion-pushed-to-one",
            "PUSH-DELIV-003",
            "agent delivered task t1 reaching TASK_STATE_COMPLETED to https://client.example.test/hooks/a2a/b only: the task's config for https://client.example.test/hooks/a2a/a is live",
        ),
        (
            "b25x-F08-v02-client-tasks-send-served-by-0-3-agent",
            "ID-CTX-002",
            "agent answered tasks/send with contextId c-new although the client named sessionId s1",
        ),
    ] {
        let (m, _, _) = one(stem, rule);
        assert!(m.starts_with(words), "{stem}: {m}");
    }
    // The other faults: rule and the one finding each.
    for (stem, rule) in [
        (
            "b25x-A01-v10-rest-stream-append-to-artifact-never-started",
            "STREAM-ARTIFACT-001",
        ),
        (
            "b25x-A05-v10-artifact-id-reused-for-another-artifact",
            "STREAM-ARTIFACT-002",
        ),
        (
            "b25x-A08-v10-final-task-snapshot-in-stream-lacks-artifact",
            "TASK-STATE-010",
        ),
        (
            "b25x-B01-v02-push-set-accepted-card-declares-false",
            "CAP-PUSH-001",
        ),
        (
            "b25x-B07-v10-webhook-delivery-for-task-not-configured",
            "PUSH-BODY-002",
        ),
        (
            "b25x-B11-v10-webhook-basic-where-bearer-configured",
            "PUSH-AUTH-002",
        ),
        (
            "b25x-B13-v10-inline-config-webhook-without-authorization",
            "PUSH-AUTH-001",
        ),
        ("b25x-C01-v10-resume-answered-with-new-task", "ID-TASK-002"),
        (
            "b25x-D04-v10-two-agents-task-id-of-a-used-at-b",
            "ID-TASK-006",
        ),
        (
            "b25x-D05-v10-two-agents-required-extension-of-a-not-enforced",
            "CAP-EXT-001",
        ),
        (
            "b25x-D08-v10-two-agents-extension-echo-declared-only-by-other-agent",
            "CAP-EXT-003",
        ),
        (
            "b25x-E01-v10-rest-send-redirected-307-to-other-path",
            "CARD-URL-007",
        ),
        ("b25x-E04-v10-stream-answered-as-ndjson", "STREAM-HTTP-001"),
        (
            "b25x-F01-v02-sendsubscribe-completed-final-false",
            "STREAM-FINAL-001",
        ),
        ("b25x-G04-v10-rest-client-x-a2a-extensions", "CAP-EXT-004"),
    ] {
        let f = only_finding(stem, rule);
        assert!(!f.message.is_empty() && !f.evidence.is_empty(), "{stem}");
    }
}

/// Session 25 (q25b) legal controls (`b25s-*-legal-*`): no warning and no error (check_file
/// counts only unexpected errors), so a fix widened to one of them fails here.
#[test]
fn b25s_legal_controls_are_silent() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b25s-", 4);
}

/// breaker24 (q25b): ListTasksRequest.status is one TaskState (proto field 3; 1.0 §11.5
/// repeats or comma-joins repeated fields only). A query `status=A,B`, `status=A&status=B`
/// or a JSON-RPC array is DATA-PARAM-001's malformed parameter when accepted, and never a
/// filter DATA-LIST-003 judges the page against; one well-formed state still is.
#[test]
fn list_tasks_status_is_one_task_state() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    for stem in [
        "b25s-3-v10-rest-list-status-comma-joined-accepted",
        "b25s-3-v10-rest-list-status-comma-joined-page-has-completed",
        "b25s-3-v10-rest-list-status-repeated-accepted",
        "b25s-3-v10-jsonrpc-list-status-array-accepted",
        "b24x-ZL3-v10-rest-list-tasks-status-repeated-include-artifacts",
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let rules: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Note)
            .map(|f| f.rule.as_str())
            .collect();
        assert_eq!(rules, ["DATA-PARAM-001"], "{stem}:\n{}", render(&out));
        let f = out
            .findings
            .iter()
            .find(|f| f.rule == "DATA-PARAM-001")
            .unwrap();
        assert!(
            f.message.contains("one TASK_STATE_* name"),
            "{stem}: {}",
            f.message
        );
    }
    let out = verify(&dir.join("b25s-3-v10-rest-list-status-single-filter-ignored.jsonl"));
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(rules, ["DATA-LIST-003"], "{}", render(&out));
}

/// q26b item 1 (mine25a K2): a bare A2A payload (a message, or `{"message": ...}`) posted
/// with no Agent Card in the recording is RPC-REQ-002 when the URL shows it is a JSON-RPC
/// endpoint: the agent's answer to it is a JSON-RPC 2.0 error object, or another call at
/// the same URL got a JSON-RPC answer (earlier or later); the finding names which. An
/// HTTP+JSON-looking URL (a google.rpc 404, REST routes below it, JSON-RPC spoken only at
/// another path) stays silent (`b26q-1-legal-*`).
#[test]
fn q26b_bare_payload_without_card() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26q-1-", 3);
    for (stem, because) in [
        (
            "b26q-1-v03-bare-message-no-card-answered-32600",
            "no Agent Card was fetched in this recording, but the agent answered this POST with a JSON-RPC 2.0 error object (-32600), so the URL is a JSON-RPC endpoint",
        ),
        (
            "b26q-1-v10-bare-params-no-card-answered-32700",
            "the agent answered this POST with a JSON-RPC 2.0 error object (-32700)",
        ),
        (
            "b26q-1-v10-bare-params-no-card-other-calls-jsonrpc",
            "the agent answered exchange e1 at the same URL with a JSON-RPC 2.0 result to the call SendMessage",
        ),
        (
            "b26q-1-v03-bare-message-no-card-later-jsonrpc-call",
            "the agent answered exchange e2 at the same URL with a JSON-RPC 2.0 result to the call message/send",
        ),
    ] {
        let f = only_finding(stem, "RPC-REQ-002");
        assert!(
            f.message.contains(because) && f.message.contains("with no JSON-RPC request object"),
            "{stem}: {}",
            f.message
        );
    }
}

/// q26b item 2 (mine25a K3): a 1.0 method name on a request that is otherwise 0.x
/// (A2A-Version 0.3 or none, a message with kind, 0.x send options) is one mixing fault:
/// one VER-MIX-002 naming the 0.x members and the method as the slip, with the 0.3 method
/// name, not a second one about the message's kind. With header and method both 1.0 the
/// message's kind is still its own VER-MIX-002; a 0.3 call in 0.3 stays silent.
#[test]
fn q26b_one_version_mix_one_finding() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26q-2-", 1);
    for (stem, members) in [
        (
            "b25a-K3-v03-sendmessage-under-0-3-header-0x-message",
            "(the message's kind)",
        ),
        (
            "b26q-2-v03-sendmessage-header-0-3-message-kind",
            "(the message's kind)",
        ),
        (
            "b26q-2-v03-sendmessage-no-header-message-kind",
            "(the message's kind)",
        ),
        (
            "b26q-2-v03-sendmessage-header-0-3-kind-and-blocking",
            "(the message's kind, configuration.blocking)",
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let mixes: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "VER-MIX-002")
            .collect();
        assert_eq!(mixes.len(), 1, "{stem}:\n{}", render(&out));
        let m = &mixes[0].message;
        assert!(
            m.contains("uses the 1.0 method SendMessage")
                && m.contains(members)
                && m.contains("the method name is the client's slip")
                && m.contains("0.3 names this call message/send"),
            "{stem}: {m}"
        );
    }
    let m = only_finding(
        "b26q-2-v10-sendmessage-header-1-0-message-kind",
        "VER-MIX-002",
    )
    .message;
    assert_eq!(m, "1.0 request message carries the 0.x member kind");
}

/// q26b item 3 (breaker25 EL9, CopilotKit PR #6920): an HTTP-level refusal (401, 403, 429,
/// 503 with or without Retry-After) whose body is a JSON-RPC error object with an id that
/// does not echo the call's readable id is RPC-ID-002, one warning naming the agent or a
/// front before it, the same for every such status (JSON-RPC 2.0 §5: id null only when
/// the request's id could not be read), never the agent's RPC-ID-001. An echoed id, a
/// plain body, or a request whose id could not be read stays silent (`b26q-3-legal-*`).
#[test]
fn q26b_refusal_id_not_echoed_consistent() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26q-3-", 4);
    for (stem, status, shown) in [
        ("b26q-3-v10-jsonrpc-401-error-id-null", 401, "id null"),
        ("b26q-3-v10-jsonrpc-403-error-id-null", 403, "id null"),
        ("b26q-3-v10-jsonrpc-429-error-id-null", 429, "id null"),
        ("b26q-3-v10-jsonrpc-503-error-id-null", 503, "id null"),
        (
            "b26q-3-v10-jsonrpc-503-retry-after-error-id-null",
            503,
            "id null",
        ),
        (
            "b26q-3-v03-jsonrpc-429-error-id-string-null",
            429,
            "id \"null\", the string \"null\", not JSON null",
        ),
        (
            "b25x-EL9-v10-jsonrpc-429-rate-limiter-error-id-null",
            429,
            "id null",
        ),
        (
            "b23b-K2-v10-403-jsonrpc-body-string-null-id",
            403,
            "id \"null\", the string \"null\", not JSON null",
        ),
        ("b23b-K2-v03-401-internal-error-body-other-id", 401, "id 0"),
        (
            "b26r-R6-v10-429-error-id-string-for-number",
            429,
            "id \"1\", a string where the call's id is a number",
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let rules: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Note)
            .map(|f| f.rule.as_str())
            .collect();
        assert_eq!(rules, ["RPC-ID-002"], "{stem}:\n{}", render(&out));
        let m = &out
            .findings
            .iter()
            .find(|f| f.rule == "RPC-ID-002")
            .unwrap()
            .message;
        assert!(
            m.starts_with("the agent or a front before it (auth layer, rate limiter, gateway)")
                && m.contains(&format!(
                    "with HTTP {status} and a JSON-RPC error object with {shown}:"
                ))
                && m.contains("https://agent.example.test/a2a")
                && m.contains("echo the call's id"),
            "{stem}: {m}"
        );
    }
    // Under HTTP 200 the same body is the agent's answer: RPC-ID-001, an error.
    let out = verify(&dir.join("b23b-K2-v03-200-gateway-body-task-not-found.jsonl"));
    assert!(
        out.findings.iter().any(|f| f.rule == "RPC-ID-001")
            && out.findings.iter().all(|f| f.rule != "RPC-ID-002"),
        "{}",
        render(&out)
    );
}

/// q26b item 4 (breaker25): an extension the answer names activated (1.0 A2A-Extensions,
/// or X-A2A-Extensions when that is the only echo; a 0.3 answer's X-A2A-Extensions) that a
/// card with no `capabilities.extensions` at all never declared is CAP-EXT-003, which says
/// the card declares none and names it, over JSON-RPC, HTTP+JSON and a stream; a 0.3 card
/// declaring another extension is told too. An extension requested and ignored, or
/// declared, requested and echoed, stays silent (`b26q-4-legal-*`).
#[test]
fn q26b_extension_activated_card_declares_none() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26q-4-", 3);
    let geo = "agent activated https://ext.example.test/geo/v1 in";
    let none = "but its card (https://agent.example.test/.well-known/agent-card.json) declares no extensions at all (no capabilities.extensions)";
    for (stem, header, says) in [
        (
            "b26q-4-v10-echo-requested-extension-card-declares-none",
            "A2A-Extensions",
            none,
        ),
        (
            "b26q-4-v10-echo-unrequested-extension-card-declares-none",
            "A2A-Extensions",
            none,
        ),
        (
            "b26q-4-v10-rest-echo-extension-card-declares-none",
            "A2A-Extensions",
            none,
        ),
        (
            "b26q-4-v10-stream-echo-extension-card-declares-none",
            "A2A-Extensions",
            none,
        ),
        (
            "b26q-4-v10-echo-under-0x-name-card-declares-none",
            "X-A2A-Extensions",
            none,
        ),
        (
            "b26q-4-v03-x-echo-extension-card-declares-none",
            "X-A2A-Extensions",
            none,
        ),
        (
            "b26q-4-v03-x-echo-extension-not-declared",
            "X-A2A-Extensions",
            "which the card does not declare in capabilities.extensions",
        ),
    ] {
        let m = only_finding(stem, "CAP-EXT-003").message;
        assert!(
            m.starts_with(&format!("{geo} {header},")) && m.contains(says),
            "{stem}: {m}"
        );
    }
}

/// q26b item 5 (breaker25 H01): a JSON-RPC call sent with A2A-Version 1.0 under a 0.3
/// method name and answered in the 1.0 form (send wrapper, 1.0 stream events, a
/// TASK_STATE_* Task) is judged as the 1.0 answer the header asked for: no 0.3-terms
/// DATA-SHAPE-001 / TASK-STATE-005 / result VER-MIX-001, one VER-MIX-002 (the client's) that says what was
/// seen (a 1.0 header on a 0.3 method, answered in the 1.0 form) and that the client's
/// method name is the thing to fix, with the 1.0 name. Judged as 1.0 the answer's own
/// faults stay; without the header (0.3) the 1.0 answer is still unreadable. Since
/// review33 the agent, whose card declares 1.0 only, gets VER-HDR-006 beside it (under 1.0
/// the method does not exist, RPC-003: one finding per party).
#[test]
fn q26b_header_1_0_on_0x_method_answered_1_0() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26q-5-", 1);
    for (stem, sent, want) in [
        (
            "b26q-5-v10-message-send-header-1-0-answered-1-0",
            "message/send",
            "SendMessage",
        ),
        (
            "b26q-5-v10-message-send-0-3-message-header-1-0-answered-1-0",
            "message/send",
            "SendMessage",
        ),
        (
            "b26q-5-v10-message-stream-header-1-0-answered-1-0",
            "message/stream",
            "SendStreamingMessage",
        ),
        (
            "b26q-5-v10-tasks-get-header-1-0-answered-1-0",
            "tasks/get",
            "GetTask",
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let rules: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Note)
            .map(|f| f.rule.as_str())
            .collect();
        // review33 Q3: the 1.0-only agent that served the 0.x method is told too.
        assert_eq!(
            rules,
            ["VER-HDR-006", "VER-MIX-002"],
            "{stem}:\n{}",
            render(&out)
        );
        let m = &out
            .findings
            .iter()
            .find(|f| f.rule == "VER-MIX-002")
            .unwrap()
            .message;
        assert!(
            m.starts_with(&format!("request declares A2A-Version 1.0 but uses the 0.3 method {sent}; the agent answered in the 1.0 form the header asks for"))
                && m.contains(&format!("the client's method name is the thing to fix: 1.0 names this call {want}")),
            "{stem}: {m}"
        );
    }
    let out = verify(&dir.join("b26q-5-v03-message-send-no-header-answered-1-0.jsonl"));
    assert!(
        out.findings.iter().any(|f| f.rule == "DATA-SHAPE-001"),
        "{}",
        render(&out)
    );
}

/// q26b item 6 (q25b): a send continuing a task the agent handed out, answered not found,
/// is ID-TASK-001 whose message names the call as its wire does with its URL, the task
/// id, the refusal in the binding's words, the exchange that handed the id out, the task's
/// last state and what to change, alike over JSON-RPC, HTTP+JSON (1.0 send and stream, 0.3)
/// and gRPC; a finished task is told as one (TASK-002). A task id never handed out stays
/// silent (`b26q-6-legal-*`).
#[test]
fn q26b_send_to_handed_out_task_not_found_wording() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26q-6-", 1);
    let store = "keep every task findable by its id from the answer that hands it out: store it before answering";
    let waiting = "and last reported it TASK_STATE_INPUT_REQUIRED, waiting for exactly this reply";
    for (stem, call, how, state) in [
        (
            "b26q-6-v10-jsonrpc-reply-to-input-required-task-not-found",
            "SendMessage (POST https://agent.example.test/a2a)",
            "-32001 TaskNotFoundError",
            waiting,
        ),
        (
            "b26q-6-v10-rest-reply-to-input-required-task-not-found",
            "SendMessage (POST https://agent.example.test/a2a/message:send)",
            "HTTP 404 TaskNotFoundError",
            waiting,
        ),
        (
            "b26q-6-v03-rest-reply-to-input-required-task-not-found",
            "POST https://agent.example.test/a2a/v1/message:send",
            "HTTP 404 TaskNotFoundError",
            waiting,
        ),
        (
            "b26q-6-v10-rest-stream-to-working-task-not-found",
            "SendStreamingMessage (POST https://agent.example.test/a2a/message:stream)",
            "HTTP 404 TaskNotFoundError",
            "and last reported it TASK_STATE_WORKING, still running",
        ),
        (
            "b26q-6-v10-grpc-reply-to-input-required-task-not-found",
            "SendMessage (POST http://agent.example.test:50051/lf.a2a.v1.A2AService/SendMessage)",
            "gRPC NOT_FOUND (TaskNotFoundError)",
            waiting,
        ),
    ] {
        let m = only_finding(stem, "ID-TASK-001").message;
        assert!(
            m.starts_with(&format!("agent answered {call}, a message that continues task t1 (its taskId), with {how}, although it handed out that task id in exchange e2 {state}"))
                && m.contains(store),
            "{stem}: {m}"
        );
    }
    let m = only_finding(
        "b26q-6-v10-jsonrpc-message-to-completed-task-not-found",
        "ID-TASK-001",
    )
    .message;
    assert!(
        m.contains("reported it TASK_STATE_COMPLETED there: a finished task still exists, and a message to it is refused with UnsupportedOperationError (TASK-002)")
            && m.ends_with("keep a finished task findable by its id (GetTask still returns it)"),
        "{m}"
    );
}

/// Session 26's blind adversary (breaker26, `b26x-*` from `tests/cases/gen_b26x.py`): A2A
/// errors across bindings, JSON-RPC envelope details, concurrency on one task, card details,
/// messages and history, encoding. Every legal control stays silent (no error, no warning);
/// the fixes read as they say: a request message's role spelled by the other generation is
/// DATA-SHAPE-002 with the spelling named (M02, M03); a task history that lists the client's
/// own message with the agent role is DATA-ROLE-001 (M01, M08, M09); a concurrent stream that
/// misses a progress update (same state, another status message) is STREAM-FANOUT-001 (C02);
/// an agent that reads a request past its UTF-8 BOM is not told to answer -32700 (NL6); an
/// error message naming a part's media type is ContentTypeNotSupportedError's (E16); an
/// extended card declared but refused as unsupported wants -32007 (K07); a batch of one
/// answered with its bare error is no Array (R14); a free-form 1.0 error.data says what it
/// is (E05); a TASK_NOT_FOUND under HTTP 400 whose message says the task is missing is one
/// finding (E04).
#[test]
fn breaker26_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b26x-", 50);
    let msg = |stem: &str, rule: &str| only_finding(stem, rule).message;
    for (stem, words) in [
        (
            "b26x-M02-v03-client-role-proto-name",
            "client message is malformed: message role \"ROLE_USER\" is not user or agent (ROLE_USER is the 1.0 / 0.3 gRPC enum name; 0.x JSON-RPC spells it user)",
        ),
        (
            "b26x-M03-v10-client-role-lowercase",
            "client message is malformed: message role \"user\" is not ROLE_USER or ROLE_AGENT (\"user\" is the 0.3 JSON-RPC spelling; 1.0 ProtoJSON carries the enum name ROLE_USER)",
        ),
    ] {
        assert_eq!(msg(stem, "DATA-SHAPE-002"), words, "{stem}");
    }
    for (stem, place, mid, role, ptr) in [
        (
            "b26x-M01-v10-history-user-message-as-agent",
            "result task of SendMessage",
            "m1",
            "ROLE_AGENT",
            "/result/task/history/0/role",
        ),
        (
            "b26x-M08-v03-history-user-message-as-agent",
            "result task of message/send",
            "m1",
            "agent",
            "/result/history/0/role",
        ),
        (
            "b26x-M09-v10-get-task-history-user-message-as-agent",
            "result task of GetTask",
            "m-t1",
            "ROLE_AGENT",
            "/result/history/0/role",
        ),
    ] {
        let f = only_finding(stem, "DATA-ROLE-001");
        assert!(
            f.message.starts_with(&format!(
                "{place}: the history of task t1 lists the client's message {mid} (same messageId and parts as the client sent) with role {role}, the agent's"
            )),
            "{stem}: {}",
            f.message
        );
        assert_eq!(
            f.evidence.len(),
            2,
            "{stem}: the client's send and the history entry"
        );
        assert_eq!(f.evidence[1].pointer.as_deref(), Some(ptr), "{stem}");
    }
    let m = msg(
        "b26x-C02-v10-two-streams-one-misses-progress-update",
        "STREAM-FANOUT-001",
    );
    assert!(
        m.starts_with("agent's SubscribeToTask stream of task t1 never delivered the status update to TASK_STATE_WORKING with status message a-s1, which its concurrent SendStreamingMessage stream"),
        "{m}"
    );
    let nl6 = verify(&dir.join("b26x-NL6-legal-v10-request-bom-agent-ignores-it.jsonl"));
    let rules: Vec<&str> = nl6.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(
        rules,
        ["DATA-SHAPE-005"],
        "the client's BOM is told (a note), the agent's lenient parse is not:\n{}",
        render(&nl6)
    );
    for (stem, rule, words) in [
        (
            "b26x-E16-v10-send-content-type-answered-internal",
            "RPC-ERROR-001",
            "the agent's own message says the media type image/png of a part the client sent is not supported, yet the agent answered -32603 InternalError instead of -32005 ContentTypeNotSupportedError",
        ),
        (
            "b26x-K07-v10-card-extended-declared-call-unsupported",
            "RPC-ERROR-001",
            "the card declares capabilities.extendedAgentCard: true, so GetExtendedAgentCard is supported",
        ),
        (
            "b26x-R14-v03-batch-of-one-answered-bare",
            "RPC-ENVELOPE-001",
            "the agent answered a JSON-RPC batch of 1 calls (ids 1) with a single error response to one of its calls instead of an Array of Response objects",
        ),
        (
            "b26x-E05-v10-jsonrpc-error-data-free-form-object",
            "RPC-ENVELOPE-001",
            "1.0 error data of the answer to GetTask (POST https://agent.example.test/a2a) is an object (0.x's free-form data), not a list of objects with @type",
        ),
        (
            "b26x-E04-v10-rest-task-not-found-reason-under-400",
            "REST-ERROR-001",
            "the agent's own message says task nope was not found, yet it answered GetTask (GET https://agent.example.test/tasks/nope) with HTTP 400 instead of HTTP 404",
        ),
    ] {
        let m = msg(stem, rule);
        assert!(m.starts_with(words), "{stem}: {m}");
    }
    // A member named twice with two values (RFC 8259 §4) is told with both values (N02);
    // the same value twice is not (NL13, a legal control above).
    let m = msg("b26x-N02-v10-result-duplicate-key-state", "DATA-SHAPE-001");
    assert!(
        m.starts_with("the agent's answer to SendMessage (POST https://agent.example.test/a2a) names the member \"state\" twice in one object with different values (\"TASK_STATE_WORKING\", then \"TASK_STATE_COMPLETED\")"),
        "{m}"
    );
    let m = msg("b26x-N05-v10-task-id-number", "DATA-SHAPE-001");
    assert!(
        m.ends_with(
            "task id is the number 123, not a string (proto Task.id is a string: send \"123\")"
        ),
        "{m}"
    );
    let k07 = only_finding(
        "b26x-K07-v10-card-extended-declared-call-unsupported",
        "RPC-ERROR-001",
    );
    assert!(
        k07.message
            .contains("instead of -32007 ExtendedAgentCardNotConfiguredError"),
        "{}",
        k07.message
    );
    // The other faults: the rule, one finding each, with evidence.
    for (stem, rule) in [
        (
            "b26x-C01-v10-cancel-during-stream-stream-goes-on-working",
            "TASK-STATE-001",
        ),
        (
            "b26x-C03-v10-subscribe-replays-events-out-of-order",
            "STREAM-ORDER-001",
        ),
        (
            "b26x-C04-v10-second-client-sees-completed-then-working",
            "TASK-STATE-001",
        ),
        (
            "b26x-C05-v03-resubscribe-replays-final-then-working",
            "STREAM-END-001",
        ),
        ("b26x-C06-v10-duplicate-terminal-event", "STREAM-END-001"),
        (
            "b26x-E01-v10-cancel-completed-answered-unsupported-operation",
            "RPC-ERROR-001",
        ),
        (
            "b26x-E02-v10-rest-cancel-completed-answered-404",
            "ID-TASK-001",
        ),
        (
            "b26x-E03-v10-rest-error-status-name-contradicts-code",
            "REST-ERROR-001",
        ),
        (
            "b26x-E06-v10-extended-card-not-declared-answered-not-configured",
            "RPC-ERROR-001",
        ),
        (
            "b26x-E07-v10-rest-version-unsupported-answered-invalid-argument",
            "REST-ERROR-001",
        ),
        (
            "b26x-E08-v10-push-unsupported-answered-method-not-found",
            "RPC-ERROR-001",
        ),
        (
            "b26x-E09-v10-jsonrpc-error-code-http-status-number",
            "RPC-ERROR-001",
        ),
        (
            "b26x-E10-v10-jsonrpc-error-code-as-string",
            "RPC-ENVELOPE-001",
        ),
        (
            "b26x-E11-v10-jsonrpc-error-without-message",
            "RPC-ENVELOPE-001",
        ),
        (
            "b26x-E12-v10-follow-up-to-completed-answered-internal",
            "RPC-ERROR-001",
        ),
        (
            "b26x-E13-v10-http-500-jsonrpc-task-not-found-for-known-task",
            "ID-TASK-001",
        ),
        (
            "b26x-E15-v10-rest-task-not-found-flat-body",
            "REST-ERROR-001",
        ),
        (
            "b26x-E18-v10-stream-follow-up-to-completed-error-as-first-event",
            "STREAM-FIRST-001",
        ),
        (
            "b26x-E19-v10-rest-extended-card-not-declared-not-configured",
            "REST-ERROR-001",
        ),
        (
            "b26x-E20-v03-cancel-completed-returns-task",
            "TASK-STATE-003",
        ),
        (
            "b26x-E21-v10-jsonrpc-generic-server-error-for-unknown-task",
            "RPC-ERROR-001",
        ),
        (
            "b26x-E22-v10-stream-error-event-after-working",
            "STREAM-END-005",
        ),
        (
            "b26x-E23-v10-rest-get-unknown-200-with-error-body",
            "REST-ERROR-001",
        ),
        (
            "b26x-K02-v10-extended-card-served-capability-false",
            "CAP-CARD-001",
        ),
        (
            "b26x-K03-v03-extended-card-served-flag-false",
            "CAP-CARD-002",
        ),
        ("b26x-K05-v10-output-mode-text-returns-data", "CAP-MODE-001"),
        ("b26x-K06-v03-output-mode-json-returns-text", "CAP-MODE-001"),
        (
            "b26x-M04-v10-agent-reply-role-agent-lowercase",
            "DATA-SHAPE-001",
        ),
        (
            "b26x-M05-v10-client-message-id-reused-other-text",
            "ID-MSG-002",
        ),
        (
            "b26x-M06-v10-client-message-without-message-id",
            "DATA-SHAPE-002",
        ),
        ("b26x-M07-v10-agent-message-empty-parts", "DATA-SHAPE-001"),
        (
            "b26x-M10-v03-client-message-without-message-id",
            "DATA-SHAPE-002",
        ),
        ("b26x-M11-v10-client-part-text-and-data", "DATA-SHAPE-002"),
        ("b26x-N01-v10-stream-bom-mid-stream", "SSE-FRAME-003"),
        ("b26x-N03-v10-timestamp-as-number", "DATA-SHAPE-001"),
        ("b26x-N05-v10-task-id-number", "DATA-SHAPE-001"),
        ("b26x-R01-v10-answer-id-string-for-number", "RPC-ID-001"),
        ("b26x-R02-v10-large-integer-id-rounded", "RPC-ID-001"),
        ("b26x-R03-v10-result-and-error-both", "RPC-ENVELOPE-001"),
        ("b26x-R04-v10-answer-jsonrpc-1-0", "RPC-ENVELOPE-001"),
        ("b26x-R05-v10-answer-without-jsonrpc", "RPC-ENVELOPE-001"),
        ("b26x-R06-v10-client-null-id", "RPC-REQ-001"),
        ("b26x-R07-v10-client-notification-answered", "RPC-REQ-001"),
        ("b26x-R08-v10-stream-event-other-id", "STREAM-SHAPE-002"),
        ("b26x-R09-v03-stream-event-id-null", "STREAM-SHAPE-002"),
        ("b26x-R10-v10-client-jsonrpc-missing", "RPC-REQ-002"),
        (
            "b26x-R11-v10-error-id-null-for-readable-request",
            "RPC-ID-001",
        ),
        ("b26x-R12-v10-fractional-id-client", "RPC-REQ-001"),
        (
            "b26x-R13-v10-string-id-leading-zero-answered-number",
            "RPC-ID-001",
        ),
        ("b26x-R15-v10-client-jsonrpc-number", "RPC-REQ-002"),
        ("b26x-M13-v10-client-role-unspecified", "DATA-SHAPE-002"),
        (
            "b26x-E17-v10-get-task-negative-history-invalid-agent-response",
            "RPC-ERROR-001",
        ),
        (
            "b26x-N06-v10-rest-task-duplicate-context-id",
            "DATA-SHAPE-001",
        ),
        ("b26x-R16-v10-answer-jsonrpc-with-space", "RPC-ENVELOPE-001"),
        ("b26x-M12-v10-rest-client-role-lowercase", "DATA-SHAPE-002"),
        (
            "b26x-K08-v10-rest-extended-card-served-capability-false",
            "CAP-CARD-001",
        ),
        (
            "b26x-K09-v10-stream-artifact-output-mode-not-accepted",
            "CAP-MODE-001",
        ),
    ] {
        let f = only_finding(stem, rule);
        assert!(!f.message.is_empty() && !f.evidence.is_empty(), "{stem}");
    }
}

/// review26 R1: AUTH-CHALLENGE-001's "403 to a call without credentials" is 1.0's
/// (ERR-006, 1.0 §3.3.2: missing credentials are 401). 0.3 §4.4 (AUTH-003) names "401
/// Unauthorized or 403 Forbidden" alike, so a 0.x call refused 403 gets no
/// AUTH-CHALLENGE-001 (over JSON-RPC, a stream, HTTP+JSON), and the 1.0 form still does.
#[test]
fn review26_forbidden_without_credentials_is_1_0_only() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    for stem in [
        "b26r-R1-legal-v03-rest-no-credentials-403",
        "b26r-R1-legal-v03-jsonrpc-stream-no-credentials-403",
        "b26a-K2-v03-no-credentials-answered-403",
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        assert!(
            out.findings
                .iter()
                .all(|f| f.severity == Severity::Note && f.rule != "AUTH-CHALLENGE-001"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    let f = only_finding(
        "b26r-R1-v10-jsonrpc-no-credentials-403",
        "AUTH-CHALLENGE-001",
    );
    assert!(
        f.message.contains(
            "agent answered POST https://agent.example.test/a2a with 403 although the request carried none of the credentials"
        ) && f.message.contains("(ERR-006 1.0 §3.3.2, RFC 9110 §15.5.2)")
            && !f.message.contains("0.3 §4.4"),
        "{}",
        f.message
    );
}

/// review26 R2: breaker26 N02's duplicate member with two values, in a stream event
/// (JSON-RPC and HTTP+JSON), is STREAM-SHAPE-001 naming the event, the call, the member and
/// both values, once per stream; the same value twice is silent.
#[test]
fn review26_stream_event_duplicate_member() {
    for (stem, url) in [
        (
            "b26r-R2-v10-stream-event-duplicate-state",
            "POST https://agent.example.test/a2a",
        ),
        (
            "b26r-R2-v10-rest-stream-event-duplicate-state",
            "POST https://agent.example.test/message:stream",
        ),
    ] {
        let f = only_finding(stem, "STREAM-SHAPE-001");
        assert_eq!(f.severity, Severity::Error, "{stem}");
        assert_eq!(
            f.message,
            format!("event 2 of the agent's stream for SendStreamingMessage ({url}) names the member \"state\" twice in one object with different values (\"TASK_STATE_COMPLETED\", then \"TASK_STATE_FAILED\"): RFC 8259 §4 leaves open which one a parser keeps (serde_json and Python's json keep the last, others the first or refuse the event), so clients read different events; emit each member once"),
            "{stem}"
        );
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = verify(&dir.join("b26r-R2-legal-v10-stream-event-same-member-same-value.jsonl"));
    assert!(
        out.findings.iter().all(|f| f.severity == Severity::Note),
        "{}",
        render(&out)
    );
}

/// review26 R4: a JSON-RPC request naming one member twice with two values is the
/// client's DATA-SHAPE-002 (the request form of breaker26 N02), naming the call, the URL,
/// the member and both values; a duplicate envelope id leaves the answer's id unjudged (a
/// front or agent that kept the first id is neither RPC-ID-001 nor RPC-ID-002); the same
/// value twice is silent.
#[test]
fn review26_request_duplicate_member() {
    for stem in [
        "b26r-R4-v10-request-duplicate-id-401-first-echoed",
        "b26r-R4-v10-request-duplicate-id-answered-first",
    ] {
        let f = only_finding(stem, "DATA-SHAPE-002");
        assert_eq!(
            f.message,
            "the client's SendMessage request to https://agent.example.test/a2a names the member \"id\" twice in one object with different values (1, then 2): RFC 8259 §4 leaves open which one a parser keeps (serde_json and Python's json keep the last, others the first or refuse the body), so the agent may read another call than the client meant (the answer's id is not judged: either value is the agent's fair reading); send each member once",
            "{stem}"
        );
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        assert!(
            out.findings
                .iter()
                .all(|f| f.rule != "RPC-ID-001" && f.rule != "RPC-ID-002"),
            "{stem}:\n{}",
            render(&out)
        );
    }
    let f = only_finding("b26r-R4-v03-request-duplicate-role", "DATA-SHAPE-002");
    assert!(
        f.message.starts_with("the client's message/send request to https://agent.example.test/ names the member \"role\" twice in one object with different values (\"user\", then \"agent\")")
            && !f.message.contains("the answer's id"),
        "{}",
        f.message
    );
    let f = only_finding("b26r-R4-v10-rest-request-duplicate-role", "DATA-SHAPE-002");
    assert!(
        f.message.starts_with("the client's SendMessage request to https://agent.example.test/message:send names the member \"role\" twice in one object with different values (\"ROLE_USER\", then \"ROLE_AGENT\")"),
        "{}",
        f.message
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = verify(&dir.join("b26r-R4-legal-v10-request-same-id-twice.jsonl"));
    assert!(
        out.findings.iter().all(|f| f.severity == Severity::Note),
        "{}",
        render(&out)
    );
}

/// review26 R5: CAP-EXT-003 counts an extension the authenticated extended card declares
/// (the card a client holds after GetExtendedAgentCard) as declared, though the public card
/// lists none; one in neither card is still told, not as a card with no extensions at all.
#[test]
fn review26_extension_declared_in_extended_card() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let out = verify(&dir.join("b26r-R5-legal-v10-extension-declared-in-extended-card.jsonl"));
    assert!(
        out.findings.iter().all(|f| f.rule != "CAP-EXT-003"),
        "{}",
        render(&out)
    );
    let f = only_finding("b26r-R5-v10-extension-in-neither-card", "CAP-EXT-003");
    assert_eq!(
        f.message,
        "agent activated https://ext.example.test/v1/other in A2A-Extensions, which the card does not declare in capabilities.extensions"
    );
}

/// Session 27's blind adversary (breaker27): the HTTP+JSON binding in detail, a gateway in
/// between, multi-turn contexts, artifacts over time, the client side, timestamps and
/// metadata. Every legal control (`b27x-*-legal-*`) stays silent; every fault is reported
/// under its rules with evidence; and the fixes read as they say: a JSON-RPC envelope on an
/// HTTP+JSON route is the client's BIND-USE-001 (not the agent's RPC-ENVELOPE-001 for
/// answering in its own binding; H02, H19); `POST /extendedAgentCard` and `PUT
/// .../pushNotificationConfigs` are wrong verbs (H15, H16); TaskNotFoundError for a task
/// named in referenceTaskIds is ID-TASK-001 (X05); a retry after a gateway's 504 under the
/// same messageId with other text is ID-MSG-002 (K04); a 0.3 `blocking: false` honoured
/// by a 1.0 agent is the client's VER-MIX-002, not TASK-STATE-007 (K03); a stream event's
/// or a send request's metadata that is no object is STREAM-SHAPE-001 / DATA-SHAPE-002
/// (T09, K09); a gateway that collects the agent's stream into one JSON array is
/// GW-RESP-002, not the agent's RPC-ENVELOPE-001 (G13); a 405 to a wrong verb gets no
/// REST-ERROR-001 (H26); CARD-URL-009 and
/// AUTH-TLS-004 show origins without the default port (G17).
#[test]
fn breaker27_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    legal_controls_silent(&dir, "b27x-", 40);
    let faults: &[(&str, &[&str])] = &[
        (
            "b27x-A01-v10-artifact-id-changes-across-chunks",
            &["STREAM-ARTIFACT-001"],
        ),
        (
            "b27x-A02-v10-artifact-chunks-after-last-chunk",
            &["STREAM-ARTIFACT-002"],
        ),
        (
            "b27x-A03-v10-final-get-task-lacks-streamed-artifact",
            &["TASK-STATE-010"],
        ),
        (
            "b27x-A04-v10-final-task-artifact-lacks-appended-parts",
            &["TASK-STATE-010"],
        ),
        (
            "b27x-A05-v10-artifact-update-without-artifact-id",
            &["STREAM-SHAPE-001"],
        ),
        (
            "b27x-A06-v10-task-two-artifacts-same-id",
            &["DATA-SHAPE-001"],
        ),
        (
            "b27x-A07-v10-artifact-update-empty-parts",
            &["STREAM-SHAPE-001"],
        ),
        (
            "b27x-A08-v03-append-to-unknown-artifact",
            &["STREAM-ARTIFACT-001"],
        ),
        (
            "b27x-A09-v10-blocking-send-lacks-streamed-artifacts-in-other-call",
            &["TASK-STATE-010"],
        ),
        (
            "b27x-A10-v10-artifact-replaced-after-last-chunk",
            &["STREAM-ARTIFACT-002"],
        ),
        (
            "b27x-A11-v10-artifact-metadata-array",
            &["STREAM-SHAPE-001"],
        ),
        (
            "b27x-A12-v03-get-task-lacks-streamed-artifact",
            &["TASK-STATE-010"],
        ),
        ("b27x-G01-v10-gateway-strips-a2a-version", &["VER-HDR-002"]),
        (
            "b27x-G02-v10-gateway-strips-a2a-extensions",
            &["GW-HDR-001"],
        ),
        (
            "b27x-G03-v10-response-content-length-and-chunked",
            &["HTTP-FRAME-001"],
        ),
        (
            "b27x-G04-v10-buffering-front-delivers-stream-at-end",
            &["GW-SSE-001"],
        ),
        (
            "b27x-G05-v10-front-answers-stream-with-html",
            &["STREAM-HTTP-001"],
        ),
        (
            "b27x-G06-v10-front-closes-stream-before-terminal",
            &["STREAM-END-002"],
        ),
        (
            "b27x-G07-v10-gateway-card-url-rewritten-to-internal-host",
            &["CARD-URL-003"],
        ),
        (
            "b27x-G08-v10-forwarded-proto-ignored-card-http",
            &["CARD-URL-008"],
        ),
        (
            "b27x-G09-v10-gateway-rewrites-stream-event",
            &["GW-SSE-002"],
        ),
        (
            "b27x-G10-v10-gateway-returns-502-while-agent-answered",
            &["GW-RESP-001"],
        ),
        (
            "b27x-G11-v10-gateway-strips-content-type-of-stream",
            &["GW-RESP-002"],
        ),
        (
            "b27x-G12-v10-gateway-strips-a2a-version-rest",
            &["VER-HDR-002"],
        ),
        (
            "b27x-G13-v10-gateway-collects-stream-into-json-array",
            &["GW-RESP-002"],
        ),
        ("b27x-G15-v10-gateway-drops-terminal-event", &["GW-SSE-002"]),
        (
            "b27x-G16-v10-forwarded-prefix-ignored-card-url",
            &["CARD-URL-002"],
        ),
        (
            "b27x-G17-v10-card-url-internal-listener-port",
            &["CARD-URL-009"],
        ),
        (
            "b27x-H01-v10-rest-send-with-put",
            &["REST-VERB-002", "REST-VERB-001"],
        ),
        (
            "b27x-H02-v10-jsonrpc-body-posted-to-rest-route-served",
            &["BIND-USE-001"],
        ),
        (
            "b27x-H03-v10-rest-stream-answered-as-one-json-body",
            &["STREAM-HTTP-001"],
        ),
        (
            "b27x-H04-v10-rest-stream-events-in-jsonrpc-envelope",
            &["STREAM-SHAPE-002"],
        ),
        (
            "b27x-H05-v10-rest-get-task-history-length-ignored",
            &["DATA-HISTORY-001"],
        ),
        (
            "b27x-H06-v10-rest-send-answered-0-3-task-shape",
            &["DATA-SHAPE-001", "TASK-STATE-005"],
        ),
        (
            "b27x-H07-v10-rest-cancel-answered-event-stream",
            &["REST-HTTP-001"],
        ),
        ("b27x-H08-v10-rest-body-text-plain", &["HTTP-MEDIA-003"]),
        (
            "b27x-H09-v10-rest-agent-refuses-application-json-415",
            &["HTTP-MEDIA-002", "REST-ERROR-001"],
        ),
        (
            "b27x-H10-v03-rest-error-in-1-0-status-shape",
            &["REST-ERROR-001"],
        ),
        (
            "b27x-H11-v10-rest-client-calls-0-3-v1-route",
            &["BIND-USE-002"],
        ),
        (
            "b27x-H12-v10-rest-get-task-snake-case-query-served",
            &["DATA-SHAPE-002"],
        ),
        (
            "b27x-H13-v10-rest-list-tasks-page-size-over-100-500",
            &["REST-HTTP-002"],
        ),
        (
            "b27x-H14-v10-rest-list-tasks-context-filter-ignored",
            &["DATA-LIST-003"],
        ),
        (
            "b27x-H15-v10-rest-extended-card-post",
            &["REST-VERB-001", "REST-VERB-002"],
        ),
        (
            "b27x-H16-v10-rest-push-config-create-with-get-verb",
            &["REST-VERB-001", "REST-VERB-002"],
        ),
        (
            "b27x-H17-v10-jsonrpc-agent-answers-rest-body",
            &["RPC-ENVELOPE-001"],
        ),
        (
            "b27x-H18-v10-rest-stream-html-from-front",
            &["STREAM-HTTP-001"],
        ),
        (
            "b27x-H19-v10-jsonrpc-body-posted-to-rest-route-refused",
            &["BIND-USE-001"],
        ),
        (
            "b27x-H20-v10-rest-history-length-not-a-number-500",
            &["REST-HTTP-002"],
        ),
        (
            "b27x-H21-v10-rest-get-task-answered-wrapped",
            &["DATA-SHAPE-001"],
        ),
        (
            "b27x-H22-v10-rest-cancel-answered-wrapped",
            &["DATA-SHAPE-001"],
        ),
        ("b27x-H23-v10-rest-stream-as-ndjson", &["STREAM-HTTP-001"]),
        (
            "b27x-H24-v10-rest-list-tasks-status-0-3-spelling-served",
            &["DATA-PARAM-001"],
        ),
        (
            "b27x-H25-v10-rest-send-answered-as-event-stream",
            &["REST-HTTP-001"],
        ),
        (
            "b27x-H26-v10-rest-push-config-patch-refused",
            &["REST-VERB-001"],
        ),
        (
            "b27x-H27-v10-rest-send-0-3-request-wrapper-under-1-0",
            &["DATA-SHAPE-002"],
        ),
        (
            "b27x-H28-v10-rest-subscribe-completed-task-opened",
            &["TASK-STATE-006"],
        ),
        (
            "b27x-K01-v10-client-subscribes-to-completed-task-stream-opened",
            &["TASK-STATE-006"],
        ),
        ("b27x-K02-v03-client-sends-1-0-fields", &["VER-MIX-002"]),
        ("b27x-K03-v10-client-sends-0-3-fields", &["VER-MIX-002"]),
        (
            "b27x-K04-v10-retry-same-message-id-other-text",
            &["ID-MSG-002"],
        ),
        (
            "b27x-K05-v10-client-accepted-output-mode-ignored",
            &["CAP-MODE-001"],
        ),
        (
            "b27x-K06-v10-client-ignores-end-and-resubscribes",
            &["TASK-STATE-006"],
        ),
        ("b27x-K07-v10-client-sends-0-3-parts", &["VER-MIX-002"]),
        (
            "b27x-K08-v10-rest-client-sends-0-3-part-kind",
            &["VER-MIX-002"],
        ),
        (
            "b27x-K09-v10-client-message-metadata-string",
            &["DATA-SHAPE-002"],
        ),
        (
            "b27x-K10-v10-stream-reset-client-resubscribes",
            &["STREAM-END-006"],
        ),
        ("b27x-K11-v10-client-role-enum-number", &["DATA-SHAPE-002"]),
        (
            "b27x-K12-v10-canceled-task-polled-back-to-working",
            &["TASK-STATE-001"],
        ),
        (
            "b27x-K13-v10-stream-status-update-carries-0-3-final",
            &["VER-MIX-001"],
        ),
        (
            "b27x-T01-v10-timestamp-plus-zero-offset",
            &["DATA-TIME-001"],
        ),
        ("b27x-T02-v10-timestamp-without-zone", &["DATA-SHAPE-001"]),
        (
            "b27x-T03-v10-timestamp-space-separator",
            &["DATA-SHAPE-001"],
        ),
        ("b27x-T04-v10-timestamp-date-only", &["DATA-SHAPE-001"]),
        ("b27x-T05-v10-timestamp-lowercase-z", &["DATA-TIME-001"]),
        (
            "b27x-T06-v10-timestamp-unix-seconds-string",
            &["DATA-SHAPE-001"],
        ),
        ("b27x-T07-v10-task-metadata-string", &["DATA-SHAPE-001"]),
        (
            "b27x-T08-v10-client-message-metadata-array",
            &["DATA-SHAPE-002"],
        ),
        (
            "b27x-T09-v10-status-update-metadata-number",
            &["STREAM-SHAPE-001"],
        ),
        (
            "b27x-T10-v10-stream-timestamp-offset-in-update",
            &["DATA-TIME-001"],
        ),
        (
            "b27x-T11-v10-rest-timestamp-after-bad-answered-500",
            &["REST-HTTP-002"],
        ),
        ("b27x-T12-v10-timestamp-comma-fraction", &["DATA-SHAPE-001"]),
        (
            "b27x-T13-v10-rest-task-timestamp-offset",
            &["DATA-TIME-001"],
        ),
        (
            "b27x-T14-v10-rest-list-tasks-timestamp-offset",
            &["DATA-TIME-001"],
        ),
        ("b27x-T15-v10-task-state-enum-number", &["DATA-SHAPE-001"]),
        (
            "b27x-X01-v10-client-context-replaced-by-agent",
            &["ID-CTX-002"],
        ),
        ("b27x-X02-v10-follow-up-gets-other-context", &["ID-CTX-001"]),
        (
            "b27x-X03-v10-stream-context-changes-between-updates",
            &["ID-EVENT-002", "ID-CTX-002"],
        ),
        (
            "b27x-X04-v10-terminal-task-id-reused-for-new-message",
            &["TASK-STATE-002", "TASK-STATE-001"],
        ),
        (
            "b27x-X05-v10-reference-task-ids-answered-not-found",
            &["ID-TASK-001"],
        ),
        ("b27x-X06-v10-get-task-context-changed", &["ID-CTX-002"]),
        (
            "b27x-X07-v10-list-tasks-of-context-lists-other-context",
            &["DATA-LIST-003"],
        ),
        (
            "b27x-X08-v10-follow-up-context-mismatch-processed",
            &["ID-CTX-002"],
        ),
        (
            "b27x-X09-v03-client-context-replaced-by-agent",
            &["ID-CTX-002"],
        ),
        (
            "b27x-X10-v10-agent-message-reply-in-other-context",
            &["ID-CTX-002"],
        ),
        ("b27x-X11-v10-status-message-other-context", &["ID-CTX-003"]),
        (
            "b27x-X12-v10-follow-up-answered-with-new-task",
            &["ID-TASK-002"],
        ),
        (
            "b27x-X13-v10-stream-task-in-other-context-than-client-gave",
            &["ID-CTX-002"],
        ),
        (
            "b27x-X14-v10-rest-follow-up-context-mismatch-processed",
            &["ID-CTX-002"],
        ),
        ("b27x-X15-v03-follow-up-gets-other-context", &["ID-CTX-001"]),
        (
            "b27x-X16-v10-status-message-with-user-role",
            &["DATA-ROLE-001"],
        ),
    ];
    for (stem, ids) in faults {
        let out = by(stem);
        for id in *ids {
            assert!(
                out.findings
                    .iter()
                    .any(|f| f.rule == *id && !f.message.is_empty() && !f.evidence.is_empty()),
                "{stem}: no {id} with evidence:\n{}",
                render(&out)
            );
        }
    }
    let msg = |stem: &str, rule: &str| only_finding(stem, rule).message;
    for (stem, rule, words) in [
        (
            "b27x-H02-v10-jsonrpc-body-posted-to-rest-route-served",
            "BIND-USE-001",
            "client called POST /message:send in JSON-RPC at https://agent.example.test, which the card declares as HTTP+JSON only: the agent served it anyway",
        ),
        (
            "b27x-H19-v10-jsonrpc-body-posted-to-rest-route-refused",
            "BIND-USE-001",
            "client called POST /message:send in JSON-RPC at https://agent.example.test, which the card declares as HTTP+JSON only: the agent refused it (HTTP 400); the HTTP+JSON route takes the operation's request itself as its body",
        ),
        (
            "b27x-H15-v10-rest-extended-card-post",
            "REST-VERB-001",
            "client called GetExtendedAgentCard as POST /extendedAgentCard; the route is defined with GET only",
        ),
        (
            "b27x-H16-v10-rest-push-config-create-with-get-verb",
            "REST-VERB-002",
            "agent executed CreateTaskPushNotificationConfig for PUT /tasks/t1/pushNotificationConfigs (HTTP 200) instead of refusing the method with 405",
        ),
        (
            "b27x-X05-v10-reference-task-ids-answered-not-found",
            "ID-TASK-001",
            "agent answered SendMessage (POST https://agent.example.test/a2a), a message that refers to task t1 in referenceTaskIds (it names no taskId, so it starts a new task), with -32001 TaskNotFoundError, although it handed out that task id in exchange",
        ),
        (
            "b27x-K04-v10-retry-same-message-id-other-text",
            "ID-MSG-002",
            "client sent messageId m-42 again with other parts than the message it first named",
        ),
        (
            "b27x-G13-v10-gateway-collects-stream-into-json-array",
            "GW-RESP-002",
            "gateway passed the agent's text/event-stream answer on to the client as application/json: the agent answered the upstream leg as an event stream (streaming call SendStreamingMessage was answered with a JSON array (application/json)",
        ),
        (
            "b27x-K09-v10-client-message-metadata-string",
            "DATA-SHAPE-002",
            "client request SendMessage (POST https://agent.example.test/a2a) is malformed: its own metadata (params.metadata, beside the message, not the message's) is not a JSON object",
        ),
        (
            "b27x-A01-v10-artifact-id-changes-across-chunks",
            "STREAM-ARTIFACT-001",
            "artifact r-2 chunk has append true but no earlier chunk of it was sent; the stream's other artifact chunks are of r-1: if they are one artifact, give every chunk of it the same artifactId",
        ),
        (
            "b27x-H26-v10-rest-push-config-patch-refused",
            "REST-VERB-001",
            "client called CreateTaskPushNotificationConfig as PATCH /tasks/t1/pushNotificationConfigs/p1; the route is defined with POST only, so the agent refused it (HTTP 405): send POST /tasks/t1/pushNotificationConfigs",
        ),
        (
            "b27x-G17-v10-card-url-internal-listener-port",
            "AUTH-TLS-004",
            "agent card served at https://gw.example.test (the client fetched it over https) advertises the plain-http interface http://gw.example.test:8080:",
        ),
        (
            "b27x-T09-v10-status-update-metadata-number",
            "STREAM-SHAPE-001",
            "stream update event is malformed: status update event metadata is not a JSON object",
        ),
    ] {
        let m = msg(stem, rule);
        assert!(m.starts_with(words), "{stem}: {m}");
    }
    // The agent answered the misplaced JSON-RPC call in its own binding's error shape: no
    // JSON-RPC envelope of its was lost (H19).
    let rules_of =
        |stem: &str| -> Vec<String> { by(stem).findings.into_iter().map(|f| f.rule).collect() };
    let h19 = rules_of("b27x-H19-v10-jsonrpc-body-posted-to-rest-route-refused");
    assert_eq!(h19, ["BIND-USE-001"], "{h19:?}");
    // A router's 405 to a wrong verb is refused before any A2A operation: no A2A error
    // body is due (H26).
    let h26 = rules_of("b27x-H26-v10-rest-push-config-patch-refused");
    assert_eq!(h26, ["REST-VERB-001"], "{h26:?}");
    // A 1.0 agent that honours a half-migrated client's 0.3 `blocking: false` (K03).
    let k03 = rules_of("b27x-K03-v10-client-sends-0-3-fields");
    assert_eq!(k03, ["VER-MIX-002", "VER-MIX-002"], "{k03:?}");
}

/// Session 28's blind adversary (breaker28): the 1.0 proto's JSON mapping as serializers
/// write it, gRPC-transcoding fronts, task lifecycle and Agent Card lifecycle at the edges,
/// concurrency and sizes (`tests/cases/gen_b28x.py`). Every legal control (`b28x-*-legal-*`)
/// stays silent (notes allowed: an integral `historyLength` of `1.0`, 400-deep DataPart
/// nesting, thousands of parts, an 8,000-character task id, a Go agent's protojson
/// EmitUnpopulated output with "" and null members), every fault names its rule
/// with evidence, and the fixes read as they say: a state stamped after the terminal one
/// on a stream that was open before (L01), a follow-up that moved its task into the
/// client's context (L08), a strong ETag kept for a changed card (C03), one JWS signature
/// kept for a changed card (C09), no TASK-STATE-007 beside TASK_STATE_UNSPECIFIED (P13),
/// data: null named (P14), an integral `historyLength` of `1.0` read as 1 (P16).
#[test]
fn breaker28_blind() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    let by = |stem: &str| verify(&dir.join(format!("{stem}.jsonl")));
    legal_controls_silent(&dir, "b28x-", 55);
    let faults: &[(&str, &[&str])] = &[
        (
            "b28x-C03-v10-card-etag-same-content-changed",
            &["CARD-CACHE-002"],
        ),
        (
            "b28x-C05-v10-stream-after-refetched-card-dropped-streaming",
            &["CAP-STREAM-001"],
        ),
        ("b28x-C07-v10-skill-tags-empty", &["CARD-SHAPE-001"]),
        (
            "b28x-C08-v10-default-input-modes-empty",
            &["CARD-SHAPE-001"],
        ),
        (
            "b28x-L01-v10-get-task-completed-then-stream-works-on",
            &["TASK-STATE-001"],
        ),
        (
            "b28x-L02-v10-rejected-task-polled-as-submitted",
            &["TASK-STATE-001"],
        ),
        (
            "b28x-L03-v10-list-tasks-shows-completed-task-working",
            &["TASK-STATE-001"],
        ),
        (
            "b28x-L04-v10-cancel-loses-race-answers-canceled",
            &["TASK-STATE-001"],
        ),
        (
            "b28x-L05-v10-cancel-answers-completed-task-as-success",
            &["TASK-STATE-003"],
        ),
        (
            "b28x-L06-v10-stream-status-after-terminal",
            &["STREAM-END-001", "TASK-STATE-001"],
        ),
        (
            "b28x-L07-v10-stream-artifact-after-failed",
            &["STREAM-END-001"],
        ),
        (
            "b28x-L08-v10-input-required-answered-in-new-context-processed",
            &["ID-CTX-002"],
        ),
        (
            "b28x-L09-v10-failed-task-restarted-by-follow-up-stream",
            &["TASK-STATE-002", "TASK-STATE-001"],
        ),
        (
            "b28x-L10-v10-rest-list-tasks-status-filter-disagrees",
            &["DATA-LIST-003"],
        ),
        (
            "b28x-L11-v10-stream-closed-at-working-after-auth-required-answered",
            &["STREAM-END-002"],
        ),
        ("b28x-O01-v10-answer-for-id-never-sent", &["RPC-ID-001"]),
        (
            "b28x-O02-v10-stream-event-with-other-request-id",
            &["STREAM-SHAPE-002"],
        ),
        (
            "b28x-O03-v10-artifact-chunk-before-task-event",
            &["STREAM-FIRST-001"],
        ),
        (
            "b28x-O04-v10-two-streams-one-task-different-ends",
            &["TASK-STATE-001", "STREAM-FANOUT-001"],
        ),
        ("b28x-O05-v10-string-id-answered-as-number", &["RPC-ID-001"]),
        ("b28x-O06-v10-success-answer-id-null", &["RPC-ID-001"]),
        (
            "b28x-O07-v10-stream-second-task-event-other-id",
            &["ID-EVENT-002"],
        ),
        ("b28x-P01-v10-raw-part-not-base64", &["DATA-SHAPE-001"]),
        (
            "b28x-P02-v10-state-lowercase-enum-name",
            &["TASK-STATE-005"],
        ),
        (
            "b28x-P03-v10-agent-role-lowercase-enum-name",
            &["DATA-SHAPE-001"],
        ),
        (
            "b28x-P04-v10-part-text-and-data-both-set",
            &["DATA-SHAPE-001"],
        ),
        (
            "b28x-P05-v10-agent-status-update-snake-case",
            &["STREAM-SHAPE-001"],
        ),
        ("b28x-P06-v10-client-message-id-empty", &["DATA-SHAPE-002"]),
        ("b28x-P07-v10-task-id-empty", &["DATA-SHAPE-001"]),
        (
            "b28x-P08-v10-client-history-length-fraction",
            &["DATA-PARAM-001"],
        ),
        ("b28x-P09-v10-append-as-string", &["STREAM-SHAPE-001"]),
        (
            "b28x-P10-v10-timestamp-as-seconds-nanos-object",
            &["DATA-SHAPE-001"],
        ),
        (
            "b28x-P11-v10-card-capabilities-flag-string",
            &["CARD-SHAPE-002"],
        ),
        (
            "b28x-P12-v10-metadata-struct-as-list-of-pairs",
            &["DATA-SHAPE-001"],
        ),
        (
            "b28x-P13-v10-state-unspecified-on-live-task",
            &["TASK-STATE-005"],
        ),
        ("b28x-P14-v10-part-text-and-data-null", &["DATA-SHAPE-001"]),
        (
            "b28x-P16-v10-history-length-float-ignored",
            &["DATA-HISTORY-001"],
        ),
        (
            "b28x-P15-v10-client-message-proto-field-names",
            &["DATA-SHAPE-002"],
        ),
        (
            "b28x-R01-v10-rest-grpc-gateway-error-body",
            &["REST-ERROR-001"],
        ),
        (
            "b28x-R02-v10-rest-error-code-is-grpc-code",
            &["REST-ERROR-001"],
        ),
        ("b28x-R03-v10-rest-detail-without-type", &["REST-ERROR-001"]),
        (
            "b28x-R04-v10-rest-trailers-only-error-as-200",
            &["DATA-SHAPE-001"],
        ),
        (
            "b28x-R05-v10-rest-stream-newline-delimited-json",
            &["STREAM-HTTP-001"],
        ),
        (
            "b28x-R06-v10-rest-status-code-and-http-disagree",
            &["REST-ERROR-001"],
        ),
        (
            "b28x-R07-v10-jsonrpc-answered-by-grpc-server",
            &["RPC-ENVELOPE-001"],
        ),
        (
            "b28x-R08-v10-rest-stream-error-event-then-task-failed",
            &["STREAM-END-005"],
        ),
        ("b28x-R09-v10-rest-error-body-with-200", &["REST-ERROR-001"]),
        ("b28x-S01-v10-empty-stream", &["STREAM-END-002"]),
        ("b28x-S02-v10-client-message-no-parts", &["DATA-SHAPE-002"]),
        ("b28x-S03-v10-agent-reply-no-parts", &["DATA-SHAPE-001"]),
        (
            "b28x-S04-v10-empty-stream-keepalive-only",
            &["STREAM-END-002"],
        ),
        ("b28x-S05-v10-status-message-no-parts", &["DATA-SHAPE-001"]),
        ("b28x-S06-v10-send-result-empty-object", &["DATA-SHAPE-001"]),
        ("b28x-S07-v10-rest-send-empty-body-200", &["DATA-SHAPE-001"]),
        (
            "b28x-C09-v10-signed-card-changed-same-signature",
            &["CARD-SIG-003"],
        ),
        (
            "b28x-L12-v10-canceled-task-stream-goes-on",
            &["STREAM-END-001"],
        ),
        (
            "b28x-L13-v10-rejected-task-takes-follow-up",
            &["TASK-STATE-002", "TASK-STATE-001", "TASK-STATE-007"],
        ),
        (
            "b28x-O08-v10-answers-swapped-between-requests",
            &["RPC-ID-001", "ID-TASK-003", "DATA-SHAPE-001"],
        ),
        (
            "b28x-P17-v10-list-tasks-next-page-token-omitted-with-more",
            &["DATA-LIST-004"],
        ),
        (
            "b28x-R10-v10-jsonrpc-answered-grpc-web",
            &["RPC-ENVELOPE-001"],
        ),
    ];
    for (stem, ids) in faults {
        let out = by(stem);
        for id in *ids {
            assert!(
                out.findings
                    .iter()
                    .any(|f| f.rule == *id && !f.message.is_empty() && !f.evidence.is_empty()),
                "{stem}: no {id} with evidence:\n{}",
                render(&out)
            );
        }
    }
    let msg = |stem: &str, rule: &str| only_finding(stem, rule).message;
    for (stem, rule, words) in [
        (
            "b28x-L01-v10-get-task-completed-then-stream-works-on",
            "TASK-STATE-001",
            "task t1 was TASK_STATE_COMPLETED and is later reported as TASK_STATE_WORKING by a stream of the task that was open before the task was seen TASK_STATE_COMPLETED; that TASK_STATE_WORKING status carries status.timestamp 2026-12-02T10:00:03.000Z, later than",
        ),
        (
            "b28x-L08-v10-input-required-answered-in-new-context-processed",
            "ID-CTX-002",
            "message named task t1 (context c1) with contextId c9, and the agent answered task t1 in context c9: it moved the task into the client's context",
        ),
        (
            "b28x-C03-v10-card-etag-same-content-changed",
            "CARD-CACHE-002",
            "agent card at /.well-known/agent-card.json was served again with ETag \"1.0.0\" but other content than the card first served under that ETag",
        ),
        (
            "b28x-C09-v10-signed-card-changed-same-signature",
            "CARD-SIG-003",
            "agent card at /.well-known/agent-card.json changed between two fetches (at /supportedInterfaces/0/url it was \"https://agent.example.test/a2a\" and is now \"https://agent2.example.test/a2a\") but carries the same JWS signature",
        ),
        (
            "b28x-P14-v10-part-text-and-data-null",
            "DATA-SHAPE-001",
            "result task of SendMessage is malformed: part must set exactly one of text, raw, url, data (found text, data; data: null is the google.protobuf.Value null",
        ),
        (
            "b28x-R09-v10-rest-error-body-with-200",
            "REST-ERROR-001",
            "the agent answered the HTTP+JSON call GetTask (GET https://agent.example.test/tasks/nope) with an error body (google.rpc.Status NOT_FOUND, reason TASK_NOT_FOUND) and HTTP 200",
        ),
    ] {
        let m = msg(stem, rule);
        assert!(m.starts_with(words), "{stem}: {m}");
    }
    // TASK_STATE_UNSPECIFIED says no state: TASK-STATE-005 names it, and a blocking send
    // answered with it is not also "answered early" (P13).
    let p13: Vec<String> = by("b28x-P13-v10-state-unspecified-on-live-task")
        .findings
        .into_iter()
        .map(|f| f.rule)
        .collect();
    assert_eq!(p13, ["TASK-STATE-005"], "{p13:?}");
    // The ETag finding is one per card URL (C03).
    let c03 = by("b28x-C03-v10-card-etag-same-content-changed");
    assert_eq!(
        c03.findings
            .iter()
            .filter(|f| f.rule == "CARD-CACHE-002")
            .count(),
        1,
        "{}",
        render(&c03)
    );
}

/// q27a item 1 (review26 R13): a refusal whose HTTP status says the request was not read
/// whole (413 of a body-size limit, 408, 431) may answer a JSON-RPC -32600/-32700 with id
/// null (JSON-RPC 2.0 §5: the id could not be detected), over 1.0, 0.3 and a stream, and a
/// gateway's 502 or a2a-python's own "Payload too large" -32600 is no RPC-ERROR-001
/// (`b27q-1-legal-*`); another id under such a status is RPC-ID-002, and a 400 (the status
/// of a JSON-RPC server's own parser) stays the agent's RPC-ID-001 + RPC-ERROR-001.
#[test]
fn q27a_unread_request_refusal_id_null() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27q-1-", 7);
    for (stem, status, shown, said) in [
        (
            "b27q-1-v10-jsonrpc-413-error-other-id",
            413,
            "id 0",
            "HTTP 413 Content Too Large says the request body is over a size limit",
        ),
        (
            "b27q-1-v03-jsonrpc-431-error-id-string-null",
            431,
            "id \"null\", the string \"null\", not JSON null",
            "HTTP 431 Request Header Fields Too Large says the request head is over a size limit",
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let rules: Vec<&str> = out
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Note)
            .map(|f| f.rule.as_str())
            .collect();
        assert_eq!(rules, ["RPC-ID-002"], "{stem}:\n{}", render(&out));
        let m = only_message(&out, "RPC-ID-002");
        assert!(
            m.starts_with("the agent or a front before it (body-size limit, proxy, gateway)")
                && m.contains(&format!(
                    "with HTTP {status} and a JSON-RPC error object with {shown}: {said}, so the refuser could not read the call's id and JSON-RPC 2.0 §5 asks for id null; {shown} names another call"
                ))
                && m.contains("answer id null (or the call's id, when it was read)"),
            "{stem}: {m}"
        );
    }
    let out = verify(&dir.join("b27q-1-v10-jsonrpc-400-invalid-request-id-null.jsonl"));
    let mut rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    rules.sort();
    assert_eq!(rules, ["RPC-ERROR-001", "RPC-ID-001"], "{}", render(&out));
}

/// q27a item 2 (review26 R10): RPC-ERROR-003's "messageId is not a UUID" is told only for a
/// refusal whose UUID words are about the messageId (a clause, a validation-list entry or
/// a data member naming it and no other id); words asking a UUID of a taskId or contextId
/// beside the messageId, or quoting a contextId that starts with the messageId, stay
/// silent (`b27q-2-legal-*`).
#[test]
fn q27a_message_id_not_uuid_only_for_the_message_id() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27q-2-", 4);
    for stem in [
        "b27q-2-v03-message-id-not-uuid-beside-task-id",
        "b27q-2-v03-validation-list-message-id-uuid",
        "b27q-2-v03-data-object-message-id-uuid-beside-task-id",
    ] {
        let f = only_finding(stem, "RPC-ERROR-003");
        assert!(
            f.message.contains(
                "the message's messageId \"client-0001\" is not a UUID, and it need not be"
            ),
            "{stem}: {}",
            f.message
        );
    }
}

/// q27a item 3 (review26 R12): CARD-SHAPE-009 judges a hybrid card (0.3 fields beside
/// supportedInterfaces) whose supportedInterfaces offers a 1.0 client an interface (a 1.x
/// protocolVersion, or none), since that client reads the same modes as media types, and
/// says so; a hybrid card with media types, one whose supportedInterfaces names only 0.3,
/// and a pure 0.3 card keep bare tokens silent (`b27q-3-legal-*`).
#[test]
fn q27a_hybrid_card_modes_read_by_1_0_clients() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27q-3-", 3);
    for stem in [
        "b27q-3-v10-hybrid-card-bare-mode-tokens",
        "b27q-3-v10-hybrid-card-interface-without-version-bare-modes",
    ] {
        let f = only_finding(stem, "CARD-SHAPE-009");
        assert_eq!(
            f.message,
            "the agent's card (0.3 fields beside supportedInterfaces, which offers 1.0 clients an interface) lists modes that are not media types: /defaultInputModes/0 \"text\", /defaultOutputModes/0 \"text\", /skills/0/outputModes/0 \"artifact\"; the 1.0 proto defines input and output modes as media types, which 1.0 clients, reading these same members, compare with the parts' mediaType and with acceptedOutputModes, so these match no part the agent sends (a text part is text/plain, a data part application/json); media types serve the card's 0.3 readers as well",
            "{stem}"
        );
    }
}

/// q27a item 4 (review26 R7): a push webhook body naming one member twice with two values
/// is PUSH-BODY-001 naming the webhook URL, the member and both values (1.0 and 0.3), and a
/// task id named twice leaves the delivery's task unjudged (no PUSH-BODY-002/003 on the
/// value this tool happens to keep); the same value twice is silent.
#[test]
fn q27a_push_body_duplicate_member() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27q-4-", 1);
    let f = only_finding("b27q-4-v10-push-body-duplicate-state", "PUSH-BODY-001");
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(
        f.message,
        "the agent's push notification to https://hooks.example.test/a2a names the member \"state\" twice in one object with different values (\"TASK_STATE_WORKING\", then \"TASK_STATE_COMPLETED\"): RFC 8259 §4 leaves open which one a parser keeps (serde_json and Python's json keep the last, others the first or refuse the body), so webhook receivers read different notifications; emit each member once"
    );
    let out = verify(&dir.join("b27q-4-v03-push-body-duplicate-task-id.jsonl"));
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(rules, ["PUSH-BODY-001"], "{}", render(&out));
    assert!(
        out.findings[0].message.contains(
            "names the member \"taskId\" twice in one object with different values (\"t1\", then \"t2\")"
        ) && out.findings[0]
            .message
            .contains("(the task it names is not judged: either value is a receiver's fair reading)"),
        "{}",
        render(&out)
    );
}

/// q27a item 5 (breaker26): a 1.0 stream that carries only errors is the call refused
/// inside a stream: STREAM-FIRST-001 once (the TCK's STREAM-SUB-003/004 want the plain
/// JSON-RPC error), never also a message "accepted" (TASK-STATE-002), also when the
/// refusal comes twice; an error object without its JSON-RPC envelope is one
/// STREAM-SHAPE-002 saying so. The plain JSON-RPC refusal of a follow-up to a terminal task
/// is no capability refusal (CAP-STREAM-002), and a 0.3 stream of error events stays legal.
#[test]
fn q27a_error_only_streams_are_refusals() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27q-5-", 2);
    // The follow-up names a task the client was shown completed: the client's note
    // (TASK-STATE-017, mine45) comes first, beside the agent's one finding.
    let out = verify(&dir.join("b27q-5-v10-stream-follow-up-to-completed-two-error-events.jsonl"));
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(
        rules,
        ["TASK-STATE-017", "STREAM-FIRST-001"],
        "{}",
        render(&out)
    );
    let out = verify(&dir.join("b27q-5-v10-stream-follow-up-to-completed-bare-error-object.jsonl"));
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(
        rules,
        ["TASK-STATE-017", "STREAM-SHAPE-002"],
        "{}",
        render(&out)
    );
    assert_eq!(
        out.findings[1].message,
        "stream event of the JSON-RPC call SendStreamingMessage (POST https://agent.example.test/a2a) is a bare error object {\"error\": ...}, not a JSON-RPC error response: it has no \"jsonrpc\": \"2.0\" and no id, so a JSON-RPC client cannot read it as the answer to its call (send {\"jsonrpc\":\"2.0\",\"id\":<request id>,\"error\":{...}})"
    );
}

/// q27a item 6 (breaker26 E20): a cancel of a completed task answered with the task
/// canceled is one fault with one first line: TASK-STATE-003 says the answer reports the
/// task canceled (TASK-001), and the TASK-STATE-001 the handed CASE-12 also lists names it
/// as its cause, so reports list it second (over 0.3 and 1.0, also when a later read
/// shows the task canceled). A working task canceled stays silent.
#[test]
fn q27a_cancel_of_completed_task_one_fault() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27q-6-", 1);
    for (stem, done, canceled) in [
        (
            "b26x-E20-v03-cancel-completed-returns-task",
            "completed",
            "canceled",
        ),
        (
            "b27q-6-v03-cancel-completed-returns-canceled-then-get",
            "completed",
            "canceled",
        ),
        (
            "b27q-6-v10-cancel-completed-returns-canceled",
            "TASK_STATE_COMPLETED",
            "TASK_STATE_CANCELED",
        ),
    ] {
        let out = verify(&dir.join(format!("{stem}.jsonl")));
        let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
        assert_eq!(
            rules,
            ["TASK-STATE-003", "TASK-STATE-001"],
            "{stem}:\n{}",
            render(&out)
        );
        assert_eq!(
            out.findings[0].message,
            format!("cancel of task t1 in {done} returned success instead of TaskNotCancelableError, and the answer reports the task {canceled}, a change no terminal state allows (TASK-001)"),
            "{stem}"
        );
        assert!(
            out.findings[1].is_consequence()
                && out.findings[1].message.ends_with(&format!(
                    "is later reported as {canceled} (caused by TASK-STATE-003: the agent accepted the cancel of the {done} task instead of refusing it with TaskNotCancelableError)"
                )),
            "{stem}: {}",
            out.findings[1].message
        );
    }
}

/// review27a R1: CAP-STREAM-002 for a refused 0.x resubscription is told on 0.3 HTTP+JSON
/// too (`POST /v1/tasks/{id}:subscribe` answered HTTP 400 with the 0.3 error object
/// `{"code":-32004}`, REST-003), naming the call by its request line; and the later
/// answer's state is quoted as its wire spells it (`working` on JSON-RPC, not
/// `TASK_STATE_WORKING`).
#[test]
fn review27a_resubscribe_refused_rest_and_wire_state() {
    let f = only_finding(
        "b27r-R1-v03-rest-resubscribe-working-task-unsupported",
        "CAP-STREAM-002",
    );
    assert!(
        f.message.starts_with(
            "the agent card declares capabilities.streaming: true, yet the agent refused POST /v1/tasks/t1:subscribe for task t1, which its stream last showed TASK_STATE_WORKING, with HTTP 400 -32004 UnsupportedOperationError"
        ),
        "{}",
        f.message
    );
    let f = only_finding(
        "b27r-R1-v03-resubscribe-after-reset-wire-state",
        "CAP-STREAM-002",
    );
    let last = f.evidence.last().unwrap();
    assert_eq!(last.pointer.as_deref(), Some("/result/status/state"));
    assert_eq!(last.found, Some(serde_json::json!("working")));
    assert!(
        f.message.contains("shows it working, still running"),
        "{}",
        f.message
    );
}

/// review27a R2: a 405 to a verb an HTTP+JSON route does not have is the router refusing
/// the client's verb for every operation, not only send, cancel and get: `PUT` of a push
/// config on its own path and `POST /extendedAgentCard` get the client's REST-VERB-001 and
/// no CARD-URL-002 blaming a correct agent for a missing route; a 0.3 call is named by the
/// route POST takes (the list path), not by the path the client wrote.
#[test]
fn review27a_wrong_verb_405_is_no_missing_route() {
    for stem in [
        "b27r-R2-v03-rest-put-push-config-refused-405",
        "b27r-R2-v10-rest-extended-card-post-refused-405",
    ] {
        let out = common::verify_variant(stem);
        assert!(
            out.findings.iter().all(|f| f.rule != "CARD-URL-002"),
            "{stem}: {}",
            render(&out)
        );
    }
    let f = only_finding(
        "b27r-R2-v03-rest-put-push-config-refused-405",
        "REST-VERB-001",
    );
    assert_eq!(
        f.message,
        "client called POST /v1/tasks/t1/pushNotificationConfigs as PUT /v1/tasks/t1/pushNotificationConfigs/p1; the route is defined with POST only, so the agent refused it (HTTP 405): send POST /v1/tasks/t1/pushNotificationConfigs"
    );
    let f = only_finding(
        "b27r-R2-v10-rest-extended-card-post-refused-405",
        "REST-VERB-001",
    );
    assert_eq!(
        f.message,
        "client called GetExtendedAgentCard as POST /extendedAgentCard; the route is defined with GET only, so the agent refused it (HTTP 405): send GET /extendedAgentCard"
    );
}

/// review27a R3: VER-MIX-002 for a 0.3 `blocking` in a 1.0 send names the 1.0 value that
/// means the same (blocking is the inverse of returnImmediately: `blocking: false` is
/// `returnImmediately: true`), not a bare member name a reader may set to false; the agent
/// that honoured it gets no TASK-STATE-007.
#[test]
fn review27a_blocking_names_the_inverse() {
    let out = common::verify_variant("b27r-R3-v10-send-blocking-false-only");
    assert!(
        out.findings.iter().all(|f| f.rule != "TASK-STATE-007"),
        "{}",
        render(&out)
    );
    let f = only_finding("b27r-R3-v10-send-blocking-false-only", "VER-MIX-002");
    assert_eq!(
        f.message,
        "1.0 send configuration carries the 0.x member blocking, which 1.0 does not define (1.0: returnImmediately: true, the inverse of blocking: false; an agent that honours the 0.x member is lenient, one that ignores it waits for the task)"
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/params/configuration/blocking")
    );
}

/// review27a R4: a card that declares JSONRPC and HTTP+JSON at one url (JSON-RPC POSTs to
/// the url, HTTP+JSON routes below it) kept only the first binding: a legal HTTP+JSON call
/// below it got BIND-USE-001 ("declares as JSON-RPC only"), a legal JSON-RPC call to it got
/// CARD-URL-010 when HTTP+JSON was listed first, and a JSON-RPC envelope on one of its
/// HTTP+JSON routes went untold. Each binding now counts at that url.
#[test]
fn review27a_url_declared_in_two_bindings() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b27r-R4-", 2);
    for stem in [
        "b27r-R4-legal-v10-jsonrpc-at-two-binding-url-rest-listed-first",
        "b27r-R4-legal-v10-rest-route-below-two-binding-url-jsonrpc-listed-first",
    ] {
        let out = common::verify_variant(stem);
        assert!(
            out.findings
                .iter()
                .all(|f| f.rule != "BIND-USE-001" && f.rule != "CARD-URL-010"),
            "{stem}: {}",
            render(&out)
        );
    }
    let f = only_finding(
        "b27r-R4-v10-jsonrpc-on-rest-route-of-two-binding-url",
        "BIND-USE-001",
    );
    assert_eq!(
        f.message,
        "client called POST /a2a/message:send in JSON-RPC at https://agent.example.test/a2a, which the card declares as JSON-RPC at the url itself and HTTP+JSON below it, so /a2a/message:send is HTTP+JSON only: the agent refused it (HTTP 400); the HTTP+JSON route takes the operation's request itself as its body ({\"message\": ...} for message:send), not a JSON-RPC envelope around it"
    );
}

/// q28a item 1 (review27a): a send naming a task the agent handed out (its message's
/// taskId, or a referenceTaskIds entry) answered not found is ID-TASK-001 on every binding
/// and in every form: gRPC NOT_FOUND (unary and streaming, with or without ErrorInfo), a
/// JSON-RPC -32001 event and an HTTP+JSON google.rpc.Status event inside a stream. A task
/// never handed out, or handed out to another caller, stays silent (`b28q-1-legal-*`).
#[test]
fn q28a_send_naming_handed_out_task_not_found() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28q-1-", 4);
    for (stem, words) in [
        (
            "b28q-1-v10-grpc-send-reference-task-not-found",
            "agent answered SendMessage (POST http://agent.example.test:50051/lf.a2a.v1.A2AService/SendMessage), a message that refers to task t1 in referenceTaskIds (it names no taskId, so it starts a new task), with gRPC NOT_FOUND (TaskNotFoundError), although it handed out that task id in exchange e2",
        ),
        (
            "b28q-1-v10-grpc-stream-send-reference-task-not-found-no-details",
            "a message that refers to task t1 in referenceTaskIds (it names no taskId, so it starts a new task), with gRPC NOT_FOUND (TaskNotFoundError)",
        ),
        (
            "b28q-1-v10-grpc-stream-send-task-id-not-found",
            "a message that continues task t1 (its taskId), with gRPC NOT_FOUND (TaskNotFoundError), although it handed out that task id in exchange e2 and last reported it TASK_STATE_INPUT_REQUIRED",
        ),
        (
            "b28q-1-v03-jsonrpc-stream-send-task-not-found-event",
            "agent answered message/stream (POST https://agent.example.test/a2a), a message that continues task t1 (its taskId), with TaskNotFoundError in its stream, although it handed out that task id in exchange e2 and last reported it input-required",
        ),
        (
            "b28q-1-v03-jsonrpc-stream-send-reference-task-not-found-event",
            "a message that refers to task t1 in referenceTaskIds",
        ),
        (
            "b28q-1-v10-jsonrpc-stream-send-task-not-found-event",
            "agent answered SendStreamingMessage (POST https://agent.example.test/a2a), a message that continues task t1 (its taskId), with TaskNotFoundError in its stream",
        ),
        (
            "b28q-1-v10-rest-stream-send-task-not-found-event",
            "agent answered SendStreamingMessage (POST https://agent.example.test/a2a/message:stream), a message that continues task t1 (its taskId), with TaskNotFoundError in its stream",
        ),
    ] {
        let m = only_finding(stem, "ID-TASK-001").message;
        assert!(m.contains(words), "{stem}: {m}");
    }
    // 1.0 JSON-RPC: the wrong error is the one finding, not also STREAM-FIRST-001.
    let out = verify(&dir.join("b28q-1-v10-jsonrpc-stream-send-task-not-found-event.jsonl"));
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(rules, ["ID-TASK-001"], "{}", render(&out));
}

/// q28a item 2 (review27a): a URL the card declares for JSON-RPC and HTTP+JSON alike is
/// judged as both: a 404 on an HTTP+JSON route below it is CARD-URL-002 whichever
/// interface comes first, citing the HTTP+JSON interface, and a JSON-RPC answer at the URL
/// itself does not make the routes' HTML 404 an error answer. A served route's 404
/// TaskNotFoundError and both bindings served stay silent (`b28q-2-legal-*`).
#[test]
fn q28a_one_url_both_bindings_routes_judged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28q-2-", 2);
    for stem in [
        "b28q-2-v10-jsonrpc-then-rest-one-url-rest-send-404",
        "b28q-2-v10-rest-then-jsonrpc-one-url-rest-send-404",
    ] {
        let f = only_finding(stem, "CARD-URL-002");
        assert_eq!(
            f.message,
            "the SendMessage route POST /a2a/message:send below advertised interface url https://agent.example.test/a2a answered HTTP 404: the agent does not serve that operation at the route the binding defines for it",
            "{stem}"
        );
        let want = if stem.contains("jsonrpc-then-rest") {
            "/supportedInterfaces/1/url"
        } else {
            "/supportedInterfaces/0/url"
        };
        assert!(
            f.evidence
                .iter()
                .any(|e| e.pointer.as_deref() == Some(want)),
            "{stem}: {:?}",
            f.evidence
        );
    }
    let out =
        verify(&dir.join(
            "b28q-2-v10-jsonrpc-then-rest-one-url-rest-get-task-404-after-rpc-answered.jsonl",
        ));
    let rules: Vec<&str> = out.findings.iter().map(|f| f.rule.as_str()).collect();
    assert_eq!(rules, ["CARD-URL-002"], "{}", render(&out));
    assert_eq!(
        out.findings[0].message,
        "the GetTask route GET /a2a/tasks/t1 below advertised interface url https://agent.example.test/a2a answered HTTP 404; the JSON-RPC interface the card declares at the same url answered calls there, so the url is right: the agent does not serve that operation at the route the binding defines for it"
    );
}

/// q28a item 3 (review27a): GW-SSE-002 counts a stream's silences from its response head,
/// where an idle timer starts: an agent that answered the head after 40 s and then went
/// quiet 10 s before the gateway's cut is named an idle timeout of about 10 s, not a 52 s
/// total request timeout (which the old count, from the request, gave). A 404 to
/// `/.well-known/agent-card.json?v=2` pairs with a card at the 0.2 path as the bare path
/// does (CARD-PATH-001/003); another agent's card does not (`b28q-3-legal-*`).
#[test]
fn q28a_stream_cut_silences_from_head_and_card_path_query() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28q-3-", 1);
    let m = only_finding("b28q-3-gw-v03-stream-late-head-then-idle-cut", "GW-SSE-002").message;
    assert!(
        m.contains("the cut came 10.0 s after the last event the gateway passed on")
            && m.contains("idle or read timeout of about 10 s")
            && !m.contains("total request timeout"),
        "{m}"
    );
    let m = only_finding(
        "b28q-3-v10-card-json-404-with-query-beside-legacy-card",
        "CARD-PATH-001",
    )
    .message;
    assert!(
        m.starts_with("https://agent.example.test/.well-known/agent-card.json answered 404 while https://agent.example.test/.well-known/agent.json serves a 1.0 card"),
        "{m}"
    );
    only_finding(
        "b28q-3-v03-card-json-404-with-query-beside-legacy-card",
        "CARD-PATH-003",
    );
}

/// q28a item 4 (review27a: one fault, one error). breaker27 X03: a stream event naming
/// another context is ID-EVENT-002, and the ID-CTX-002 about the same value names it as its
/// cause. H06: a 1.0 send answered with a bare 0.3 Task is DATA-SHAPE-001, and the
/// TASK-STATE-005 about its lowercase state names it. H09 keeps two findings on purpose:
/// the empty 415 body is REST-ERROR-001 whatever the refusal (a rightly refused text/plain
/// body gets it too), a separate fix from accepting application/json (HTTP-MEDIA-002).
/// Alone, TASK-STATE-005 and ID-CTX-002 name no cause (`b28q-4-*`).
#[test]
fn q28a_one_fault_one_error() {
    let m = only_finding(
        "b27x-X03-v10-stream-context-changes-between-updates",
        "ID-CTX-002",
    )
    .message;
    assert_eq!(
        m,
        "task t1 changed contextId from c1 to c2 (caused by ID-EVENT-002: the same stream event names another contextId than its stream's task; that one wrong contextId is the fault)"
    );
    assert!(!only_finding(
        "b27x-X03-v10-stream-context-changes-between-updates",
        "ID-EVENT-002"
    )
    .is_consequence());
    let f = only_finding(
        "b27x-H06-v10-rest-send-answered-0-3-task-shape",
        "TASK-STATE-005",
    );
    assert!(
        f.is_consequence()
            && f.message.ends_with("(caused by DATA-SHAPE-001: the agent answered the 1.0 call with a 0.3-shaped Task, whose states are 0.3's lowercase names; answering in the 1.0 shape ({\"task\": ...} with TASK_STATE_* names) fixes both)"),
        "{}",
        f.message
    );
    for (stem, rule) in [
        (
            "b27x-H09-v10-rest-agent-refuses-application-json-415",
            "REST-ERROR-001",
        ),
        (
            "b27x-H09-v10-rest-agent-refuses-application-json-415",
            "HTTP-MEDIA-002",
        ),
        (
            "b28q-4-v10-rest-send-wrapped-task-lowercase-state",
            "TASK-STATE-005",
        ),
        ("b28q-4-v10-jsonrpc-get-task-context-changed", "ID-CTX-002"),
    ] {
        let f = only_finding(stem, rule);
        assert!(!f.is_consequence(), "{stem}: {}", f.message);
    }
}

/// q28a item 5 (review27a, breaker27 P01): a push-config Get or Delete answered
/// TaskNotFoundError while the recording proves the task (handed out, never reported
/// finished) and the config (created, not deleted) both exist is ID-TASK-001, over
/// HTTP+JSON and JSON-RPC; an unknown config id (the SDKs' answer) and a config of a
/// finished task stay silent (`b28q-5-legal-*`).
#[test]
fn q28a_push_config_call_task_not_found_for_live_task_and_config() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28q-5-", 2);
    let m = only_finding(
        "b28q-5-v10-rest-push-config-delete-task-not-found",
        "ID-TASK-001",
    )
    .message;
    assert_eq!(
        m,
        "agent answered DeleteTaskPushNotificationConfig (DELETE https://agent.example.test/a2a/tasks/t1/pushNotificationConfigs/cfg-1) for push notification config cfg-1 of task t1 with HTTP 404 TASK_NOT_FOUND, although it handed out task t1 in exchange e2, last reported TASK_STATE_WORKING and never reported it finished, and created config cfg-1 for it in exchange e3, not deleted since: both exist, and TaskNotFoundError is for a task that does not exist; keep the task findable by its push-config routes as by GetTask (a config store that answers \"task not found\" for any miss hides which one is missing)"
    );
    for stem in [
        "b28q-5-v10-rest-push-config-get-task-not-found",
        "b28q-5-v10-jsonrpc-push-config-delete-task-not-found",
    ] {
        let m = only_finding(stem, "ID-TASK-001").message;
        assert!(
            m.contains("created config cfg-1 for it in exchange e3"),
            "{stem}: {m}"
        );
    }
}

/// q28a item 6 (review27a): DATA-SHAPE-002 for a send request's own metadata names the
/// request and where the metadata sits (HTTP+JSON body, 0.3 params), not "client message".
#[test]
fn q28a_request_metadata_named_as_the_requests() {
    for (stem, want) in [
        (
            "b28q-6-v10-rest-send-request-metadata-string",
            "client request SendMessage (POST https://agent.example.test/a2a/message:send) is malformed: its own metadata (the body's metadata member, beside the message, not the message's) is not a JSON object (a google.protobuf.Struct; 0.x: an object)",
        ),
        (
            "b28q-6-v03-jsonrpc-send-request-metadata-array",
            "client request message/send (POST https://agent.example.test/a2a) is malformed: its own metadata (params.metadata, beside the message, not the message's) is not a JSON object (a google.protobuf.Struct; 0.x: an object)",
        ),
    ] {
        assert_eq!(only_finding(stem, "DATA-SHAPE-002").message, want, "{stem}");
    }
}

/// q28b item 1 (VER-001, VER-003): a header-less call is a 0.3 call, so a 1.0 HTTP+JSON
/// route (no `/v1`) or the 1.0 gRPC service without A2A-Version is the client's
/// VER-MIX-002 (VER-MIX-001 until session 28 split off the client's half), as a header-less JSON-RPC SendMessage already was (f259); before, only the
/// JSON-RPC call was told. The agent's refusal stays legal; a call with the header, with
/// the query parameter, or a 0.3 `/v1` route stays silent.
#[test]
fn q28b_headerless_1_0_call_same_on_every_binding() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28p-1-", 3);
    let m = common::variant_message("b28p-1-v10-rest-headerless-send-parts", "VER-MIX-002");
    assert!(
        m.starts_with("client's request sends no A2A-Version (which means 0.3) but uses the 1.0 route POST /message:send, and its message has the 1.0 member parts")
            && m.contains("(POST /v1/message:send)")
            && m.ends_with("a 1.0 client sends A2A-Version: 1.0 on every request"),
        "{m}"
    );
    let m = common::variant_message("b28p-1-v10-rest-headerless-get-task", "VER-MIX-002");
    assert!(
        m.contains("the 1.0 route GET /tasks/t1:") && m.contains("(GET /v1/tasks/t1)"),
        "{m}"
    );
    let rpc = only_message(
        &common::verify_field("f259-v10-no-version-header-refused-method-not-found"),
        "VER-MIX-002",
    );
    let rest = only_message(
        &common::verify_field("f262-v10-rest-no-version-header-refused"),
        "VER-MIX-002",
    );
    let grpc = only_message(
        &common::verify_field("f239-v10-grpc-no-version-metadata-refused"),
        "VER-MIX-002",
    );
    assert!(rpc.contains("uses the 1.0 method SendMessage"), "{rpc}");
    assert!(
        rest.contains("uses the 1.0 route POST /message:send"),
        "{rest}"
    );
    assert!(
        grpc.contains("sends no a2a-version metadata (which means 0.3) but uses the 1.0 service lf.a2a.v1.A2AService"),
        "{grpc}"
    );
}

/// q28b item 2 (ERR-006, DATA-006, DATA-007, REST-001): a request parameter of the wrong
/// JSON type or out of range (GetTask historyLength "ten" or -1, ListTasks pageSize "x", a
/// send's configuration.historyLength "ten", 0.3 tasks/get historyLength "ten") is the
/// client's DATA-PARAM-005 note, on every binding; before, no rule named the client. The
/// agent's -32602 / 400 refusal stays legal; an agent that accepts a malformed 1.0 GetTask
/// parameter is still DATA-PARAM-001. A numeric string ("10", ProtoJSON int32) and 0.3's
/// integer 0 are well formed and get no note.
#[test]
fn q28b_wrong_type_request_params_are_the_clients() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28p-2-", 9);
    for (stem, want) in [
        (
            "b28p-2-legal-v10-jsonrpc-get-task-history-ten-refused",
            "client's GetTask sends historyLength \"ten\", which is not a non-negative integer: an agent that validates its input first (ERR-006) refuses the call with -32602 InvalidParams, which is the right answer, and the call gets no work done",
        ),
        (
            "b28p-2-legal-v10-jsonrpc-get-task-history-minus-one-refused",
            "client's GetTask sends historyLength the JSON number -1, which is not a non-negative integer:",
        ),
        (
            "b28p-2-legal-v10-jsonrpc-list-tasks-page-size-x-refused",
            "client's ListTasks sends pageSize \"x\", which is not an integer from 1 to 100:",
        ),
        (
            "b28p-2-legal-v10-rest-get-task-history-ten-400",
            "client's GetTask sends historyLength \"ten\" in the query, which is not a non-negative integer: an agent that validates its input first (ERR-006) refuses the call with HTTP 400 (INVALID_ARGUMENT),",
        ),
        (
            "b28p-2-legal-v10-jsonrpc-send-history-ten-refused",
            "client's SendMessage sends configuration.historyLength \"ten\", which is not a non-negative integer:",
        ),
        (
            "b28p-2-legal-v03-jsonrpc-tasks-get-history-ten-refused",
            "client's tasks/get sends historyLength \"ten\", which is not an integer:",
        ),
    ] {
        let f = only_finding(stem, "DATA-PARAM-005");
        assert_eq!(f.severity, Severity::Note, "{stem}");
        assert!(f.message.starts_with(want), "{stem}: {}", f.message);
    }
    for stem in [
        "b28p-2-legal-v10-jsonrpc-get-task-history-numeric-string",
        "b28p-2-legal-v03-jsonrpc-tasks-get-history-zero",
        "b28p-2-legal-v10-rest-send-history-length-number",
    ] {
        let out = common::verify_variant(stem);
        assert!(
            out.findings.iter().all(|f| f.rule != "DATA-PARAM-005"),
            "{stem}: {}",
            render(&out)
        );
    }
    only_finding(
        "b28p-2-v10-jsonrpc-get-task-history-ten-accepted",
        "DATA-PARAM-001",
    );
}

/// q28b item 3 (1.0 §3.3.2, §13; CWE-209): a stack trace, a server source path or SQL in
/// an error answer is AUTH-LEAK-001 in every generation and binding (JSON-RPC
/// error.message, a well-formed 1.0 error.data array, 0.3 free-form data, an HTTP+JSON
/// Status message, a plain-text 500, a stream's error event), saying what leaked and
/// where; before, only a 1.0 error.data that was no array was told, and for its shape.
/// Ordinary error text stays silent.
#[test]
fn q28b_internal_details_in_error_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28p-3-", 3);
    for (stem, want) in [
        (
            "b28p-3-v10-jsonrpc-internal-error-python-traceback-in-message",
            "agent's error answer to SendMessage shows a Python stack trace in error.message (JSON /error/message): \"Traceback (most recent call last):\"",
        ),
        (
            "b28p-3-v10-jsonrpc-java-frames-in-error-info-metadata",
            "agent's error answer to SendMessage shows a Java stack trace in error.data.0.metadata.trace (JSON /error/data/0/metadata/trace): \"at com.foo.Bar.run(Bar.java:42)\"",
        ),
        (
            "b28p-3-v03-jsonrpc-dotnet-stack-in-data-string",
            "agent's error answer to message/send shows a .NET stack trace in error.data (JSON /error/data)",
        ),
        (
            "b28p-3-v10-rest-500-sql-in-status-message",
            "agent's HTTP 500 error answer to SendMessage shows SQL or a database driver's error in error.message",
        ),
        (
            "b28p-3-v03-rest-500-plain-text-node-stack",
            "agent's HTTP 500 error answer to POST /v1/message:send shows a JavaScript stack trace in its body: \"at handleSend (/app/dist/server.js:120:15)\"",
        ),
        (
            "b28p-3-v10-jsonrpc-stream-error-event-python-traceback",
            "agent's error event in the SendStreamingMessage stream shows a Python stack trace in error.message",
        ),
    ] {
        let f = only_finding(stem, "AUTH-LEAK-001");
        assert_eq!(f.severity, Severity::Warning, "{stem}");
        assert!(f.message.starts_with(want), "{stem}: {}", f.message);
    }
    let f = only_message(
        &common::verify_field("f482-v10-invalid-params-data-exception-text"),
        "AUTH-LEAK-001",
    );
    assert!(
        f.contains("shows a server source file path in error.data (JSON /error/data): \"/app/.venv/lib/python3.12/site-packages/google/protobuf/json_format.py\""),
        "{f}"
    );
}

/// q28b item 4 (ERR-001, ERR-002): the code inside an error-first stream's first event is
/// judged like a plain error answer's (-32603 where the agent's own text says the task was
/// not found), in 1.0 (RPC-ERROR-001, where it is then the one finding, not also
/// STREAM-FIRST-001) and 0.3 (where the error-first stream itself is legal, and the code a
/// SHOULD: RPC-ERROR-006, sev44); before, a 1.0 stream got STREAM-FIRST-001 only and a 0.3
/// one nothing. The right code stays silent in 0.3.
#[test]
fn q28b_error_first_stream_code_judged() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28p-4-", 1);
    let said = |method: &str| {
        format!("the agent's own message says the task was not found, yet the agent answered -32603 InternalError as the first event of the {method} stream instead of -32001 TaskNotFoundError")
    };
    assert_eq!(
        common::variant_message(
            "b28p-4-v10-stream-unknown-task-first-event-internal-error",
            "RPC-ERROR-001"
        ),
        said("SendStreamingMessage")
    );
    assert_eq!(
        common::variant_message(
            "b28p-4-v03-stream-unknown-task-first-event-internal-error",
            "RPC-ERROR-006"
        ),
        said("message/stream")
            + ": the 0.3 spec recommends -32001 TaskNotFoundError here (ERR-002: a SHOULD in 0.3, a MUST from 1.0)"
    );
    let out = common::verify_variant("b28p-4-v10-stream-unknown-task-first-event-task-not-found");
    assert!(
        out.findings
            .iter()
            .all(|f| f.rule != "RPC-ERROR-001" && f.rule != "RPC-ERROR-006"),
        "{}",
        render(&out)
    );
}

/// review28a R1 (AUTH-LEAK-001, q28b item 3): ordinary error text stays silent: a web
/// framework's HTML 404 page loading its scripts from `/_next/static/chunks/*.js` (asset
/// URLs in `src=` / `href=`, not server files), and upper-case SELECT ... FROM / UPDATE ...
/// SET words in an English sentence. A statement quoted after a colon with no driver name,
/// and a source path in an HTML debug page's traceback beside a script asset, are still
/// told, naming the line.
#[test]
fn review28a_auth_leak_false_alarms() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28r-1-", 1);
    let html = common::variant_findings("b28r-1-v10-rest-404-html-page-with-script-assets");
    assert!(
        html.iter().all(|f| f.rule != "AUTH-LEAK-001"),
        "{:?}",
        html.iter().map(|f| &f.message).collect::<Vec<_>>()
    );
    let f = only_finding(
        "b28r-1-v10-jsonrpc-sql-statement-quoted-after-colon",
        "AUTH-LEAK-001",
    );
    assert_eq!(
        f.message,
        "agent's error answer to GetTask shows SQL or a database driver's error in error.message (JSON /error/message): \"Query failed: SELECT id, state FROM tasks WHERE id = 't9'\"; it tells every caller the agent's code paths, files or queries, which helps an attacker and no client"
    );
    let f = only_finding(
        "b28r-1-v10-rest-500-html-debug-page-with-source-path",
        "AUTH-LEAK-001",
    );
    assert!(
        f.message.starts_with(
            "agent's HTTP 500 error answer to SendMessage shows a server source file path in its body: \"/srv/agent/views.py\""
        ),
        "{}",
        f.message
    );
}

/// review28a R2, R3 (VER-MIX-001 / VER-MIX-002 split, gateways' upstream legs): a client's
/// mixed request that a gateway passes on is one VER-MIX-002 (the client's, not counted
/// against the level) whose words say the client sent it and the gateway passed it on to
/// the agent (before: "passed it on to the client"); a mix the gateway itself put into its
/// upstream request (it added kind, or translated SendMessage to message/send and kept
/// A2A-Version: 1.0) is the gateway's VER-MIX-001 on the upstream leg, which counts
/// (before: a client rule, so a gateway that broke a clean call was not blamed).
#[test]
fn review28a_gateway_upstream_mix_sides() {
    let f = only_finding(
        "b28r-2-gw-v10-client-kind-passed-on-upstream",
        "VER-MIX-002",
    );
    assert_eq!(
        f.message,
        "1.0 request message carries the 0.x member kind; the client's request carried it first, and the gateway passed it on to the agent unchanged (e1)"
    );
    let ex: Vec<_> = f
        .evidence
        .iter()
        .filter_map(|e| e.exchange.as_deref())
        .collect();
    assert_eq!(ex, ["e2", "e1"]);
    for (stem, tail) in [
        (
            "b28r-2-gw-v10-gateway-adds-kind-upstream",
            "1.0 request message carries the 0.x member kind",
        ),
        (
            "b28r-2-gw-v10-gateway-translates-method-keeps-1-0-header",
            "request declares A2A-Version 1.0 but uses the 0.3 method message/send",
        ),
    ] {
        let all = common::variant_findings(stem);
        assert!(all.iter().all(|f| f.rule != "VER-MIX-002"), "{stem}");
        let f = only_finding(stem, "VER-MIX-001");
        assert_eq!(f.leg.as_deref(), Some("upstream"), "{stem}");
        assert_eq!(
            f.message,
            format!(
                "the gateway's own request to the agent, not passed on from its client: {tail}"
            ),
            "{stem}"
        );
        assert!(f.help.starts_with("gateway: "), "{stem}: {}", f.help);
        assert!(!a2a_interop::verify::rules::judges_client(&f.rule));
    }
}

/// review28a R4 (DATA-PARAM-005, DATA-PARAM-001): a request parameter written null
/// (historyLength, pageSize: how a Java or Kotlin client's mapper writes an unset member)
/// is unset, as ProtoJSON reads null and as 0.x SDKs read an optional integer: no client
/// note and no "agent accepted historyLength the JSON null null" error, on 1.0 and 0.3
/// JSON-RPC. The wrong type ("ten") is still told (b28p-2).
#[test]
fn review28a_null_request_parameter_is_unset() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b28r-3-", 4);
    for stem in [
        "b28r-3-legal-v10-jsonrpc-send-history-length-null",
        "b28r-3-legal-v10-jsonrpc-get-task-history-length-null",
        "b28r-3-legal-v10-jsonrpc-list-tasks-page-size-null",
        "b28r-3-legal-v03-jsonrpc-get-and-send-history-length-null",
    ] {
        let all = common::variant_findings(stem);
        assert!(
            all.iter().all(|f| !f.rule.starts_with("DATA-PARAM-")),
            "{stem}: {:?}",
            all.iter().map(|f| &f.message).collect::<Vec<_>>()
        );
    }
    let f = only_finding(
        "b28p-2-legal-v10-jsonrpc-get-task-history-ten-refused",
        "DATA-PARAM-005",
    );
    assert!(f.message.contains("historyLength \"ten\""), "{}", f.message);
}

/// dup38 (drift between the copies of the request's JSON Pointer base; GRPC-001: a gRPC
/// request message, like an HTTP+JSON body, holds the A2A params at its root): ID-MSG-002,
/// ID-CTX-002 and ID-TASK-003 on gRPC point at the member the request has (`/message/...`,
/// `/id`), not at `/params/...`, which only a JSON-RPC request has. The retried message
/// under its own messageId stays silent.
#[test]
fn dup38_grpc_request_evidence_points_into_the_request_message() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b38d-1-", 1);
    for (stem, rule, at, ptr) in [
        (
            "b38d-1-v10-grpc-send-message-id-reused",
            "ID-MSG-002",
            1,
            "/message/messageId",
        ),
        (
            "b38d-1-v10-grpc-send-reply-context-substituted",
            "ID-CTX-002",
            0,
            "/message/contextId",
        ),
        (
            "b38d-1-v10-grpc-get-task-answered-other-task",
            "ID-TASK-003",
            0,
            "/id",
        ),
    ] {
        let f = only_finding(stem, rule);
        assert_eq!(f.evidence[at].pointer.as_deref(), Some(ptr), "{stem}");
    }
}

/// dup38 (drift between the status-message readings; DATA-005, TASK-006): on 0.3 HTTP+JSON
/// a TaskStatus message under `update` (the 0.3 proto's field name, read by ProtoJSON
/// parsers) is the status message for TASK-AUTH-002 and DATA-ROLE-001 as it was for
/// ID-MSG-003: no "without a status.message", and the user role is told at `update`.
#[test]
fn dup38_status_message_under_update_is_read_by_every_rule() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b38d-2-", 1);
    let f = only_finding(
        "b38d-2-v03-rest-get-task-status-update-user-role",
        "DATA-ROLE-001",
    );
    assert_eq!(
        f.evidence[0].pointer.as_deref(),
        Some("/status/update/role")
    );
    only_finding(
        "b38d-2-v03-rest-get-task-auth-required-without-message",
        "TASK-AUTH-002",
    );
}

/// left39 (ID-007, GRPC-001; dup38's drift seen from the other side): the 0.3 proto's
/// TaskStatus field name `update` holds the status message only on 0.3 HTTP+JSON, whose
/// ProtoJSON parser reads it. There ID-MSG-003 points at `/status/update/messageId`; on 0.3
/// JSON-RPC `update` is an unknown member (silent), on 1.0 it is VER-MIX-001 alone.
#[test]
fn left39_status_message_under_update_only_on_0_3_rest() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b39l-1-", 1);
    let f = only_finding(
        "b39l-1-v03-rest-status-update-message-id-reused",
        "ID-MSG-003",
    );
    assert_eq!(
        f.evidence[1].pointer.as_deref(),
        Some("/status/update/messageId")
    );
    for stem in [
        "b39l-1-v10-rpc-status-update-member-is-a-version-mix",
        "b39l-1-v10-rest-status-update-member-is-a-version-mix",
    ] {
        let all = common::variant_findings(stem);
        assert!(all.iter().all(|f| f.rule != "ID-MSG-003"), "{stem}");
        only_finding(stem, "VER-MIX-001");
    }
}

/// left39 (issue 7): evidence points where the value is in the body it cites: an extended
/// card answered as a JSON-RPC result is at `/result` (CAP-PUSH-002's card evidence), one
/// served as the HTTP+JSON body at the root, and a batched call at `/<element>`
/// (ID-TASK-003's request evidence). [`stray_pointers`] holds every case to this.
#[test]
fn left39_evidence_points_into_the_card_and_the_batch_element() {
    for (stem, rule, at, ptr) in [
        (
            "b39l-2-v10-rpc-extended-card-grants-push-refused",
            "CAP-PUSH-002",
            0,
            "/result/capabilities/pushNotifications",
        ),
        (
            "b39l-2-v10-rest-extended-card-grants-streaming-refused",
            "CAP-STREAM-002",
            0,
            "/capabilities/streaming",
        ),
        (
            "b39l-2-v10-batch-get-task-answered-other-task",
            "ID-TASK-003",
            0,
            "/1/params/id",
        ),
    ] {
        let f = only_finding(stem, rule);
        assert_eq!(f.evidence[at].pointer.as_deref(), Some(ptr), "{stem}");
    }
}

/// left39: STREAM-END-005 (0.x: STREAM-END-008) names an HTTP+JSON stream's call as its wire does (the 1.0
/// operation, the 0.3 request line), not "streaming call"; and RPC-ENVELOPE-001 words a
/// batch of one streaming call answered with an event stream for one call.
#[test]
fn left39_stream_end_and_batch_wording() {
    let m = common::variant_message("b39l-3-v10-rest-subscribe-internal-error", "STREAM-END-005");
    assert!(
        m.starts_with("agent's SubscribeToTask stream of task t1 "),
        "{m}"
    );
    // 0.3: STREAM-END-005's 0.x warning (sev44b: STREAM-003 is a SHOULD in 0.3), same words
    // and the version's advice at the end
    let m = common::variant_message(
        "b39l-3-v03-rest-stream-error-then-task-failed",
        "STREAM-END-008",
    );
    assert!(
        m.starts_with("agent's POST /v1/message:stream stream of task t1 ")
            && m.ends_with("(STREAM-003: a SHOULD in 0.3, a MUST from 1.0)"),
        "{m}"
    );
    let m = common::variant_message(
        "b39l-5-v10-batch-of-one-stream-call-answered-with-sse",
        "RPC-ENVELOPE-001",
    );
    assert!(
        m.contains("a JSON-RPC batch of one call (SendStreamingMessage (id 1))"),
        "{m}"
    );
    assert!(!m.contains("other calls"), "{m}");
}

/// left39b (RFC 9110 §9.2.2, §15.5.20; ID-007): a gateway's second upstream copy of one
/// client send after the agent refused the first unrun (404 for the route, 405, 421) is
/// the call's one run, not GW-REQ-001; a copy after a 200 or 500, or sent before the
/// first copy's answer came, still is, and says which it was.
#[test]
fn left39b_send_copy_after_refusal_is_no_retry() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/variants");
    legal_controls_silent(&dir, "b39m-1-", 4);
    for stem in [
        "b39m-1-v10-rpc-retry-after-200",
        "b39m-1-v10-rpc-retry-after-500",
        "b39m-1-v10-rpc-retry-after-timeout-first-copy-ran",
    ] {
        let m = common::variant_message(stem, "GW-REQ-001");
        assert!(
            m.contains("(the first copy was answered HTTP ")
                || m.contains("(before the agent's answer"),
            "{stem}: {m}"
        );
    }
    let m = common::variant_message("b39m-1-v10-rpc-retry-before-404-arrived", "GW-REQ-001");
    assert!(
        m.contains("(before the agent's answer to the first copy, HTTP 404, came)"),
        "{m}"
    );
}

/// gwmiss52 (RPC-002; GW-RESP-002): a client call whose gateway retried its send upstream
/// (the agent answered the first copy 500, the retry 200) is compared with the retry, the
/// answer the gateway had when it answered: a 404 page or an error of the gateway's own is
/// GW-RESP-002 naming the agent's 200 result and pointing at the retry (exchange e5), not
/// the failed first copy (e4). The same retry relayed faithfully stays GW-REQ-001 alone.
#[test]
fn gwmiss52_retried_send_compared_with_the_answered_copy() {
    for (stem, got) in [
        (
            "g52-R1-v10-rpc-retry-200-client-got-404-page",
            "a text/plain page (HTTP 404",
        ),
        (
            "g52-R2-v10-rpc-retry-200-client-got-internal-error",
            "its own JSON-RPC error -32603",
        ),
    ] {
        let f = common::variant_finding(stem, "GW-RESP-002");
        assert!(
            f.message
                .contains("the agent answered the upstream leg HTTP 200 with a JSON-RPC result")
                && f.message.contains(got),
            "{stem}: {}",
            f.message
        );
        let exchanges: Vec<&str> = f
            .evidence
            .iter()
            .filter_map(|e| e.exchange.as_deref())
            .collect();
        assert!(
            exchanges.contains(&"e5") && !exchanges.contains(&"e4"),
            "{stem}: {exchanges:?}"
        );
    }
    let rules: Vec<String> = common::variant_messages("b39m-1-v10-rpc-retry-after-500")
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    assert_eq!(rules, ["GW-REQ-001"]);
}

/// open45: the session's four spec decisions say what they decide. (1) A JSON-RPC body is
/// application/json in every version (1.0 §9.1; application/a2a+json is the HTTP+JSON
/// binding's, 1.0 §14.1.1): the client's a2a+json is HTTP-MEDIA-004 and names §14.1.1, the
/// agent's HTTP-MEDIA-005, both errors; a 1.0 HTTP+JSON text/plain body stays HTTP-MEDIA-003's
/// warning. (2) A 0.3 gRPC status is GRPC-ERROR-003's warning, and says why (0.3 §3.2.2 gives
/// no table). (3) A batch behind a 0.2 card is 0.2: its ID-TASK-009 names the 0.2 spec and
/// the recording holds no 0.3 exchange (it said "the 0.3 spec" and listed 0.2 and 0.3). (4) A
/// cleanly ended gzip'd stream whose gzip member never ended is HTTP-FRAME-004, naming RFC
/// 1952's trailer; one the agent reset is not (the cut is its fault).
#[test]
fn open45_spec_decisions_are_worded() {
    let f = only_finding(
        "o45-M01-v10-jsonrpc-request-a2a-json-served",
        "HTTP-MEDIA-004",
    );
    assert_eq!(f.severity, Severity::Error);
    assert!(f.message.contains("1.0 §14.1.1"), "{}", f.message);
    let f = only_finding("o45-M02-v10-jsonrpc-answer-a2a-json", "HTTP-MEDIA-005");
    assert!(
        f.message
            .starts_with("agent answered the 1.0 JSON-RPC call SendMessage"),
        "{}",
        f.message
    );
    let f = only_finding("o45-M06-v10-rest-request-text-plain", "HTTP-MEDIA-003");
    assert_eq!(f.severity, Severity::Warning);
    for stem in [
        "o45-ML1-legal-v10-rest-a2a-json-both-ways",
        "o45-ML2-legal-v10-rest-application-json-both-ways",
        "o45-ML3-legal-v10-jsonrpc-application-json-both-ways",
    ] {
        let out = common::verify_variant(stem);
        assert!(
            out.findings
                .iter()
                .all(|f| !f.rule.starts_with("HTTP-MEDIA")),
            "{stem}: {}",
            render(&out)
        );
    }
    let f = only_finding(
        "o45-G02-v03-grpc-not-cancelable-answered-internal",
        "GRPC-ERROR-003",
    );
    assert_eq!(f.severity, Severity::Warning);
    assert!(f.message.contains("0.3 §3.2.2"), "{}", f.message);
    let f = only_finding(
        "o45-G03-v10-grpc-not-cancelable-unimplemented",
        "GRPC-ERROR-001",
    );
    assert_eq!(f.severity, Severity::Error);
    let out = common::verify_variant("o45-GL1-legal-v03-grpc-not-cancelable-unimplemented");
    assert!(
        out.findings
            .iter()
            .all(|f| !f.rule.starts_with("GRPC-ERROR")),
        "{}",
        render(&out)
    );
    let f = only_finding(
        "o45-B01-v02-batch-send-without-task-task-not-found",
        "ID-TASK-009",
    );
    assert!(
        f.message.contains("the 0.2 spec recommends") && !f.message.contains("0.3"),
        "{}",
        f.message
    );
    for stem in [
        "o45-B01-v02-batch-send-without-task-task-not-found",
        "o45-B02-v02-batch-get-and-send",
    ] {
        let out = common::verify_variant(stem);
        assert_eq!(out.dialects, ["0.2"], "{stem}");
    }
    let f = only_finding(
        "o45-Z01-v10-rest-gzip-stream-completed-member-unfinished",
        "HTTP-FRAME-004",
    );
    assert!(
        f.message.contains("ended cleanly") && f.message.contains("RFC 1952 §2.2"),
        "{}",
        f.message
    );
    let out = common::verify_variant("o45-Z03-v10-rest-gzip-stream-reset-member-unfinished");
    assert!(
        out.findings.iter().all(|f| f.rule != "HTTP-FRAME-004"),
        "{}",
        render(&out)
    );
}

/// breaker47 (a version-bridging gateway, tests/peers/misgateway47.py): the agent's own
/// finding on the upstream leg, handed to the client translated into the other protocol
/// generation ("result task of SendMessage" at `/result/task/status/...` upstream, "result
/// task of message/send" at `/result/status/...` on the client leg), is told once, on the
/// agent, the client leg's copy folded into it (was told twice); each way round.
#[test]
fn breaker47_relayed_fold_across_generations() {
    for stem in [
        "b47-F01-gw-bridge-03-client-agents-status-message-context-relayed",
        "b47-F02-gw-bridge-10-client-agents-status-message-context-relayed",
    ] {
        let out = common::verify_variant(stem);
        let told: Vec<_> = out
            .findings
            .iter()
            .filter(|f| f.rule == "ID-CTX-003")
            .collect();
        assert_eq!(told.len(), 1, "{stem}:\n{}", render(&out));
        assert_eq!(told[0].leg.as_deref(), Some("upstream"), "{stem}");
        assert!(
            told[0].message.contains(
                "passed it on to the client, translated into the client's protocol version"
            ) && told[0].evidence.len() >= 2,
            "{stem}: {}",
            told[0].message
        );
    }
}

/// breaker48 (a binding-bridging gateway that maps ids, tests/peers/misgateway48.py): the
/// agent's own finding on the upstream leg (HTTP+JSON, the agent's ids), handed to the
/// JSON-RPC client in the gateway's own ids (`gw-t1`, `gw-c9`) at `/result/task/...`, is
/// told once, on the agent, the client leg's copy folded into it, its note naming what the
/// gateway translated (was told on both legs: session 47's open bridge-ids-mapped).
#[test]
fn breaker48_relayed_fold_across_bindings_and_mapped_ids() {
    let stem = "b48-I01-gw-ids-mapped-agents-status-message-context-relayed";
    let out = common::verify_variant(stem);
    let told: Vec<_> = out
        .findings
        .iter()
        .filter(|f| f.rule == "ID-CTX-003")
        .collect();
    assert_eq!(told.len(), 1, "{stem}:\n{}", render(&out));
    assert_eq!(told[0].leg.as_deref(), Some("upstream"), "{stem}");
    assert!(
        told[0].message.contains(
            "translated into the client's protocol binding and task and context ids (the gateway's own)"
        ) && told[0].evidence.len() >= 2,
        "{stem}: {}",
        told[0].message
    );
}

/// Round fifty-eight (mine58; the code of A2A layers no round had cited: an agent gateway's
/// KrakenD card rewriters, PraisonAI's own A2A server and client, veadk's client). Kinds the
/// tool missed before, each told now on the field case and on variants in other versions and
/// bindings, with controls silent:
/// - TASK-001, TASK-003, TASK-005 (PraisonAI's pydantic Task without `kind`): a 0.2 / 0.3
///   JSON-RPC send result that is a Task but for its kind is told as malformed
///   (DATA-SHAPE-001) and still read as the task it is, so TASK-STATE-003 (a cancel of the
///   completed task answered with success), TASK-STATE-009 (blocking: false answered at the
///   end) and TASK-STATE-002 (a follow-up to the completed task accepted) judge it.
/// - PUSH-001, ERR-002 (PraisonAI answers every push config method -32601): RPC-ERROR-006
///   widened to a 0.2 / 0.3 push config method of the agent's version refused -32601 by an
///   agent whose card does not declare push notifications (-32003 is due); a 0.2 card's
///   list (no 0.2 method) and a -32003 refusal stay silent.
/// - CARD-005, CARD-006 (agentic-layer/agent-gateway-krakend): GW-RESP-004 widened to a
///   gateway's card that names no usable interface url where the agent's names one (a 1.0
///   card read into a 0.3 struct), and to a url rewritten to the gateway's public prefix
///   without the agent's own path, told when a call to it is forwarded upstream elsewhere;
///   a gateway that routes the prefix to the agent's endpoint itself stays silent.
#[test]
fn mine58_kindless_tasks_push_method_not_found_and_gateway_card_rewrites_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1305-v0x-cancel-completed-task-answered-cancelled",
            "TASK-STATE-003",
            "error",
            "cancel of task task-3f9c2a1b7d4e in completed returned success",
        ),
        (
            "f1309-v0x-blocking-false-ignored",
            "TASK-STATE-009",
            "warning",
            "configuration.blocking: false only after 9.2 s, with task task-3f9c2a1b7d4e already in completed",
        ),
        (
            "b58a-A1-v02-cancel-completed-kindless-task",
            "TASK-STATE-003",
            "error",
            "cancel of task task-58-a in completed returned success",
        ),
        (
            "b58a-A2-v03-blocking-false-kindless-task-at-end",
            "TASK-STATE-009",
            "warning",
            "blocking: false only after 5.4 s",
        ),
        (
            "b58a-A3-v03-follow-up-to-completed-kindless-task",
            "TASK-STATE-002",
            "error",
            "message to task task-58-a in completed was accepted",
        ),
        (
            "f1307-v0x-push-config-refused-method-not-found",
            "RPC-ERROR-006",
            "warning",
            "tasks/pushNotificationConfig/set is a push notification config method of a 0.2 / 0.3 agent (it answered 0.2 / 0.3 methods), and the agent card does not declare capabilities.pushNotifications",
        ),
        (
            "b58a-B1-v03-push-get-method-not-found",
            "RPC-ERROR-006",
            "warning",
            "tasks/pushNotificationConfig/get is a push notification config method of protocol version 0.3.0",
        ),
        (
            "b58a-B2-v025-push-set-method-not-found",
            "RPC-ERROR-006",
            "warning",
            "tasks/pushNotificationConfig/set is a push notification config method of protocol version 0.2.5",
        ),
        (
            "f1314-v03-gw-card-url-loses-agent-path",
            "GW-RESP-004",
            "error",
            "to https://agents.example.test/weather-agent, which drops the agent's own path /a2a/jsonrpc: the gateway forwards that url to / on the agent",
        ),
        (
            "b58a-C2-v10-gw-rest-url-loses-agent-path",
            "GW-RESP-004",
            "error",
            "to https://gw58.example.test/billing, which drops the agent's own path /api: the gateway forwards that url to /message:send on the agent",
        ),
        (
            "f1315-v10-gw-card-typed-as-03-loses-interfaces",
            "GW-RESP-004",
            "error",
            "gateway passed the agent card on without an interface url: the agent's card (upstream leg) names http://weather-agent.agents.svc.cluster.local:8000/, and the card the client got names no interface url a client can use (its supportedInterfaces are gone",
        ),
        (
            "b58a-C1-v03-gw-card-passed-on-without-url",
            "GW-RESP-004",
            "error",
            "names http://billing.apps.svc.cluster.local:8080/a2a/jsonrpc, and the card the client got names no interface url a client can use",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    // The gateway findings cite both cards (and, for a dropped path, the forwarded call).
    for (stem, n) in [
        ("f1314-v03-gw-card-url-loses-agent-path", 3),
        ("f1315-v10-gw-card-typed-as-03-loses-interfaces", 2),
    ] {
        let out = run(stem);
        let f = out.findings.iter().find(|f| f.rule == "GW-RESP-004");
        assert!(
            f.is_some_and(|f| f.evidence.len() == n),
            "{stem}:\n{}",
            render(&out)
        );
    }
    for (stem, rule) in [
        (
            "b58a-AC1-control-v03-cancel-working-kindless-task",
            "TASK-STATE-003",
        ),
        (
            "b58a-AC1-control-v03-cancel-working-kindless-task",
            "TASK-STATE-009",
        ),
        (
            "b58a-BL1-legal-v025-push-list-method-not-found",
            "RPC-ERROR-006",
        ),
        ("b58a-BL2-legal-v03-push-set-not-supported", "RPC-ERROR-006"),
        (
            "b58a-CL1-legal-v03-gw-prefix-routed-to-endpoint",
            "GW-RESP-004",
        ),
        (
            "b58a-CL2-legal-v10-gw-supported-interfaces-rewritten",
            "GW-RESP-004",
        ),
        (
            "f1317-legal-v03-gw-card-internal-root-rewritten",
            "GW-RESP-004",
        ),
        (
            "f1312-legal-v0x-own-tasks-list-bare-array",
            "DATA-SHAPE-001",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
}

/// Session 59 (mine59): the field cases of round fifty-nine (the code of A2A implementations
/// no round had cited: aliveclaw/agos's own 0.3 server, AltairaLabs/PromptKit's server and
/// client, neuroglia-io/a2a-net's .NET 1.0 SDK, Semantic Kernel's A2A host agent,
/// david-engelmann/maidan's 1.0 ingress). Kinds the tool missed before, each told now on the
/// field case and on variants in other versions, with controls silent:
/// - TASK-004, DATA-001, ID-001 (agos's pydantic `A2ATask.task_id` aliased "taskId"): a 0.2 /
///   0.3 JSON-RPC Task written with its id under taskId is told as such (DATA-SHAPE-001's
///   words no longer call it a status update event) and read under that id, so the
///   lifecycle (TASK-STATE-003) and the lookups (ID-TASK-001) judge it; a GetTask refused
///   under another code whose words say the task is missing counts as not found.
/// - TASK-003, ERR-002 (PromptKit answers every refused cancel -32001): a JSON-RPC cancel of
///   a task reported terminal, answered TaskNotFoundError, is RPC-ERROR-006 (0.x) /
///   RPC-ERROR-001 (1.0), -32002 being due, not ID-TASK-001's lost task; a task finished
///   long enough ago to be purged, and a working task answered not found, stay as before.
/// - RPC-003 (a2a-net's client): SetTaskPushNotificationConfig, a 1.0 draft's name for
///   CreateTaskPushNotificationConfig, refused by the agent, is RPC-REQ-003; an agent that
///   serves it is not judged.
#[test]
fn mine59_task_named_by_task_id_cancel_not_found_and_draft_push_method_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1320-v03-send-task-id-under-taskid-and-null-error",
            "DATA-SHAPE-001",
            "error",
            "payload is a Task written with its id under taskId (taskId, status, artifacts, messages)",
        ),
        (
            "f1322-v03-tasks-get-by-id-answered-32000-not-found",
            "ID-TASK-001",
            "error",
            // left60: the words say what the recording shows (the agent's own words name no
            // id: it read another member than params.id), not the lost task's guesses
            "agent answered tasks/get on task 9c1e4a7b2f60 with not found, and its own words \"Task not found: \" name no task id",
        ),
        (
            "b59a-A1-v02-cancel-completed-task-named-by-taskid",
            "TASK-STATE-003",
            "error",
            "cancel of task task-59-a in completed returned success",
        ),
        (
            "b59a-A2-v03-get-task-named-by-taskid-not-found",
            "ID-TASK-001",
            "error",
            "agent answered tasks/get on task task-59-a with not found although it handed out that task id",
        ),
        (
            "f1323-v03-cancel-completed-answered-task-not-found",
            "RPC-ERROR-006",
            "warning",
            "agent answered tasks/cancel on task 3f6a0c2e9b1d4e7f8a5c6b2d1e0f9a8b, which it reported completed earlier, with -32001 TaskNotFoundError",
        ),
        (
            "b59a-B1-v02-cancel-completed-answered-task-not-found",
            "RPC-ERROR-006",
            "warning",
            "which it reported completed earlier, with -32001 TaskNotFoundError",
        ),
        (
            "b59a-B2-v10-cancel-completed-answered-task-not-found",
            "RPC-ERROR-001",
            "error",
            "agent answered CancelTask on task task-59-a, which it reported TASK_STATE_COMPLETED earlier, with -32001 TaskNotFoundError",
        ),
        (
            "f1334-v10-client-set-task-push-config-method",
            "RPC-REQ-003",
            "note",
            "\"SetTaskPushNotificationConfig\", which no A2A release defines: it is a 1.0 draft's name for 1.0's \"CreateTaskPushNotificationConfig\"",
        ),
        (
            "b59a-C1-v03-client-set-task-push-config-method",
            "RPC-REQ-003",
            "note",
            "0.3 calls it \"tasks/pushNotificationConfig/set\"",
        ),
        (
            "b59a-C2-v10-client-set-task-push-config-http-404",
            "RPC-REQ-003",
            "note",
            "a 1.0 draft's name",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    // A cancel of a finished task answered not found is the code, not a lost task.
    for stem in [
        "f1323-v03-cancel-completed-answered-task-not-found",
        "b59a-B1-v02-cancel-completed-answered-task-not-found",
        "b59a-B2-v10-cancel-completed-answered-task-not-found",
    ] {
        let out = run(stem);
        assert!(
            with(&out, "ID-TASK-001").is_empty(),
            "{stem}:\n{}",
            render(&out)
        );
    }
    for (stem, rule) in [
        (
            "b59a-AC1-control-v03-send-result-kindless-status-update",
            "ID-TASK-001",
        ),
        (
            "b59a-AC1-control-v03-send-result-kindless-status-update",
            "TASK-STATE-003",
        ),
        (
            "b59a-BC1-control-v03-cancel-long-finished-task-not-found",
            "RPC-ERROR-006",
        ),
        (
            "b59a-BC1-control-v03-cancel-long-finished-task-not-found",
            "ID-TASK-001",
        ),
        (
            "b59a-BC2-control-v03-cancel-working-task-not-found",
            "RPC-ERROR-006",
        ),
        (
            "b59a-CL1-legal-v10-agent-serves-set-task-push-config",
            "RPC-REQ-003",
        ),
        (
            "f1325-legal-v03-client-version-fallback-after-method-not-found",
            "RPC-REQ-003",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
    // The control's status update is still told as one, and the working task's lost id too.
    let out = run("b59a-AC1-control-v03-send-result-kindless-status-update");
    assert!(
        with(&out, "DATA-SHAPE-001")
            .iter()
            .any(|m| m.contains("bare TaskStatusUpdateEvent")),
        "{}",
        render(&out)
    );
    let out = run("b59a-BC2-control-v03-cancel-working-task-not-found");
    assert_eq!(with(&out, "ID-TASK-001").len(), 1, "{}", render(&out));
}

/// Session 60 (mine60): the field cases of round sixty (the code of A2A implementations no
/// round had cited: traylinx/a2a-ruby's Rack app, request handlers, AgentCard type and client;
/// agentarea/agentarea's 0.x JSON-RPC route). Kinds the tool missed before, each told now on
/// the field case and on variants in other versions, with controls silent:
/// - ERR-006, PUSH-002 (a2a-ruby reads params.config, taskId, configId): a push notification
///   config call with valid params refused -32602 in words that ask for a member its version
///   does not give the call, the request carrying the version's name for it, is RPC-ERROR-001
///   (before: only a 0.3 list was judged; a set, a delete, a get naming its config were not).
/// - CARD-002 (a2a-ruby's /.well-known/a2a/agent-card): a card served only at a path under
///   /.well-known/ that no version names, agent-card.json answered 404, is CARD-PATH-001 (1.0)
///   / CARD-PATH-003 (0.3), as one served only at the 0.2 agent.json is.
/// - AUTH-005, ERR-002 (a2a-ruby's Rack app has no agent/getAuthenticatedExtendedCard): a 0.3
///   card declaring supportsAuthenticatedExtendedCard whose method is answered -32601 is
///   RPC-ERROR-006, as the 1.0 form already was RPC-ERROR-001.
/// - CARD-003, CARD-004 (a2a-ruby's AgentSkill takes objects {input, output}): a skill example
///   that is no string is CARD-SHAPE-001.
#[test]
fn mine60_push_params_misread_card_path_extended_method_and_skill_examples_told() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let run = |stem: &str| {
        let sub = if stem.starts_with('f') {
            "field"
        } else {
            "variants"
        };
        verify(&dir.join(sub).join(format!("{stem}.jsonl")))
    };
    let with = |out: &VerifyOutcome, rule: &str| -> Vec<String> {
        out.findings
            .iter()
            .filter(|f| f.rule == rule)
            .map(|f| format!("{} {}", f.severity.as_str(), f.message))
            .collect()
    };
    for (stem, rule, sev, says) in [
        (
            "f1342-v03-push-config-set-refused-config-required",
            "RPC-ERROR-001",
            "error",
            "the agent's own words ask for config, a member 0.x does not give this call: the request names it pushNotificationConfig",
        ),
        (
            "f1343-v03-push-config-get-by-id-refused-task-id-required",
            "RPC-ERROR-001",
            "error",
            "the agent's own words ask for taskId, a member 0.x does not give this call: the request names it id",
        ),
        (
            "b60a-A1-v03-push-config-list-refused-task-id-required",
            "RPC-ERROR-001",
            "error",
            "ask for taskId",
        ),
        (
            "b60a-A2-v03-push-config-delete-refused-ids-required",
            "RPC-ERROR-001",
            "error",
            "tasks/pushNotificationConfig/delete request carries every member its schema requires, and the agent's own words ask for taskId",
        ),
        (
            "b60a-A3-v03-push-config-set-refused-missing-config",
            "RPC-ERROR-001",
            "error",
            "ask for config",
        ),
        (
            "b60a-A4-v10-get-push-config-refused-for-0-3-member",
            "RPC-ERROR-001",
            "error",
            "ask for pushNotificationConfigId, a member 1.0 does not give this call: the request names it id",
        ),
        (
            "f1349-v03-card-at-well-known-a2a-agent-card-only",
            "CARD-PATH-003",
            "note",
            "/.well-known/a2a/agent-card, a path no A2A version names, serves a card that declares protocolVersion 0.3",
        ),
        (
            "b60a-B1-v10-card-at-well-known-a2a-agent-card",
            "CARD-PATH-001",
            "error",
            "/.well-known/a2a/agent-card, a path no A2A version names, serves a 1.0 card",
        ),
        (
            "b60a-B2-v03-card-at-well-known-agent-card-without-json",
            "CARD-PATH-003",
            "note",
            "/.well-known/agent-card, a path no A2A version names",
        ),
        (
            "f1355-v03-extended-card-declared-method-not-found",
            "RPC-ERROR-006",
            "warning",
            "declares supportsAuthenticatedExtendedCard: true, so agent/getAuthenticatedExtendedCard is a method the agent has",
        ),
        (
            "b60a-D2-v03-extended-card-declared-method-not-found-404",
            "RPC-ERROR-006",
            "warning",
            "-32007 AuthenticatedExtendedCardNotConfiguredError",
        ),
        (
            "f1356-v03-card-skill-examples-objects",
            "CARD-SHAPE-001",
            "error",
            "skill example 0 is an object, not a string",
        ),
        (
            "b60a-E1-v10-card-skill-examples-objects",
            "CARD-SHAPE-001",
            "error",
            "skill example 0 is an object, not a string",
        ),
        (
            "b60a-E2-v03-card-skill-examples-numbers-and-object",
            "CARD-SHAPE-001",
            "error",
            "skill example 1 is the number 42, not a string",
        ),
    ] {
        let out = run(stem);
        let got = with(&out, rule);
        assert_eq!(got.len(), 1, "{stem}:\n{}", render(&out));
        assert!(
            got[0].starts_with(sev) && got[0].contains(says),
            "{stem}: {}",
            got[0]
        );
    }
    for (stem, rule) in [
        (
            "b60a-AC1-control-v03-push-config-set-without-config",
            "RPC-ERROR-001",
        ),
        (
            "b60a-AC2-control-v03-push-config-get-without-id",
            "RPC-ERROR-001",
        ),
        (
            "b60a-AC3-control-v03-push-config-get-refused-naming-id",
            "RPC-ERROR-001",
        ),
        ("b60a-BC1-control-v03-card-at-both-paths", "CARD-PATH-003"),
        (
            "b60a-BC2-control-v03-card-from-registry-path",
            "CARD-PATH-003",
        ),
        (
            "b60a-DC1-control-v03-extended-card-not-declared-method-not-found",
            "RPC-ERROR-006",
        ),
        (
            "b60a-DC2-control-v10-extended-card-declared-not-configured",
            "RPC-ERROR-001",
        ),
        (
            "b60a-EC1-control-v03-card-skill-examples-strings",
            "CARD-SHAPE-001",
        ),
        (
            "b60a-EC2-control-v10-card-skill-examples-empty",
            "CARD-SHAPE-001",
        ),
        (
            "b60a-CC1-control-v03-client-push-config-set-task-id",
            "DATA-PARAM-003",
        ),
        (
            "b60a-CC2-control-v03-client-push-config-get-by-id",
            "DATA-PARAM-003",
        ),
        (
            "f1344-legal-v03-push-config-set-answered-config",
            "RPC-ERROR-001",
        ),
    ] {
        let out = run(stem);
        assert!(with(&out, rule).is_empty(), "{stem}:\n{}", render(&out));
    }
    // The control whose get names no task: the client's fault alone.
    let out = run("b60a-AC2-control-v03-push-config-get-without-id");
    assert_eq!(with(&out, "DATA-PARAM-003").len(), 1, "{}", render(&out));
}

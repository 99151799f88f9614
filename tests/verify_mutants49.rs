//! Mutation check, second round (session 49): faults at the levels session 48's one-member
//! operators (`tests/verify_mutants48.rs`) did not reach, put one at a time into the 16 real
//! SDK captures (`tests/captures/`) and into a sample of the legal field and variant
//! transcripts. Each mutant must draw an error or a warning its legal base does not.
//!
//! The levels: the conversation (a follow-up or a cancel of a terminal task answered as if
//! live, JSON-RPC ids of another call, one call answered twice, GetTask answered with
//! another task, a state going back, a context or task id changing between answers or
//! mid-stream), the Agent Card (an unknown protocolVersion, an interface that does not
//! answer or sits at another port, capabilities that deny what is used, each required member
//! per version, security declared but calls open), headers and statuses (A2A-Version naming
//! another version than the body, wrong Content-Type, an HTTP+JSON error under 200, a
//! JSON-RPC A2A code swapped for another), and session 48's left gaps (a batch's second
//! call, a 0.x tasks/get result without kind, a Message result naming an unseen task).
//!
//! Where an operator adds a call (a follow-up to a terminal task, a push config, a cancel),
//! its legal base is the same transcript with that call answered as the spec asks (the A2A
//! error of the version and binding), and the base itself must draw no new error or warning
//! over the original: each such base is also a legal-change check. Each operator names the
//! requirement it breaks and, where the same change is legal somewhere, leaves that place
//! out with the reason.

use crate::mutation49;

use std::collections::BTreeMap;

use mutation49::*;
use serde_json::{json, Value};

/// Places of one operator tried per transcript (the first N): each operator's kinds of
/// place (unary answer, stream event, each task) are reached within it.
const SITES: usize = 3;

/// Every `STEP`-th legal field/variant transcript (of ~4,600) joins the captures.
const STEP: usize = 40;

/// A fresh id no transcript uses.
const NEW_ID: &str = "0badc0de-0000-4000-8000-00000000c0de";

/// One transcript and what the operators read of it.
struct Cx {
    lines: Lines,
    calls: Vec<Call>,
    tasks: Vec<(String, String, String)>,
}

/// One changed transcript: where, its legal base (`None`: the original), the mutant.
type Made = (String, Option<Lines>, Lines);

struct FaultOp {
    name: &'static str,
    breaks: &'static str,
    make: fn(&Cx) -> Vec<Made>,
}

/// A call of 1.0 (a PascalCase method, or an HTTP+JSON route without `/v1/`).
fn v10(cx: &Cx, c: &Call) -> bool {
    let l = &cx.lines[c.req];
    if c.rpc {
        return c
            .req_json(&cx.lines)
            .and_then(|b| b["method"].as_str().map(|m| !m.contains('/')))
            .unwrap_or(false);
    }
    // The request's A2A-Version first: a 1.0 interface url may itself end in /v1
    // (b9-ok-legal-v10-rest-base-ends-in-v1-with-card, mine51: a 0.3-shaped push config call
    // was added to its 1.0 flow and the base drew PUSH-CFG-003 / REST-ERROR-001).
    if let Some(v) = header(l, "a2a-version").and_then(|(_, v)| v.as_str()) {
        return v.trim().starts_with('1');
    }
    !l["url"].as_str().unwrap_or("").contains("/v1/")
}

/// A JSON-RPC call (or batch) that names no A2A method of any version.
fn rpc_method_foreign(cx: &Cx, c: &Call) -> bool {
    const A2A: &[&str] = &[
        "SendMessage",
        "SendStreamingMessage",
        "GetTask",
        "ListTasks",
        "CancelTask",
        "SubscribeToTask",
        "CreateTaskPushNotificationConfig",
        "GetTaskPushNotificationConfig",
        "ListTaskPushNotificationConfigs",
        "DeleteTaskPushNotificationConfig",
        "GetExtendedAgentCard",
        "message/send",
        "message/stream",
        "tasks/get",
        "tasks/cancel",
        "tasks/resubscribe",
        "tasks/pushNotificationConfig/set",
        "tasks/pushNotificationConfig/get",
        "tasks/pushNotificationConfig/list",
        "tasks/pushNotificationConfig/delete",
        "agent/getAuthenticatedExtendedCard",
        "tasks/send",
        "tasks/sendSubscribe",
        "tasks/pushNotification/set",
        "tasks/pushNotification/get",
    ];
    let Some(b) = c.req_json(&cx.lines) else {
        return false;
    };
    let calls: Vec<&Value> = match b.as_array() {
        Some(a) => a.iter().collect(),
        None => vec![&b],
    };
    calls
        .iter()
        .all(|k| k["method"].as_str().is_none_or(|m| !A2A.contains(&m)))
        && c.rpc
}

/// JSON-RPC id of a call's request.
fn rpc_id(cx: &Cx, c: &Call) -> Option<Value> {
    c.req_json(&cx.lines).and_then(|b| b.get("id").cloned())
}

/// The A2A error `code` answering `call` in the form of its version and binding: the
/// transcript's own error answer reshaped when it has one.
fn error_answer(cx: &Cx, c: &Call, code: i64) -> (i64, Value) {
    let (reason, grpc, http, msg) = match code {
        -32001 => ("TASK_NOT_FOUND", "NOT_FOUND", 404, "Task not found"),
        -32002 => (
            "TASK_NOT_CANCELABLE",
            "FAILED_PRECONDITION",
            400,
            "Task cannot be canceled",
        ),
        -32003 => (
            "PUSH_NOTIFICATION_NOT_SUPPORTED",
            "FAILED_PRECONDITION",
            400,
            "Push notifications are not supported",
        ),
        _ => (
            "UNSUPPORTED_OPERATION",
            "FAILED_PRECONDITION",
            400,
            "Task is in a terminal state",
        ),
    };
    let info = json!({"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason,
        "domain": "a2a-protocol.org", "metadata": {}});
    let is10 = v10(cx, c);
    if c.rpc {
        let mut e = json!({"code": code, "message": msg});
        if is10 {
            e["data"] = json!([info]);
        }
        return (
            200,
            json!({"jsonrpc": "2.0", "id": rpc_id(cx, c).unwrap_or(Value::Null), "error": e}),
        );
    }
    // HTTP+JSON: 1.0 google.rpc.Status; 0.3 the A2A error object, in the transcript's own
    // form when it has one.
    let own = cx
        .calls
        .iter()
        .filter(|k| !k.rpc && k.status(&cx.lines).is_some_and(|s| s >= 400))
        .filter_map(|k| k.resp_json(&cx.lines))
        .next_back();
    if !is10 {
        // The 0.3 A2A error object {code, message} (what 0.3 HTTP+JSON clients read).
        let mut o = own
            .filter(|o| o.get("code").is_some_and(Value::is_i64))
            .unwrap_or_else(|| json!({}));
        o["code"] = Value::from(code);
        o["message"] = Value::from(msg);
        return (http, o);
    }
    (
        http,
        json!({"error": {"code": http, "status": grpc, "message": msg, "details": [info]}}),
    )
}

/// Puts `(status, body)` as the answer of the call whose lines start at `req` in `lines`
/// (chunks of a streamed answer dropped, Content-Type application/json).
fn answer_with(lines: &mut Lines, idx: &[usize], status: i64, body: &Value) {
    let resp = idx[1];
    lines[resp]["status"] = Value::from(status);
    set_header(&mut lines[resp], "content-type", "application/json");
    drop_header(&mut lines[resp], "transfer-encoding");
    set_body(lines, resp, body);
    if lines[resp].get("headers").is_some() && header(&lines[resp], "content-length").is_none() {
        let n = lines[resp]["body"].as_str().unwrap().len().to_string();
        set_header(&mut lines[resp], "content-length", &n);
    }
    for &c in idx[2..].iter().rev() {
        lines.remove(c);
    }
}

/// Every messageId in lines `idx` replaced by a fresh one (a copied call is a new turn).
fn fresh_message_ids(lines: &mut Lines, idx: &[usize], salt: usize) {
    let mut ids = Vec::new();
    for &i in idx {
        let s = lines[i]["body"].as_str().unwrap_or("").to_string();
        let mut rest = s.as_str();
        while let Some(p) = rest.find("\"messageId\"") {
            rest = &rest[p + 11..];
            let q = rest.trim_start_matches([':', ' ', '\\', '"']);
            let end = q.find(['"', '\\']).unwrap_or(q.len());
            let id = &q[..end];
            if !id.is_empty() && !ids.iter().any(|x: &String| x == id) {
                ids.push(id.to_string());
            }
        }
    }
    for (k, id) in ids.iter().enumerate() {
        subst(
            lines,
            idx,
            id,
            &format!("{salt:04}{k:04}-feed-4000-8000-00000000f00d"),
        );
    }
}

/// The states each call's answer showed of each task before that call: (call index, task
/// id, state last shown before it).
fn last_state_before(cx: &Cx, task: &str, before: usize) -> Option<String> {
    let mut last = None;
    for c in &cx.calls {
        if c.req >= before {
            break;
        }
        if let Some(v) = c
            .resp_json(&cx.lines)
            .filter(|_| c.resp.is_some_and(|r| r < before))
        {
            if let Some(t) = task_in(&v).filter(|t| t["id"] == task) {
                last = t["status"]["state"].as_str().map(String::from);
            }
        }
        for (l, e) in c.events(&cx.lines) {
            if l > before {
                continue;
            }
            if let Some((t, _, s)) = event_ids(&e) {
                if t == task && !s.is_empty() {
                    last = Some(s);
                }
            }
        }
    }
    last
}

/// The task a request names (GetTask/CancelTask id, a message's taskId, a route's id).
fn task_named(cx: &Cx, c: &Call) -> Option<String> {
    if let Some(b) = c.req_json(&cx.lines) {
        let p = b.get("params").unwrap_or(&b);
        for v in [
            p.get("id"),
            p["message"].get("taskId"),
            p["request"].get("taskId"),
            p["request"].get("task_id"),
        ]
        .into_iter()
        .flatten()
        {
            // A blank id names no task (a 1.0 string left "" is unset: f736's new messages
            // with taskId "", sampled once mine57b's files moved the every-40th pick; a
            // follow-up built from such a send substituted the empty string and named no
            // task at all).
            if let Some(s) = v.as_str().filter(|s| !s.is_empty()) {
                return Some(s.to_string());
            }
        }
    }
    let url = cx.lines[c.req]["url"].as_str().unwrap_or("");
    let after = url.split("/tasks/").nth(1)?;
    let id = after.split(['?', ':', '/']).next()?;
    Some(id.to_string())
}

/// The Task object the last unary answer showing task `id` carried.
fn snapshot(cx: &Cx, id: &str) -> Option<Value> {
    cx.calls
        .iter()
        .filter_map(|c| c.resp_json(&cx.lines))
        .filter_map(|v| task_in(&v).filter(|t| t["id"] == id).cloned())
        .next_back()
        .map(Value::Object)
}

/// The host a request went to ("" for a path-only url).
fn host(cx: &Cx, c: &Call) -> String {
    let u = cx.lines[c.req]["url"].as_str().unwrap_or("");
    u.split("://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or("")
        .to_string()
}

/// The host of the call whose answer first showed task `tid`: the agent that owns it.
fn task_host(cx: &Cx, tid: &str) -> Option<String> {
    cx.calls
        .iter()
        .find(|c| {
            c.resp_json(&cx.lines)
                .is_some_and(|v| task_in(&v).is_some_and(|t| t["id"] == tid))
                || c.events(&cx.lines)
                    .iter()
                    .any(|(_, e)| event_ids(e).is_some_and(|(t, _, _)| t == tid))
        })
        .map(|c| host(cx, c))
}

/// Terminal tasks of the transcript (last state shown), at most SITES.
fn terminal_tasks(cx: &Cx) -> Vec<(String, String, String)> {
    cx.tasks
        .iter()
        .filter(|t| terminal(&t.2) && !t.1.is_empty())
        .take(SITES)
        .cloned()
        .collect()
}

/// A follow-up template: a send whose message names a task (input-required's second turn).
fn follow_up(cx: &Cx) -> Option<&Call> {
    cx.calls.iter().find(|c| {
        c.op == Op::Send
            && task_named(cx, c).is_some()
            && c.leg.is_empty()
            && c.resp_json(&cx.lines)
                .is_some_and(|v| task_in(&v).is_some())
    })
}

/// The follow-up template copied to the end, naming task `t` (context `ctx`), its answer
/// replaced by the task in `state` (None: kept). Returns the lines and the new call's lines.
fn follow_up_to(
    cx: &Cx,
    tpl: &Call,
    t: &(String, String, String),
    salt: usize,
) -> Option<(Lines, Vec<usize>)> {
    // The copied call goes to the agent that owns the task (a multi-agent transcript's
    // other agent would not know it).
    if task_host(cx, &t.0).is_some_and(|h| h != host(cx, tpl)) {
        return None;
    }
    let old_t = task_named(cx, tpl)?;
    let old_c = tpl
        .req_json(&cx.lines)
        .and_then(|b| {
            let p = b.get("params").unwrap_or(&b).clone();
            p["message"]
                .get("contextId")
                .or_else(|| p["request"].get("contextId"))
                .or_else(|| p["request"].get("context_id"))
                .and_then(Value::as_str)
                .map(String::from)
        })
        .unwrap_or_default();
    let mut lines = cx.lines.clone();
    let last = lines.len() - 1;
    let idx = insert_copy(&mut lines, tpl, last, 900 + salt as i64);
    subst(&mut lines, &idx, &old_t, &t.0);
    if !old_c.is_empty() {
        subst(&mut lines, &idx, &old_c, &t.1);
    }
    fresh_message_ids(&mut lines, &idx, salt);
    Some((lines, idx))
}

/// The answer task of line `i` with its state set to `state` (history and artifacts kept).
fn set_answer_state(lines: &mut Lines, i: usize, state: &str) {
    if let Some(mut v) = json_body(&lines[i]) {
        let t = if v.get("result").is_some() {
            &mut v["result"]
        } else {
            &mut v
        };
        let t = if t.get("task").is_some() {
            &mut t["task"]
        } else {
            t
        };
        t["status"]["state"] = Value::from(state);
        if let Some(m) = t["status"].as_object_mut() {
            m.remove("message");
        }
        set_body(lines, i, &v);
    }
}

fn ops() -> Vec<FaultOp> {
    vec![
        // ---- the conversation -------------------------------------------------------
        FaultOp {
            name: "follow-up-to-terminal-task-answered-working",
            breaks: "TASK-001, TASK-002",
            make: |cx| {
                let Some(tpl) = follow_up(cx) else {
                    return vec![];
                };
                let mut out = Vec::new();
                for (k, t) in terminal_tasks(cx).iter().enumerate() {
                    let Some((lines, idx)) = follow_up_to(cx, tpl, t, k) else {
                        continue;
                    };
                    let mut base = lines.clone();
                    let newc = Call {
                        req: idx[0],
                        resp: Some(idx[1]),
                        ..tpl.clone()
                    };
                    let (st, body) = error_answer(
                        &Cx {
                            lines: base.clone(),
                            calls: calls(&base),
                            tasks: vec![],
                        },
                        &newc,
                        -32004,
                    );
                    answer_with(&mut base, &idx, st, &body);
                    let mut m = lines;
                    set_answer_state(&mut m, idx[1], working_like(&t.2));
                    out.push((format!("task {}", t.0), Some(base), m));
                }
                out
            },
        },
        FaultOp {
            name: "follow-up-to-terminal-task-answered-done-again",
            breaks: "TASK-001, TASK-002",
            make: |cx| {
                let Some(tpl) = follow_up(cx) else {
                    return vec![];
                };
                let mut out = Vec::new();
                for (k, t) in terminal_tasks(cx).iter().enumerate() {
                    let Some((lines, idx)) = follow_up_to(cx, tpl, t, k) else {
                        continue;
                    };
                    let mut base = lines.clone();
                    let newc = Call {
                        req: idx[0],
                        resp: Some(idx[1]),
                        ..tpl.clone()
                    };
                    let bcx = Cx {
                        lines: base.clone(),
                        calls: calls(&base),
                        tasks: vec![],
                    };
                    let (st, body) = error_answer(&bcx, &newc, -32004);
                    answer_with(&mut base, &idx, st, &body);
                    // The answer as the template's: the task's turn processed (a new
                    // message in history, the state the template reached).
                    out.push((format!("task {}", t.0), Some(base), lines));
                }
                out
            },
        },
        // A follow-up refused TaskNotFoundError for a task the same agent then serves:
        // -32004 UnsupportedOperation is the code (TASK-002); a purged task (TaskNotFound
        // is allowed after a purge, TASK-003) is not read back afterwards.
        FaultOp {
            name: "follow-up-to-terminal-task-refused-task-not-found",
            breaks: "TASK-002, ERR-002, TASK-009",
            make: |cx| {
                let Some(tpl) = follow_up(cx) else {
                    return vec![];
                };
                let Some(get) = cx.calls.iter().find(|c| {
                    c.op == Op::Get
                        && c.resp_json(&cx.lines)
                            .is_some_and(|v| task_in(&v).is_some())
                }) else {
                    return vec![];
                };
                let get_t = task_named(cx, get).unwrap_or_default();
                let get_c = get
                    .resp_json(&cx.lines)
                    .and_then(|v| {
                        task_in(&v).and_then(|t| t["contextId"].as_str().map(String::from))
                    })
                    .unwrap_or_default();
                let mut out = Vec::new();
                for (k, t) in terminal_tasks(cx).iter().enumerate() {
                    let Some((lines, idx)) = follow_up_to(cx, tpl, t, k) else {
                        continue;
                    };
                    let newc = Call {
                        req: idx[0],
                        resp: Some(idx[1]),
                        ..tpl.clone()
                    };
                    let mut ans = Vec::new();
                    for code in [-32004, -32001] {
                        let mut l = lines.clone();
                        let lcx = Cx {
                            lines: l.clone(),
                            calls: calls(&l),
                            tasks: vec![],
                        };
                        let (st, body) = error_answer(&lcx, &newc, code);
                        answer_with(&mut l, &idx, st, &body);
                        // ... and then the task read back, as it is.
                        let g = calls(&l).into_iter().find(|c| c.req == get.req).unwrap();
                        let last = l.len() - 1;
                        let gi = insert_copy(&mut l, &g, last, 950 + k as i64);
                        subst(&mut l, &gi, &get_t, &t.0);
                        if !get_c.is_empty() {
                            subst(&mut l, &gi, &get_c, &t.1);
                        }
                        // The answer: the task as its last answer showed it.
                        if let Some(snap) = snapshot(cx, &t.0) {
                            let mut v = json_body(&l[gi[1]]).unwrap();
                            if v.get("result").is_some() {
                                v["result"] = snap;
                            } else {
                                v = snap;
                            }
                            set_body(&mut l, gi[1], &v);
                        }
                        ans.push(l);
                    }
                    let m = ans.pop().unwrap();
                    let base = ans.pop().unwrap();
                    out.push((format!("task {}", t.0), Some(base), m));
                }
                out
            },
        },
        // Cancel is idempotent (TASK-003): a task already canceled may be answered
        // canceled again, so only completed, failed and rejected tasks are cancelled.
        FaultOp {
            name: "cancel-of-terminal-task-answered-canceled",
            breaks: "TASK-003, TASK-001",
            make: |cx| {
                let Some(tpl) = cx.calls.iter().find(|c| {
                    c.op == Op::Cancel
                        && c.resp_json(&cx.lines)
                            .is_some_and(|v| task_in(&v).is_some())
                }) else {
                    return vec![];
                };
                let Some(old_t) = task_named(cx, tpl) else {
                    return vec![];
                };
                let old_c = tpl
                    .resp_json(&cx.lines)
                    .and_then(|v| {
                        task_in(&v).and_then(|t| t["contextId"].as_str().map(String::from))
                    })
                    .unwrap_or_default();
                let mut out = Vec::new();
                for (k, t) in terminal_tasks(cx)
                    .iter()
                    .filter(|t| !t.2.to_lowercase().contains("cancel"))
                    .filter(|t| task_host(cx, &t.0).is_none_or(|h| h == host(cx, tpl)))
                    .enumerate()
                {
                    let mut m = cx.lines.clone();
                    let last = m.len() - 1;
                    let idx = insert_copy(&mut m, tpl, last, 970 + k as i64);
                    subst(&mut m, &idx, &old_t, &t.0);
                    if !old_c.is_empty() {
                        subst(&mut m, &idx, &old_c, &t.1);
                    }
                    fresh_message_ids(&mut m, &idx, 70 + k);
                    let mut base = m.clone();
                    let newc = Call {
                        req: idx[0],
                        resp: Some(idx[1]),
                        ..tpl.clone()
                    };
                    let bcx = Cx {
                        lines: base.clone(),
                        calls: calls(&base),
                        tasks: vec![],
                    };
                    let (st, body) = error_answer(&bcx, &newc, -32002);
                    answer_with(&mut base, &idx, st, &body);
                    out.push((format!("task {}", t.0), Some(base), m));
                }
                out
            },
        },
        FaultOp {
            name: "get-task-answered-with-another-task",
            breaks: "ID-006, TASK-009",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| c.op == Op::Get) {
                    let Some(v) = c.resp_json(&cx.lines) else {
                        continue;
                    };
                    let Some(t) = task_in(&v) else { continue };
                    let (a, ac) = (
                        t["id"].as_str().unwrap_or("").to_string(),
                        t.get("contextId")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_string(),
                    );
                    let Some(b) = cx
                        .tasks
                        .iter()
                        .find(|x| x.0 != a && x.1 != ac && !x.1.is_empty())
                    else {
                        continue;
                    };
                    let mut m = cx.lines.clone();
                    let r = c.resp.unwrap();
                    subst(&mut m, &[r], &a, &b.0);
                    if !ac.is_empty() {
                        subst(&mut m, &[r], &ac, &b.1);
                    }
                    out.push((format!("line {}", r + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        // Any non-terminal state may follow any non-terminal one (TASK-008): only reads of
        // a task last shown terminal are changed.
        FaultOp {
            name: "task-read-back-working-after-terminal",
            breaks: "TASK-001, TASK-008",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| c.op == Op::Get) {
                    let Some(v) = c.resp_json(&cx.lines) else {
                        continue;
                    };
                    let Some(t) = task_in(&v) else { continue };
                    let id = t["id"].as_str().unwrap_or("");
                    let Some(prev) = last_state_before(cx, id, c.req) else {
                        continue;
                    };
                    if !terminal(&prev) {
                        continue;
                    }
                    let mut m = cx.lines.clone();
                    set_answer_state(&mut m, c.resp.unwrap(), working_like(&prev));
                    out.push((format!("line {}", c.resp.unwrap() + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        FaultOp {
            name: "stream-working-again-after-terminal",
            breaks: "TASK-001, STREAM-007, STREAM-008",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| !c.chunks.is_empty()) {
                    let ev = c.events(&cx.lines);
                    let Some(term) = ev
                        .iter()
                        .position(|(_, e)| event_ids(e).is_some_and(|(_, _, s)| terminal(&s)))
                    else {
                        continue;
                    };
                    let Some(work) = ev[..term].iter().rposition(|(_, e)| {
                        event_ids(e).is_some_and(|(_, _, s)| !s.is_empty() && !terminal(&s))
                            && (e.to_string().contains("statusUpdate")
                                || e.to_string().contains("status-update"))
                    }) else {
                        continue;
                    };
                    let (tl, wl) = (ev[term].0, ev[work].0);
                    if tl == wl {
                        continue;
                    }
                    let mut m = cx.lines.clone();
                    let mut copy = m[wl].clone();
                    if let (Some(a), Some(b)) = (m[tl]["t"].as_f64(), copy.get_mut("t")) {
                        *b = Value::from(a + 0.0001);
                    }
                    // The terminal chunk may end the stream (`"close"`): the copy then
                    // comes before that end, not after it (nothing follows a close).
                    if let Some(close) = m[tl].as_object_mut().and_then(|o| o.remove("close")) {
                        if let Some(o) = copy.as_object_mut() {
                            o.insert("close".into(), close);
                        }
                    } else if let Some(o) = copy.as_object_mut() {
                        o.remove("close");
                    }
                    m.insert(tl + 1, copy);
                    out.push((format!("after line {}", tl + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        // A fresh send may open a new context (ID-002): only answers about a task the
        // transcript already showed (GetTask, CancelTask, a follow-up) are changed, on the
        // client's leg (a gateway's replicas behind it are agents of their own).
        FaultOp {
            name: "context-id-changed-between-answers",
            breaks: "ID-006, ID-003",
            make: |cx| {
                let mut out = Vec::new();
                let mut kinds: Vec<String> = Vec::new();
                for c in cx.calls.iter().filter(|c| {
                    matches!(c.op, Op::Get | Op::Cancel)
                        || (c.op == Op::Send && task_named(cx, c).is_some())
                }) {
                    let Some(v) = c.resp_json(&cx.lines) else {
                        continue;
                    };
                    let Some(ctx) = task_in(&v)
                        .and_then(|t| t.get("contextId"))
                        .and_then(Value::as_str)
                    else {
                        continue;
                    };
                    let id = task_in(&v).and_then(|t| t["id"].as_str()).unwrap_or("");
                    if !c.leg.is_empty() || last_state_before(cx, id, c.req).is_none() {
                        continue;
                    }
                    // a follow-up whose client named another context than its task's
                    // (b35x-M01: contextId c2 beside taskId t1) already differs from the
                    // task: the answer's own context is no change the client did not ask
                    // for (picked once cards60's variants moved the sample)
                    let asked = c.req_json(&cx.lines).and_then(|q| {
                        let m = if q["params"].is_object() {
                            &q["params"]["message"]
                        } else {
                            &q["message"]
                        };
                        m["contextId"].as_str().map(str::to_string)
                    });
                    if asked.as_deref().is_some_and(|a| a != ctx) {
                        continue;
                    }
                    let mut m = cx.lines.clone();
                    let r = c.resp.unwrap();
                    subst(&mut m, &[r], ctx, NEW_ID);
                    // Up to SITES of each kind of answer (a read, a cancel, a follow-up).
                    let kind = format!("{:?}", c.op);
                    if kinds.iter().filter(|k| **k == kind).count() == SITES {
                        continue;
                    }
                    kinds.push(kind);
                    out.push((format!("line {}", r + 1), None, m));
                }
                out
            },
        },
        FaultOp {
            name: "stream-task-id-changes-mid-stream",
            breaks: "ID-006, ID-005",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| c.chunks.len() >= 3) {
                    let ev = c.events(&cx.lines);
                    let Some((tid, _, _)) = ev.first().and_then(|(_, e)| event_ids(e)) else {
                        continue;
                    };
                    let lines_with: Vec<usize> = {
                        let mut v: Vec<usize> = ev.iter().map(|(l, _)| *l).collect();
                        v.dedup();
                        v
                    };
                    for from in 1..lines_with.len().min(1 + SITES) {
                        let mut m = cx.lines.clone();
                        subst(&mut m, &lines_with[from..], &tid, NEW_ID);
                        out.push((format!("from line {}", lines_with[from] + 1), None, m));
                    }
                    break;
                }
                out
            },
        },
        // An answer to an unreadable request may carry id null (RPC-002): left out.
        FaultOp {
            name: "answer-carries-another-calls-id",
            breaks: "RPC-002",
            make: |cx| {
                let mut out = Vec::new();
                let rpc: Vec<&Call> = cx
                    .calls
                    .iter()
                    .filter(|c| {
                        c.rpc
                            && c.resp_json(&cx.lines)
                                .is_some_and(|v| v.get("id").is_some_and(|i| !i.is_null()))
                    })
                    .collect();
                for w in rpc.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    let (Some(ia), Some(ib)) = (rpc_id(cx, a), rpc_id(cx, b)) else {
                        continue;
                    };
                    if ia == ib {
                        continue;
                    }
                    let mut m = cx.lines.clone();
                    let r = b.resp.unwrap();
                    let mut v = json_body(&m[r]).unwrap();
                    v["id"] = ia;
                    set_body(&mut m, r, &v);
                    out.push((format!("line {}", r + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        FaultOp {
            name: "answer-ids-of-two-calls-swapped",
            breaks: "RPC-002",
            make: |cx| {
                let mut out = Vec::new();
                let rpc: Vec<&Call> = cx
                    .calls
                    .iter()
                    .filter(|c| {
                        c.rpc
                            && c.resp_json(&cx.lines)
                                .is_some_and(|v| v.get("id").is_some_and(|i| !i.is_null()))
                    })
                    .collect();
                for w in rpc.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    let (Some(ia), Some(ib)) = (rpc_id(cx, a), rpc_id(cx, b)) else {
                        continue;
                    };
                    if ia == ib {
                        continue;
                    }
                    let mut m = cx.lines.clone();
                    for (c, id) in [(a, ib), (b, ia)] {
                        let r = c.resp.unwrap();
                        let mut v = json_body(&m[r]).unwrap();
                        v["id"] = id;
                        set_body(&mut m, r, &v);
                    }
                    out.push((
                        format!("lines {} and {}", a.resp.unwrap() + 1, b.resp.unwrap() + 1),
                        None,
                        m,
                    ));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        // One HTTP request has one response, so a call answered twice is a JSON-RPC batch
        // whose answer array holds one call's Response twice (JSON-RPC 2.0 §6: one
        // Response per call).
        FaultOp {
            name: "batch-call-answered-twice",
            breaks: "RPC-002",
            make: |cx| {
                let mut out = batch(cx, 9, |_| {});
                for (_, _, m) in out.iter_mut() {
                    let r = m
                        .iter()
                        .position(|l| {
                            l["dir"] == "resp"
                                && l["body"].as_str().is_some_and(|b| b.starts_with('['))
                        })
                        .unwrap();
                    let mut v = json_body(&m[r]).unwrap();
                    let first = v[0].clone();
                    v.as_array_mut().unwrap().push(first);
                    set_body(m, r, &v);
                }
                out
            },
        },
        // ---- the card -----------------------------------------------------------------
        FaultOp {
            name: "card-protocol-version-no-version-has",
            breaks: "CARD-004, CARD-005, VER-002",
            make: |cx| {
                card_change(cx, |card| {
                    let mut any = false;
                    let bogus = Value::from("9.9");
                    if card
                        .get("protocolVersion")
                        .is_some_and(|v| v.is_string() && *v != bogus)
                    {
                        card["protocolVersion"] = bogus.clone();
                        any = true;
                    }
                    if let Some(a) = card["supportedInterfaces"].as_array_mut() {
                        for i in a {
                            if i.get("protocolVersion").is_some_and(|v| *v != bogus) {
                                i["protocolVersion"] = bogus.clone();
                                any = true;
                            }
                        }
                    }
                    any
                })
            },
        },
        // The interface url the client uses answers nothing there: every A2A call of the
        // transcript answered 404 (a transcript whose calls were refused already is left
        // out: its base says it).
        FaultOp {
            name: "card-interface-not-answering",
            breaks: "CARD-005, CARD-006",
            make: |cx| {
                // A card fetch answered 304 Not Modified carries no card (b9-ok's
                // revalidation, sampled once mine57b's files moved the every-40th pick): the
                // recording names no interface url, so a 404 there refutes none.
                if !cx.calls.iter().any(|c| {
                    c.op == Op::Card && c.resp_json(&cx.lines).is_some_and(|v| v.is_object())
                }) {
                    return vec![];
                }
                // (A card whose HTTP+JSON interface urls nest, s16-V3, is a base again: the
                // 404 refutes the nearest interface covering the route, left52.)
                // (A gateway recording whose agent answered an upstream copy 5xx and whose
                // gateway retried, b39m-1, is a base again: the client's 404 page is compared
                // with the retry's answer, GW-RESP-002, gwmiss52.)
                let a2a: Vec<&Call> = cx
                    .calls
                    .iter()
                    .filter(|c| {
                        matches!(c.op, Op::Send | Op::Get | Op::Stream | Op::Cancel)
                            && c.resp.is_some()
                            && c.leg.is_empty()
                    })
                    .collect();
                if a2a.is_empty()
                    || a2a
                        .iter()
                        .any(|c| c.status(&cx.lines).is_none_or(|s| s >= 300))
                {
                    return vec![];
                }
                let mut m = cx.lines.clone();
                let mut drop = Vec::new();
                for c in &a2a {
                    let r = c.resp.unwrap();
                    m[r]["status"] = Value::from(404);
                    set_header(&mut m[r], "content-type", "text/plain");
                    drop_header(&mut m[r], "transfer-encoding");
                    m[r]["body"] = Value::from("Not Found");
                    fix_length(&mut m[r]);
                    drop.extend(c.chunks.iter().copied());
                }
                drop.sort();
                for k in drop.into_iter().rev() {
                    m.remove(k);
                }
                vec![(format!("{} calls", a2a.len()), None, m)]
            },
        },
        FaultOp {
            name: "card-interface-at-another-port",
            breaks: "CARD-005, CARD-006",
            make: |cx| {
                card_change(cx, |card| {
                    let mut s = card.to_string();
                    let before = s.clone();
                    for port in [":41301/", ":41301\""] {
                        s = s.replace(port, &port.replace("41301", "41399"));
                    }
                    if s == before {
                        return false;
                    }
                    *card = serde_json::from_str(&s).unwrap();
                    true
                })
            },
        },
        // In 1.0 an absent flag is false (proto3 optional bool); 0.x schemas default it
        // to false too.
        FaultOp {
            name: "card-streaming-absent-while-client-streams",
            breaks: "STREAM-001",
            make: |cx| {
                if !cx
                    .calls
                    .iter()
                    .any(|c| c.op == Op::Stream && !c.chunks.is_empty())
                {
                    return vec![];
                }
                card_change(cx, |card| {
                    card["capabilities"]
                        .as_object_mut()
                        .and_then(|c| c.remove("streaming"))
                        .is_some()
                })
            },
        },
        FaultOp {
            name: "card-push-false-while-push-config-accepted",
            breaks: "PUSH-001",
            make: push_config_accepted,
        },
        FaultOp {
            name: "card-required-member-removed",
            breaks: "CARD-003, CARD-004",
            make: card_member_removed,
        },
        FaultOp {
            name: "card-security-required-calls-open",
            breaks: "AUTH-002, AUTH-006",
            make: |cx| {
                if cx.calls.iter().any(|c| {
                    header(&cx.lines[c.req], "authorization").is_some()
                        || header(&cx.lines[c.req], "x-api-key").is_some()
                }) {
                    return vec![];
                }
                // Only where a task operation succeeded: an unauthenticated call refused
                // (an A2A error, 404, 415) is no call that succeeded without credentials.
                let served = cx.calls.iter().any(|c| {
                    matches!(c.op, Op::Send | Op::Stream | Op::Get | Op::Cancel)
                        && c.status(&cx.lines).is_some_and(|s| (200..300).contains(&s))
                        && (c
                            .resp_json(&cx.lines)
                            .is_some_and(|v| v.get("error").is_none())
                            // a stream whose only events are JSON-RPC errors (b37l-E42: the
                            // version refused in the event stream) served nothing (mine56b,
                            // sampled once this round's files moved the STEP)
                            || c.chunks.iter().any(|&i| {
                                cx.lines[i]["body"]
                                    .as_str()
                                    .is_some_and(|b| !b.trim().is_empty() && !b.contains("\"error\""))
                            }))
                });
                if !served {
                    return vec![];
                }
                card_change(cx, |card| {
                    if card
                        .get("securitySchemes")
                        .is_some_and(|s| s.as_object().is_some_and(|o| !o.is_empty()))
                    {
                        return false;
                    }
                    if card.get("supportedInterfaces").is_some() {
                        card["securitySchemes"] =
                            json!({"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}});
                        card["securityRequirements"] =
                            json!([{"schemes": {"bearer": {"list": []}}}]);
                    } else {
                        card["securitySchemes"] =
                            json!({"bearer": {"type": "http", "scheme": "bearer"}});
                        card["security"] = json!([{"bearer": []}]);
                    }
                    true
                })
            },
        },
        // ---- headers and statuses ---------------------------------------------------------
        // 1.0 JSON-RPC or 1.0 routes under A2A-Version 0.3 are what the 1.0 spec's own
        // examples send (DIGEST trap 3), and a 1.0 agent serving 0.3 too may take them:
        // only 0.x bodies under A2A-Version 1.0 are changed.
        FaultOp {
            name: "a2a-version-header-names-another-version-than-the-body",
            breaks: "VER-002, VER-001",
            make: |cx| {
                let mut out = Vec::new();
                // Not a call the agent refused (HTTP 4xx / 5xx): VER-002 binds what an agent
                // processes, and a 0.x-only card's refusal of a 1.0 call is VER-CARD-002's
                // note (mine56b: b26x-EL11's 404 to GET /v1/tasks/nope, sampled once this
                // round's files moved the STEP).
                for c in cx.calls.iter().filter(|c| {
                    matches!(c.op, Op::Send | Op::Get | Op::Cancel | Op::Stream)
                        && !v10(cx, c)
                        && c.status(&cx.lines).is_none_or(|s| s < 400)
                }) {
                    if header(&cx.lines[c.req], "a2a-version").is_some_and(|(_, v)| v == "1.0") {
                        continue;
                    }
                    // A call without a body whose answer is already in 1.0's form (no 0.x
                    // `kind`) has nothing the 1.0 header could contradict (round 56:
                    // b9-ok-legal-v03-rest-task-id-percent-encoded's GET /v1/tasks/{id}
                    // answered a 1.0 Task, sampled once the round's files moved the STEP).
                    if c.req_json(&cx.lines).is_none()
                        && !c.resp.is_some_and(|r| {
                            cx.lines[r]["body"]
                                .as_str()
                                .is_some_and(|b| b.contains("\"kind\""))
                        })
                    {
                        continue;
                    }
                    let mut m = cx.lines.clone();
                    set_header(&mut m[c.req], "a2a-version", "1.0");
                    out.push((format!("line {}", c.req + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        // Only A2A calls: not a JSON-RPC method no A2A version has (another protocol's,
        // such as MCP's tools/list), nor a request no route took (404, 405).
        FaultOp {
            name: "request-content-type-not-json",
            breaks: "RPC-001, REST-003",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| {
                    cx.lines[c.req]["method"] == "POST"
                        && c.req_json(&cx.lines).is_some()
                        && (c.op != Op::Other || c.rpc)
                        && !rpc_method_foreign(cx, c)
                        && !c.status(&cx.lines).is_some_and(|s| matches!(s, 404 | 405))
                }) {
                    let mut m = cx.lines.clone();
                    set_header(&mut m[c.req], "content-type", "text/plain");
                    out.push((format!("line {}", c.req + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        // Not the Agent Card (public or extended): no A2A version fixes the card's media
        // type (CARD-002 asks for an AgentCard at the path), and the SDK resolvers
        // (a2a-python httpx .json(), a2a-js fetch .json()) read it whatever its
        // Content-Type. Not an HTTP-level refusal (401, 403, 407, 429, 502-504): an auth
        // front's, rate limiter's or gateway's body is not the agent's A2A answer.
        FaultOp {
            name: "answer-content-type-not-json",
            breaks: "RPC-001, REST-003",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| {
                    c.op != Op::Card
                        && c.resp_json(&cx.lines)
                            .is_some_and(|v| v.get("skills").is_none())
                        && !c
                            .status(&cx.lines)
                            .is_some_and(|s| matches!(s, 401 | 403 | 407 | 429 | 502..=504))
                        // a well-known document (f807's JWK Set, OAuth metadata) is no A2A
                        // answer: RPC-001 and REST-003 say nothing of its media type (mine51)
                        && !cx.lines[c.req]["url"]
                            .as_str()
                            .is_some_and(|u| u.contains("/.well-known/"))
                        && !probe_of_rpc_url(cx, c)
                        // an upstream 404 a gateway answered by resending elsewhere
                        // (b40x-C11) is a missing route, read so whatever its media type
                        // (picked once cards60's variants moved the sample)
                        && (c.leg.is_empty() || c.status(&cx.lines) != Some(404))
                }) {
                    let mut m = cx.lines.clone();
                    let r = c.resp.unwrap();
                    set_header(&mut m[r], "content-type", "text/html");
                    out.push((format!("line {}", r + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        FaultOp {
            name: "http-json-error-under-200",
            breaks: "REST-003, ERR-003",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| {
                    !c.rpc
                        && c.op != Op::Card
                        && c.status(&cx.lines).is_some_and(|s| s >= 400)
                        && c.resp_json(&cx.lines).is_some()
                        && !probe_of_rpc_url(cx, c)
                }) {
                    let mut m = cx.lines.clone();
                    m[c.resp.unwrap()]["status"] = Value::from(200);
                    out.push((format!("line {}", c.resp.unwrap() + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        FaultOp {
            name: "task-not-found-answered-unsupported-operation",
            breaks: "TASK-009, ERR-002",
            make: |cx| {
                let mut out = Vec::new();
                for c in cx.calls.iter().filter(|c| c.op == Op::Get) {
                    let Some(v) = c.resp_json(&cx.lines) else {
                        continue;
                    };
                    let s = v.to_string();
                    if !(s.contains("-32001") || s.contains("TASK_NOT_FOUND")) {
                        continue;
                    }
                    let (st, body) = error_answer(cx, c, -32004);
                    let mut m = cx.lines.clone();
                    let r = c.resp.unwrap();
                    m[r]["status"] = Value::from(st);
                    set_body(&mut m, r, &body);
                    out.push((format!("line {}", r + 1), None, m));
                    if out.len() == SITES {
                        break;
                    }
                }
                out
            },
        },
        // ---- session 48's left gaps -------------------------------------------------------
        FaultOp {
            name: "batch-second-call-role-agent",
            breaks: "DATA-005",
            make: |cx| {
                batch(cx, 1, |m| {
                    m["role"] = Value::from(if m["role"] == "user" {
                        "agent"
                    } else {
                        "ROLE_AGENT"
                    })
                })
            },
        },
        FaultOp {
            name: "batch-first-call-role-agent",
            breaks: "DATA-005",
            make: |cx| {
                batch(cx, 0, |m| {
                    m["role"] = Value::from(if m["role"] == "user" {
                        "agent"
                    } else {
                        "ROLE_AGENT"
                    })
                })
            },
        },
        // 0.x JSON-RPC: parts is required but the schemas set no minItems; a single 0.x send
        // with parts [] is told all the same (DATA-SHAPE-002 "no parts"), so every version.
        FaultOp {
            name: "batch-second-call-parts-empty",
            breaks: "DATA-005",
            make: |cx| batch(cx, 1, |m| m["parts"] = json!([])),
        },
        // Session 48's other two left gaps, decided legal as judged (no operator):
        // - a 0.x tasks/get result without `kind`: the 0.3 schema lists kind among Task's
        //   required members, but there it is a discriminator the method already fixes
        //   (tasks/get answers a Task), and both SDK clients read such a result (a2a-python's
        //   Task model defaults kind to "task"; a2a-js reads no kind on tasks/get); where kind
        //   tells a Task from a Message (a message/send or stream result) its absence is told
        //   (DATA-SHAPE-001, tests/verify_mutants48.rs 0x-result-without-kind).
        // - a Message result naming a task the recording never saw: the recording may have
        //   begun after the agent created the task (a proxy put in mid-conversation), so it
        //   is ID-TASK-004's note, not a fault the recording can prove.
    ]
}

/// The transcript with its (first) Agent Card answer changed by `f`; nothing when `f` says
/// it found nothing to change.
fn card_change(cx: &Cx, f: impl Fn(&mut Value) -> bool) -> Vec<Made> {
    // Every card the transcript fetched changes alike (lead49: f654 serves one card at both
    // well-known paths; changing only the first left the later one, the card in effect,
    // without the fault).
    let mut m = cx.lines.clone();
    let mut first = None;
    for c in cx.calls.iter().filter(|c| c.op == Op::Card) {
        let Some(mut card) = c.resp_json(&cx.lines) else {
            continue;
        };
        if card.get("signatures").is_some() || !f(&mut card) {
            return vec![];
        }
        set_body(&mut m, c.resp.unwrap(), &card);
        first.get_or_insert(c.resp.unwrap());
    }
    match first {
        Some(r) => vec![(format!("card line {}", r + 1), None, m)],
        None => vec![],
    }
}

/// Each member a card's version requires, removed one at a time. A card carrying both the
/// 1.0 `supportedInterfaces` and the 0.3 `url`/`protocolVersion` (the SDKs' hybrid card) is
/// a whole card of either version without the other's members: only members both require
/// are removed from it.
fn card_member_removed(cx: &Cx) -> Vec<Made> {
    let Some(c) = cx.calls.iter().find(|c| c.op == Op::Card) else {
        return vec![];
    };
    let Some(card) = c.resp_json(&cx.lines) else {
        return vec![];
    };
    if card.get("signatures").is_some() || card.get("name").is_none() {
        return vec![];
    }
    let is10 = card.get("supportedInterfaces").is_some();
    let is03 = card.get("url").is_some() || card.get("protocolVersion").is_some();
    // 0.1 (tasks/send spoken): the 0.1.0 schema requires name, url, version, capabilities,
    // skills, and of a skill id and name.
    // mine52 (f674, sampled once round 52's cases moved the STEP): a card without
    // protocolVersion that no call of the recording places in a generation may be a 0.1
    // card, whose description, input / output modes and skill descriptions and tags are
    // optional, so only the members every generation requires are removed from it.
    let unplaced =
        !is10 && card.get("protocolVersion").is_none() && cx.calls.iter().all(|c| c.op == Op::Card);
    // mine56b (b29x-G08, sampled once this round's files moved the STEP): a card without
    // protocolVersion whose calls are all JSON-RPC methods 0.1 has too (tasks/get,
    // tasks/cancel, ...) may be a 0.1 card as well.
    let v01_methods_only = !is10
        && card.get("protocolVersion").is_none()
        && cx.calls.iter().filter(|c| c.op != Op::Card).all(|c| {
            c.rpc
                && c.req_json(&cx.lines).is_some_and(|v| {
                    v["method"].as_str().is_some_and(|m| {
                        matches!(
                            m,
                            "tasks/get"
                                | "tasks/cancel"
                                | "tasks/send"
                                | "tasks/sendSubscribe"
                                | "tasks/resubscribe"
                                | "tasks/pushNotification/set"
                                | "tasks/pushNotification/get"
                        )
                    })
                })
        });
    let v01 = unplaced
        || v01_methods_only
        || cx.lines.iter().any(|l| {
            l["dir"] == "req"
                && l["body"]
                    .as_str()
                    .is_some_and(|b| b.contains("\"tasks/send"))
        });
    if v01 {
        let mut out = Vec::new();
        for p in [
            vec!["name"],
            vec!["url"],
            vec!["version"],
            vec!["capabilities"],
            vec!["skills"],
            vec!["skills", "0", "id"],
            vec!["skills", "0", "name"],
        ] {
            out.extend(remove_card_member(cx, c, &card, &p));
        }
        return out;
    }
    // protocolVersion is required from 0.2.5 on: a 0.2 card without it reads as a
    // 0.2.0-0.2.4 card (and one at the 0.2 path /.well-known/agent.json as a 0.2 card), so
    // only a 0.3 card served at agent-card.json loses it.
    let v03_path = card["protocolVersion"]
        .as_str()
        .is_some_and(|v| v.starts_with("0.3"))
        && cx.lines[c.req]["url"]
            .as_str()
            .is_some_and(|u| u.contains("agent-card.json"));
    let mut paths: Vec<Vec<&str>> = [
        "name",
        "description",
        "version",
        "capabilities",
        "defaultInputModes",
        "defaultOutputModes",
        "skills",
    ]
    .iter()
    .map(|k| vec![*k])
    .collect();
    if is10 && !is03 {
        paths.push(vec!["supportedInterfaces"]);
        for k in ["url", "protocolBinding", "protocolVersion"] {
            paths.push(vec!["supportedInterfaces", "0", k]);
        }
    }
    if is03 && !is10 {
        paths.push(vec!["url"]);
        if v03_path {
            paths.push(vec!["protocolVersion"]);
        }
    }
    for k in ["id", "name", "description", "tags"] {
        paths.push(vec!["skills", "0", k]);
    }
    let mut out = Vec::new();
    for p in paths {
        out.extend(remove_card_member(cx, c, &card, &p));
    }
    out
}

/// The transcript with member `p` (names and list indexes) of the card call `c` answered
/// removed; nothing when the card lacks it.
fn remove_card_member(cx: &Cx, c: &Call, card: &Value, p: &[&str]) -> Vec<Made> {
    let mut out = Vec::new();
    {
        let mut v = card.clone();
        let mut cur = &mut v;
        for s in &p[..p.len() - 1] {
            cur = match s.parse::<usize>() {
                Ok(i) => &mut cur[i],
                Err(_) => &mut cur[*s],
            };
        }
        if cur
            .as_object_mut()
            .and_then(|o| o.remove(p[p.len() - 1]))
            .is_none()
        {
            return out;
        }
        let mut m = cx.lines.clone();
        set_body(&mut m, c.resp.unwrap(), &v);
        out.push((format!("card /{}", p.join("/")), None, m));
    }
    out
}

/// A push config Create for a task the transcript showed, put in right after that task's
/// first answer: the base answers PushNotificationNotSupportedError (the card says
/// pushNotifications false or nothing), the mutant accepts it.
fn push_config_accepted(cx: &Cx) -> Vec<Made> {
    let Some(card) = cx
        .calls
        .iter()
        .find(|c| c.op == Op::Card)
        .and_then(|c| c.resp_json(&cx.lines))
    else {
        return vec![];
    };
    if card["capabilities"]["pushNotifications"] == true {
        return vec![];
    }
    // an extended card that grants push (b32x-E10: the public card says false, the
    // authenticated one true, the agent then refuses) leaves the mutant no premise: its
    // base draws CAP-PUSH-002 (picked once cards60's variants moved the sample)
    if cx.calls.iter().any(|c| {
        c.op != Op::Card
            && c.resp_json(&cx.lines).is_some_and(|v| {
                v["result"]["capabilities"]["pushNotifications"] == true
                    || v["capabilities"]["pushNotifications"] == true
            })
    }) {
        return vec![];
    }
    // An interface with a tenant: the added call would also lack the tenant (CARD-URL-006,
    // a second fault the mutant did not mean; round 56: b9-f07-legal-v10-rest-tenant-in-
    // body-and-query, sampled once the round's files moved the STEP).
    if card["supportedInterfaces"]
        .as_array()
        .is_some_and(|l| l.iter().any(|i| i.get("tenant").is_some()))
    {
        return vec![];
    }
    let Some(send) = cx.calls.iter().find(|c| {
        c.op == Op::Send
            && c.leg.is_empty()
            && c.resp_json(&cx.lines)
                .is_some_and(|v| task_in(&v).is_some())
    }) else {
        return vec![];
    };
    let t = task_in(&send.resp_json(&cx.lines).unwrap()).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let is10 = v10(cx, send);
    let url = cx.lines[send.req]["url"]
        .as_str()
        .unwrap_or("/")
        .to_string();
    let hook = "https://hooks.example.com/a2a/push";
    let (req_url, req_body, ok_body) = if send.rpc {
        let id = 990;
        if is10 {
            (
                url.clone(),
                json!({"jsonrpc": "2.0", "id": id, "method": "CreateTaskPushNotificationConfig",
                    "params": {"taskId": t, "url": hook, "token": "t0k"}}),
                json!({"jsonrpc": "2.0", "id": id,
                    "result": {"id": "cfg-1", "taskId": t, "url": hook, "token": "t0k"}}),
            )
        } else {
            (
                url.clone(),
                json!({"jsonrpc": "2.0", "id": id, "method": "tasks/pushNotificationConfig/set",
                    "params": {"taskId": t, "pushNotificationConfig": {"url": hook, "token": "t0k"}}}),
                json!({"jsonrpc": "2.0", "id": id,
                    "result": {"taskId": t, "pushNotificationConfig": {"id": "cfg-1", "url": hook, "token": "t0k"}}}),
            )
        }
    } else {
        // the send's query (b28p-1: ?A2A-Version=1.0) stays a query of the added call, after
        // its own path (mine56b: with it left in, the path became message:send?...tasks/...)
        let (path, query) = url
            .split_once('?')
            .map_or((url.as_str(), String::new()), |(p, q)| (p, format!("?{q}")));
        let base = path.trim_end_matches("message:send");
        let u = format!("{base}tasks/{t}/pushNotificationConfigs{query}");
        if is10 {
            (
                u,
                json!({"taskId": t, "url": hook, "token": "t0k"}),
                json!({"id": "cfg-1", "taskId": t, "url": hook, "token": "t0k"}),
            )
        } else {
            (
                u,
                json!({"name": format!("tasks/{t}/pushNotificationConfigs/cfg-1"),
                    "pushNotificationConfig": {"id": "cfg-1", "url": hook, "token": "t0k"}}),
                json!({"name": format!("tasks/{t}/pushNotificationConfigs/cfg-1"),
                    "pushNotificationConfig": {"id": "cfg-1", "url": hook, "token": "t0k"}}),
            )
        }
    };
    // The send's 1.0 tenant goes into the added JSON-RPC call too (CARD-008: every request
    // to an interface that declares one carries it; lead49: f712's base drew CARD-URL-006
    // once breaker49 read every card of the origin). HTTP+JSON carries it in the base path.
    let mut req_body = req_body;
    if send.rpc && is10 {
        if let Some(tenant) = cx.lines[send.req]["body"]
            .as_str()
            .and_then(|b| serde_json::from_str::<Value>(b).ok())
            .and_then(|v| v["params"].get("tenant").cloned())
        {
            req_body["params"]["tenant"] = tenant;
        }
    }
    let mut m = cx.lines.clone();
    let after = send.resp.unwrap();
    let tpl = Call {
        chunks: vec![],
        ..send.clone()
    };
    let idx = insert_copy(&mut m, &tpl, after, 990);
    m[idx[0]]["url"] = Value::from(req_url);
    set_body(&mut m, idx[0], &req_body);
    set_body(&mut m, idx[1], &ok_body);
    m[idx[1]]["status"] = Value::from(200);
    let mut base = m.clone();
    let newc = Call {
        req: idx[0],
        resp: Some(idx[1]),
        ..send.clone()
    };
    let bcx = Cx {
        lines: base.clone(),
        calls: calls(&base),
        tasks: vec![],
    };
    let (st, body) = error_answer(&bcx, &newc, -32003);
    answer_with(&mut base, &idx, st, &body);
    vec![(format!("after line {}", after + 1), Some(base), m)]
}

/// The first two unary JSON-RPC sends of the transcript sent as one batch (their answers
/// one array), the `which`-th call's message changed by `f` in the mutant.
fn batch(cx: &Cx, which: usize, f: fn(&mut Value)) -> Vec<Made> {
    let sends: Vec<&Call> = cx
        .calls
        .iter()
        // sends answered with a JSON-RPC Response: an HTTP-level refusal's own JSON (an
        // OAuth front's 401 `{"error":"unauthorized"}`, f433) is no answer array member
        // (mine51: its copy in a batch answer was no RPC-ID-001 to tell)
        .filter(|c| {
            c.rpc
                && c.op == Op::Send
                && c.leg.is_empty()
                && c.resp_json(&cx.lines)
                    .is_some_and(|v| v.get("jsonrpc").is_some())
        })
        .take(2)
        .collect();
    if sends.len() < 2 {
        return vec![];
    }
    let reqs: Vec<Value> = sends
        .iter()
        .map(|c| c.req_json(&cx.lines).unwrap())
        .collect();
    let resps: Vec<Value> = sends
        .iter()
        .map(|c| c.resp_json(&cx.lines).unwrap())
        .collect();
    if reqs[0]["id"] == reqs[1]["id"] {
        return vec![];
    }
    // one HTTP request carries one A2A-Version: two sends under other versions (f516's
    // refused 9.9, then a 0.3 call without the header) are no legal batch (the 0.3 call
    // under 9.9 draws VER-HDR-001; picked once cards60's variants moved the sample)
    if header(&cx.lines[sends[0].req], "a2a-version")
        != header(&cx.lines[sends[1].req], "a2a-version")
    {
        return vec![];
    }
    let build = |reqs: &[Value]| {
        let mut m = cx.lines.clone();
        let (a, b) = (sends[0], sends[1]);
        set_body(&mut m, a.req, &Value::Array(reqs.to_vec()));
        set_body(&mut m, a.resp.unwrap(), &Value::Array(resps.clone()));
        let mut drop = vec![b.req, b.resp.unwrap()];
        drop.sort();
        for i in drop.into_iter().rev() {
            m.remove(i);
        }
        m
    };
    let base = build(&reqs);
    let mut changed = reqs.clone();
    if let Some(c) = changed.get_mut(which) {
        f(&mut c["params"]["message"]);
    }
    vec![(
        format!("batch call {}", which + 1),
        Some(base),
        build(&changed),
    )]
}

/// The rules one of which must tell an operator's mutant (where an incidental rule could
/// tell it for another reason and hide a gap): the fault's own rules.
fn wanted(op: &str) -> Option<&'static [&'static str]> {
    Some(match op {
        "card-required-member-removed" => &["CARD-SHAPE-001", "CARD-SHAPE-003"],
        "card-protocol-version-no-version-has" => {
            &["CARD-SHAPE-011", "CARD-SHAPE-003", "CARD-SHAPE-001"]
        }
        "card-security-required-calls-open" => &["AUTH-OPEN-001", "CARD-SHAPE-006"],
        "card-push-false-while-push-config-accepted" => &["CAP-PUSH-001"],
        "card-streaming-absent-while-client-streams" => &["CAP-STREAM-001"],
        "cancel-of-terminal-task-answered-canceled" => &["TASK-STATE-003"],
        "follow-up-to-terminal-task-answered-working"
        | "follow-up-to-terminal-task-answered-done-again" => &["TASK-STATE-002", "TASK-STATE-001"],
        // on an HTTP-level refusal (401, 402, 403, 429, 5xx) the id that does not echo the
        // call's is RPC-ID-002's fault (mine56b: this round's files moved the sample onto
        // b33q-X5's 401 refusal of an anonymous SendMessage)
        "answer-carries-another-calls-id"
        | "answer-ids-of-two-calls-swapped"
        | "batch-call-answered-twice" => &["RPC-ID-001", "RPC-ID-002"],
        "stream-task-id-changes-mid-stream" => &["ID-EVENT-002", "ID-TASK", "ID-CTX"],
        "context-id-changed-between-answers" => &["ID-CTX-002", "ID-CTX-001"],
        "batch-first-call-role-agent" | "batch-second-call-role-agent" => &["DATA-ROLE-002"],
        "batch-second-call-parts-empty" => &["DATA-SHAPE-002"],
        // on a gateway's client leg whose upstream leg read the task back terminal, the
        // gateway changed the agent's answer: GW-RESP-002 names that fault (left52: the
        // l52-* variants moved the sample onto b48-HL1's two-leg GetTask)
        "task-read-back-working-after-terminal" => &["TASK-STATE-001", "GW-RESP-002"],
        _ => return None,
    })
}

/// A bodiless GET or HEAD on a URL the transcript posts JSON-RPC calls to (a health probe or
/// a browser on the JSON-RPC endpoint, f671): no A2A call, so its answer's media type and
/// status are the server's business, not an A2A answer's (RPC-001 binds the POSTs).
fn probe_of_rpc_url(cx: &Cx, c: &Call) -> bool {
    let req = &cx.lines[c.req];
    let url = req["url"].as_str().unwrap_or("");
    matches!(req["method"].as_str(), Some("GET" | "HEAD"))
        && req["body"].as_str().unwrap_or("").is_empty()
        && cx
            .calls
            .iter()
            .any(|o| o.rpc && cx.lines[o.req]["url"].as_str() == Some(url))
}

/// With `M49_DUMP=DIR`, writes a transcript worth reading (a silent mutant, a base that is
/// not legal) to DIR.
fn dump(what: &str, lines: &Lines) {
    if let Ok(d) = std::env::var("M49_DUMP") {
        let _ = std::fs::create_dir_all(&d);
        let _ = std::fs::write(std::path::Path::new(&d).join(what), text(lines));
    }
}

#[test]
fn every_fault_at_the_conversation_card_and_header_level_is_told() {
    let tmp = tempfile::tempdir().unwrap();
    let ops = ops();
    let mut files = captures();
    let n_captures = files.len();
    files.extend(legal_cases(STEP));
    let mut tried: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut silent = Vec::new();
    let mut bad_base = Vec::new();
    let mut wrong_rule = Vec::new();
    let mut seen_rules: BTreeMap<&str, BTreeMap<String, usize>> = BTreeMap::new();
    for (fi, file) in files.iter().enumerate() {
        let Some(lines) = load(file) else { continue };
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let cx = Cx {
            calls: calls(&lines),
            tasks: tasks(&lines),
            lines,
        };
        let orig = judge_said(tmp.path(), "orig.jsonl", &cx.lines, false);
        for op in &ops {
            for (at, base, m) in (op.make)(&cx) {
                // A change that changes nothing (a card already at "9.9") is no mutant.
                if m == *base.as_ref().unwrap_or(&cx.lines) {
                    continue;
                }
                let before = match &base {
                    None => orig.clone(),
                    Some(b) => {
                        let bj = judge_said(tmp.path(), "base.jsonl", b, false);
                        let extra = new_rules(&orig.0, &bj.0);
                        if !extra.is_empty() {
                            dump(&format!("base-{}-{name}", op.name), b);
                            bad_base.push(format!(
                                "{name}: {} at {at}: the legal base drew {extra:?}",
                                op.name
                            ));
                        }
                        bj
                    }
                };
                let after = judge_said(tmp.path(), "mut.jsonl", &m, false);
                let mut told = new_rules(&before.0, &after.0);
                // A change in place (no line added or removed) may turn a finding the base
                // draws at that place into another of the same rule: a new message of an
                // error or warning tells it too (the line numbers it names did not move).
                let base_len = base.as_ref().map_or(cx.lines.len(), Vec::len);
                if told.is_empty() && m.len() == base_len {
                    told.extend(after.1.difference(&before.1).map(|s| {
                        format!("{} (another message)", s.split(':').next().unwrap_or(""))
                    }));
                }
                let e = tried.entry(op.name).or_default();
                if fi < n_captures {
                    e.0 += 1;
                } else {
                    e.1 += 1;
                }
                for r in &told {
                    *seen_rules
                        .entry(op.name)
                        .or_default()
                        .entry(r.clone())
                        .or_default() += 1;
                }
                if !told.is_empty() {
                    if let Some(want) = wanted(op.name) {
                        if !told.iter().any(|t| want.iter().any(|w| t.starts_with(w))) {
                            dump(&format!("wrong-{}-{name}", op.name), &m);
                            wrong_rule.push(format!(
                                "{name}: {} at {at}: told only by {told:?}, not {want:?}",
                                op.name
                            ));
                        }
                    }
                }
                if told.is_empty() {
                    dump(&format!("silent-{}-{name}", op.name), &m);
                    silent.push(format!("{name}: {} ({}) at {at}", op.name, op.breaks));
                }
            }
        }
    }
    for (op, (c, f)) in &tried {
        eprintln!(
            "{op:58} captures {c:3} field/variants {f:3} told by {:?}",
            seen_rules.get(op).cloned().unwrap_or_default()
        );
    }
    // Every operator found places in the captures: a capture format change cannot empty the
    // run.
    for op in &ops {
        assert!(
            tried.get(op.name).is_some_and(|t| t.0 > 0),
            "operator {} found no place in the captures",
            op.name
        );
    }
    let total: usize = tried.values().map(|t| t.0 + t.1).sum();
    eprintln!(
        "{total} mutants, {} silent, {} bases not legal",
        silent.len(),
        bad_base.len()
    );
    let mut per_op: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &silent {
        let op = s
            .split(": ")
            .nth(1)
            .unwrap_or("")
            .split(' ')
            .next()
            .unwrap_or("");
        *per_op
            .entry(
                ops.iter()
                    .find(|o| o.name == op)
                    .map(|o| o.name)
                    .unwrap_or("?"),
            )
            .or_default() += 1;
    }
    assert!(
        wrong_rule.is_empty(),
        "{} mutants were told only by rules that do not name their fault:\n{}",
        wrong_rule.len(),
        wrong_rule.join("\n")
    );
    assert!(
        bad_base.is_empty() && silent.is_empty(),
        "{} legal bases drew a new error or warning:\n{}\n\n{} of {total} faults drew no new error or warning ({per_op:?}):\n{}",
        bad_base.len(),
        bad_base.join("\n"),
        silent.len(),
        silent.join("\n")
    );
}

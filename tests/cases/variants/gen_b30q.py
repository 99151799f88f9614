"""Writes helper q30a's transcript variants (prefix b30q-): python3 tests/cases/variants/gen_b30q.py

Verifier leftovers of session 29 (mine29a-c, review29a-b). Item numbers are those of the q30a brief.
The helpers (card, req, resp, case) are those of gen_b29q.py, copied so each script stands alone."""
import json, sys, os
# the directory to write into: the first argument, else the script's own (tests/cases/variants)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
H = "http://agent.example.test"
SKILL = {"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}
def card_doc(url=H, binding="HTTP+JSON", ver="1.0", skills=None):
    return {"name": "Demo", "description": "Demo agent",
            "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": ver}],
            "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": skills if skills is not None else [SKILL]}
def serve_card(c, path="/.well-known/agent-card.json"):
    return [{"dir": "req", "method": "GET", "url": H + path, "headers": {"accept": "application/json"}, "body": "", "t": 0.01},
            {"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": "\"c1\""}, "body": json.dumps(c), "t": 0.02}]
def card(url=H, binding="HTTP+JSON", ver="1.0"):
    return serve_card(card_doc(url, binding, ver))
def req(method, url, body=None, headers=None, t=0.03, xid=None):
    h = {"content-type": "application/json"} if body is not None else {}
    h.update(headers or {})
    e = {"dir": "req", "method": method, "url": url, "headers": h, "body": "" if body is None else json.dumps(body), "t": t}
    if xid:
        e["id"] = xid
    return e
def resp(status, body, t=0.04, ctype="application/json", raw=None, xid=None):
    e = {"dir": "resp", "status": status, "headers": {"content-type": ctype}, "body": raw if raw is not None else json.dumps(body), "t": t}
    if xid:
        e["id"] = xid
    return e
def chunk(data, t, xid=None, close=None):
    e = {"dir": "chunk", "t": t, "body": data}
    if close:
        e["close"] = close
    if xid:
        e["id"] = xid
    return e
def sse(obj):
    return "data: " + json.dumps(obj) + "\n\n"
V10 = {"a2a-version": "1.0"}
MSG10 = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
RPC = H + "/a2a"
def rpccard(): return card(RPC, "JSONRPC")
def call(m, p, i=1, t=0.03, hdr=V10, xid=None): return req("POST", RPC, {"jsonrpc": "2.0", "id": i, "method": m, "params": p}, hdr, t, xid)
def err(code, msg, i=1, t=0.04, xid=None): return resp(200, {"jsonrpc": "2.0", "id": i, "error": {"code": code, "message": msg}}, t, xid=xid)
def ok(r, i=1, t=0.04, xid=None): return resp(200, {"jsonrpc": "2.0", "id": i, "result": r}, t, xid=xid)
CASES = []
SRC = {
    1: "mine29c (STREAM-END-002 for a reset stream the client recovered from by resubscribing)",
    2: "mine29c (ID-TASK-001 purge allowance for a task seen ending through a push notification)",
    3: "mine29a (a task read under another credential than the one it was created under)",
    4: "mine29b (one missing id in a stream event gave RPC-ENVELOPE-001 and STREAM-SHAPE-002)",
    5: "review29a (RPC-ERROR-001 for a cancel answered -32603: broken cancel or outage)",
    6: "review29a (TASK-STATE-014 for data-only delegate messages)",
    7: "review29a (AUTH-LEAK-001 and a file name the client mentioned)",
    8: "review29a (HTTP-MEDIA-003 and JSON media types that are not the binding's)",
}
def case(name, events, findings, note):
    CASES.append(name)
    item = int(name.split("-")[1])
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": SRC[item], "note": note}, indent=2) + "\n")

TS = "2026-03-02T10:15:00.000Z"
def task10(tid, state, ctx=None):
    return {"id": tid, "contextId": ctx or "c-" + tid, "status": {"state": state, "timestamp": TS}}
def upd10(tid, state, ctx=None):
    return {"statusUpdate": {"taskId": tid, "contextId": ctx or "c-" + tid, "status": {"state": state, "timestamp": TS}}}
def env(obj, i=1):
    return sse({"jsonrpc": "2.0", "id": i, "result": obj})

# ---- 1: a reset stream the client recovered from (STREAM-003, STREAM-004; 1.0 §3.1.6)
def stream_then(close, sub_events, sub_close="eof", sub_method="SubscribeToTask", t0=0.0):
    return rpccard() + [
        call("SendStreamingMessage", {"message": MSG10}, 1, 0.03, dict(V10, accept="text/event-stream"), "s"),
        resp(200, None, 0.04, "text/event-stream", "", "s"),
        chunk(env({"task": task10("t1", "TASK_STATE_WORKING")}, 1), 0.05, "s"),
        chunk(env(upd10("t1", "TASK_STATE_WORKING"), 1), 0.5, "s"),
        chunk("", 3.0, "s", close),
        call(sub_method, {"id": "t1"}, 2, 3.2, dict(V10, accept="text/event-stream"), "r"),
        resp(200, None, 3.21, "text/event-stream", "", "r")] + [
        chunk(env(e, 2), 3.22 + k * 0.5, "r") for k, e in enumerate(sub_events)] + [
        chunk("", 6.0, "r", sub_close)]
RESUMED = [{"task": task10("t1", "TASK_STATE_WORKING")}, upd10("t1", "TASK_STATE_COMPLETED")]
case("b30q-1-v10-rpc-stream-reset-client-resubscribed-to-completion",
     stream_then("reset", RESUMED),
     [("stream-reset-task-resumed", "warning")],
     "the agent's side reset the stream while the task worked; the client resubscribed (SubscribeToTask, 1.0 §3.1.6: how a client gets back to a task after a broken connection) and got the task to COMPLETED: the task's stream did not end unfinished (STREAM-003 is kept by the pair); the broken hop itself is a warning")
case("b30q-1-v10-rpc-stream-reset-client-resubscribed-to-input-required",
     stream_then("reset", [{"task": task10("t1", "TASK_STATE_WORKING")}, upd10("t1", "TASK_STATE_INPUT_REQUIRED")]),
     [("stream-reset-task-resumed", "warning")],
     "the resubscription carried the task to an interrupted state, where a stream may end (STREAM-007): the reset hop is a warning")
case("b30q-1-v10-rpc-stream-reset-resubscribe-also-unfinished",
     stream_then("reset", [{"task": task10("t1", "TASK_STATE_WORKING")}], "reset"),
     [("stream-ended-without-terminal", "error")],
     "control: the resubscription broke too before any terminal state: the task's stream never got to its end (STREAM-003), one error")
case("b30q-1-v10-rpc-stream-closed-cleanly-then-resubscribed",
     stream_then("eof", RESUMED),
     [("stream-ended-without-terminal", "error")],
     "control: the agent closed the first stream cleanly (its response ended) while the task worked: the agent chose to end a task stream before a terminal state (STREAM-003 MUST), whatever the client did next")
case("b30q-1-v10-rpc-stream-reset-never-resubscribed", rpccard() + [
    call("SendStreamingMessage", {"message": MSG10}, 1, 0.03, dict(V10, accept="text/event-stream"), "s"),
    resp(200, None, 0.04, "text/event-stream", "", "s"),
    chunk(env({"task": task10("t1", "TASK_STATE_WORKING")}, 1), 0.05, "s"),
    chunk("", 3.0, "s", "reset")],
    [("stream-ended-without-terminal", "error")],
    "control: a reset with no recovery in the recording stays STREAM-END-002's error")
def stream03(close, sub_close="eof"):
    MSG03 = {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}
    def st(state, final):
        return {"kind": "status-update", "taskId": "t1", "contextId": "c1", "status": {"state": state, "timestamp": TS}, "final": final}
    return rpccard03() + [
        req("POST", RPC, {"jsonrpc": "2.0", "id": 1, "method": "message/stream", "params": {"message": MSG03}}, {"accept": "text/event-stream"}, 0.03, "s"),
        resp(200, None, 0.04, "text/event-stream", "", "s"),
        chunk(env({"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "working", "timestamp": TS}}, 1), 0.05, "s"),
        chunk("", 3.0, "s", close),
        req("POST", RPC, {"jsonrpc": "2.0", "id": 2, "method": "tasks/resubscribe", "params": {"id": "t1"}}, {"accept": "text/event-stream"}, 3.2, "r"),
        resp(200, None, 3.21, "text/event-stream", "", "r"),
        chunk(env(st("working", False), 2), 3.3, "r"),
        chunk(env(st("completed", True), 2), 3.8, "r"),
        chunk("", 4.0, "r", sub_close)]
def rpccard03():
    c = {"name": "Demo", "description": "Demo agent", "url": RPC, "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0",
         "version": "1.0.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [SKILL]}
    return serve_card(c)
case("b30q-1-v03-rpc-stream-reset-client-resubscribed-to-completion", stream03("reset"),
     [("stream-reset-task-resumed", "warning")],
     "0.3: the same recovery through tasks/resubscribe (0.3 §7.9)")

# ---- 2: a task seen ending only through a push notification (TASK-003, TASK-009; 1.0 §3.3.2)
def push_then_get(get_t):
    c = card_doc(RPC, "JSONRPC")
    c["capabilities"]["pushNotifications"] = True
    return serve_card(c) + [
        call("SendMessage", {"message": MSG10, "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://hooks.example.test/h", "token": "tok-1"}}}, 1, 0.03),
        ok({"task": task10("t1", "TASK_STATE_SUBMITTED")}, 1, 0.04),
        req("POST", "https://hooks.example.test/h", upd10("t1", "TASK_STATE_WORKING"), {"content-type": "application/a2a+json", "x-a2a-notification-token": "tok-1"}, 0.5),
        resp(200, None, 0.51, raw=""),
        req("POST", "https://hooks.example.test/h", upd10("t1", "TASK_STATE_COMPLETED"), {"content-type": "application/a2a+json", "x-a2a-notification-token": "tok-1"}, 2.0),
        resp(200, None, 2.01, raw=""),
        call("GetTask", {"id": "t1"}, 2, get_t),
        resp(200, {"jsonrpc": "2.0", "id": 2, "error": {"code": -32001, "message": "Task not found"}}, get_t + 0.01)]
case("b30q-2-legal-v10-push-completed-gettask-later-not-found", push_then_get(900.0), [],
     "the task was seen COMPLETED only in the agent's push notification; 15 minutes later GetTask is answered TaskNotFoundError: a finished task may be purged (TASK-003; 1.0 §3.3.2 'already completed and purged'), whether the client learnt the end from an answer, a stream or a push")
case("b30q-2-v10-push-completed-gettask-at-once-not-found", push_then_get(3.0),
     [("task-id-not-resolvable", "error")],
     "control: one second after the push said COMPLETED the agent no longer knows the task: no purge grace yet")

def push03_then_get(get_t, body):
    c = {"name": "Demo", "description": "Demo agent", "url": RPC, "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0",
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [SKILL]}
    MSG03 = {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}
    return serve_card(c) + [
        req("POST", RPC, {"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": MSG03, "configuration": {"blocking": False, "pushNotificationConfig": {"url": "https://hooks.example.test/h", "token": "tok-1"}}}}, None, 0.03),
        ok({"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "submitted", "timestamp": TS}}, 1, 0.04),
        req("POST", "https://hooks.example.test/h", body, {"x-a2a-notification-token": "tok-1"}, 2.0),
        resp(200, None, 2.01, raw=""),
        req("POST", RPC, {"jsonrpc": "2.0", "id": 2, "method": "tasks/get", "params": {"id": "t1"}}, None, get_t),
        resp(200, {"jsonrpc": "2.0", "id": 2, "error": {"code": -32001, "message": "Task not found"}}, get_t + 0.01)]
case("b30q-2-legal-v03-push-task-completed-get-later-not-found",
     push03_then_get(900.0, {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": TS}}), [],
     "0.3: the agent's push POSTed the Task in state completed (0.x push payloads are the Task, PUSH-005); 15 minutes later tasks/get is answered -32001: a finished task may be purged (TASK-003)")
case("b30q-2-legal-v03-push-status-update-completed-get-later-not-found",
     push03_then_get(900.0, {"kind": "status-update", "taskId": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": TS}, "final": True}), [],
     "0.3: the same with a status-update push")
case("b30q-2-legal-v10-push-task-snapshot-completed-gettask-later-not-found",
     (lambda ev: ev[:6] + [req("POST", "https://hooks.example.test/h", {"task": task10("t1", "TASK_STATE_COMPLETED")}, {"content-type": "application/a2a+json", "x-a2a-notification-token": "tok-1"}, 2.0)] + ev[7:])(push_then_get(900.0)), [],
     "1.0: the push carried the Task snapshot in COMPLETED (a StreamResponse's task member)")

# ---- 3: a task read under another credential (AUTH-006: get/cancel/subscribe scoped to the caller; TASK-009)
import base64
def jwt(sub, iss="https://idp.example.test", n=1):
    b = lambda o: base64.urlsafe_b64encode(json.dumps(o).encode()).decode().rstrip("=")
    return "Bearer " + b({"alg": "RS256", "typ": "JWT"}) + "." + b({"iss": iss, "sub": sub, "iat": 1764000000 + n, "exp": 1764003600 + n}) + ".c2lnbmF0dXJl" + str(n)
def basic(user, pw):
    return "Basic " + base64.b64encode((user + ":" + pw).encode()).decode()
def scoped(cred_a, cred_b, op="GetTask", answer=None):
    c = card_doc(RPC, "JSONRPC")
    # review34: Basic users get a card that declares Basic (a Basic credential served under
    # a Bearer-only card is AUTH-SCHEME-003 of its own)
    if cred_a.startswith("Basic "):
        c["securitySchemes"] = {"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}}
        c["securityRequirements"] = [{"schemes": {"basic": {"list": []}}}]
    else:
        c["securitySchemes"] = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}
        c["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
    return serve_card(c) + [
        call("SendMessage", {"message": MSG10, "configuration": {"returnImmediately": True}}, 1, 0.03, dict(V10, authorization=cred_a)),
        ok({"task": task10("t1", "TASK_STATE_WORKING")}, 1, 0.04),
        call(op, {"id": "t1"}, 2, 5.0, dict(V10, authorization=cred_b)),
        ok(answer or task10("t1", "TASK_STATE_WORKING"), 2, 5.01)]
case("b30q-3-v10-gettask-served-to-other-jwt-subject", scoped(jwt("user-ana"), jwt("user-bo")),
     [("other-callers-task-served", "error")],
     "the task was handed out to the bearer token of subject user-ana; GetTask under a token of subject user-bo (same issuer) got the task: another principal read it, where TaskNotFoundError is due (AUTH-006, TASK-009)")
case("b30q-3-v10-canceltask-served-to-other-basic-user", scoped(basic("ana", "pw-a"), basic("bo", "pw-b"), "CancelTask", task10("t1", "TASK_STATE_CANCELED")),
     [("other-callers-task-served", "error")],
     "Basic credentials of user ana created the task, user bo cancelled it and got the canceled task back")
case("b30q-3-legal-v10-gettask-refreshed-token-same-subject", scoped(jwt("user-ana", n=1), jwt("user-ana", n=2)), [],
     "the second token has other bytes (a refreshed token: other iat, exp and signature) but the same issuer and subject: the same user reads their own task")
case("b30q-3-legal-v10-gettask-other-opaque-token", scoped("Bearer opaque-token-aaaa", "Bearer opaque-token-bbbb"), [],
     "two opaque tokens: the recording cannot tell one user with a refreshed token from two users, so only a note (AUTH-SCOPE-004) is given, no warning or error")

# ---- 4: a stream event without an id (RPC-005: each data is a JSON-RPC response with the request id)
def rpc_stream(events):
    return rpccard() + [
        call("SendStreamingMessage", {"message": MSG10}, 1, 0.03, dict(V10, accept="text/event-stream")),
        resp(200, None, 0.04, "text/event-stream", "")] + [
        chunk("data: " + json.dumps(e) + "\n\n", 0.05 + k * 0.1) for k, e in enumerate(events)] + [chunk("", 1.0, close="eof")]
case("b30q-4-v10-rpc-stream-event-without-id", rpc_stream([
    {"jsonrpc": "2.0", "result": {"task": task10("t1", "TASK_STATE_WORKING")}},
    {"jsonrpc": "2.0", "result": upd10("t1", "TASK_STATE_COMPLETED")}]),
    [("stream-event-envelope-wrong", "error")],
    "the events carry no id: one fault, told once by the stream rule (RPC-005 names the request id of every stream event), not also as a malformed JSON-RPC response")
case("b30q-4-v10-rpc-stream-event-without-id-and-jsonrpc", rpc_stream([
    {"id": 1, "result": {"task": task10("t1", "TASK_STATE_WORKING")}},
    {"jsonrpc": "2.0", "result": upd10("t1", "TASK_STATE_COMPLETED")}]),
    [("jsonrpc-response-malformed", "error"), ("stream-event-envelope-wrong", "error")],
    "control: two faults, two errors: the first event lacks the jsonrpc member (RPC-001), the second the id (RPC-005)")

# ---- 5: RPC-ERROR-001 for a cancel answered -32603 (TASK-003): what the recording shows
def cancel_case(others, t=1.0):
    ev = rpccard() + [call("SendMessage", {"message": MSG10, "configuration": {"returnImmediately": True}}, 1, 0.03),
                      ok({"task": task10("t1", "TASK_STATE_WORKING")}, 1, 0.04)]
    i = 2
    for m, p, r in others:
        ev.append(call(m, p, i, t))
        ev.append(ok(r, i, t + 0.01) if r is not None else err(-32603, "Internal error", i, t + 0.01))
        i += 1
        t += 1.0
    ev.append(call("CancelTask", {"id": "t1"}, i, t))
    ev.append(err(-32603, "Internal error", i, t + 0.01))
    return ev
case("b30q-5-v10-rpc-cancel-internal-error-other-calls-answered",
     cancel_case([("GetTask", {"id": "t1"}, task10("t1", "TASK_STATE_WORKING")),
                  ("SendMessage", {"message": dict(MSG10, messageId="m2")}, {"task": task10("t2", "TASK_STATE_COMPLETED")})]),
     [("jsonrpc-error-code-mismatch", "error")],
     "GetTask and SendMessage to the same agent were answered just before: the agent is up, its cancel is what breaks (RPC-ERROR-001's message says so)")
case("b30q-5-legal-v10-rpc-cancel-internal-error-every-call-failing",
     cancel_case([("GetTask", {"id": "t1"}, None), ("SendMessage", {"message": dict(MSG10, messageId="m2")}, None)]),
     [],
     "every other call to the agent in the minute before the cancel was answered -32603 too: the agent was failing as a whole (an outage), and -32603 is JSON-RPC's right answer for a server that broke (ERR-001); nothing shows that its cancel in particular is broken")
case("b30q-5-v10-rpc-cancel-internal-error-nothing-else-seen",
     cancel_case([], 120.0),
     [("jsonrpc-error-code-mismatch", "error")],
     "the cancel comes two minutes after the send, with no other call in between: the finding stands (a live task's cancel gets TaskNotCancelableError, TASK-003) and its message says the recording cannot rule out an outage")
case("b30q-5-v10-rpc-cancel-internal-error-after-outage-ended",
     cancel_case([("GetTask", {"id": "t1"}, None), ("SendMessage", {"message": dict(MSG10, messageId="m2")}, None),
                  ("GetTask", {"id": "t1"}, task10("t1", "TASK_STATE_WORKING"))]),
     [("jsonrpc-error-code-mismatch", "error")],
     "two calls failed, then GetTask was answered again just before the cancel: the agent was up when the cancel failed")

# ---- 6: TASK-STATE-014 for data-only delegate messages
def send_data(url, data, mid, i, t, xid, text=None):
    parts = [{"data": data}] if text is None else [{"text": text}]
    h = {"accept": "application/json"}
    h.update(V10)
    return req("POST", url, {"jsonrpc": "2.0", "id": i, "method": "SendMessage", "params": {"message": {"messageId": mid, "role": "ROLE_USER", "parts": parts}}}, h, t, xid)
def rejected(tid, text, i, t, xid):
    return ok({"task": {"id": tid, "contextId": "c-" + tid, "status": {"state": "TASK_STATE_REJECTED", "timestamp": TS,
              "message": {"messageId": "m-" + tid, "role": "ROLE_AGENT", "parts": [{"text": text}], "taskId": tid, "contextId": "c-" + tid}}}}, i, t, xid)
def completed(tid, text, i, t, xid):
    return ok({"task": {"id": tid, "contextId": "c-" + tid, "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
              "artifacts": [{"artifactId": "a-" + tid, "parts": [{"text": text}]}]}}, i, t, xid)
CG = "https://concierge.example.test/a2a"
PAY = "https://payments.example.test/a2a"
NO = "Refunds above 200 EUR need a supervisor's approval."
case("b30q-6-v10-delegate-data-only-tied-by-values", [
    send_data(CG, {"ticket": "T-88412", "action": "refund", "amount": 450, "currency": "EUR"}, "m-a", "1", 0.0, "a"),
    send_data(PAY, {"orderRef": "T-88412", "refundAmount": 450, "currency": "EUR"}, "m-b", "2", 0.2, "b"),
    rejected("t-pay", NO, "2", 0.6, "b"),
    completed("t-cg", NO, "1", 1.0, "a")], [("delegate-outcome-relayed-as-completed", "warning")],
    "both calls carry only a DataPart; the payment call's data shares the values T-88412, 450 and EUR with the concierge call's: it is the concierge's delegate call, and its refusal came back as the concierge's completed result")
case("b30q-6-v10-delegate-data-ask-text-orchestrator", [
    send_data(CG, None, "m-c", "1", 0.0, "a", "Please refund ticket T-88412, 450 EUR"),
    send_data(PAY, {"orderRef": "T-88412", "refundAmount": 450, "currency": "EUR"}, "m-d", "2", 0.2, "b"),
    rejected("t-pay", NO, "2", 0.6, "b"),
    completed("t-cg", NO, "1", 1.0, "a")], [("delegate-outcome-relayed-as-completed", "warning")],
    "the user asked in words, the orchestrator called the payment agent with data carrying the same ticket and amount: tied the same way")
case("b30q-6-legal-v10-data-only-unrelated-values", [
    send_data(CG, {"ticket": "T-88412", "action": "refund", "amount": 450}, "m-e", "1", 0.0, "a"),
    send_data(PAY, {"orderRef": "O-1193", "refundAmount": 80}, "m-f", "2", 0.2, "b"),
    rejected("t-pay", NO, "2", 0.6, "b"),
    completed("t-cg", NO, "1", 1.0, "a")], [],
    "two data-only calls that share no value (member names alike do not tie them): no delegate call of the concierge")

# ---- 7: AUTH-LEAK-001 and a file name the client mentioned
def send_rest(text, t=0.03):
    return req("POST", H + "/message:send", {"message": dict(MSG10, parts=[{"text": text}])}, V10, t)
def rest_err(status, code_name, msg, t=0.04):
    return resp(status, {"error": {"code": status, "status": code_name, "message": msg}}, t)
L = [("error-text-shows-internals", "warning")]
case("b30q-7-v10-rest-error-shows-folder-of-mentioned-file", card() + [
    send_rest("why does report.py fail?"),
    rest_err(500, "INTERNAL", "unhandled error in /srv/app/internal/report.py line 88")], L,
    "the client named only the file name report.py; the error shows the agent's folder /srv/app/internal/ that the client never sent: the agent's layout, a leak")
case("b30q-7-v10-rpc-error-shows-windows-folder-of-mentioned-file", rpccard() + [
    call("SendMessage", {"message": dict(MSG10, parts=[{"text": "run main.go for me"}])}),
    err(-32603, "panic in C:\\agents\\runner\\main.go: index out of range")], L,
    "the same with a Windows path: only main.go came from the client")
case("b30q-7-legal-v10-rest-error-quotes-mentioned-relative-path", card() + [
    send_rest("summarize src/report.py"),
    rest_err(400, "INVALID_ARGUMENT", "cannot open /srv/uploads/u7/src/report.py: not shared with the agent")], [],
    "control: the client sent a path with its folder (src/report.py); the agent resolved it under its upload folder: the user's file (b29q-2's reading)")

# ---- 8: HTTP-MEDIA-003 and JSON media types that are not the binding's (RPC-001, REST-003, REST-001)
def rpc_as(mt):
    return rpccard() + [req("POST", RPC, {"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": MSG10}}, dict(V10, **{"content-type": mt}), 0.03),
                        ok({"task": task10("t1", "TASK_STATE_COMPLETED")}, 1, 0.04)]
M = [("client-request-media-type-wrong", "warning")]  # 1.0 HTTP+JSON: the SHOULD
MJ = [("client-request-not-application-json", "error")]  # JSON-RPC, 0.3 HTTP+JSON: the MUST (revised45)
case("b30q-8-v10-rpc-request-as-application-json-rpc", rpc_as("application/json-rpc"), MJ,
     "application/json-rpc is JSON, but JSON-RPC requests are application/json (RPC-001 MUST): the message names what to send")
case("b30q-8-v10-rpc-request-as-text-json", rpc_as("text/json"), MJ,
     "text/json is an old JSON alias; the binding's media type is application/json (RPC-001)")
case("b30q-8-v10-rpc-request-as-vendor-json", rpc_as("application/vnd.acme.a2a+json"), MJ,
     "a vendor +json type is JSON but not the binding's media type (RPC-001 MUST application/json)")
case("b30q-8-legal-v10-rpc-request-as-json-with-charset", rpc_as("application/json; charset=utf-8"), [],
     "control: application/json with a charset parameter is the binding's media type")
def rest_as(mt, v03=False):
    if v03:
        return [req("POST", H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, {"content-type": mt}, 0.03),
                resp(200, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}, 0.04)]
    return card() + [req("POST", H + "/message:send", {"message": MSG10}, dict(V10, **{"content-type": mt}), 0.03),
                     resp(200, {"task": task10("t1", "TASK_STATE_COMPLETED")}, 0.04)]
case("b30q-8-legal-v10-rest-request-as-a2a-json", rest_as("application/a2a+json"), [],
     "control: application/a2a+json is the 1.0 HTTP+JSON media type (REST-001)")
case("b30q-8-v10-rest-request-as-application-json-rpc", rest_as("application/json-rpc"), M,
     "1.0 HTTP+JSON bodies are application/a2a+json or application/json (REST-001)")
case("b30q-8-v03-rest-request-as-a2a-json", rest_as("application/a2a+json", True), MJ,
     "0.3 HTTP+JSON bodies are application/json (REST-003 MUST); application/a2a+json is 1.0's")

print(len(CASES), "cases")

#!/usr/bin/env python3
"""left58: the l58-* variants (tests/cases/variants), one function per item of the brief.

Run from the repository root: python3 tests/cases/gen_l58.py. Writes each .jsonl and its
.expect.json (the prediction, written before the fix)."""
import base64
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "variants")
HOST = "https://agent.example.test"


def card10(binding="JSONRPC", url=HOST + "/a2a", push=False):
    return {
        "name": "Helper", "description": "Answers questions",
        "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": push},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
    }


def card03(push=False):
    return {
        "protocolVersion": "0.3.0", "name": "Helper", "description": "Answers questions",
        "url": HOST + "/a2a", "preferredTransport": "JSONRPC", "version": "1.0.0",
        "capabilities": {"streaming": True, "pushNotifications": push},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
    }


def card_lines(card):
    return [
        {"dir": "req", "t": 0.0, "method": "GET", "url": HOST + "/.well-known/agent-card.json",
         "headers": {"accept": "application/json"}, "body": ""},
        {"dir": "resp", "t": 0.01, "status": 200,
         "headers": {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"v1\""},
         "body": json.dumps(card)},
    ]


def rpc(t, method, params, v10=True, rid=None):
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    if v10:
        h["a2a-version"] = "1.0"
    return {"dir": "req", "t": t, "method": "POST", "url": HOST + "/a2a", "headers": h,
            "body": json.dumps({"jsonrpc": "2.0", "id": rid or f"r{t}", "method": method, "params": params})}


def rest(t, method, path, body=None):
    h = {"accept": "application/json", "a2a-version": "1.0"}
    if body is not None:
        h["content-type"] = "application/json"
    return {"dir": "req", "t": t, "method": method, "url": HOST + path, "headers": h,
            "body": "" if body is None else json.dumps(body)}


def resp(t, body, status=200, media="application/json"):
    return {"dir": "resp", "t": t, "status": status, "headers": {"content-type": media},
            "body": body if isinstance(body, str) else json.dumps(body)}


def ok(t, rid, result):
    return resp(t, {"jsonrpc": "2.0", "id": rid, "result": result})


def err(t, rid, code, message, data=None):
    e = {"code": code, "message": message}
    if data is not None:
        e["data"] = data
    return resp(t, {"jsonrpc": "2.0", "id": rid, "error": e})


def msg10(mid, text="draft the notes", task=None):
    m = {"messageId": mid, "role": "ROLE_USER", "parts": [{"text": text}]}
    if task:
        m["taskId"] = task
        m["contextId"] = "c1"
    return m


def task10(tid="t1", state="TASK_STATE_WORKING", **more):
    t = {"id": tid, "contextId": "c1", "status": {"state": state, "timestamp": "2026-03-02T10:15:00.000Z"}}
    t.update(more)
    return t


def send10(t=0.2, state="TASK_STATE_WORKING", **more):
    params = {"message": msg10("m1")}
    if state == "TASK_STATE_WORKING":
        params["configuration"] = {"returnImmediately": True}
    return [rpc(t, "SendMessage", params),
            ok(t + 0.1, f"r{t}", {"task": task10(state=state, **more)})]


def write(name, lines, expect):
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps(expect, indent=2) + "\n")


def exp(findings, note, legal_warnings=None):
    e = {"findings": [{"rule": r, "severity": s} for r, s in findings], "source": "left58", "note": note}
    if legal_warnings:
        e["allowed_warnings"] = legal_warnings
    return e


# ---- item 1: a generic error for a task id the agent never saw (TASK-009, ERR-002) ---------

def item1():
    internal = {"code": -32603, "message": "Internal error"}
    # 1.0 JSON-RPC GetTask of an id nowhere in the recording, -32603
    lines = card_lines(card10()) + send10(state="TASK_STATE_COMPLETED",
                                          artifacts=[{"artifactId": "a1", "parts": [{"text": "v2.1"}]}])
    lines += [rpc(1.0, "GetTask", {"id": "t-gone-77"}), err(1.01, "r1.0", -32603, "Internal error")]
    write("l58-1-v10-get-unknown-task-internal-error", lines, exp(
        [("unknown-task-internal-error", "note")],
        "left58 item 1: GetTask of t-gone-77, an id that appears nowhere else in the recording, answered -32603: "
        "TaskNotFoundError (-32001) is owed for an unknown task (TASK-009, ERR-002); passively the task may predate "
        "the recording, so a note (ID-TASK-010). Silent before session 58"))
    # 0.3 tasks/cancel of an unseen id, -32603
    lines = card_lines(card03())
    lines += [rpc(1.0, "tasks/cancel", {"id": "t-gone-78"}, v10=False), err(1.01, "r1.0", -32603, "Internal error")]
    write("l58-1-v03-cancel-unknown-task-internal-error", lines, exp(
        [("unknown-task-internal-error", "note")],
        "left58 item 1: 0.3 tasks/cancel of an id the recording never saw answered -32603 (0.3 section 8.2 names -32001 "
        "for it, ERR-002 SHOULD): the passive note ID-TASK-010. Silent before session 58"))
    # 1.0 HTTP+JSON SubscribeToTask... GET /tasks/{id} answered 500 INTERNAL without a reason
    lines = card_lines(card10("HTTP+JSON", HOST + "/api"))
    lines += [rest(1.0, "GET", "/api/tasks/t-gone-79"),
              resp(1.01, {"error": {"code": 500, "status": "INTERNAL", "message": "lookup failed"}}, 500)]
    write("l58-1-v10-rest-get-unknown-task-500", lines, exp(
        [("unknown-task-internal-error", "note")],
        "left58 item 1: 1.0 HTTP+JSON GET /tasks/t-gone-79 (an id the recording never saw) answered HTTP 500 INTERNAL: "
        "404 TASK_NOT_FOUND is owed (TASK-009, ERR-002, ERR-003); a note (ID-TASK-010). Silent before session 58"))
    # legal neighbour: the same -32603 to a GetTask of a task the agent handed out (a real failure)
    lines = card_lines(card10()) + send10()
    lines += [rpc(1.0, "GetTask", {"id": "t1"}), err(1.01, "r1.0", -32603, "Internal error")]
    write("l58-1-legal-v10-get-known-task-internal-error", lines, exp(
        [], "left58 item 1, legal neighbour: -32603 to GetTask of t1, which the agent handed out: an internal failure "
            "may be real; not told"))
    # stronger: the agent answered TaskNotFound for the id first, then -32603 on the cancel
    lines = card_lines(card10())
    lines += [rpc(1.0, "GetTask", {"id": "t-gone-80"}),
              err(1.01, "r1.0", -32001, "Task not found",
                  [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]),
              rpc(2.0, "CancelTask", {"id": "t-gone-80"}), err(2.01, "r2.0", -32603, "Internal error")]
    write("l58-1-v10-cancel-internal-after-task-not-found", lines, exp(
        [("jsonrpc-error-code-mismatch", "error")],
        "left58 item 1, the stronger form: the agent answered GetTask of t-gone-80 -32001 TaskNotFoundError, then "
        "CancelTask of the same id -32603: the recording shows the task does not exist, so RPC-ERROR-001 (as before "
        "session 58), and no note beside it"))


def grpc_frame(payload: bytes) -> str:
    return base64.b64encode(b"\x00" + len(payload).to_bytes(4, "big") + payload).decode()


def item1_grpc():
    head = {"type": "recording", "format": 1, "tool": {"name": "left58-gen", "version": "1"},
            "startedAt": "2026-10-05T10:00:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"],
            "routes": [{"prefix": "/", "upstream": "http://grpc-l58.example.test:50051"}], "redacted": False}
    card = card10("GRPC", "grpc-l58.example.test:50051")
    cbody = json.dumps(card)
    ev = [head,
          {"seq": 0, "t_us": 0, "type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"},
          {"seq": 1, "t_us": 1000, "exchange": "e1", "type": "request_head", "conn": 1, "method": "GET",
           "url": "http://grpc-l58.example.test/.well-known/agent-card.json", "version": "HTTP/1.1",
           "headers": [["accept", "application/json"]], "upstream": "http://grpc-l58.example.test/.well-known/agent-card.json"},
          {"seq": 2, "t_us": 2000, "exchange": "e1", "type": "response_head", "status": 200, "version": "HTTP/1.1",
           "headers": [["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", "\"card-v1\""]]},
          {"seq": 3, "t_us": 3000, "exchange": "e1", "type": "response_chunk", "body": cbody},
          {"seq": 4, "t_us": 4000, "exchange": "e1", "type": "exchange_end", "outcome": "complete",
           "request_bytes": 0, "response_bytes": len(cbody)}]
    tid = b"t-gone-81"
    req = grpc_frame(b"\x12" + bytes([len(tid)]) + tid)
    url = "http://grpc-l58.example.test:50051/lf.a2a.v1.A2AService/GetTask"
    ev += [{"seq": 5, "t_us": 5000, "exchange": "e2", "type": "request_head", "conn": 1, "method": "POST", "url": url,
            "version": "HTTP/2.0", "headers": [["content-type", "application/grpc"], ["te", "trailers"], ["a2a-version", "1.0"]],
            "upstream": url},
           {"seq": 6, "t_us": 6000, "exchange": "e2", "type": "request_body", "body": req, "encoding": "base64"},
           {"seq": 7, "t_us": 7000, "exchange": "e2", "type": "response_head", "status": 200, "version": "HTTP/2.0",
            "headers": [["content-type", "application/grpc"]]},
           {"seq": 8, "t_us": 8000, "exchange": "e2", "type": "exchange_end", "outcome": "complete", "request_bytes": 16,
            "response_bytes": 0, "trailers": [["grpc-status", "2"], ["grpc-message", "Exception calling application: 't-gone-81'"]]}]
    with open(os.path.join(OUT, "l58-1-v10-grpc-get-unknown-task-unknown.jsonl"), "w") as f:
        for e in ev:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, "l58-1-v10-grpc-get-unknown-task-unknown.expect.json"), "w") as f:
        f.write(json.dumps(exp(
            [("unknown-task-internal-error", "note")],
            "left58 item 1: 1.0 gRPC GetTask of t-gone-81 (never seen) ended UNKNOWN (2) with a Python KeyError's text: "
            "NOT_FOUND with ErrorInfo TASK_NOT_FOUND is owed (TASK-009, ERR-005); a note (ID-TASK-010). Silent before "
            "session 58"), indent=2) + "\n")


# ---- item 2: STREAM-SHAPE-001 names every problem of task and artifact events ----------------

def sse(t, rid, result):
    return {"dir": "chunk", "t": t, "body": "data: " + json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}) + "\n\n"}


def item2():
    lines = card_lines(card10())
    lines += [rpc(0.2, "SendStreamingMessage", {"message": msg10("m1")}),
              {"dir": "resp", "t": 0.21, "status": 200, "headers": {"content-type": "text/event-stream"}, "body": ""}]
    rid = "r0.2"
    # event 1: the task, two problems (naive timestamp, history message without messageId)
    t = task10(history=[{"role": "ROLE_USER", "parts": [{"text": "draft the notes"}]}])
    t["status"]["timestamp"] = "2026-03-02 10:15:00"
    lines.append(sse(0.25, rid, {"task": t}))
    # event 2: an artifact update, two problems (metadata a list, a part with no content)
    lines.append(sse(1.0, rid, {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {
        "artifactId": "a1", "metadata": ["x"], "parts": [{"text": "v1"}, {"mediaType": "text/plain"}]}}}))
    # event 3: the end, well formed
    lines.append(sse(1.2, rid, {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {
        "state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:03.000Z"}}}))
    lines.append({"dir": "chunk", "t": 1.21, "body": "", "close": "eof"})
    write("l58-2-v10-stream-task-and-artifact-event-problems", lines, exp(
        [("stream-event-invalid-shape", "error")],
        "left58 item 2: one STREAM-SHAPE-001 for the stream naming the task event's two problems (the naive status "
        "timestamp, the history message without messageId) and the artifact update's two (metadata a list, a part "
        "with no content). Before session 58 it named the task event's first problem only"))


# ---- item 3: a 501 to a live task's cancel ---------------------------------------------------

def item3():
    lines = card_lines(card10()) + send10()
    lines += [rpc(9.0, "CancelTask", {"id": "t1"}), resp(9.01, "Not Implemented", 501, "text/plain")]
    write("l58-3-v10-cancel-working-task-501", lines, exp(
        [("jsonrpc-response-malformed", "error")],
        "left58 item 3: CancelTask of t1 (working) at the JSON-RPC url that answered the send, refused with a 501 "
        "text page: the url answered; the refusal lacks the JSON-RPC response with the A2A error (-32002 "
        "TaskNotCancelableError, or -32004 UnsupportedOperationError for an agent that does not cancel): "
        "RPC-ENVELOPE-001, not CARD-URL-002 (whose words said the url does not answer)"))


# ---- item 4: RPC-ERROR-004 on 0.x ------------------------------------------------------------

def item4():
    lines = card_lines(card03())
    lines += [rpc(1.0, "tasks/get", {"id": "t-gone-82"}, v10=False), err(1.01, "r1.0", -32001, "Task not found")]
    write("l58-4-legal-v03-task-not-found-without-data", lines, exp(
        [], "left58 item 4: a 0.3 -32001 without error.data: ERR-004 is 1.0's (0.x data is free-form), so "
            "RPC-ERROR-004 stays silent on 0.x"))


# ---- item 5: lists written as objects keyed "0", "2" (PHP json_encode after array_filter) ---------

def item5():
    hist = {"0": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "draft the notes"}]},
            "2": {"messageId": "m9", "role": "ROLE_AGENT", "parts": [{"text": "done"}]}}
    arts = {"0": {"artifactId": "a1", "parts": [{"text": "v2.1"}]}, "2": {"artifactId": "a3", "parts": [{"text": "v2.3"}]}}
    lines = card_lines(card10()) + send10(state="TASK_STATE_COMPLETED", history=hist)
    write("l58-5-v10-task-history-numeric-keys", lines, exp(
        [("result-invalid-shape", "error")],
        "left58 item 5: the send's Task has history {\"0\": ..., \"2\": ...} (PHP json_encode after array_filter): "
        "a repeated field (proto Task.history) is a JSON list; silent before session 58"))
    lines = card_lines(card10()) + send10(state="TASK_STATE_COMPLETED", artifacts=arts)
    write("l58-5-v10-task-artifacts-numeric-keys", lines, exp(
        [("result-invalid-shape", "error")],
        "left58 item 5: the send's Task has artifacts {\"0\": ..., \"2\": ...}: a list in ProtoJSON; silent before "
        "session 58"))
    lines = card_lines(card10(push=True)) + send10()
    lines += [rpc(1.0, "ListTaskPushNotificationConfigs", {"taskId": "t1"}),
              ok(1.01, "r1.0", {"configs": {"0": {"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"}},
                                "nextPageToken": ""})]
    write("l58-5-v10-push-list-configs-numeric-keys", lines, exp(
        [("result-invalid-shape", "error")],
        "left58 item 5: ListTaskPushNotificationConfigs answered configs {\"0\": {...}}: a list in ProtoJSON "
        "(ListTaskPushNotificationConfigsResponse.configs); silent before session 58"))
    lines = card_lines(card10()) + send10(state="TASK_STATE_COMPLETED",
                                          history=[hist["0"], hist["2"]], artifacts=[arts["0"], arts["2"]])
    write("l58-5-legal-v10-task-lists", lines, exp(
        [], "left58 item 5, legal neighbour: the same Task with history and artifacts as lists"))


# ---- item 6: an agent that accepts authentication: [] -----------------------------------------

def item6():
    cfg = {"taskId": "t1", "id": "p1", "url": "https://client.example.test/hook", "authentication": []}
    lines = card_lines(card10(push=True)) + send10()
    lines += [rpc(1.0, "CreateTaskPushNotificationConfig", cfg), ok(1.01, "r1.0", cfg)]
    write("l58-6-v10-push-create-empty-list-authentication-accepted", lines, exp(
        [("push-config-request-without-url", "error"), ("request-param-invalid-accepted", "error")],
        "left58 item 6: the client's Create with authentication: [] (PHP's empty array) is told (PUSH-CFG-003); the "
        "agent echoed it back as the stored config instead of refusing it -32602: a 1.0 agent validates input first "
        "(ERR-006) and SHOULD reject a malformed message (DATA-003); authentication is an AuthenticationInfo object "
        "whose scheme is REQUIRED (PUSH-002)"))
    lines = card_lines(card10(push=True)) + send10()
    lines += [rpc(1.0, "CreateTaskPushNotificationConfig", cfg),
              err(1.01, "r1.0", -32602, "authentication: expected an object",
                  [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_ARGUMENT", "domain": "a2a-protocol.org"}])]
    write("l58-6-legal-v10-push-create-empty-list-authentication-refused", lines, exp(
        [("push-config-request-without-url", "error")],
        "left58 item 6, legal neighbour: the agent refuses the same Create -32602: only the client's fault"))


# ---- item 7: a blank push config id on JSON-RPC --------------------------------------------------

def item7():
    lines = card_lines(card10(push=True)) + send10()
    lines += [rpc(1.0, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": ""}),
              err(1.01, "r1.0", -32602, "id is required")]
    write("l58-7-v10-get-push-config-blank-id", lines, exp(
        [("client-task-call-without-id", "error")],
        "left58 item 7: JSON-RPC GetTaskPushNotificationConfig with id \"\" (a blank config id): the REQUIRED id is "
        "empty, as the HTTP+JSON route .../pushNotificationConfigs/ with a blank segment (DATA-PARAM-003)"))


def item7_rest():
    lines = card_lines(card10("HTTP+JSON", HOST + "/api", push=True))
    lines += [rest(0.2, "POST", "/api/message:send", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              resp(0.3, {"task": task10()}),
              rest(1.0, "POST", "/api/tasks/t1/pushNotificationConfigs", {"url": "https://client.example.test/hook"}),
              resp(1.01, {"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"}),
              rest(2.0, "GET", "/api/tasks/t1/pushNotificationConfigs/"),
              resp(2.01, {"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"})]
    write("l58-7-v10-rest-get-push-config-blank-id-served-one-config", lines, exp(
        [("client-task-call-without-id", "error"), ("call-without-required-id-accepted", "warning")],
        "left58 item 7: GET .../pushNotificationConfigs/ (a blank config id, a2a-java #1012) answered 200 with one "
        "config: the client's DATA-PARAM-003 as before, and the agent's DATA-PARAM-004: it served a call that names no "
        "config with a guess instead of refusing it (ERR-006, DATA-003), as on JSON-RPC. The agent's half was silent "
        "before session 58"))


if __name__ == "__main__":
    item7_rest()
    item1()
    item1_grpc()
    item2()
    item3()
    item4()
    item5()
    item6()
    item7()

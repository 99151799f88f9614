#!/usr/bin/env python3
"""Session 27's verifier items (q27a, b27q-*): the review's and breaker26's leftovers as
transcript faults and legal controls. Run from the repo root: python3 tests/cases/gen_b27q.py"""
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "variants")
A = "https://agent.example.test"


def req(t, method, url, headers, body=""):
    if not isinstance(body, str):
        body = json.dumps(body, separators=(",", ":"))
    return {"dir": "req", "t": t, "method": method, "url": url, "headers": headers, "body": body}


def resp(t, status, headers, body=""):
    if not isinstance(body, str):
        body = json.dumps(body, separators=(",", ":"))
    return {"dir": "resp", "t": t, "status": status, "headers": headers, "body": body}


def chunk(t, body, close=None):
    e = {"dir": "chunk", "t": t, "body": body}
    if close:
        e["close"] = close
    return e


def sse(obj):
    return "data: " + json.dumps(obj, separators=(",", ":")) + "\n\n"


def write(name, events, findings, source, note):
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        json.dump(
            {
                "findings": [{"rule": r, "severity": s} for r, s in findings],
                "source": source,
                "note": note,
            },
            f,
            indent=2,
        )
        f.write("\n")


JSON = {"content-type": "application/json"}
SSE = {"content-type": "text/event-stream"}
V10 = {**JSON, "a2a-version": "1.0"}
CARD03 = {
    "protocolVersion": "0.3.0",
    "name": "assistant",
    "description": "AI assistant",
    "url": A + "/",
    "preferredTransport": "JSONRPC",
    "version": "1.0.0",
    "capabilities": {"streaming": True},
    "defaultInputModes": ["text/plain"],
    "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
}
CARD10 = {
    "name": "assistant",
    "description": "AI assistant",
    "supportedInterfaces": [{"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
    "version": "1.0.0",
    "capabilities": {"streaming": True},
    "defaultInputModes": ["text/plain"],
    "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
}
CARD_GET = req(0.0, "GET", A + "/.well-known/agent-card.json", {"accept": "application/json"})


def card(c):
    return resp(0.004, 200, {**JSON, "cache-control": "max-age=300", "etag": "\"c1\""}, c)


MSG10 = {"messageId": "9f0c1b2a-4d3e-4f5a-8b6c-7d8e9fa0b1c2", "role": "ROLE_USER", "parts": [{"text": "summarize this"}]}
MSG03 = {"kind": "message", "messageId": "9f0c1b2a-4d3e-4f5a-8b6c-7d8e9fa0b1c2", "role": "user", "parts": [{"kind": "text", "text": "summarize this"}]}


def send10(rid, method="SendMessage"):
    return req(0.01, "POST", A + "/a2a", V10, {"jsonrpc": "2.0", "id": rid, "method": method, "params": {"message": MSG10}})


def send03(rid, method="message/send"):
    return req(0.01, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": rid, "method": method, "params": {"message": MSG03}})


def rpc_error(rid, code, message):
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


# ---- item 1 (review26 R13): a refusal of a request its refuser did not read whole ----------
SRC1 = "https://www.jsonrpc.org/specification (JSON-RPC 2.0 §5: 'If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null'); RFC 9110 §15.5.14 (413 Content Too Large)"
for name, status, body, rq, findings, note in [
    (
        "b27q-1-legal-v10-jsonrpc-413-invalid-request-id-null",
        413,
        rpc_error(None, -32600, "Request body too large"),
        send10(7),
        [],
        "a body-size limit answers 413 with a JSON-RPC -32600 of id null: it never read the body, so the id could not be detected and null is JSON-RPC 2.0 §5's own answer; no RPC-ID-001, no RPC-ERROR-001",
    ),
    (
        "b27q-1-legal-v03-jsonrpc-stream-413-invalid-request-id-null",
        413,
        rpc_error(None, -32600, "Payload Too Large"),
        send03("req-1", "message/stream"),
        [],
        "the 0.3 streaming form of the 413 body-size refusal: silent",
    ),
    (
        "b27q-1-legal-v10-jsonrpc-408-invalid-request-id-null",
        408,
        rpc_error(None, -32600, "Request timeout"),
        send10(7),
        [],
        "408 Request Timeout: the request did not arrive whole, id null fits",
    ),
    (
        "b27q-1-legal-v10-jsonrpc-431-parse-error-id-null",
        431,
        rpc_error(None, -32700, "Request header fields too large"),
        send10(7),
        [],
        "431 Request Header Fields Too Large: refused at the head, the body never read, id null fits",
    ),
    (
        "b27q-1-legal-v10-jsonrpc-413-invalid-request-id-echoed",
        413,
        rpc_error(7, -32600, "Payload too large"),
        send10(7),
        [],
        "a body-size check that read the id and echoed it: fine too",
    ),
    (
        "b27q-1-legal-v10-jsonrpc-502-invalid-request-id-echoed",
        502,
        rpc_error(7, -32600, "upstream refused the request"),
        send10(7),
        [],
        "a gateway's 502 with a JSON-RPC -32600 echoing the id: the code in a front's refusal is not the agent's (as for 401/403), not RPC-ERROR-001",
    ),
    (
        "b27q-1-legal-v03-jsonrpc-200-payload-too-large-id-echoed",
        200,
        rpc_error("req-1", -32600, "Payload too large"),
        send03("req-1"),
        [],
        "a2a-python's own body-size check answers -32600 'Payload too large' with the request id under HTTP 200: -32600 fits a request the server would not read",
    ),
    (
        "b27q-1-v10-jsonrpc-413-error-other-id",
        413,
        rpc_error(0, -32600, "Request body too large"),
        send10(7),
        [("jsonrpc-refusal-id-not-echoed", "warning")],
        "a 413 whose JSON-RPC error names id 0: a refuser that did not read the call can only answer id null (or echo the id it read); 0 names another call (RPC-ID-002)",
    ),
    (
        "b27q-1-v03-jsonrpc-431-error-id-string-null",
        431,
        rpc_error("null", -32600, "headers too large"),
        send03("req-1"),
        [("jsonrpc-refusal-id-not-echoed", "warning")],
        "a 431 whose JSON-RPC error carries the string \"null\", not JSON null (RPC-ID-002)",
    ),
    (
        "b27q-1-v10-jsonrpc-400-invalid-request-id-null",
        400,
        rpc_error(None, -32600, "Invalid Request"),
        send10(7),
        [("jsonrpc-id-mismatch", "error"), ("jsonrpc-error-code-mismatch", "error")],
        "a 400 is the status a JSON-RPC server's own parser answers with: -32600 id null to a valid, readable call is still the agent's (RPC-ID-001, RPC-ERROR-001), unlike a 413 of a body-size limit",
    ),
]:
    c = CARD03 if "-v03-" in name else CARD10
    write(name, [CARD_GET, card(c), rq, resp(0.02, status, JSON, body)], findings, SRC1, note)


# ---- item 2 (review26 R10): RPC-ERROR-003's messageId-not-UUID words ---------------------
SRC2 = "https://github.com/archestra-ai/archestra/pull/7599 (a messageId refused for not being a UUID; review26 R10: words about another id are not this kind)"
M03 = {**MSG03, "messageId": "client-0001", "taskId": "task-7"}
M10 = {**MSG10, "messageId": "client-0001", "taskId": "task-7"}


def send_msg(m, v10):
    if v10:
        return req(0.01, "POST", A + "/a2a", V10, {"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {"message": m}})
    return req(0.01, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 3, "method": "message/send", "params": {"message": m}})


for name, m, err, findings, note in [
    (
        "b27q-2-legal-v03-task-id-not-uuid-message-id-named",
        M03,
        {"code": -32602, "message": "Invalid params: message id client-0001 accepted, but taskId task-7 is not a valid uuid"},
        [],
        "the refusal names the messageId only to say it was accepted: the UUID it asks for is the taskId's",
    ),
    (
        "b27q-2-legal-v03-context-id-value-in-database-error",
        {**MSG03, "messageId": "msg-1", "contextId": "msg-1-ctx"},
        {"code": -32603, "message": "Internal error: invalid input syntax for type uuid: \"msg-1-ctx\""},
        [],
        "the database quotes the contextId msg-1-ctx, which merely starts with the messageId msg-1",
    ),
    (
        "b27q-2-legal-v03-validation-list-task-id-uuid",
        M03,
        {"code": -32602, "message": "Invalid params", "data": [
            {"type": "uuid_parsing", "loc": ["params", "message", "taskId"], "msg": "Input should be a valid UUID", "input": "task-7"},
            {"type": "string_too_long", "loc": ["params", "message", "messageId"], "msg": "String should have at most 8 characters", "input": "client-0001"},
        ]},
        [],
        "a validation-error list: the UUID error is the taskId's entry; the messageId's entry asks another thing",
    ),
    (
        "b27q-2-legal-v10-context-id-not-uuid-message-id-named",
        {**MSG10, "messageId": "client-0001", "contextId": "ctx-9"},
        {"code": -32602, "message": "Invalid params: contextId ctx-9 of message id client-0001 must be a UUID"},
        [],
        "1.0: the UUID asked for is the contextId's (the messageId is only named as its holder); no RPC-ERROR-003 blaming the messageId",
    ),
    (
        "b27q-2-v03-message-id-not-uuid-beside-task-id",
        M03,
        {"code": -32602, "message": "Invalid params: taskId task-7 found; messageId client-0001 must be a UUID"},
        [("valid-request-refused-invalid-params", "warning")],
        "the clause asking for a UUID names the messageId",
    ),
    (
        "b27q-2-v03-validation-list-message-id-uuid",
        M03,
        {"code": -32602, "message": "Invalid params", "data": [
            {"type": "missing", "loc": ["params", "message", "taskId"], "msg": "Task task-7 not found"},
            {"type": "uuid_parsing", "loc": ["params", "message", "messageId"], "msg": "Input should be a valid UUID", "input": "client-0001"},
        ]},
        [("valid-request-refused-invalid-params", "warning")],
        "the validation-error list's UUID entry is the messageId's",
    ),
    (
        "b27q-2-v03-data-object-message-id-uuid-beside-task-id",
        M03,
        {"code": -32602, "message": "Invalid params", "data": {"messageId": "must be a valid UUID", "taskId": "ok"}},
        [("valid-request-refused-invalid-params", "warning")],
        "one object names both ids: the member asking for a UUID is the messageId",
    ),
]:
    v10 = "-v10-" in name
    c = CARD10 if v10 else CARD03
    write(name, [CARD_GET, card(c), send_msg(m, v10), resp(0.02, 200, JSON, {"jsonrpc": "2.0", "id": 3, "error": err})], findings, SRC2, note)


# ---- item 3 (review26 R12): CARD-SHAPE-009 on hybrid 1.0/0.3 cards ------------------------
SRC3 = "https://github.com/a2aproject/A2A/blob/main/specification/a2a.proto (1.0 AgentCard.default_input_modes: 'The set of interaction modes that the agent supports across all skills ... Defined as media types'); spring-ai-ascend #233"
HYBRID = {
    "name": "assistant",
    "description": "AI assistant",
    "supportedInterfaces": [
        {"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": A + "/a2a/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
    ],
    "url": A + "/a2a/v03",
    "preferredTransport": "JSONRPC",
    "protocolVersion": "0.3.0",
    "version": "1.0.0",
    "capabilities": {"streaming": True},
    "defaultInputModes": ["text"],
    "defaultOutputModes": ["text", "application/json"],
    "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"], "outputModes": ["artifact"]}],
}
for name, c, findings, note in [
    (
        "b27q-3-v10-hybrid-card-bare-mode-tokens",
        HYBRID,
        [("card-mode-not-a-media-type", "warning")],
        "a card with a 1.0 interface in supportedInterfaces beside its 0.3 fields: a 1.0 client reads the same defaultInputModes / outputModes as media types, so bare tokens match none of its parts",
    ),
    (
        "b27q-3-v10-hybrid-card-interface-without-version-bare-modes",
        {**HYBRID, "supportedInterfaces": [{"url": A + "/a2a", "protocolBinding": "JSONRPC"}]},
        [("card-mode-not-a-media-type", "warning"), ("card-interface-malformed", "error")],
        "supportedInterfaces is 1.0's member: an entry with no protocolVersion is read by a 1.0 client (which then finds it has no version, CARD-SHAPE-*), and the modes are still read as media types",
    ),
    (
        "b27q-3-legal-v10-hybrid-card-media-type-modes",
        {**HYBRID, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain", "application/json"], "skills": [{**HYBRID["skills"][0], "outputModes": ["image/*"]}]},
        [],
        "the hybrid card listing media types (and a media range) serves both readers",
    ),
    (
        "b27q-3-legal-v03-hybrid-card-only-0-3-interfaces-bare-modes",
        {**HYBRID, "supportedInterfaces": [{"url": A + "/a2a/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]},
        [],
        "supportedInterfaces names only a 0.3 interface: no 1.0 client uses this card, and 0.x cards keep the samples' bare tokens legal",
    ),
    (
        "b27q-3-legal-v03-card-bare-mode-tokens",
        {k: v for k, v in HYBRID.items() if k != "supportedInterfaces"},
        [],
        "a pure 0.3 card: bare tokens stay legal (0.2 samples)",
    ),
]:
    write(name, [CARD_GET, card(c)], findings, SRC3, note)


# ---- item 4 (review26 R7): a push webhook body naming one member twice ---------------------
SRC4 = "https://www.rfc-editor.org/rfc/rfc8259#section-4 ('The names within an object SHOULD be unique ... implementations differ' on which value they keep); breaker26 N02 (the answer and stream forms)"
CARD10P = {**CARD10, "capabilities": {"streaming": True, "pushNotifications": True}}
CARD03P = {**CARD03, "capabilities": {"streaming": True, "pushNotifications": True}}
HOOK = "https://hooks.example.test/a2a"


def push_send10():
    return req(0.01, "POST", A + "/a2a", V10, {"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": MSG10, "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}})


def push_send03():
    return req(0.01, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": MSG03, "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"], "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}})


SUBMITTED10 = resp(0.02, 200, JSON, {"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": "2026-12-01T10:00:00.000Z"}}}})
SUBMITTED03 = resp(0.02, 200, JSON, {"jsonrpc": "2.0", "id": 1, "result": {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "submitted", "timestamp": "2026-12-01T10:00:00.000Z"}}})
A2AJSON = {"content-type": "application/a2a+json", "x-a2a-notification-token": "tok-1"}
HOOKJSON = {"content-type": "application/json", "x-a2a-notification-token": "tok-1"}
for name, v10, body, findings, note in [
    (
        "b27q-4-v10-push-body-duplicate-state",
        True,
        '{"statusUpdate":{"taskId":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING","state":"TASK_STATE_COMPLETED","timestamp":"2026-12-01T10:00:01.000Z"}}}',
        [("push-payload-invalid-shape", "error")],
        "the webhook body names status.state twice with two values: one receiver reads working, another completed",
    ),
    (
        "b27q-4-v03-push-body-duplicate-task-id",
        False,
        '{"kind":"status-update","taskId":"t1","contextId":"c1","taskId":"t2","status":{"state":"completed","timestamp":"2026-12-01T10:00:01.000Z"},"final":true}',
        [("push-payload-invalid-shape", "error")],
        "a 0.3 webhook body naming taskId twice (t1, then t2): the receiver may file the update under another task",
    ),
    (
        "b27q-4-legal-v10-push-body-same-member-same-value",
        True,
        '{"statusUpdate":{"taskId":"t1","contextId":"c1","taskId":"t1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-12-01T10:00:01.000Z"}}}',
        [],
        "the same member twice with the same value: every parser reads the same notification",
    ),
]:
    ev = [CARD_GET, card(CARD10P if v10 else CARD03P), push_send10() if v10 else push_send03(), SUBMITTED10 if v10 else SUBMITTED03,
          req(1.0, "POST", HOOK, A2AJSON if v10 else HOOKJSON, body), resp(1.01, 200, {}, "")]
    write(name, ev, findings, SRC4, note)


# ---- item 5 (breaker26): 1.0 streams that carry only errors ---------------------------------
SRC5 = "https://github.com/a2aproject/a2a-java/issues/791 (the TCK's STREAM-SUB-003: a pre-stream error is a direct JSON-RPC error response); https://github.com/a2aproject/a2a-dotnet/pull/476; breaker26 E18"
S10 = {**V10, "accept": "text/event-stream"}
SSEH = {"content-type": "text/event-stream"}


def send10_done():
    return [req(0.01, "POST", A + "/a2a", V10, {"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": MSG10}}),
            resp(0.02, 200, JSON, {"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01.000Z"}}}})]


def send03_done():
    return [req(0.01, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": MSG03}}),
            resp(0.02, 200, JSON, {"jsonrpc": "2.0", "id": 1, "result": {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:01.000Z"}}})]


FOLLOW10 = {"jsonrpc": "2.0", "id": 2, "method": "SendStreamingMessage", "params": {"message": {**MSG10, "messageId": "m2", "taskId": "t1", "contextId": "c1"}}}
FOLLOW03 = {"jsonrpc": "2.0", "id": 2, "method": "message/stream", "params": {"message": {**MSG03, "messageId": "m2", "taskId": "t1", "contextId": "c1"}}}
EINFO = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]
TERM10 = {"jsonrpc": "2.0", "id": 2, "error": {"code": -32004, "message": "task t1 is terminal", "data": EINFO}}
for name, v10, answer, findings, note in [
    (
        "b27q-5-v10-stream-follow-up-to-completed-two-error-events",
        True,
        [resp(0.04, 200, SSEH, ""), chunk(0.05, sse(TERM10)), chunk(0.06, sse(TERM10)), chunk(0.07, "", "eof")],
        [("first-stream-event-not-task", "error")],
        "a 1.0 stream carrying only errors (the refusal sent twice) is the call refused inside a stream (STREAM-FIRST-001), not a message to a terminal task accepted (no TASK-STATE-002)",
    ),
    (
        "b27q-5-v10-stream-follow-up-to-completed-bare-error-object",
        True,
        [resp(0.04, 200, SSEH, ""), chunk(0.05, sse({"error": {"code": -32004, "message": "task t1 is terminal"}})), chunk(0.06, "", "eof")],
        [("stream-event-envelope-wrong", "error")],
        "the refusal's error object without its JSON-RPC envelope: one STREAM-SHAPE-002 saying so, not also a StreamResponse of no kind, and no 'accepted' TASK-STATE-002",
    ),
    (
        "b27q-5-legal-v10-stream-follow-up-to-completed-plain-error",
        True,
        [resp(0.04, 200, JSON, TERM10)],
        [],
        "the pre-stream refusal as the call's plain JSON-RPC error response (a2a-js 1.3 and a2a-python 1.x answer so)",
    ),
    (
        "b27q-5-legal-v03-stream-follow-up-to-completed-two-error-events",
        False,
        [resp(0.04, 200, SSEH, ""), chunk(0.05, sse({"jsonrpc": "2.0", "id": 2, "error": {"code": -32004, "message": "task t1 is terminal"}})), chunk(0.055, sse({"jsonrpc": "2.0", "id": 2, "error": {"code": -32004, "message": "task t1 is terminal"}})), chunk(0.06, "", "eof")],
        [],
        "0.3: the schema admits JSON-RPC error events as the stream's answer; errors only are a refusal, not a message accepted (no TASK-STATE-002)",
    ),
]:
    ev = [CARD_GET, card(CARD10 if v10 else CARD03)] + (send10_done() if v10 else send03_done())
    ev.append(req(0.03, "POST", A + ("/a2a" if v10 else "/"), S10 if v10 else {**JSON, "accept": "text/event-stream"}, FOLLOW10 if v10 else FOLLOW03))
    write(name, ev + answer, findings, SRC5, note)


# ---- item 6 (breaker26 E20): a cancel of a completed task answered with the task canceled ---
SRC6 = "breaker26 E20 (TASK-003: cancel of a terminal task is TaskNotCancelableError; TASK-001: a terminal state never changes: one fault, one first line)"


def task03(state):
    return {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": state, "timestamp": "2026-12-02T10:00:02.000Z"}}


def task10(state):
    return {"id": "t1", "contextId": "c1", "status": {"state": state, "timestamp": "2026-12-02T10:00:02.000Z"}}


def send03_working():
    return [req(0.01, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": MSG03, "configuration": {"blocking": False}}}),
            resp(0.02, 200, JSON, {"jsonrpc": "2.0", "id": 1, "result": {**task03("working"), "status": {"state": "working", "timestamp": "2026-12-02T10:00:01.000Z"}}})]


for name, c, calls, findings, note in [
    (
        "b27q-6-v10-cancel-completed-returns-canceled",
        CARD10,
        send10_done() + [req(0.03, "POST", A + "/a2a", V10, {"jsonrpc": "2.0", "id": 2, "method": "CancelTask", "params": {"id": "t1"}}),
                         resp(0.04, 200, JSON, {"jsonrpc": "2.0", "id": 2, "result": task10("TASK_STATE_CANCELED")})],
        [("cancel-terminal-task-succeeded", "error"), ("terminal-state-changed", "error")],
        "1.0 form: TASK-STATE-003 says the answer reports the task canceled, and TASK-STATE-001 on that change names it as its cause (one fault, one first line; the handed CASE-12 lists both)",
    ),
    (
        "b27q-6-v03-cancel-completed-returns-canceled-then-get",
        CARD03,
        send03_done() + [req(0.03, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 2, "method": "tasks/cancel", "params": {"id": "t1"}}),
                         resp(0.04, 200, JSON, {"jsonrpc": "2.0", "id": 2, "result": task03("canceled")}),
                         req(0.05, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 3, "method": "tasks/get", "params": {"id": "t1"}}),
                         resp(0.06, 200, JSON, {"jsonrpc": "2.0", "id": 3, "result": task03("canceled")})],
        [("cancel-terminal-task-succeeded", "error"), ("terminal-state-changed", "error")],
        "the later tasks/get showing the task canceled is the same accepted cancel: TASK-STATE-001 once, naming TASK-STATE-003 as its cause",
    ),
    (
        "b27q-6-legal-v03-cancel-working-returns-canceled-then-get",
        CARD03,
        send03_working() + [req(0.03, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 2, "method": "tasks/cancel", "params": {"id": "t1"}}),
                            resp(0.04, 200, JSON, {"jsonrpc": "2.0", "id": 2, "result": task03("canceled")}),
                            req(0.05, "POST", A + "/", JSON, {"jsonrpc": "2.0", "id": 3, "method": "tasks/get", "params": {"id": "t1"}}),
                            resp(0.06, 200, JSON, {"jsonrpc": "2.0", "id": 3, "result": task03("canceled")})],
        [],
        "a working task canceled: the cancel succeeds and stays canceled",
    ),
]:
    write(name, [CARD_GET, card(c)] + calls, findings, SRC6, note)

#!/usr/bin/env python3
"""left59: the l59-* variants (tests/cases/variants), one function per item of the brief.

Run from the repository root: python3 tests/cases/gen_l59.py. Writes each .jsonl and its
.expect.json (the prediction, written before the fix)."""
import base64
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "variants")
HOST = "https://agent.example.test"


def card10(binding="JSONRPC", url=HOST + "/a2a", push=False, **more):
    c = {
        "name": "Helper", "description": "Answers questions",
        "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": push},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
    }
    c.update(more)
    return c


def card03(transport="JSONRPC", url=HOST + "/a2a", push=False, **more):
    c = {
        "protocolVersion": "0.3.0", "name": "Helper", "description": "Answers questions",
        "url": url, "preferredTransport": transport, "version": "1.0.0",
        "capabilities": {"streaming": True, "pushNotifications": push},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
    }
    c.update(more)
    return c


def card_lines(card, query=""):
    return [
        {"dir": "req", "t": 0.0, "method": "GET", "url": HOST + "/.well-known/agent-card.json" + query,
         "headers": {"accept": "application/json"}, "body": ""},
        {"dir": "resp", "t": 0.01, "status": 200,
         "headers": {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"v1\""},
         "body": json.dumps(card)},
    ]


def rpc(t, method, params, v10=True, rid=None, url=HOST + "/a2a", headers=None):
    h = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    if v10:
        h["a2a-version"] = "1.0"
    h.update(headers or {})
    return {"dir": "req", "t": t, "method": "POST", "url": url, "headers": h,
            "body": json.dumps({"jsonrpc": "2.0", "id": rid or f"r{t}", "method": method, "params": params})}


def rest(t, method, path, body=None, v10=True):
    h = {"accept": "application/json"}
    if v10:
        h["a2a-version"] = "1.0"
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


def msg10(mid, text="draft the notes"):
    return {"messageId": mid, "role": "ROLE_USER", "parts": [{"text": text}]}


def msg03(mid, text="draft the notes"):
    # the 0.3 HTTP+JSON (ProtoJSON of the 0.3 proto) message
    return {"messageId": mid, "role": "ROLE_USER", "content": [{"text": text}]}


def task10(tid="t1", state="TASK_STATE_WORKING", **more):
    t = {"id": tid, "contextId": "c1", "status": {"state": state, "timestamp": "2026-03-02T10:15:00.000Z"}}
    t.update(more)
    return t


def task03(tid="t1", state="TASK_STATE_WORKING"):
    # the 0.3 HTTP+JSON send result {task}
    return {"task": {"id": tid, "contextId": "c1",
                     "status": {"state": state, "timestamp": "2026-03-02T10:15:00.000Z"}}}


def write(name, lines, expect):
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps(expect, indent=2) + "\n")


def exp(findings, note, legal_warnings=None):
    e = {"findings": [{"rule": r, "severity": s} for r, s in findings], "source": "left59", "note": note}
    if legal_warnings:
        e["allowed_warnings"] = legal_warnings
    return e


# ---- item 1: a 501 page to a live task's cancel over HTTP+JSON ------------------------------

def item1():
    not_impl = "Not Implemented"
    # 1.0 HTTP+JSON: the send answered at /api/message:send, the cancel of the working task 501
    lines = card_lines(card10("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/message:send", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              resp(0.3, {"task": task10()}),
              rest(9.0, "POST", "/api/tasks/t1:cancel", {}),
              resp(9.01, not_impl, 501, "text/plain")]
    write("l59-1-v10-rest-cancel-working-task-501", lines, exp(
        [("rest-error-shape", "error")],
        "left59 item 1: POST /api/tasks/t1:cancel of working task t1 at the HTTP+JSON interface whose routes answered "
        "the send, refused with a 501 text page: the route is there and answered; the refusal lacks the A2A error in "
        "the binding's shape (TaskNotCancelableError or UnsupportedOperationError: HTTP 400 FAILED_PRECONDITION with "
        "ErrorInfo, ERR-002, ERR-003, TASK-003): REST-ERROR-001, not CARD-URL-002 (whose words say the route is not "
        "served)"))
    # 0.3 HTTP+JSON: /v1 routes
    lines = card_lines(card03("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/v1/message:send", {"message": msg03("m1"), "configuration": {"blocking": False}}, v10=False),
              resp(0.3, task03()),
              rest(9.0, "POST", "/api/v1/tasks/t1:cancel", None, v10=False),
              resp(9.01, not_impl, 501, "text/plain")]
    write("l59-1-v03-rest-cancel-working-task-501", lines, exp(
        [("rest-error-shape", "error")],
        "left59 item 1: the 0.3 route POST /api/v1/tasks/t1:cancel of working task t1, refused with a 501 text page "
        "after the interface's /v1 routes answered the send: the 0.3 A2A error object {code: -32002 or -32004, "
        "message} under its HTTP status is owed (REST-003, TASK-003): REST-ERROR-001, not CARD-URL-002"))
    # the task went live over JSON-RPC: no HTTP+JSON route answered before the cancel (1.0: both
    # bindings at one url; 0.3: the HTTP+JSON interface at its own url)
    card = card10()
    card["supportedInterfaces"].append({"url": HOST + "/a2a", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"})
    lines = card_lines(card)
    lines += [rpc(0.2, "SendMessage", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              ok(0.3, "r0.2", {"task": task10()}),
              rest(9.0, "POST", "/a2a/tasks/t1:cancel", {}),
              resp(9.01, not_impl, 501, "text/plain")]
    write("l59-1-v10-rest-cancel-501-after-jsonrpc-send", lines, exp(
        [("rest-error-shape", "error")],
        "left59 item 1: a card declaring JSON-RPC and HTTP+JSON at /a2a; the send over JSON-RPC handed out working "
        "task t1, the HTTP+JSON cancel of t1 was answered with a 501 text page: only the agent knows t1, so the call "
        "reached it and the route is there; the refusal lacks TaskNotCancelableError / UnsupportedOperationError in "
        "the google.rpc.Status shape (ERR-002, ERR-003, TASK-003): REST-ERROR-001, not CARD-URL-002 (main: "
        "CARD-URL-002, 'the agent does not serve that operation at the route')"))
    card = card03()
    card["additionalInterfaces"] = [{"url": HOST + "/a2a", "transport": "JSONRPC"},
                                    {"url": HOST + "/rest", "transport": "HTTP+JSON"}]
    lines = card_lines(card)
    lines += [rpc(0.2, "message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user",
                                                    "parts": [{"kind": "text", "text": "draft the notes"}]},
                                        "configuration": {"blocking": False}}, v10=False),
              ok(0.3, "r0.2", {"kind": "task", "id": "t1", "contextId": "c1",
                               "status": {"state": "working", "timestamp": "2026-03-02T10:15:00.000Z"}}),
              rest(9.0, "POST", "/rest/v1/tasks/t1:cancel", None, v10=False),
              resp(9.01, not_impl, 501, "text/plain")]
    write("l59-1-v03-rest-cancel-501-after-jsonrpc-send", lines, exp(
        [("rest-error-shape", "error")],
        "left59 item 1: a 0.3 card with JSON-RPC at /a2a and HTTP+JSON at /rest; working task t1 handed out over "
        "JSON-RPC, the 0.3 route POST /rest/v1/tasks/t1:cancel answered with a 501 text page: the 0.3 A2A error "
        "object (-32002 / -32004) under its HTTP status is owed (REST-003, TASK-003): REST-ERROR-001, not "
        "CARD-URL-002 (main: CARD-URL-002)"))
    # legal neighbour: the same cancel refused 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE
    lines = card_lines(card10("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/message:send", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              resp(0.3, {"task": task10()}),
              rest(9.0, "POST", "/api/tasks/t1:cancel", {}),
              resp(9.01, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "task t1 cannot be canceled",
                                    "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                                 "reason": "TASK_NOT_CANCELABLE", "domain": "a2a-protocol.org"}]}}, 400)]
    write("l59-1-legal-v10-rest-cancel-working-task-not-cancelable", lines, exp(
        [], "left59 item 1, legal neighbour: the same cancel refused 400 FAILED_PRECONDITION with ErrorInfo "
            "TASK_NOT_CANCELABLE (an agent may find a working task not cancelable, TASK-003)"))


# ---- item 2: a client's credential in the URL query, accepted --------------------------------

BEARER = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}},
          "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTQxIn0.c2ln"


def item2():
    # 1.0 JSON-RPC, bearer scheme, the token as ?access_token=, accepted
    lines = card_lines(card10(**BEARER))
    lines += [rpc(0.2, "SendMessage", {"message": msg10("m1")}, url=HOST + "/a2a?access_token=" + TOKEN),
              ok(0.3, "r0.2", {"task": task10(state="TASK_STATE_COMPLETED",
                                              artifacts=[{"artifactId": "a1", "parts": [{"text": "v2.1"}]}])})]
    write("l59-2-v10-client-bearer-token-in-query-accepted", lines, exp(
        [("client-credential-not-as-declared", "error"), ("task-endpoint-without-auth", "error")],
        "left59 item 2: the client sent its bearer token as ?access_token= where the card's http bearer scheme puts it "
        "in the Authorization header (AUTH-001: credentials in headers, a query only for an apiKey scheme that names "
        "it; AUTH-002; RFC 6750 2.3 / 5.3: a token in the URL is logged): the client's AUTH-SCHEME-003 whatever the "
        "agent answered; the agent that took it is AUTH-OPEN-001 (as before). Before session 59 the agent alone"))
    # 0.3 HTTP+JSON, an apiKey header scheme, the key as ?api_key=, accepted
    key = {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-API-Key"}},
           "security": [{"key": []}]}
    lines = card_lines(card03("HTTP+JSON", HOST + "/api", **key))
    lines += [rest(0.2, "POST", "/api/v1/message:send?api_key=k-7f3a9c2e51", {"message": msg03("m1")}, v10=False),
              resp(0.3, task03(state="TASK_STATE_COMPLETED"))]
    write("l59-2-v03-rest-client-key-in-query-accepted", lines, exp(
        [("client-credential-not-as-declared", "error"), ("task-endpoint-without-auth", "error")],
        "left59 item 2: a 0.3 client put the API key the card's apiKey scheme reads from header X-API-Key into the "
        "query (?api_key=): the client's AUTH-SCHEME-003 (AUTH-001, AUTH-002) beside the agent's AUTH-OPEN-001"))
    # legal neighbour: the card's apiKey scheme names the query parameter itself
    qkey = {"securitySchemes": {"key": {"type": "apiKey", "in": "query", "name": "api_key"}},
            "security": [{"key": []}]}
    lines = card_lines(card03("HTTP+JSON", HOST + "/api", **qkey))
    lines += [rest(0.2, "POST", "/api/v1/message:send?api_key=k-7f3a9c2e51", {"message": msg03("m1")}, v10=False),
              resp(0.3, task03(state="TASK_STATE_COMPLETED"))]
    write("l59-2-legal-v03-rest-key-in-declared-query", lines, exp(
        [], "left59 item 2, legal neighbour: the card's apiKey scheme is in: query, name: api_key, and the client "
            "sends ?api_key=: as declared"))
    # neighbour: a header the card does not name, accepted: the agent's alone (no query, no log leak)
    lines = card_lines(card10(**BEARER))
    lines += [rpc(0.2, "SendMessage", {"message": msg10("m1")}, headers={"x-api-key": "k-7f3a9c2e51"}),
              ok(0.3, "r0.2", {"task": task10(state="TASK_STATE_COMPLETED",
                                              artifacts=[{"artifactId": "a1", "parts": [{"text": "v2.1"}]}])})]
    write("l59-2-v10-header-key-for-bearer-card-accepted", lines, exp(
        [("task-endpoint-without-auth", "error")],
        "left59 item 2, neighbour: an X-API-Key header where the card names a bearer token, accepted: the agent takes "
        "a credential its card does not declare (AUTH-OPEN-001, as before); whether the card or the client is stale "
        "the recording cannot tell, and a header leaks into no URL, so the client is not told here"))


# ---- item 4: a gRPC GetTaskPushNotificationConfig with id "" ----------------------------------

def grpc_frame(payload: bytes) -> str:
    return base64.b64encode(b"\x00" + len(payload).to_bytes(4, "big") + payload).decode()


def pb_str(field: int, s: str) -> bytes:
    b = s.encode()
    return bytes([(field << 3) | 2, len(b)]) + b


def pb_msg(field: int, payload: bytes) -> bytes:
    return bytes([(field << 3) | 2, len(payload)]) + payload


def pb_int(field: int, v: int) -> bytes:
    return bytes([(field << 3) | 0, v])


def status_details(code: int, message: str, reason: str) -> str:
    info = pb_str(1, reason) + pb_str(2, "a2a-protocol.org")
    anyv = pb_str(1, "type.googleapis.com/google.rpc.ErrorInfo") + pb_msg(2, info)
    st = pb_int(1, code) + pb_str(2, message) + pb_msg(3, anyv)
    return base64.b64encode(st).decode().rstrip("=")


class Grpc:
    """A recording (the native format) of gRPC calls to one 1.0 or 0.3 agent."""

    def __init__(self, name, card, service="lf.a2a.v1.A2AService"):
        self.host = f"grpc-{name}.example.test"
        self.service = service
        self.seq = 0
        self.n = 1
        cbody = json.dumps(card)
        self.ev = [{"type": "recording", "format": 1, "tool": {"name": "left59-gen", "version": "1"},
                    "startedAt": "2026-10-05T10:00:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"],
                    "routes": [{"prefix": "/", "upstream": f"http://{self.host}:50051"}], "redacted": False}]
        self.add({"type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"})
        url = f"http://{self.host}/.well-known/agent-card.json"
        self.add({"exchange": "e1", "type": "request_head", "conn": 1, "method": "GET", "url": url,
                  "version": "HTTP/1.1", "headers": [["accept", "application/json"]], "upstream": url})
        self.add({"exchange": "e1", "type": "response_head", "status": 200, "version": "HTTP/1.1",
                  "headers": [["content-type", "application/json"], ["cache-control", "public, max-age=300"],
                              ["etag", "\"card-v1\""]]})
        self.add({"exchange": "e1", "type": "response_chunk", "body": cbody})
        self.add({"exchange": "e1", "type": "exchange_end", "outcome": "complete", "request_bytes": 0,
                  "response_bytes": len(cbody)})

    def add(self, e):
        e = dict(e)
        e["seq"] = self.seq
        e["t_us"] = (self.seq + 1) * 1000
        self.seq += 1
        self.ev.append(e)

    def call(self, method, req: bytes, resp: bytes = None, status=0, message=None, details=None, headers=()):
        self.n += 1
        x = f"e{self.n}"
        url = f"http://{self.host}:50051/{self.service}/{method}"
        h = [["content-type", "application/grpc"], ["te", "trailers"]]
        if self.service.startswith("lf."):
            h.append(["a2a-version", "1.0"])
        h += [list(p) for p in headers]
        self.add({"exchange": x, "type": "request_head", "conn": 1, "method": "POST", "url": url,
                  "version": "HTTP/2.0", "headers": h, "upstream": url})
        self.add({"exchange": x, "type": "request_body", "body": grpc_frame(req), "encoding": "base64"})
        self.add({"exchange": x, "type": "response_head", "status": 200, "version": "HTTP/2.0",
                  "headers": [["content-type", "application/grpc"]]})
        if resp is not None:
            self.add({"exchange": x, "type": "response_chunk", "body": grpc_frame(resp), "encoding": "base64"})
        trailers = [["grpc-status", str(status)]]
        if message:
            trailers.append(["grpc-message", message])
        if details:
            trailers.append(["grpc-status-details-bin", details])
        self.add({"exchange": x, "type": "exchange_end", "outcome": "complete", "request_bytes": len(req) + 5,
                  "response_bytes": 0 if resp is None else len(resp) + 5, "trailers": trailers})

    def write(self, name, expect):
        with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
            for e in self.ev:
                f.write(json.dumps(e) + "\n")
        with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
            f.write(json.dumps(expect, indent=2) + "\n")


def grpc_card10(name, push=False):
    return card10("GRPC", f"grpc-{name}.example.test:50051", push=push)


def send_grpc(g, tid="t1"):
    # SendMessage: SendMessageRequest.message (2) {message_id 1, role 4 = ROLE_USER 1, parts 5 {text 1}}
    part = pb_str(1, "draft the notes")
    m = pb_str(1, "m1") + pb_int(4, 1) + pb_msg(5, part)
    # SendMessageResponse.task (1) {id 1, context_id 2, status 3 {state 1 = WORKING 2}}
    task = pb_str(1, tid) + pb_str(2, "c1") + pb_msg(3, pb_int(1, 2))
    # configuration (3) {return_immediately 4 = true}
    g.call("SendMessage", pb_msg(2, m) + pb_msg(3, pb_int(4, 1)), pb_msg(1, task))


def item4():
    # 1.0 gRPC GetTaskPushNotificationConfig of task t1 with id "": on the wire only task_id (2)
    g = Grpc("l59-4a", grpc_card10("l59-4a", push=True))
    send_grpc(g)
    g.call("GetTaskPushNotificationConfig", pb_str(2, "t1"), None, 3, "id%20is%20required",
           status_details(3, "id is required", "INVALID_ARGUMENT"))
    g.write("l59-4-v10-grpc-get-push-config-blank-id", exp(
        [("client-task-call-without-id", "error")],
        "left59 item 4: a 1.0 gRPC GetTaskPushNotificationConfig whose config id is \"\": proto3 writes no empty "
        "string, so the request carries task_id only and the REQUIRED id reads as absent (DATA-003, PUSH-003): "
        "DATA-PARAM-003 saying the id is absent (an empty string is absent on the gRPC wire), as the JSON-RPC and "
        "HTTP+JSON forms are"))
    # neighbour (f87's kind): the agent's Create answered a config without id; the client's Get with the
    # id it was given ("", absent on the wire) is the agent's doing, not the client's
    g = Grpc("l59-4b", grpc_card10("l59-4b", push=True))
    send_grpc(g)
    cfg = pb_str(3, "t1") + pb_str(4, "https://client.example.test/hook")
    g.call("CreateTaskPushNotificationConfig", cfg, cfg)
    g.call("GetTaskPushNotificationConfig", pb_str(2, "t1"), None, 3, "Validation%20failed")
    g.write("l59-4-v10-grpc-get-push-config-id-the-create-gave", exp(
        [("result-invalid-shape", "error")],
        "left59 item 4, neighbour (field case f87's kind on gRPC): the agent's Create answered the config without id; "
        "the client's Get names it by the id it was given, \"\", absent on the wire, and is refused INVALID_ARGUMENT: the "
        "agent's fault (the Create's answer, DATA-SHAPE-001), not the client's DATA-PARAM-003"))


# ---- item 5: the prober's marked unknown-task read over gRPC ----------------------------------

MARK = [("a2a-interop-probe", "unknown-task")]
RANDOM_ID = "6f1c2a10-3b7e-4c55-9d1a-2f4e8b7c9a07"


def item5():
    for name, status, message, want in [
        ("l59-5-v10-grpc-marked-get-unknown-task-internal", 13, "lookup%20failed", "INTERNAL (13)"),
        ("l59-5-v10-grpc-marked-get-unknown-task-unknown", 2, "Exception%20calling%20application%3A%20KeyError",
         "UNKNOWN (2)"),
    ]:
        host = "l59-5" + name.rsplit("-", 1)[1][:1]
        g = Grpc(host, grpc_card10(host))
        g.call("GetTask", pb_str(2, RANDOM_ID), None, status, message, headers=MARK)
        g.write(name, exp(
            [("unknown-task-not-task-not-found", "error")],
            f"left59 item 5: the prober's marked GetTask of a random id (A2A-Interop-Probe: unknown-task) over 1.0 gRPC "
            f"answered {want}: NOT_FOUND with ErrorInfo TASK_NOT_FOUND is owed (ERR-002, ERR-005): ID-TASK-007, as on "
            f"JSON-RPC and HTTP+JSON. Not judged before session 59 (no finding, or only the passive note)"))
    # legal neighbour: NOT_FOUND with ErrorInfo TASK_NOT_FOUND
    g = Grpc("l59-5l", grpc_card10("l59-5l"))
    g.call("GetTask", pb_str(2, RANDOM_ID), None, 5, "task%20not%20found",
           status_details(5, "task not found", "TASK_NOT_FOUND"), headers=MARK)
    g.write("l59-5-legal-v10-grpc-marked-get-unknown-task-not-found", exp(
        [], "left59 item 5, legal neighbour: the marked GetTask answered NOT_FOUND with ErrorInfo TASK_NOT_FOUND"))
    # 0.3 gRPC: ERR-002 a recommendation there (ID-TASK-008's warning)
    card = card03("GRPC", "grpc-l59-5c.example.test:50051")
    g = Grpc("l59-5c", card, service="a2a.v1.A2AService")
    g.call("GetTask", pb_str(1, "tasks/" + RANDOM_ID), None, 13, "lookup%20failed", headers=MARK)
    g.write("l59-5-v03-grpc-marked-get-unknown-task-internal", exp(
        [("unknown-task-not-task-not-found-0x", "warning")],
        "left59 item 5: the same marked read over 0.3 gRPC answered INTERNAL: the 0.3 spec maps A2A errors to "
        "\"appropriate\" gRPC codes (ERR-002 a SHOULD before 1.0), so ID-TASK-008's warning, as on 0.x JSON-RPC"))


# ---- item 6: a JSON-RPC batch member's evidence pointer ---------------------------------------

def batch(t, calls, rid_prefix="b"):
    h = {"content-type": "application/json", "accept": "application/json", "a2a-version": "1.0"}
    body = [{"jsonrpc": "2.0", "id": f"{rid_prefix}{i}", "method": m, "params": p} for i, (m, p) in enumerate(calls)]
    return {"dir": "req", "t": t, "method": "POST", "url": HOST + "/a2a", "headers": h, "body": json.dumps(body)}


def item6():
    internal = {"code": -32603, "message": "Internal error"}
    nf = {"code": -32001, "message": "Task not found",
          "data": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND",
                    "domain": "a2a-protocol.org"}]}
    # a batch whose second member's GetTask of t-gone-90 is answered -32603; later the agent answers
    # the same id -32001 alone: RPC-ERROR-001 points at /1/error/code of the batch's answer
    lines = card_lines(card10())
    lines += [batch(1.0, [("GetTask", {"id": "t-gone-91"}), ("GetTask", {"id": "t-gone-90"})]),
              resp(1.01, [{"jsonrpc": "2.0", "id": "b0", "error": nf}, {"jsonrpc": "2.0", "id": "b1", "error": internal}]),
              rpc(2.0, "GetTask", {"id": "t-gone-90"}), resp(2.01, {"jsonrpc": "2.0", "id": "r2.0", "error": nf})]
    write("l59-6-v10-batch-member-internal-then-task-not-found", lines, exp(
        [("jsonrpc-error-code-mismatch", "error")],
        "left59 item 6: batch member 1 (GetTask t-gone-90) answered -32603, the same id answered -32001 alone later: "
        "RPC-ERROR-001 pairs them, its evidence pointing at /1/error/code of the batch's answer (before session 59: "
        "/error/code, a pointer into no member)"))
    # the pairing across two batches: member 1 of the first answered -32603, member 0 of the second -32001
    lines = card_lines(card10())
    lines += [batch(1.0, [("GetTask", {"id": "t-gone-93"}), ("GetTask", {"id": "t-gone-94"})]),
              resp(1.01, [{"jsonrpc": "2.0", "id": "b0", "error": nf}, {"jsonrpc": "2.0", "id": "b1", "error": internal}]),
              batch(2.0, [("GetTask", {"id": "t-gone-94"})], "c"),
              resp(2.01, [{"jsonrpc": "2.0", "id": "c0", "error": nf}])]
    write("l59-6-v10-batch-member-internal-then-batch-task-not-found", lines, exp(
        [("jsonrpc-error-code-mismatch", "error")],
        "left59 item 6: member 1 of a first batch (GetTask t-gone-94) answered -32603, member 0 of a second batch "
        "-32001 for the same id: RPC-ERROR-001 with evidence at /1/error/code of the first answer and /0/error/code "
        "of the second (before session 59 the first stayed /error/code)"))
    # unpaired: the -32603 of a batch member to a never-seen id is ID-TASK-010's note, at /0/error/code
    lines = card_lines(card10())
    lines += [batch(1.0, [("GetTask", {"id": "t-gone-92"})]),
              resp(1.01, [{"jsonrpc": "2.0", "id": "b0", "error": internal}])]
    write("l59-6-v10-batch-member-unknown-task-internal", lines, exp(
        [("unknown-task-internal-error", "note")],
        "left59 item 6: a batch's GetTask of t-gone-92 (never seen) answered -32603, no TaskNotFoundError to pair it: "
        "ID-TASK-010's note, as for a call sent alone, its evidence at /0/error/code (left58 left batch members "
        "unnoted for want of the pointer)"))


# ---- item 3: f1314's CARD-URL-002 beside GW-RESP-004 ------------------------------------------

def item3():
    # f1314's traffic (the gateway's card fetch and the client's call, both forwarded copies recorded)
    src = os.path.join(os.path.dirname(__file__), "field", "f1314-v03-gw-card-url-loses-agent-path.jsonl")
    lines = [json.loads(l) for l in open(src)]
    write("l59-3-v03-gw-card-url-loses-agent-path-forwarded", lines, exp(
        [("card-url-broken-by-proxy", "error"), ("card-url-unreachable", "error")],
        "left59 item 3 (field case f1314): the card the client got names <gateway>/weather-agent, and the client's "
        "message/send there was answered 405: the url the client's card advertises does not answer (CARD-005, "
        "CARD-URL-002) whichever hop refused it, as a recording of the client leg alone already tells; the gateway's "
        "rewrite is its cause (GW-RESP-004), told first and named in CARD-URL-002's words. Before session 59: "
        "GW-RESP-004 alone once the forwarded call was recorded"))


if __name__ == "__main__":
    item1()
    item2()
    item4()
    item5()
    item6()
    item3()

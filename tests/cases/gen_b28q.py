"""Writes the session-28 quality transcripts (q28a, `b28q-*`). Faulty ones carry the
finding the verifier must report; `-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/gen_b28q.py [NAME...]

1. A send that names a task the agent handed out (its message's taskId, or a
   referenceTaskIds entry), answered not found on any binding and in any form (gRPC
   NOT_FOUND, a JSON-RPC or HTTP+JSON error event inside a stream): ID-TASK-001, as for
   GetTask / CancelTask / SubscribeToTask.
2. A URL the card declares for JSON-RPC and HTTP+JSON: a 404 on an HTTP+JSON route below it
   is CARD-URL-002 whichever interface comes first.
3. A 404 to agent-card.json with a query pairs with a card at the 0.2 path; GW-SSE-002
   counts a stream's silences from its response head.
4. Controls for one fault, one error: TASK-STATE-005 and ID-CTX-002 alone name no cause.
5. A push-config Get / Delete answered TaskNotFoundError while the task and the config
   both exist: ID-TASK-001; an unknown config id or a finished task: silent.
6. DATA-SHAPE-002 for a send request's own metadata names the request.
"""
import base64, json, os, sys, urllib.parse
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}


def case(name, src, lines, findings, note):
    _t[0] = 0.0
    C["b28q-" + name] = (lines(), findings, src, note)


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RJ10 = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
R10I = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]


# gRPC (native recording: protobuf bodies base64, trailers on exchange_end)
def _varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def pb_str(f, v):
    v = v.encode() if isinstance(v, str) else v
    return _varint(f << 3 | 2) + _varint(len(v)) + v


def pb_int(f, v):
    return _varint(f << 3) + _varint(v)


def frame(m):
    return b"\x00" + len(m).to_bytes(4, "big") + m


G = "http://agent.example.test:50051"


def pb_msg(text, mid, tid=None, cid=None, refs=()):
    return (pb_str(1, mid) + (pb_str(2, cid) if cid else b"") + (pb_str(3, tid) if tid else b"")
            + pb_int(4, 1) + pb_str(5, pb_str(1, text)) + b"".join(pb_str(8, r) for r in refs))


def pb_task(tid, cid, state):
    """A v1 Task (id, context_id, status.state: 3 COMPLETED, 6 INPUT_REQUIRED)."""
    return pb_str(1, tid) + pb_str(2, cid) + pb_str(3, pb_int(1, state))


def pb_not_found(message):
    info = pb_str(1, "TASK_NOT_FOUND") + pb_str(2, "a2a-protocol.org")
    return pb_int(1, 5) + pb_str(2, message) + pb_str(3, pb_str(1, "type.googleapis.com/google.rpc.ErrorInfo") + pb_str(2, info))


def native(calls, auth=None):
    """A reverse-proxy recording of an Agent Card fetch and gRPC `calls`: (method, request
    message, response message or None, grpc-status, grpc-message, status details or None),
    each call under `auth[i]` (an authorization header) when given."""
    card = card10(ifaces=[{"url": "agent.example.test:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"}])
    out = [{"type": "recording", "format": 1, "tool": {"name": "q28a-grpcgen", "version": "1"}, "startedAt": "2026-12-03T10:00:00.000Z",
            "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": G}], "redacted": False}]
    st = {"seq": 1, "t": 1000}

    def ev(**kw):
        d = {"seq": st["seq"], "t_us": st["t"]}
        d.update(kw)
        out.append(d)
        st["seq"] += 1
        st["t"] += 1000
    body = json.dumps(card)
    ev(exchange="e1", type="request_head", method="GET", url="http://agent.example.test/.well-known/agent-card.json", version="HTTP/1.1",
       headers=[["accept", "application/json"]], upstream="http://agent.example.test/.well-known/agent-card.json")
    ev(exchange="e1", type="response_head", status=200, version="HTTP/1.1", headers=[["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", '"c1"']])
    ev(exchange="e1", type="response_chunk", body=body)
    ev(exchange="e1", type="exchange_end", outcome="complete", request_bytes=0, response_bytes=len(body))
    for n, (method, reqmsg, respmsg, code, gmsg, details) in enumerate(calls, start=2):
        e = "e%d" % n
        url = G + "/lf.a2a.v1.A2AService/" + method
        hs = [["content-type", "application/grpc"], ["te", "trailers"], ["a2a-version", "1.0"]]
        if auth:
            hs.append(["authorization", auth[n - 2]])
        ev(exchange=e, type="request_head", method="POST", url=url, version="HTTP/2.0", headers=hs, upstream=url)
        rb = frame(reqmsg)
        ev(exchange=e, type="request_body", body=base64.b64encode(rb).decode(), encoding="base64")
        ev(exchange=e, type="response_head", status=200, version="HTTP/2.0", headers=[["content-type", "application/grpc"]])
        sb = b""
        if respmsg is not None:
            # a list: a server stream's messages, one frame each, in one read (breaker39)
            sb = b"".join(frame(m) for m in respmsg) if isinstance(respmsg, list) else frame(respmsg)
            ev(exchange=e, type="response_chunk", body=base64.b64encode(sb).decode(), encoding="base64")
        tr = [["grpc-status", str(code)], ["grpc-message", urllib.parse.quote(gmsg)]]
        if details is not None:
            tr.append(["grpc-status-details-bin", base64.b64encode(details).decode().rstrip("=")])
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=len(rb), response_bytes=len(sb), trailers=tr)
    return out


def grpc_first(state=3):
    return ("SendMessage", pb_str(2, pb_msg("hi", "m1")), pb_str(1, pb_task("t1", "c1", state)), 0, "", None)


def grpc_nf(method, msg, details=True):
    return (method, pb_str(2, msg), None, 5, "task not found: t1", pb_not_found("task not found: t1") if details else None)


# ------------------------------------------------ 1: a send naming a handed-out task, not found
S1 = "review27a / breaker27 X05 (ID-001: TaskNotFoundError answers an unknown task only; TASK-009): a send naming a task the agent handed out, answered not found, over gRPC and inside streams"
case("1-v10-grpc-send-reference-task-not-found", S1, lambda: native([
    grpc_first(),
    grpc_nf("SendMessage", pb_msg("refine it", "m2", cid="c1", refs=["t1"]))]),
    [("task-id-not-resolvable", E)],
    "gRPC SendMessage whose message refers to t1 (completed, handed out in e2) in referenceTaskIds ends NOT_FOUND TASK_NOT_FOUND: the agent lost a task it handed out")
case("1-v10-grpc-stream-send-reference-task-not-found-no-details", S1, lambda: native([
    grpc_first(),
    grpc_nf("SendStreamingMessage", pb_msg("refine it", "m2", cid="c1", refs=["t1"]), details=False)]),
    [("task-id-not-resolvable", E), ("grpc-error-info-missing", E)],
    "the streaming form, NOT_FOUND with no ErrorInfo (read as TaskNotFoundError; the missing ErrorInfo is GRPC-ERROR-002's own fault)")
case("1-v10-grpc-stream-send-task-id-not-found", S1, lambda: native([
    grpc_first(6),
    grpc_nf("SendStreamingMessage", pb_msg("Paris", "m2", "t1", "c1"))]),
    [("task-id-not-resolvable", E)],
    "SendStreamingMessage continuing input-required t1 ends NOT_FOUND with no message sent")
case("1-legal-v10-grpc-send-reference-unknown-task-not-found", S1, lambda: native([
    grpc_first(),
    grpc_nf("SendMessage", pb_msg("refine it", "m2", cid="c1", refs=["t9"]))]),
    [], "t9 was never handed out in this recording: NOT_FOUND is a fair answer")
case("1-legal-v10-grpc-send-task-of-other-caller-not-found", S1, lambda: native([
    grpc_first(6),
    grpc_nf("SendMessage", pb_msg("Paris", "m2", "t1", "c1"))], auth=["Bearer alice-token-1", "Bearer bob-token-22"]),
    [], "t1 was handed out to another caller (other credentials): a task is scoped to its caller, NOT_FOUND is right (TASK-009, AUTH-006)")

case("1-v03-jsonrpc-stream-send-task-not-found-event", S1, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03()})), resp(ok(1, task03("t1", state="input-required"))),
    req(A, rpc(2, "message/stream", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")})),
    resp("", headers=SSE), chunk("data: " + json.dumps(err(2, -32001, "Task not found")) + "\n\n"), chunk("", close="eof")],
    [("task-id-not-resolvable", E)],
    "message/stream continuing input-required t1 answers one -32001 event: the agent does not know the task it handed out in e2")
case("1-v03-jsonrpc-stream-send-reference-task-not-found-event", S1, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03()})), resp(ok(1, task03("t1"))),
    req(A, rpc(2, "message/stream", {"message": msg03("refine it", mid="m2", contextId="c1", referenceTaskIds=["t1"])})),
    resp("", headers=SSE), chunk("data: " + json.dumps(err(2, -32001, "Task not found")) + "\n\n"), chunk("", close="eof")],
    [("task-id-not-resolvable", E)],
    "the referenceTaskIds form of the stream's -32001 event")
case("1-v10-jsonrpc-stream-send-task-not-found-event", S1, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10("t1", state="INPUT_REQUIRED")})),
    req(A, rpc(2, "SendStreamingMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}), headers=V10),
    resp("", headers=SSE), chunk("data: " + json.dumps(err(2, -32001, "Task not found")) + "\n\n"), chunk("", close="eof")],
    [("task-id-not-resolvable", E)],
    "the 1.0 form: the error is wrong itself (a task the agent handed out), so it is the one finding, not also STREAM-FIRST-001")
case("1-v10-rest-stream-send-task-not-found-event", S1, lambda: getcard(card10(ifaces=R10I)) + [
    req(A + "/message:send", {"message": msg10()}, headers=RJ10), resp({"task": task10("t1", state="INPUT_REQUIRED")}, headers=RJ10),
    req(A + "/message:stream", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, headers=RJ10),
    resp("", headers=SSE),
    chunk(rest_ev({"error": {"code": 404, "status": "NOT_FOUND", "message": "task not found", "details": einfo("TASK_NOT_FOUND")}})),
    chunk("", close="eof")],
    [("task-id-not-resolvable", E)],
    "HTTP+JSON SendStreamingMessage continuing input-required t1 answers one google.rpc.Status NOT_FOUND event")
case("1-legal-v03-jsonrpc-stream-send-unknown-task-not-found-event", S1, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03()})), resp(ok(1, task03("t1"))),
    req(A, rpc(2, "message/stream", {"message": msg03("Paris", mid="m2", taskId="t9", contextId="c1")})),
    resp("", headers=SSE), chunk("data: " + json.dumps(err(2, -32001, "Task not found")) + "\n\n"), chunk("", close="eof")],
    [], "t9 was never handed out: a -32001 event for it is a2a-python 0.3's legal answer")
case("1-legal-v03-jsonrpc-send-reference-unknown-task-not-found", S1, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03()})), resp(ok(1, task03("t1"))),
    req(A, rpc(2, "message/send", {"message": msg03("refine it", mid="m2", contextId="c1", referenceTaskIds=["t9"])})),
    resp(err(2, -32001, "Task not found"))],
    [], "a reference to a task never handed out here: not judged")


# ------------------------------------------------ 2: one URL declaring JSON-RPC and HTTP+JSON
S2 = "review27a (CARD-005: JSON-RPC POSTs to the interface url, HTTP+JSON routes sit below it, so one url may carry both): a 404 on an HTTP+JSON route of such a url is CARD-URL-002 whichever interface the card lists first"
BOTH10 = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
          {"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
HTML404 = dict(status=404, headers={"content-type": "text/html"}, body="<html><body><h1>404 Not Found</h1></body></html>")
case("2-v10-jsonrpc-then-rest-one-url-rest-send-404", S2, lambda: getcard(card10(ifaces=BOTH10)) + [
    req(A + "/message:send", {"message": msg10()}, headers=RJ10), resp(**HTML404)],
    [("card-url-unreachable", E)],
    "HTTP+JSON SendMessage at /a2a/message:send, below the url the card declares for HTTP+JSON (second, after JSON-RPC at the same url), answers an HTML 404")
case("2-v10-rest-then-jsonrpc-one-url-rest-send-404", S2, lambda: getcard(card10(ifaces=BOTH10[::-1])) + [
    req(A + "/message:send", {"message": msg10()}, headers=RJ10), resp(**HTML404)],
    [("card-url-unreachable", E)],
    "the same with HTTP+JSON listed first (judged before too)")
case("2-v10-jsonrpc-then-rest-one-url-rest-get-task-404-after-rpc-answered", S2, lambda: getcard(card10(ifaces=BOTH10)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10("t1")})),
    req(A + "/tasks/t1", method="GET", headers={"a2a-version": "1.0"}), resp(**HTML404)],
    [("card-url-unreachable", E)],
    "JSON-RPC at the url answered; the HTTP+JSON GetTask of the task it handed out answers an HTML 404: the HTTP+JSON routes are not served")
case("2-legal-v10-jsonrpc-then-rest-one-url-rest-get-unknown-task-404", S2, lambda: getcard(card10(ifaces=BOTH10)) + [
    req(A + "/message:send", {"message": msg10()}, headers=RJ10), resp({"task": task10("t1")}, headers=RJ10),
    req(A + "/tasks/t9", method="GET", headers={"a2a-version": "1.0"}),
    resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task not found", "details": einfo("TASK_NOT_FOUND")}}, status=404, headers=RJ10)],
    [], "GetTask of a task never handed out answers TaskNotFoundError 404: the route is served")
case("2-legal-v10-jsonrpc-then-rest-one-url-both-served", S2, lambda: getcard(card10(ifaces=BOTH10)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10("t1")})),
    req(A + "/tasks/t1", method="GET", headers={"a2a-version": "1.0"}), resp(task10("t1"), headers=RJ10)],
    [], "both bindings served at the one url")


# ------------------------------------------------ 3: card paths paired without the query
S3 = "review27a (CARD-002: the card is at /.well-known/agent-card.json; a query string does not change the resource's path, RFC 3986 §3.4)"
case("3-v10-card-json-404-with-query-beside-legacy-card", S3, lambda:
    getcard(card10(), path="/.well-known/agent-card.json?v=2")[:1] + [resp("Not Found", status=404, headers={"content-type": "text/plain"})]
    + getcard(card10(), path="/.well-known/agent.json"),
    [("card-not-at-agent-card-json", E)],
    "GET /.well-known/agent-card.json?v=2 answers 404 while /.well-known/agent.json serves a 1.0 card: the query names the same path")
case("3-v03-card-json-404-with-query-beside-legacy-card", S3, lambda:
    getcard(card03(), path="/.well-known/agent.json")
    + getcard(card03(), path="/.well-known/agent-card.json?cache=0")[:1] + [resp("Not Found", status=404, headers={"content-type": "text/plain"})],
    [("card-0-3-not-at-agent-card-json", N)],
    "the 0.3 form, the legacy card fetched first and the 404 second")
case("3-legal-v10-card-json-404-other-agent-with-query", S3, lambda:
    getcard(card10(), path="/agents/a/.well-known/agent-card.json?v=2")[:1] + [resp("Not Found", status=404, headers={"content-type": "text/plain"})]
    + getcard(card10(), path="/agents/b/.well-known/agent.json"),
    [], "a 404 for agent a and agent b's card at its 0.2 path are no pair, query or not")


S3b = "review27a (GW-SSE-002's diagnosis, wso2/agent-manager #1383): an idle or read timeout starts when the response head arrives, so the wait for the agent's answer before it is no silence the open stream survived"
GWU = "https://gateway.example.test/agents/report"
UPU = "http://report-agent.internal:8080/a2a"


def gw_line(line, t, xid, leg=None):
    line["t"] = t
    line["id"] = xid
    if leg:
        line["leg"] = leg
    return line


def gw_late_head_stream():
    """The agent answers its stream's head only after 40 s (the gateway holds the client's
    head until then), sends three events within 2 s, then is quiet for 18 s; the gateway
    closes the client's stream 10 s after the last event it passed on."""
    call = rpc("s1", "message/stream", {"message": msg03("write the incident report", mid="m-k3")})
    evs = [(40.01, task03("t-k3", "c-k3", "working")),
           (41.0, {"kind": "artifact-update", "taskId": "t-k3", "contextId": "c-k3", "artifact": {"artifactId": "a-k3", "parts": [{"kind": "text", "text": "part 1"}]}, "append": False, "lastChunk": False}),
           (42.0, {"kind": "artifact-update", "taskId": "t-k3", "contextId": "c-k3", "artifact": {"artifactId": "a-k3", "parts": [{"kind": "text", "text": "part 2"}]}, "append": True, "lastChunk": False}),
           (60.0, {"kind": "artifact-update", "taskId": "t-k3", "contextId": "c-k3", "artifact": {"artifactId": "a-k3", "parts": [{"kind": "text", "text": "part 3"}]}, "append": True, "lastChunk": True}),
           (60.1, st03("t-k3", "c-k3", "completed", final=True))]
    out = [gw_line(req(GWU, call, headers={**J, "accept": "text/event-stream"}), 0.0, "c1"),
           gw_line(req(UPU, call, headers={**J, "accept": "text/event-stream"}), 0.01, "u1", "upstream"),
           gw_line(resp("", headers=SSE), 40.0, "u1", "upstream"),
           gw_line(resp("", headers=SSE), 40.005, "c1")]
    cut = 52.005
    done = False
    for t, e in evs:
        if not done and t + 0.005 > cut:
            out.append(gw_line(chunk("", close="eof"), cut, "c1"))
            done = True
        out.append(gw_line(chunk("data: " + json.dumps(ok("s1", e)) + "\n\n"), t, "u1", "upstream"))
        if not done:
            out.append(gw_line(chunk("data: " + json.dumps(ok("s1", e)) + "\n\n"), t + 0.005, "c1"))
    out.append(gw_line(chunk("", close="eof"), 60.11, "u1", "upstream"))
    return out


case("3-gw-v03-stream-late-head-then-idle-cut", S3b, gw_late_head_stream,
    [("stream-events-lost-by-proxy", E)],
    "the stream opened at 40 s, its events came within 2 s, and the gateway cut it 10 s after the last one: an idle timeout of about 10 s, not a 52 s duration cap (the 40 s before the head is the agent's time to answer, which no idle timer counts)")


# ------------------------------------------------ 4: one fault, one error (controls)
S4 = "review27a (breaker27 X03, H06: a second finding about the same value names its cause; these are the separate faults that keep their own words)"
case("4-v10-rest-send-wrapped-task-lowercase-state", S4, lambda: getcard(card10(ifaces=R10I)) + [
    req(A + "/message:send", {"message": msg10()}, headers=RJ10),
    resp({"task": dict(task10("t1"), status={"state": "completed", "timestamp": "2026-12-02T10:00:01.000Z"})}, headers=RJ10)],
    [("task-state-invalid", E)],
    "a 1.0-shaped answer ({task}) with one 0.3 state name: TASK-STATE-005 on its own, no shape fault to blame")
case("4-v10-jsonrpc-get-task-context-changed", S4, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10("t1", state="INPUT_REQUIRED")})),
    req(A, rpc(2, "GetTask", {"id": "t1"}), headers=V10), resp(ok(2, task10("t1", "c2", state="INPUT_REQUIRED")))],
    [("context-id-changed", E)],
    "GetTask answers t1 in c2 after the send handed it out in c1: ID-CTX-002 on its own, no stream event to blame")


# ------------------------------------------------ 5: push-config delete answered TASK_NOT_FOUND
S5 = "review27a / breaker27 P01 (1.0 §3.1.10: TaskNotFoundError is for a task that does not exist; PUSH-003: a config lives until its task ends or it is deleted)"
NF = {"error": {"code": 404, "status": "NOT_FOUND", "message": "task not found", "details": einfo("TASK_NOT_FOUND")}}


def push_rest(delete_id="cfg-1", state="WORKING", deleted_first=False, get=False):
    out = getcard(card10(ifaces=R10I)) + [
        req(A + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ10),
        resp({"task": task10("t1", state=state)}, headers=RJ10),
        req(A + "/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": "https://hooks.example.test/a2a", "token": "tok-1"}, headers=RJ10),
        resp({"id": "cfg-1", "taskId": "t1", "url": "https://hooks.example.test/a2a", "token": "tok-1"}, headers=RJ10)]
    if deleted_first:
        out += [req(A + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp({}, headers=RJ10)]
    out += [req(A + "/tasks/t1/pushNotificationConfigs/" + delete_id, method="GET" if get else "DELETE", headers={"a2a-version": "1.0"}),
            resp(NF, status=404, headers=RJ10)]
    return out


case("5-v10-rest-push-config-delete-task-not-found", S5, lambda: push_rest(),
    [("task-id-not-resolvable", E)],
    "t1 (working) and its config cfg-1 were both created in this recording; DELETE of cfg-1 answers 404 TASK_NOT_FOUND")
case("5-v10-rest-push-config-get-task-not-found", S5, lambda: push_rest(get=True),
    [("task-id-not-resolvable", E)],
    "the GetTaskPushNotificationConfig form")
case("5-v10-jsonrpc-push-config-delete-task-not-found", S5, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), headers=V10), resp(ok(1, {"task": task10("t1", state="WORKING")})),
    req(A, rpc(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://hooks.example.test/a2a", "token": "tok-1"}), headers=V10),
    resp(ok(2, {"id": "cfg-1", "taskId": "t1", "url": "https://hooks.example.test/a2a", "token": "tok-1"})),
    req(A, rpc(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), headers=V10), resp(err(3, -32001, "Task not found"))],
    [("task-id-not-resolvable", E)], "the JSON-RPC form: -32001 for a live task's live config")
case("5-legal-v10-rest-push-config-delete-unknown-config-task-not-found", S5, lambda: push_rest(delete_id="cfg-9"),
    [], "cfg-9 was never created: the SDKs answer TaskNotFoundError for an unknown config id, not judged")
case("5-legal-v10-rest-push-config-delete-terminal-task-task-not-found", S5, lambda: push_rest(state="COMPLETED"),
    [], "t1 is completed: its configs may have ended with it (PUSH-003), not judged")


# ------------------------------------------------ 6: DATA-SHAPE-002 names what carried the metadata
S6 = "review27a (DATA-005: SendMessageRequest.metadata is a google.protobuf.Struct; the finding names the request, not the message)"
case("6-v10-rest-send-request-metadata-string", S6, lambda: getcard(card10(ifaces=R10I)) + [
    req(A + "/message:send", {"message": msg10(), "metadata": "trace=1"}, headers=RJ10), resp({"task": task10("t1")}, headers=RJ10)],
    [("request-message-invalid-shape", E)], "the HTTP+JSON body's own metadata is a string")
case("6-v03-jsonrpc-send-request-metadata-array", S6, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03(), "metadata": ["trace", 1]})), resp(ok(1, task03("t1")))],
    [("request-message-invalid-shape", E)], "0.3 params.metadata is an array")

if __name__ == "__main__":
    write_cases(C, OUT)

"""Writes the b27x blind-adversary transcripts (breaker27): the 1.0 and 0.3 HTTP+JSON
bindings in detail (routes, verbs, query parameters, media types, a JSON-RPC body on a REST
route and the reverse, a REST stream answered as one body, error bodies per generation),
what a gateway does in between (hop-by-hop headers, framing, stripped A2A headers, a
buffering or HTML-answering front, forwarded card URLs), multi-turn contexts (contextId
given or made, referenceTaskIds, a terminal task's id reused, tasks of one context listed),
artifacts over time (artifactId stability, the final Task against the stream), the client
side (a 0.3 client against 1.0 and the reverse, retries under one messageId, resubscribing
to a finished task) and timestamps and metadata (RFC 3339 forms, metadata that is no
object, extension keys). Faulty ones carry the finding the verifier must report; `-legal-`
ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker27 (blind adversary, round seven)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}
case = case_maker(C, "b27x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
S10 = {**V10, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJS = {**RJ, "accept": "text/event-stream"}
RESTI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
R03 = lambda **kw: getcard(card03(url=H, preferredTransport="HTTP+JSON", **kw))
rget = lambda path, h=RJ: req(H + path, method="GET", headers={k: v for k, v in h.items() if k != "content-type"})
rpost = lambda path, body, h=RJ: req(H + path, body, headers=h)
rok = lambda body, status=200, h=RJ: resp(body, status=status, headers=h)
GS = {400: "FAILED_PRECONDITION", 404: "NOT_FOUND", 409: "FAILED_PRECONDITION", 415: "INVALID_ARGUMENT",
      500: "INTERNAL", 501: "UNIMPLEMENTED", 502: "INTERNAL"}


def rerr(http, reason, msg="failed", status=None):
    b = {"error": {"code": http, "status": status or GS[http], "message": msg, "details": einfo(reason)}}
    return resp(b, status=http, headers={"content-type": "application/json"})


def sse(events, i=1, close="eof", rest=False, headers=None, **kw):
    out = [resp("", headers=headers or SSE, **kw)]
    for e in events:
        out.append(chunk(rest_ev(e) if rest else ev(e, i), **kw))
    if close:
        out.append(chunk("", close=close, **kw))
    return out


def stream10(events, i=1, p=None, url=A, h=S10):
    return [req(url, rpc(i, "SendStreamingMessage", p or {"message": msg10()}), headers=h)] + sse(events, i)


def stream03(events, i=1, p=None, url=A):
    return [req(url, rpc(i, "message/stream", p or {"message": msg03()}), headers=S03)] + sse(events, i)


def rstream10(events, p=None, path="/message:stream", close="eof"):
    return [rpost(path, p or {"message": msg10()}, h=RJS)] + sse(events, rest=True, close=close)


def with_arts(t, *arts):
    t["artifacts"] = [{"artifactId": a, "parts": [{"text": x} for x in texts]} for a, texts in arts]
    return t


W1 = lambda **kw: {"task": task10(state="WORKING", n=1, **kw)}
DONE = lambda n=5, **kw: st10(state="COMPLETED", n=n, **kw)
W03 = lambda **kw: task03(state="working", n=1, **kw)
DONE03 = lambda n=5: st03(state="completed", final=True, n=n)


def send_done(i=1, tid="t1", ctx="c1", url=A, h=V10, **mkw):
    return [req(url, rpc(i, "SendMessage", {"message": msg10(mid="m-" + tid, **mkw)}), headers=h),
            resp(ok(i, {"task": task10(tid, ctx, "COMPLETED", 1)}))]


def send_w(i=1, tid="t1", ctx="c1", url=A, h=V10):
    return [req(url, rpc(i, "SendMessage", {"message": msg10(mid="m-" + tid), "configuration": {"returnImmediately": True}}), headers=h),
            resp(ok(i, {"task": task10(tid, ctx, "WORKING", 1)}))]


def send03_done(i=1, tid="t1", ctx="c1", **mkw):
    return [req(A, rpc(i, "message/send", {"message": msg03(mid="m-" + tid, **mkw)}), headers=J03),
            resp(ok(i, task03(tid, ctx, "completed", 1)))]


def rsend_done(tid="t1", ctx="c1"):
    return [rpost("/message:send", {"message": msg10(mid="m-" + tid)}), rok({"task": task10(tid, ctx, state="COMPLETED")})]


def rsend_w(tid="t1", ctx="c1"):
    return [rpost("/message:send", {"message": msg10(mid="m-" + tid), "configuration": {"returnImmediately": True}}),
            rok({"task": task10(tid, ctx, state="WORKING")})]


# ---------------------------------------------------------------- HTTP+JSON binding in detail (H)
case("H01-v10-rest-send-with-put", lambda: R10() + [
    req(H + "/message:send", {"message": msg10()}, method="PUT", headers=RJ), rok({"task": task10()})],
    [("REST-VERB-002", W), ("REST-VERB-001", E)],
    "SendMessage is POST /message:send (REST-001); a client sends PUT and the agent executes it")
case("HL1-legal-v10-rest-subscribe-get-and-post", lambda: R10() + rsend_w() + [
    rget("/tasks/t1:subscribe", h={**RJ, "accept": "text/event-stream"})] + sse([{"task": task10(state="WORKING")}, DONE(2)], rest=True) + [
    rpost("/tasks/t1:subscribe", "", h=RJS), rerr(400, "UNSUPPORTED_OPERATION", "task t1 is completed")],
    [], "SubscribeToTask by GET (proto) and by POST (prose): trap 1 accepts both; the second finds t1 done")
case("H02-v10-jsonrpc-body-posted-to-rest-route-served", lambda: R10() + [
    rpost("/message:send", rpc(1, "SendMessage", {"message": msg10()})), rok(ok(1, {"task": task10()}))],
    [("BIND-USE-001", W)],
    "a JSON-RPC envelope POSTed to the HTTP+JSON route /message:send answered with a JSON-RPC envelope: REST-001 takes the SendMessageRequest itself")
case("H03-v10-rest-stream-answered-as-one-json-body", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS), rok({"task": task10()})],
    [("STREAM-HTTP-001", E)],
    "POST /message:stream answered 200 application/a2a+json with one Task (RPC-005/REST-002: text/event-stream)")
case("H04-v10-rest-stream-events-in-jsonrpc-envelope", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS)] + sse([W1(), DONE(2)], rest=False),
    [("STREAM-SHAPE-002", E)],
    "REST stream events wrapped in JSON-RPC responses (REST-002: bare StreamResponse)")
case("HL2-legal-v10-rest-stream-bare-events", lambda: R10() + rstream10([W1(), art10("a1", "x", last=True), DONE(2)]),
    [], "REST stream: bare StreamResponse events, task first, terminal status last")
case("H05-v10-rest-get-task-history-length-ignored", lambda: R10() + [
    rget("/tasks/t1?historyLength=1"), rok(task10(history=[msg10("a", mid="m1"), amsg10("b", mid="a1"), msg10("c", mid="m2")]))],
    [("DATA-HISTORY-001", E)],
    "GET /tasks/t1?historyLength=1 answered with three history messages (DATA-006)")
case("HL3-legal-v10-rest-get-task-history-length-query", lambda: R10() + [
    rget("/tasks/t1?historyLength=1"), rok(task10(history=[msg10("c", mid="m2")]))],
    [], "GET /tasks/t1?historyLength=1 answered with one history message")
case("H06-v10-rest-send-answered-0-3-task-shape", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok(task03())],
    [("DATA-SHAPE-001", E), ("TASK-STATE-005", E)],
    "1.0 POST /message:send answered with a bare 0.3 task (kind, lowercase state) instead of {task: ...}")
case("H07-v10-rest-cancel-answered-event-stream", lambda: R10() + rsend_w() + [
    rpost("/tasks/t1:cancel", {})] + sse([{"task": task10(state="CANCELED", n=2)}], rest=True),
    [("REST-HTTP-001", E)],
    "POST /tasks/t1:cancel answered text/event-stream (REST-001: one JSON body)")
case("H08-v10-rest-body-text-plain", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h={"content-type": "text/plain", "a2a-version": "1.0"}), rok({"task": task10()})],
    [("HTTP-MEDIA-003", W)],
    "client sends its JSON body as text/plain")
case("H09-v10-rest-agent-refuses-application-json-415", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h={"content-type": "application/json", "a2a-version": "1.0"}),
    resp("", status=415, headers={"content-type": "text/plain"})],
    [("HTTP-MEDIA-002", W), ("REST-ERROR-001", E)],
    "1.0 agent refuses application/json (the 1.0.0 media type) with 415")
case("HL4-legal-v10-rest-application-json-accepted", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h={"content-type": "application/json", "a2a-version": "1.0"}), rok({"task": task10()}, h=J)],
    [], "1.0 REST with the 1.0.0 media type application/json on both sides")
case("H10-v03-rest-error-in-1-0-status-shape", lambda: R03() + [
    req(H + "/v1/tasks/nope", method="GET", headers={}), rerr(404, "TASK_NOT_FOUND", "task nope not found")],
    [("REST-ERROR-001", E)],
    "a 0.3 /v1 route answers the 1.0 google.rpc.Status body (REST-003: the 0.3 error shape)")
case("HL5-legal-v03-rest-get-unknown-404", lambda: R03() + [
    req(H + "/v1/tasks/nope", method="GET", headers={}),
    resp({"code": -32001, "message": "Task not found: nope"}, status=404)],
    [], "0.3 HTTP+JSON: 404 with the A2A error as {code, message}")
case("H11-v10-rest-client-calls-0-3-v1-route", lambda: R10() + [
    rpost("/v1/message:send", {"message": msg10()}), resp("Not Found", status=404, headers={"content-type": "text/plain"})],
    [("BIND-USE-002", W)],
    "a half-migrated client calls the 0.3 route /v1/message:send on a 1.0 HTTP+JSON interface whose base has no /v1")
case("H12-v10-rest-get-task-snake-case-query-served", lambda: R10() + [
    rget("/tasks/t1?history_length=0"), rok(task10(history=[msg10("a", mid="m1")]))],
    [("DATA-SHAPE-002", E)],
    "history_length (the proto field name) instead of the camelCase historyLength query parameter (REST-001): the client's fault, the agent ignores it")
case("H13-v10-rest-list-tasks-page-size-over-100-500", lambda: R10() + [
    rget("/tasks?pageSize=500"), rerr(500, "INTERNAL", "page size too large", status="INTERNAL")],
    [("REST-HTTP-002", E)],
    "pageSize=500 (outside 1-100) answered 500 INTERNAL: ERR-006 wants 400 INVALID_ARGUMENT")
case("HL6-legal-v10-rest-list-tasks-context-filter", lambda: R10() + rsend_done("t1", "c1") + rsend_done("t2", "c2") + [
    rget("/tasks?contextId=c1&pageSize=10"), rok({"tasks": [task10("t1", "c1")], "nextPageToken": "", "pageSize": 10, "totalSize": 1})],
    [], "GET /tasks?contextId=c1 lists only the task of context c1")
case("H14-v10-rest-list-tasks-context-filter-ignored", lambda: R10() + rsend_done("t1", "c1") + rsend_done("t2", "c2") + [
    rget("/tasks?contextId=c1&pageSize=10"), rok({"tasks": [task10("t2", "c2", n=2), task10("t1", "c1")], "nextPageToken": "", "pageSize": 10, "totalSize": 2})],
    [("DATA-LIST-003", E)],
    "GET /tasks?contextId=c1 also lists the task of context c2")
case("H15-v10-rest-extended-card-post", lambda: R10(capabilities={"streaming": True, "extendedAgentCard": True}) + [
    req(H + "/extendedAgentCard", "", headers={**RJ, "authorization": "Bearer x"}), rok(card10(ifaces=RESTI, capabilities={"streaming": True, "extendedAgentCard": True}))],
    [("REST-VERB-001", E), ("REST-VERB-002", W)],
    "GetExtendedAgentCard is GET /extendedAgentCard; the client POSTs and the agent serves it")
case("HL7-legal-v10-rest-extended-card-get", lambda: R10(capabilities={"streaming": True, "extendedAgentCard": True}) + [
    req(H + "/extendedAgentCard", method="GET", headers={"a2a-version": "1.0", "authorization": "Bearer x"}),
    rok(card10(ifaces=RESTI, capabilities={"streaming": True, "extendedAgentCard": True}, description="Demo agent (extended)"))],
    [], "GET /extendedAgentCard with credentials")
case("H16-v10-rest-push-config-create-with-get-verb", lambda: R10() + rsend_w() + [
    rget("/tasks/t1/pushNotificationConfigs"), rok({"configs": [], "nextPageToken": ""}),
    req(H + "/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": "https://client.example.test/hook"}, method="PUT", headers=RJ),
    rok({"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"})],
    [("REST-VERB-001", E), ("REST-VERB-002", W)],
    "Create of a push config is POST /tasks/{id}/pushNotificationConfigs; the client PUTs it and the agent creates it")
case("HL8-legal-v10-rest-push-config-crud", lambda: R10() + rsend_w() + [
    rpost("/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": "https://client.example.test/hook"}),
    rok({"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"}),
    rget("/tasks/t1/pushNotificationConfigs/p1"), rok({"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"}),
    req(H + "/tasks/t1/pushNotificationConfigs/p1", method="DELETE", headers={"a2a-version": "1.0"}), rok({})],
    [], "push config create, get, delete on their 1.0 routes")
case("H17-v10-jsonrpc-agent-answers-rest-body", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp({"task": task10()})],
    [("RPC-ENVELOPE-001", E)],
    "a JSON-RPC SendMessage answered with the bare HTTP+JSON body {task} (no jsonrpc, id, result)")
case("H18-v10-rest-stream-html-from-front", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS),
    resp("<html><body><h1>504 Gateway Time-out</h1></body></html>", status=200, headers={"content-type": "text/html"})],
    [("STREAM-HTTP-001", E)],
    "a front answers the REST stream 200 text/html (a captive error page)")
case("H19-v10-jsonrpc-body-posted-to-rest-route-refused", lambda: R10() + [
    rpost("/message:send", rpc(1, "SendMessage", {"message": msg10()})),
    rerr(400, "INVALID_ARGUMENT", "message is required", status="INVALID_ARGUMENT")],
    [("BIND-USE-001", W)],
    "a JSON-RPC envelope POSTed to /message:send refused 400 (no message member): the client's binding is why")

# ---------------------------------------------------------------- a gateway in between (G)
UP = "http://10.0.4.17:8080"
GWA = GW + "/a2a"
GC10 = lambda **kw: getcard(card10(url=GWA, **kw), base=GW)


def via(creq, cresp, up_h=None, up_resp=None, up_body=None):
    """client -> gateway (id c) and gateway -> agent (id u, leg upstream)."""
    q = dict(creq)
    u = req(UP + "/a2a", up_body if up_body is not None else q["body"], headers=up_h if up_h is not None else q["headers"], leg="upstream", id="u")
    q["id"] = "c"
    r1 = dict(up_resp or cresp); r1.update({"leg": "upstream", "id": "u"})
    r2 = dict(cresp); r2["id"] = "c"
    return [q, u, r1, r2]


case("G01-v10-gateway-strips-a2a-version", lambda: GC10() + via(
    req(GWA, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10()})), up_h=J),
    [("VER-HDR-002", E)],
    "the gateway drops A2A-Version on the upstream leg: the agent reads the call as 0.3 (VER-003)")
case("GL1-legal-v10-gateway-drops-hop-by-hop", lambda: GC10() + via(
    req(GWA, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "connection": "keep-alive", "keep-alive": "timeout=5", "te": "trailers", "proxy-connection": "keep-alive"}),
    resp(ok(1, {"task": task10()})), up_h={**V10, "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https", "via": "1.1 gw"}),
    [], "hop-by-hop headers (Connection, Keep-Alive, TE) dropped and X-Forwarded-* added: RFC 9110 §7.6.1, as a proxy must")
case("G02-v10-gateway-strips-a2a-extensions", lambda: GC10(capabilities={"streaming": True, "extensions": [{"uri": "https://ext.example.test/trace/v1", "description": "trace"}]}) + via(
    req(GWA, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "a2a-extensions": "https://ext.example.test/trace/v1"}),
    resp(ok(1, {"task": task10()})), up_h=V10),
    [("GW-HDR-001", W)],
    "the gateway drops A2A-Extensions on the upstream leg")
case("G03-v10-response-content-length-and-chunked", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10()}), headers={**J, "content-length": "180", "transfer-encoding": "chunked"})],
    [("HTTP-FRAME-001", W)],
    "the answer carries both Content-Length and Transfer-Encoding (RFC 9112 §6.2; a request-smuggling vector behind a front)")
case("GL2-legal-v10-response-chunked-only", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10()}), headers={**J, "transfer-encoding": "chunked"})],
    [], "chunked answer without Content-Length")


def up_stream(events, burst=False, i=1, client=None):
    """a stream the agent sends upstream event by event; the client leg gets the same events,
    or all of them in one chunk at the end (a buffering front)."""
    out = [req(GWA, rpc(i, "SendStreamingMessage", {"message": msg10()}), headers=S10, id="c"),
           req(UP + "/a2a", rpc(i, "SendStreamingMessage", {"message": msg10()}), headers=S10, leg="upstream", id="u"),
           resp("", headers=SSE, leg="upstream", id="u")]
    for e in events:
        _t[0] += 1.0
        out.append(chunk(ev(e, i), leg="upstream", id="u"))
    if burst:
        out.append(chunk("", close="eof", leg="upstream", id="u"))
        out.append(resp("", headers=SSE, id="c"))
        out.append(chunk("".join(ev(e, i) for e in events), id="c"))
        out.append(chunk("", close="eof", id="c"))
        return out
    out = out[:3]
    out.append(resp("", headers=SSE, id="c"))
    for e, f in zip(events, client or events):
        _t[0] += 1.0
        out.append(chunk(ev(e, i), leg="upstream", id="u"))
        out.append(chunk(ev(f, i), id="c"))
    out.append(chunk("", close="eof", leg="upstream", id="u"))
    out.append(chunk("", close="eof", id="c"))
    return out


EVS = lambda: [W1(), st10(state="WORKING", n=2, message=amsg10("step 1", mid="a-s1", taskId="t1", contextId="c1")),
               art10("r1", "result"), DONE(4)]
case("G04-v10-buffering-front-delivers-stream-at-end", lambda: GC10() + up_stream(EVS(), burst=True),
    [("GW-SSE-001", W)],
    "the agent streams four events over three seconds; the front buffers and hands them over in one chunk at the end")
case("GL3-legal-v10-gateway-passes-stream-through", lambda: GC10() + up_stream(EVS()),
    [], "the front passes each event on as it arrives")
case("G05-v10-front-answers-stream-with-html", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10),
    resp("<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>", status=200, headers={"content-type": "text/html; charset=UTF-8"})],
    [("STREAM-HTTP-001", E)],
    "a bot-check front answers the streaming call 200 text/html")
case("G06-v10-front-closes-stream-before-terminal", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10),
    resp("", headers={**SSE, "connection": "close"}), chunk(ev(W1())), chunk(ev(st10(state="WORKING", n=2))), chunk("", close="eof")],
    [("STREAM-END-002", E)],
    "an idle-timeout front closes the stream (Connection: close) before the task ends")
case("G07-v10-gateway-card-url-rewritten-to-internal-host", lambda: [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}, id="c"),
    req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "x-forwarded-host": "gw.example.test", "x-forwarded-proto": "https"}, leg="upstream", id="u"),
    resp(card10(url="http://10.0.4.17:8080/a2a"), headers=CH, leg="upstream", id="u"),
    resp(card10(url="http://10.0.4.17:8080/a2a"), headers=CH, id="c")],
    [("CARD-URL-003", E), ("AUTH-TLS-004", W)],
    "the agent ignores X-Forwarded-Host and advertises its pod address; the gateway passes the card on")
case("GL4-legal-v10-gateway-card-url-from-forwarded-host", lambda: [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}, id="c"),
    req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "x-forwarded-host": "gw.example.test", "x-forwarded-proto": "https"}, leg="upstream", id="u"),
    resp(card10(url=GWA), headers=CH, leg="upstream", id="u"),
    resp(card10(url=GWA), headers=CH, id="c")],
    [], "the agent builds its card url from X-Forwarded-Host/Proto: the public url")
case("G08-v10-forwarded-proto-ignored-card-http", lambda: [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"})] + [
    resp(card10(url="http://gw.example.test/a2a"), headers=CH)],
    [("CARD-URL-008", W)],
    "TLS ends at the front; the agent ignores X-Forwarded-Proto and advertises http://gw.example.test/a2a")
case("G09-v10-gateway-rewrites-stream-event", lambda: GC10() + up_stream(EVS(), client=EVS()[:-1] + [st10(state="FAILED", n=4)]),
    [("GW-SSE-002", E)],
    "the client leg gets FAILED where the agent sent COMPLETED")
case("G10-v10-gateway-returns-502-while-agent-answered", lambda: GC10() + via(
    req(GWA, rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp("<html><body>502 Bad Gateway</body></html>", status=502, headers={"content-type": "text/html"}),
    up_resp=resp(ok(1, {"task": task10()}))),
    [("GW-RESP-001", E)],
    "the agent answered upstream; the client got the gateway's 502 page")
case("G11-v10-gateway-strips-content-type-of-stream", lambda: GC10() + (lambda o: [l if not (l.get("dir") == "resp" and l.get("id") == "c") else {**l, "headers": {"content-type": "application/octet-stream"}} for l in o])(up_stream(EVS())),
    [("GW-RESP-002", E)],
    "the front relabels the event stream application/octet-stream")

# ---------------------------------------------------------------- multi-turn contexts (X)
case("X01-v10-client-context-replaced-by-agent", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-client")}), resp(ok(1, {"task": task10(ctx="ctx-agent")}))],
    [("ID-CTX-002", E)],
    "the client supplies contextId ctx-client; the agent answers a task in ctx-agent (ID-002: accept it or refuse, never substitute)")
case("XL1-legal-v10-client-context-accepted", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-client")}), resp(ok(1, {"task": task10(ctx="ctx-client")}))],
    [], "the agent accepts the client's contextId")
case("XL2-legal-v10-new-task-in-old-context", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("and now?", mid="m2", contextId="c1")}), resp(ok(2, {"task": task10("t2", "c1", n=2)}))],
    [], "contextId without taskId after t1 completed: a new task t2 in the same context (ID-008)")
case("X02-v10-follow-up-gets-other-context", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("yes", mid="m2", taskId="t1")}), resp(ok(2, {"task": task10(ctx="c-new", n=2)}))],
    [("ID-CTX-001", E)],
    "a follow-up naming only taskId t1 (context c1) answered with t1 in context c-new (ID-003: inferred from the task)")
case("X03-v10-stream-context-changes-between-updates", lambda: C10() + stream10([W1(), st10(ctx="c1", state="WORKING", n=2), st10(ctx="c2", state="COMPLETED", n=3)]),
    [("ID-EVENT-002", E), ("ID-CTX-002", E)],
    "the stream's Task is in c1, its last status update names c2")
case("X04-v10-terminal-task-id-reused-for-new-message", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1"), "configuration": {"returnImmediately": True}}),
    resp(ok(2, {"task": task10(state="WORKING", n=2)}))],
    [("TASK-STATE-002", E), ("TASK-STATE-001", E)],
    "the client sends a new message under the completed task t1; the agent restarts t1 (TASK-001, TASK-002)")
case("XL3-legal-v10-terminal-task-follow-up-refused", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}),
    resp(err(2, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION")))],
    [], "a message to the completed task t1 refused -32004")
case("XL4-legal-v10-reference-task-ids-new-task", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("refine it", mid="m2", contextId="c1", referenceTaskIds=["t1"])}),
    resp(ok(2, {"task": task10("t2", "c1", n=2)}))],
    [], "a refinement names t1 in referenceTaskIds and gets a new task t2 in the same context (TASK-001)")
case("X05-v10-reference-task-ids-answered-not-found", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("refine it", mid="m2", contextId="c1", referenceTaskIds=["t1"])}),
    resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("ID-TASK-001", E)],
    "a refinement naming the completed t1 in referenceTaskIds answered TaskNotFoundError: the agent lost the task it handed out")
case("X06-v10-get-task-context-changed", lambda: C10() + send_w() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(ctx="c9", state="WORKING", n=2)))],
    [("ID-CTX-002", E)],
    "GetTask shows t1 in context c9; the send put it in c1")
case("X07-v10-list-tasks-of-context-lists-other-context", lambda: C10() + send_done("1", "t1", "c1") + send_done("2", "t2", "c2") + [
    RPC(3, "ListTasks", {"contextId": "c1"}), resp(ok(3, {"tasks": [task10("t2", "c2", n=2), task10("t1", "c1")], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
    [("DATA-LIST-003", E)],
    "ListTasks contextId c1 lists t2 of context c2")
case("XL5-legal-v10-list-tasks-of-context", lambda: C10() + send_done("1", "t1", "c1") + send_done("2", "t2", "c1") + [
    RPC(3, "ListTasks", {"contextId": "c1"}), resp(ok(3, {"tasks": [task10("t2", "c1", n=2), task10("t1", "c1")], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
    [], "ListTasks contextId c1: both tasks of c1, newest first")
case("X08-v10-follow-up-context-mismatch-processed", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("yes", mid="m2", taskId="t1", contextId="c-other")}), resp(ok(2, {"task": task10(n=2)}))],
    [("ID-CTX-002", E)],
    "a follow-up names t1 with context c-other (t1 is in c1) and is processed (ID-003: reject)")
case("X09-v03-client-context-replaced-by-agent", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(contextId="ctx-client")}), headers=J03), resp(ok(1, task03(ctx="ctx-agent")))],
    [("ID-CTX-002", E)],
    "0.3: the client's contextId replaced by the agent's")
case("X10-v10-agent-message-reply-in-other-context", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-client")}), resp(ok(1, {"message": amsg10(contextId="ctx-agent")}))],
    [("ID-CTX-002", E)],
    "a Message reply in another context than the client's contextId")
case("XL6-legal-v10-agent-message-reply-mints-context", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"message": amsg10(contextId="ctx-new")})),
    RPC(2, "SendMessage", {"message": msg10("more", mid="m2", contextId="ctx-new")}), resp(ok(2, {"message": amsg10("ok", mid="a2", contextId="ctx-new")}))],
    [], "the agent mints a context on a message reply; the client continues in it")
case("X11-v10-status-message-other-context", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": {**task10(state="INPUT_REQUIRED"), "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 1, "message": amsg10("which city?", taskId="t1", contextId="c-stale")}}}))],
    [("ID-CTX-003", W)],
    "the status message of t1 (context c1) names context c-stale")

# ---------------------------------------------------------------- artifacts over time (A)
ASTREAM = lambda evs: C10() + stream10([W1()] + evs + [DONE(5)])
case("A01-v10-artifact-id-changes-across-chunks", lambda: ASTREAM([art10("r-1", "Hello, "), art10("r-2", "world", append=True, last=True)]),
    [("STREAM-ARTIFACT-001", W)],
    "the second chunk appends to artifact r-2, but the first was r-1: an agent that mints an artifactId per chunk")
case("AL1-legal-v10-artifact-chunks-one-id", lambda: ASTREAM([art10("r-1", "Hello, "), art10("r-1", "world", append=True, last=True)]),
    [], "two chunks of artifact r-1, the second appended and marked lastChunk")
case("A02-v10-artifact-chunks-after-last-chunk", lambda: ASTREAM([art10("r-1", "Hello", last=True), art10("r-1", ", world", append=True)]),
    [("STREAM-ARTIFACT-002", W)],
    "a chunk of r-1 after its lastChunk")
case("AL2-legal-v10-artifact-part-kinds-change", lambda: ASTREAM([
    art10("r-1", "", parts=[{"text": "Summary:"}]),
    art10("r-1", "", append=True, parts=[{"data": {"rows": 3}, "mediaType": "application/json"}]),
    art10("r-1", "", append=True, last=True, parts=[{"url": "https://files.example.test/r1.csv", "mediaType": "text/csv", "filename": "r1.csv"}])]),
    [], "one artifact whose appended chunks are a text, a data and a url part")
case("A03-v10-final-get-task-lacks-streamed-artifact", lambda: ASTREAM([art10("r-1", "result", last=True)]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(n=5)))],
    [("TASK-STATE-010", W)],
    "the stream delivered artifact r-1; GetTask of the completed task has no artifacts")
case("AL3-legal-v10-final-get-task-has-streamed-artifact", lambda: ASTREAM([art10("r-1", "result", last=True)]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("r-1", ["result"]))))],
    [], "GetTask of the completed task carries the streamed artifact")
case("A04-v10-final-task-artifact-lacks-appended-parts", lambda: ASTREAM([art10("r-1", "part one"), art10("r-1", "part two", append=True, last=True)]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("r-1", ["part one"]))))],
    [("TASK-STATE-010", W)],
    "GetTask holds r-1 with the first chunk's parts only")
case("A05-v10-artifact-update-without-artifact-id", lambda: ASTREAM([{"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"parts": [{"text": "x"}]}}}]),
    [("STREAM-SHAPE-001", E)],
    "an artifact update whose artifact has no artifactId (DATA-005)")
case("A06-v10-task-two-artifacts-same-id", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": with_arts(task10(), ("r-1", ["one"]), ("r-1", ["two"]))}))],
    [("DATA-SHAPE-001", E)],
    "a completed Task lists two artifacts with one artifactId r-1 (DATA-005: artifactId unique per task)")
case("AL4-legal-v10-task-two-artifacts", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": with_arts(task10(), ("r-1", ["one"]), ("r-2", ["two"]))}))],
    [], "a Task with two artifacts r-1 and r-2")
case("A07-v10-artifact-update-empty-parts", lambda: ASTREAM([art10("r-1", "", parts=[])]),
    [("STREAM-SHAPE-001", E)],
    "a 1.0 artifact update with parts [] (DATA-005: parts has at least one)")
case("A08-v03-append-to-unknown-artifact", lambda: C03() + stream03([W03(), art03("r-9", "tail", append=True, last=True), DONE03()]),
    [("STREAM-ARTIFACT-001", W)],
    "0.3: the first chunk of r-9 says append")
case("AL5-legal-v10-two-artifacts-interleaved", lambda: ASTREAM([art10("r-1", "a"), art10("r-2", "b"), art10("r-1", "c", append=True, last=True), art10("r-2", "d", append=True, last=True)]),
    [], "chunks of two artifacts interleaved")
case("A09-v10-blocking-send-lacks-streamed-artifacts-in-other-call", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10)] + sse([W1(), art10("r-1", "answer", last=True), DONE(3)]) + [
    RPC(2, "ListTasks", {"includeArtifacts": True}), resp(ok(2, {"tasks": [task10(n=3)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [("TASK-STATE-010", W)],
    "ListTasks with includeArtifacts lists t1 without the artifact its stream delivered")

# ---------------------------------------------------------------- the client side (K)
case("K01-v10-client-subscribes-to-completed-task-stream-opened", lambda: C10() + send_done() + [
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10)] + sse([{"task": task10(n=1)}], i=2),
    [("TASK-STATE-006", E)],
    "SubscribeToTask on the completed t1 opened a stream (TASK-004: UnsupportedOperationError)")
case("KL1-legal-v10-subscribe-to-completed-refused", lambda: C10() + send_done() + [
    RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10), resp(err(2, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION")))],
    [], "SubscribeToTask on the completed t1 refused -32004")
case("KL2-legal-v03-resubscribe-to-completed-returns-task", lambda: C03() + send03_done() + [
    req(A, rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=S03)] + sse([task03()], i=2),
    [], "0.3 resubscribe to a finished task: the Task and close (trap 6)")
case("K02-v03-client-sends-1-0-fields", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"returnImmediately": True, "acceptedOutputModes": ["text/plain"]}}), headers=J03),
    resp(ok(1, task03()))],
    [("VER-MIX-002", W)],
    "a half-migrated client sends 1.0's returnImmediately in a 0.3 message/send")
case("K03-v10-client-sends-0-3-fields", lambda: C10() + [
    RPC(1, "SendMessage", {"message": {**msg10(), "kind": "message"}, "configuration": {"blocking": False}}),
    resp(ok(1, {"task": task10(state="WORKING")}))],
    [("VER-MIX-002", W)],
    "a half-migrated client sends 0.3's kind and blocking in a 1.0 SendMessage")
case("K04-v10-retry-same-message-id-other-text", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("book a table for 2", mid="m-42")}), resp("", status=504, headers={"content-type": "text/html"}),
    RPC(2, "SendMessage", {"message": msg10("book a table for 4", mid="m-42")}), resp(ok(2, {"task": task10()}))],
    [("ID-MSG-002", W)],
    "after a gateway timeout the client retries under messageId m-42 with other text")
case("KL3-legal-v10-retry-same-message-id-same-text", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("book a table for 2", mid="m-42")}), resp("", status=504, headers={"content-type": "text/html"}),
    RPC(2, "SendMessage", {"message": msg10("book a table for 2", mid="m-42")}), resp(ok(2, {"task": task10()}))],
    [], "after a gateway timeout the client retries the same message under the same messageId (ID-007)")
case("KL4-legal-v10-poll-get-task", lambda: C10() + send_w() + sum([[RPC(k, "GetTask", {"id": "t1"}), resp(ok(k, task10(state="WORKING", n=1)))] for k in range(2, 8)], []) + [
    RPC(8, "GetTask", {"id": "t1"}), resp(ok(8, task10(n=3)))],
    [], "the client polls GetTask until the task completes")
case("K05-v10-client-accepted-output-mode-ignored", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["application/json"]}}),
    resp(ok(1, {"task": with_arts(task10(), ("r-1", ["plain text"]))}))],
    [("CAP-MODE-001", W)],
    "the client accepts application/json only; the agent answers a text artifact")
case("KL5-legal-v10-accepted-output-modes-not-on-card-agent-refuses", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["image/png"]}}),
    resp(ok(1, {"task": {**task10(state="REJECTED"), "status": {"state": "TASK_STATE_REJECTED", "timestamp": TS % 1, "message": amsg10("I can only answer in text/plain", taskId="t1", contextId="c1")}}}))],
    [], "the client asks for image/png, which the card does not list; the agent rejects the task with a reason")
case("K06-v10-client-ignores-end-and-resubscribes", lambda: C10() + stream10([W1(), DONE(3)]) + [
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10)] + sse([{"task": task10(n=3)}], i=2),
    [("TASK-STATE-006", E)],
    "after the terminal event the client resubscribes; the agent reopens a stream for the completed task")
case("K07-v10-client-sends-0-3-parts", lambda: C10() + [
    RPC(1, "SendMessage", {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"kind": "text", "text": "hi"}]}}),
    resp(ok(1, {"task": task10()}))],
    [("VER-MIX-002", W)],
    "a 1.0 message whose part carries the 0.3 kind discriminator")

# ---------------------------------------------------------------- timestamps and metadata (T)
def tstask(ts, **kw):
    t = task10(**kw)
    t["status"]["timestamp"] = ts
    return t


TSC = lambda ts: C10() + [RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": tstask(ts)}))]
case("T01-v10-timestamp-plus-zero-offset", lambda: TSC("2026-12-02T10:00:01.000+00:00"),
    [("DATA-TIME-001", W)], "1.0 status timestamp with +00:00 instead of Z (DATA-002)")
case("T02-v10-timestamp-without-zone", lambda: TSC("2026-12-02T10:00:01.123456"),
    [("DATA-SHAPE-001", E)], "1.0 status timestamp without zone (Python isoformat of a naive datetime): ProtoJSON parsers refuse it")
case("TL1-legal-v10-timestamp-microseconds-z", lambda: TSC("2026-12-02T10:00:01.123456Z"),
    [], "fractional seconds to microseconds with Z")
case("TL2-legal-v10-timestamp-no-fraction-z", lambda: TSC("2026-12-02T10:00:01Z"),
    [], "no fractional seconds, Z (ms precision is a SHOULD)")
case("TL3-legal-v03-timestamp-naive", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, {**task03(), "status": {"state": "completed", "timestamp": "2026-12-02T10:00:01.123456"}}))],
    [], "0.3 JSON-RPC timestamps are free strings (the 0.x examples are naive)")
case("T03-v10-timestamp-space-separator", lambda: TSC("2026-12-02 10:00:01.000Z"),
    [("DATA-SHAPE-001", E)], "a space instead of T between date and time (RFC 3339 §5.6 allows it only in prose; ProtoJSON needs T)")
case("T04-v10-timestamp-date-only", lambda: TSC("2026-12-02"),
    [("DATA-SHAPE-001", E)], "a date without time")
case("T05-v10-timestamp-lowercase-z", lambda: TSC("2026-12-02T10:00:01.000z"),
    [("DATA-TIME-001", W)], "lower-case z")
case("T06-v10-timestamp-unix-seconds-string", lambda: TSC("1764669601"),
    [("DATA-SHAPE-001", E)], "epoch seconds as a string")
case("T07-v10-task-metadata-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10(metadata="{\"trace\":\"abc\"}")}))],
    [("DATA-SHAPE-001", E)], "Task.metadata is a JSON string (serialised twice), not an object (google.protobuf.Struct)")
case("T08-v10-client-message-metadata-array", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(metadata=[{"k": "v"}])}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E)], "the client's Message.metadata is an array")
case("TL4-legal-v10-extension-metadata-keys", lambda: C10(capabilities={"streaming": True, "extensions": [{"uri": "https://ext.example.test/geo/v1", "description": "geo"}]}) + [
    RPC(1, "SendMessage", {"message": msg10(metadata={"https://ext.example.test/geo/v1": {"lat": 52.5, "lon": 13.4}}, extensions=["https://ext.example.test/geo/v1"])},
        h={**V10, "a2a-extensions": "https://ext.example.test/geo/v1"}),
    resp(ok(1, {"task": task10(metadata={"https://ext.example.test/geo/v1": {"resolved": "Berlin"}})}), headers={**J, "a2a-extensions": "https://ext.example.test/geo/v1"})],
    [], "extension data under the extension's URI as metadata key, on the message and the task")
case("T09-v10-status-update-metadata-number", lambda: C10() + stream10([W1(), {"statusUpdate": {**st10(state="WORKING", n=2)["statusUpdate"], "metadata": 42}}, DONE(3)]),
    [("STREAM-SHAPE-001", E)], "a status update whose metadata is the number 42")
case("T10-v10-stream-timestamp-offset-in-update", lambda: C10() + stream10([W1(), {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T11:00:05.000+01:00"}}}]),
    [("DATA-TIME-001", W)], "a status update stamped +01:00")
case("TL5-legal-v10-rest-timestamp-after-filter", lambda: R10() + rsend_done() + [
    rget("/tasks?statusTimestampAfter=2026-12-02T10:00:00Z"), rok({"tasks": [task10()], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [], "GET /tasks?statusTimestampAfter= with an RFC 3339 value")
case("T11-v10-rest-timestamp-after-bad-answered-500", lambda: R10() + rsend_done() + [
    rget("/tasks?statusTimestampAfter=yesterday"), rerr(500, "INTERNAL", "parse error", status="INTERNAL")],
    [("REST-HTTP-002", E)], "statusTimestampAfter=yesterday answered 500 (ERR-006: 400 INVALID_ARGUMENT)")
case("T12-v10-timestamp-comma-fraction", lambda: TSC("2026-12-02T10:00:01,250Z"),
    [("DATA-SHAPE-001", E)], "ISO 8601's comma before the fraction; RFC 3339 and ProtoJSON take a dot only")
case("TL6-legal-v10-metadata-null", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(metadata=None)}), resp(ok(1, {"task": task10(metadata=None)}))],
    [], "metadata: null is ProtoJSON's unset field")

# ---------------------------------------------------------------- more HTTP+JSON (H, second part)
case("H20-v10-rest-history-length-not-a-number-500", lambda: R10() + rsend_done() + [
    rget("/tasks/t1?historyLength=all"), rerr(500, "INTERNAL", "strconv.Atoi: parsing \"all\": invalid syntax", status="INTERNAL")],
    [("REST-HTTP-002", E)], "historyLength=all answered 500 INTERNAL: a malformed parameter is 400 INVALID_ARGUMENT (ERR-006)")
case("HL9-legal-v03-rest-send-proto-json-task", lambda: R03() + [
    req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
    resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}})],
    [], "0.3 HTTP+JSON is ProtoJSON of the 0.3 proto: request under `request`, parts in `content`, the answer {task} with TASK_STATE_* names")
case("H21-v10-rest-get-task-answered-wrapped", lambda: R10() + rsend_done() + [
    rget("/tasks/t1"), rok({"task": task10()})],
    [("DATA-SHAPE-001", E)], "GET /tasks/t1 answered {\"task\": {...}}: GetTask returns the Task itself (only send results are wrapped)")
case("H22-v10-rest-cancel-answered-wrapped", lambda: R10() + rsend_w() + [
    rpost("/tasks/t1:cancel", {}), rok({"task": task10(state="CANCELED", n=2)})],
    [("DATA-SHAPE-001", E)], "POST /tasks/t1:cancel answered {\"task\": {...}}: CancelTask returns the Task itself")
case("HL10-legal-v10-rest-version-as-query-parameter", lambda: R10() + rsend_done() + [
    req(H + "/tasks/t1?A2A-Version=1.0", method="GET", headers={}), rok(task10())],
    [], "A2A-Version as a query parameter (VER-001 allows it in place of the header)")
case("H23-v10-rest-stream-as-ndjson", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS),
    resp("", headers={"content-type": "application/x-ndjson"}),
    chunk(json.dumps(W1()) + "\n"), chunk(json.dumps(DONE(2)) + "\n"), chunk("", close="eof")],
    [("STREAM-HTTP-001", E)], "a REST stream delivered as newline-delimited JSON (a front's or framework's streaming JSON), not text/event-stream")
case("G12-v10-gateway-strips-a2a-version-rest", lambda: getcard(card10(ifaces=[{"url": GW, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]), base=GW) + [
    req(GW + "/message:send", {"message": msg10()}, headers=RJ, id="c"),
    req(UP + "/message:send", {"message": msg10()}, headers={"content-type": "application/a2a+json"}, leg="upstream", id="u"),
    resp({"task": task10()}, headers=RJ, leg="upstream", id="u"), resp({"task": task10()}, headers=RJ, id="c")],
    [("VER-HDR-002", E)], "the gateway forwards the REST send without A2A-Version")
case("A10-v10-artifact-replaced-after-last-chunk", lambda: ASTREAM([art10("r-1", "draft", last=True), art10("r-1", "final", append=False, last=True)]),
    [("STREAM-ARTIFACT-002", W)], "after r-1's lastChunk the agent sends r-1 again (append false): a chunk after the last")
case("XL7-legal-v10-client-context-refused", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-expired")}), resp(err(1, -32602, "Unknown or expired contextId ctx-expired"))],
    [], "the agent refuses a context it expired (ID-002: it MAY refuse, and then MUST error)")
case("K08-v10-rest-client-sends-0-3-part-kind", lambda: R10() + [
    rpost("/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"kind": "text", "text": "hi"}]}}), rok({"task": task10()})],
    [("VER-MIX-002", W)], "a 1.0 REST send whose part carries 0.3's kind")
case("KL6-legal-v10-client-resends-after-reset-same-message", lambda: C10() + [
    {**RPC(1, "SendMessage", {"message": msg10("hi", mid="m-7")}), "id": "x1"},
    {**RPC(2, "SendMessage", {"message": msg10("hi", mid="m-7")}), "id": "x2"}, {**resp(ok(2, {"task": task10()})), "id": "x2"}],
    [], "the connection dropped; the client resends the same message under the same messageId (ID-007)")

# ---------------------------------------------------------------- round two
case("H24-v10-rest-list-tasks-status-0-3-spelling-served", lambda: R10() + rsend_w() + [
    rget("/tasks?status=working"), rok({"tasks": [task10(state="WORKING")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [("DATA-PARAM-001", E)], "GET /tasks?status=working (the 0.3 spelling; REST-001: enum names, TASK_STATE_WORKING) served as if it were a filter")
case("H25-v10-rest-send-answered-as-event-stream", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h=RJS)] + sse([W1(), DONE(2)], rest=True),
    [("REST-HTTP-001", E)], "POST /message:send with Accept: text/event-stream answered as a stream (REST-001: SendMessage is one JSON body)")
case("HL11-legal-v10-rest-send-accept-any", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h={**RJ, "accept": "*/*"}), rok({"task": task10()})],
    [], "POST /message:send with Accept: */* answered with one JSON body")
case("X12-v10-follow-up-answered-with-new-task", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("Berlin", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, {"task": task10("t2", "c1", n=2)}))],
    [("ID-TASK-002", E)], "the client answers the input-required t1; the agent answers with a new task t2")
case("XL8-legal-v10-follow-up-continues-task", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("Berlin", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, {"task": task10(n=2)}))],
    [], "the follow-up continues t1 to completion")
case("G13-v10-gateway-collects-stream-into-json-array", lambda: GC10() + [
    req(GWA, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, id="c"),
    req(UP + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, leg="upstream", id="u"),
    resp("", headers=SSE, leg="upstream", id="u"), chunk(ev(W1()), leg="upstream", id="u"), chunk(ev(DONE(2)), leg="upstream", id="u"),
    chunk("", close="eof", leg="upstream", id="u"),
    resp([ok(1, W1()), ok(1, DONE(2))], id="c")],
    [("GW-RESP-002", E)], "a gateway collects the agent's event stream into one JSON array for the client")
case("AL6-legal-v10-artifact-name-changes-across-chunks", lambda: ASTREAM([art10("r-1", "a", name="draft.md"), art10("r-1", "b", append=True, last=True, name="report.md")]),
    [], "an artifact's name given again (and changed) on its last chunk: the proto leaves that to the agent")
case("TL7-legal-v10-status-without-timestamp", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}}))],
    [], "status.timestamp is optional")
case("T13-v10-rest-task-timestamp-offset", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": tstask("2026-12-02T05:00:01.000-05:00")})],
    [("DATA-TIME-001", W)], "a REST answer's status timestamp in -05:00")
case("K09-v10-client-message-metadata-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "metadata": "trace=abc"}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E)], "the client's SendMessageRequest.metadata is a string")
case("HL12-legal-v10-rest-subscribe-interrupted-task", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="INPUT_REQUIRED")}),
    rget("/tasks/t1:subscribe", h={**RJ, "accept": "text/event-stream"})] + sse([{"task": task10(state="INPUT_REQUIRED")}], rest=True),
    [], "GET /tasks/t1:subscribe on an input-required task: the Task, and the stream closes at the interrupted state (trap 4)")
case("GL5-legal-v10-gateway-maps-context-id-both-ways", lambda: GC10() + via(
    req(GWA, rpc(1, "SendMessage", {"message": msg10(contextId="c-client")}), headers=V10),
    resp(ok(1, {"task": task10(ctx="c-client")})),
    up_body=rpc(1, "SendMessage", {"message": msg10(contextId="c-gw")}), up_resp=resp(ok(1, {"task": task10(ctx="c-gw")}))),
    [], "the gateway replaces the client's contextId upstream and maps it back on the answer: the client sees its own context (GW-REQ-003 tells a replacement only when the client does not get its id back)")

# ---------------------------------------------------------------- round three
case("X13-v10-stream-task-in-other-context-than-client-gave", lambda: C10() + stream10([{"task": task10(ctx="c-agent", state="WORKING")}, st10(ctx="c-agent", state="COMPLETED", n=2)], p={"message": msg10(contextId="c-client")}),
    [("ID-CTX-002", E)], "the client streams in c-client; the stream's Task is in c-agent")
case("X14-v10-rest-follow-up-context-mismatch-processed", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1")}), rok({"task": task10(state="INPUT_REQUIRED")}),
    rpost("/message:send", {"message": msg10("yes", mid="m2", taskId="t1", contextId="c-other")}), rok({"task": task10(n=2)})],
    [("ID-CTX-002", E)], "REST: a follow-up naming t1 in c-other (t1 is in c1) processed")
case("G15-v10-gateway-drops-terminal-event", lambda: GC10() + (lambda o: [l for l in o if not (l.get("id") == "c" and l.get("dir") == "chunk" and "COMPLETED" in l.get("body", ""))])(up_stream(EVS())),
    [("GW-SSE-002", E)], "the front passes every event but the terminal one, then closes: the lost event is the gateway's (GW-SSE-002), the stream's missing end its consequence")
case("G16-v10-forwarded-prefix-ignored-card-url", lambda: [
    req(GW + "/agents/weather/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(url=GW + "/a2a"), headers=CH),
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp("Not Found", status=404, headers={"content-type": "text/plain"})],
    [("CARD-URL-002", E)], "the agent behind the prefix /agents/weather ignores X-Forwarded-Prefix: its card names /a2a at the root, which 404s")
case("GL6-legal-v10-forwarded-prefix-honoured", lambda: [
    req(GW + "/agents/weather/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(url=GW + "/agents/weather/a2a"), headers=CH),
    req(GW + "/agents/weather/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10()}))],
    [], "the card names the prefixed url and it answers")
case("T14-v10-rest-list-tasks-timestamp-offset", lambda: R10() + rsend_done() + [
    rget("/tasks"), rok({"tasks": [tstask("2026-12-02T12:00:01+02:00")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [("DATA-TIME-001", W)], "a listed task stamped +02:00")
case("A11-v10-artifact-metadata-array", lambda: ASTREAM([art10("r-1", "x", last=True, metadata=["a", "b"])]),
    [("STREAM-SHAPE-001", E)], "an artifact whose metadata is an array")
case("HL13-legal-v03-rest-subscribe-get", lambda: R03() + [
    req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}, "configuration": {"blocking": False}}, headers=J03),
    resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 1}}}),
    req(H + "/v1/tasks/t1:subscribe", method="GET", headers={"accept": "text/event-stream"})] + sse([
        {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 1}}},
        {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}, "final": True}}], rest=True),
    [], "0.3 HTTP+JSON: GET /v1/tasks/t1:subscribe streams ProtoJSON events of the 0.3 proto")
case("K10-v10-stream-reset-client-resubscribes", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10(mid="m-9")}), headers=S10), "id": "s1"}, {**resp("", headers=SSE), "id": "s1"},
    {**chunk(ev(W1())), "id": "s1"}, {**chunk("", close="reset"), "id": "s1"},
    {**RPC(2, "GetTask", {"id": "t1"}), "id": "g"}, {**resp(ok(2, task10(state="WORKING", n=2))), "id": "g"},
    {**req(A, rpc(3, "SubscribeToTask", {"id": "t1"}), headers=S10), "id": "s2"}, {**resp("", headers=SSE), "id": "s2"},
    {**chunk(ev({"task": task10(state="WORKING", n=2)}, 3)), "id": "s2"}, {**chunk(ev(DONE(3), 3)), "id": "s2"}, {**chunk("", close="eof"), "id": "s2"}],
    [("STREAM-END-006", W)], "the stream's connection resets while the task works (the agent's side); the client recovers by GetTask and SubscribeToTask, whose stream carries the task to COMPLETED: the reset hop is STREAM-END-006's warning, not an unfinished task stream (q30a, mine29c)")

# ---------------------------------------------------------------- round four
case("H26-v10-rest-push-config-patch-refused", lambda: R10() + rsend_w() + [
    req(H + "/tasks/t1/pushNotificationConfigs/p1", {"url": "https://client.example.test/hook2"}, method="PATCH", headers=RJ),
    resp("Method Not Allowed", status=405, headers={"content-type": "text/plain", "allow": "GET, DELETE"})],
    [("REST-VERB-001", E)], "a client PATCHes a push config (no A2A route updates one) and is refused 405")
case("HL14-legal-v10-get-task-history-length-as-string", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": "1"}), resp(ok(2, task10(history=[amsg10()])))],
    [], "ProtoJSON reads an int32 from a JSON string as well as a number: historyLength \"1\" is 1")
case("T15-v10-task-state-enum-number", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": {"id": "t1", "contextId": "c1", "status": {"state": 3, "timestamp": TS % 1}}}))],
    [("DATA-SHAPE-001", E)], "the task state as the proto enum number 3 (DATA-001: enum names on the wire)")
case("TL8-legal-v10-timestamp-nanoseconds", lambda: TSC("2026-12-02T10:00:01.123456789Z"),
    [], "nanosecond fraction with Z (google.protobuf.Timestamp keeps nanos)")
case("G17-v10-card-url-internal-listener-port", lambda: [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(url="http://gw.example.test:8080/a2a"), headers=CH)],
    [("CARD-URL-009", W), ("AUTH-TLS-004", W)], "the agent behind the TLS front builds its url from Host and its own plain listener port 8080: clients that follow the card go around the front")
case("GL7-legal-v10-card-url-second-https-port", lambda: [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(url="https://gw.example.test:8443/a2a"), headers=CH)],
    [], "an https card naming another https port of the same host: both can be public (the card on 443, the API on 8443)")
case("K11-v10-client-role-enum-number", lambda: C10() + [
    RPC(1, "SendMessage", {"message": {"messageId": "m1", "role": 1, "parts": [{"text": "hi"}]}}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E)], "the client's role as the enum number 1")
case("XL9-legal-v10-rest-list-tasks-of-context-after-follow-ups", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1", contextId="trip-7")}), rok({"task": task10("t1", "trip-7", state="INPUT_REQUIRED")}),
    rpost("/message:send", {"message": msg10("Berlin", mid="m2", taskId="t1", contextId="trip-7")}), rok({"task": task10("t1", "trip-7", n=2)}),
    rpost("/message:send", {"message": msg10("and a hotel", mid="m3", contextId="trip-7", referenceTaskIds=["t1"])}), rok({"task": task10("t2", "trip-7", n=3)}),
    rget("/tasks?contextId=trip-7"), rok({"tasks": [task10("t2", "trip-7", n=3), task10("t1", "trip-7", n=2)], "nextPageToken": "", "pageSize": 50, "totalSize": 2})],
    [], "a client-chosen context with a follow-up and a referencing task; listing the context shows both tasks, newest first")

# ---------------------------------------------------------------- round five
case("X15-v03-follow-up-gets-other-context", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(mid="m1")}), headers=J03), resp(ok(1, task03(state="input-required"))),
    req(A, rpc(2, "message/send", {"message": msg03("yes", mid="m2", taskId="t1")}), headers=J03), resp(ok(2, task03(ctx="c-new", n=2)))],
    [("ID-CTX-001", E)], "0.3: a follow-up naming only taskId t1 answered with t1 in another context")
case("A12-v03-get-task-lacks-streamed-artifact", lambda: C03() + stream03([W03(), art03("r-1", "result", last=True), DONE03()]) + [
    req(A, rpc(2, "tasks/get", {"id": "t1"}), headers=J03), resp(ok(2, task03(n=5)))],
    [("TASK-STATE-010", W)], "0.3: the stream delivered artifact r-1; tasks/get of the completed task has none")
case("K12-v10-canceled-task-polled-back-to-working", lambda: C10() + send_w() + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, task10(state="CANCELED", n=2))),
    RPC(3, "GetTask", {"id": "t1"}), resp(ok(3, task10(state="WORKING", n=3)))],
    [("TASK-STATE-001", E)], "the client polls the canceled t1 and sees it working again")
case("GL8-legal-v10-gateway-rewrites-line-endings", lambda: GC10() + (lambda o: [({**l, "body": l["body"].replace("\n", "\r\n")} if l.get("leg") == "upstream" and l.get("dir") == "chunk" else l) for l in o])(up_stream(EVS())),
    [], "the agent ends SSE lines with CRLF; the gateway passes the same events on with LF (W3C SSE: both end a line)")
case("XL10-legal-v10-second-task-while-first-waits", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1", contextId="c1")}), resp(ok(1, {"task": task10("t1", "c1", state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("something else", mid="m2", contextId="c1")}), resp(ok(2, {"task": task10("t2", "c1", n=2)}))],
    [], "a new task in context c1 while t1 of c1 waits for input (ID-008: contextId without taskId starts a new task)")
case("H27-v10-rest-send-0-3-request-wrapper-under-1-0", lambda: R10() + [
    rpost("/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}),
    rerr(400, "INVALID_ARGUMENT", "message is required", status="INVALID_ARGUMENT")],
    [("DATA-SHAPE-002", E)], "a half-migrated client posts the 0.3 REST body ({request: {content}}) with A2A-Version 1.0")

# ---------------------------------------------------------------- round six
case("GL9-legal-v10-gateway-adds-context-agent-answers-in-it", lambda: GC10() + via(
    req(GWA, rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp(ok(1, {"task": task10(ctx="c-gw")})),
    up_body=rpc(1, "SendMessage", {"message": msg10(contextId="c-gw")}), up_resp=resp(ok(1, {"task": task10(ctx="c-gw")}))),
    [], "a session-keeping gateway adds a contextId the client did not send and the agent answers in it: the client gets a context, as if the agent had minted it (ID-002)")
case("K13-v10-stream-status-update-carries-0-3-final", lambda: C10() + stream10([W1(), {"statusUpdate": {**st10(state="COMPLETED", n=2)["statusUpdate"], "final": True}}]),
    [("VER-MIX-001", W)], "a half-migrated agent still sets 0.3's final on a 1.0 status update")
case("X16-v10-status-message-with-user-role", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": {**task10(state="INPUT_REQUIRED"), "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 1, "message": {**amsg10("which city?", taskId="t1", contextId="c1"), "role": "ROLE_USER"}}}}))],
    [("DATA-ROLE-001", W)], "the agent's question to the user carries ROLE_USER")
case("H28-v10-rest-subscribe-completed-task-opened", lambda: R10() + rsend_done() + [
    rget("/tasks/t1:subscribe", h={**RJ, "accept": "text/event-stream"})] + sse([{"task": task10()}], rest=True),
    [("TASK-STATE-006", E)], "GET /tasks/t1:subscribe on the completed t1 opened a stream (TASK-004)")
write_cases(C, OUT)

"""Variants of miner mine55b (prefix b55b-): python3 tests/cases/variants/gen_b55b.py

Each puts one of round fifty-five (b)'s kinds on traffic its field case does not hold (another
protocol generation, binding, a stream for a unary call, other names and ids), with controls
beside it. Written after the fixes they test, each run on main's binary too (FIELD-CASES.md
"Round fifty-five (b)" gives the verdicts).
A: 0.3's `/v1` HTTP+JSON route asked under A2A-Version 1.0 below a 1.0 interface (f1194,
   a2a-js PR #401): the client's route (BIND-USE-002, widened to 0.3's /v1/card),
   not a wrong card url nor the agent's malformed error. Controls: a 1.0
   interface whose url itself ends in /v1, a header-less call to a card that also declares
   0.3 HTTP+JSON at that base.
B: a cancel answered with the task still live while the next read shows it canceled (f1198,
   a2a-dotnet #277): kept legal (f332 / f600's reading: an asynchronous cancel looks the same),
   so all three are controls: a read, a ListTasks row, and a subscription stream.
C: a failed card fetch whose body is the framework's exception page (f1203, a2a-dotnet #203;
   AUTH-LEAK-001 widened to card routes). Control: a front's 503 page.
D: an HTTP+JSON error body that is JSON but no object (f1204, a2a-python PR #297's review;
   REST-ERROR-001 widened). Control: 0.3's error object.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases["b55b-" + name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr=CACHED)]
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
S401 = "https://github.com/a2aproject/a2a-js/pull/401"
S277 = "https://github.com/a2aproject/a2a-dotnet/issues/277"
S203 = "https://github.com/a2aproject/a2a-dotnet/issues/203"
S297 = "https://github.com/a2aproject/a2a-python/pull/297"

# --- A: 0.3's /v1 route under A2A-Version 1.0 below a 1.0 HTTP+JSON interface
HA = "https://va.example.test"
cardA = card10(HA + "/agents/triage", binding="HTTP+JSON")
case("A1-v10-rest-send-at-v1-route-404", get_card(0.0, cardA, HA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HA + "/agents/triage/v1/message:send", {"message": umsg10("route ticket 77", mid="m-va-1")}, ver="1.0"),
    resp(0.21, 404, {"detail": "Not Found"}),
], [("client-url-not-advertised", "warning")], S401,
     "a 1.0 send (A2A-Version 1.0, 1.0 body) posted to 0.3's {url}/v1/message:send below a 1.0 interface: the 1.0 route is {url}/message:send, the agent's 404 is right")
case("A2-v10-rest-get-task-at-v1-route-404", get_card(0.0, cardA, HA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HA + "/agents/triage/message:send", {"message": umsg10("route ticket 78", mid="m-va-2"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-va-2", "c-va-2", "TASK_STATE_WORKING")}),
    req(0.6, "GET", HA + "/agents/triage/v1/tasks/t-va-2", ver="1.0"),
    resp(0.61, 404, "Not Found", ctype="text/plain"),
], [("client-url-not-advertised", "warning")], S401,
     "the send at the 1.0 route, then GetTask at 0.3's /v1/tasks/{id} under A2A-Version 1.0: the client's route")
HR = "https://vr.example.test"
case("A3-v10-rest-stream-at-v1-root-interface", get_card(0.0, card10(HR + "/", binding="HTTP+JSON"), HR + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HR + "/v1/message:stream", {"message": umsg10("stream the forecast", mid="m-vr-1")}, ver="1.0", accept=SSE),
    resp(0.21, 404, "<html><body>Cannot POST /v1/message:stream</body></html>", ctype="text/html"),
], [("client-url-not-advertised", "warning")], S401,
     "a 1.0 streaming send to 0.3's /v1/message:stream below a 1.0 interface at the origin root")
HV = "https://vv.example.test"
case("AL1-legal-v10-interface-url-ends-in-v1", get_card(0.0, card10(HV + "/v1", binding="HTTP+JSON"), HV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HV + "/v1/message:send", {"message": umsg10("hello", mid="m-vv-1")}, ver="1.0"),
    resp(0.5, 200, {"message": amsg10("hi", mid="a-vv-1", contextId="c-vv-1")}),
], [], S401,
     "control: the 1.0 interface url is https://vv.example.test/v1, so /v1/message:send is its 1.0 route")
HD = "https://vd.example.test"
cardD = card10(HD + "/", binding="HTTP+JSON", supportedInterfaces=[
    {"url": HD + "/", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
    {"url": HD + "/", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}])
case("AL2-legal-v03-headerless-v1-route-dual-card", get_card(0.0, cardD, HD + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HD + "/v1/message:send", {"message": {"messageId": "m-vd-1", "role": "ROLE_USER", "content": [{"text": "hello"}]}}),
    resp(0.5, 200, {"task": {"id": "t-vd-1", "contextId": "c-vd-1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}),
], [], S401,
     "control: a header-less call (0.3) at the 0.3 route of a card that declares HTTP+JSON in 0.3 and 1.0 at the same url")

# --- B: a cancel answered with the task still live; the next read shows it canceled
HB = "https://vb.example.test"
case("BL2-legal-v10-cancel-answered-working-get-canceled", get_card(0.0, card10(HB + "/a2a"), HB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HB + "/a2a", rpc("vb-1", "SendMessage", {"message": umsg10("compile the audit log", mid="m-vb-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("vb-1", {"task": task10("t-vb-1", "c-vb-1", "TASK_STATE_WORKING")})),
    req(1.0, "POST", HB + "/a2a", rpc("vb-2", "CancelTask", {"id": "t-vb-1"}), ver="1.0"),
    resp(1.01, 200, ok("vb-2", task10("t-vb-1", "c-vb-1", "TASK_STATE_WORKING"))),
    req(1.5, "POST", HB + "/a2a", rpc("vb-3", "GetTask", {"id": "t-vb-1"}), ver="1.0"),
    resp(1.51, 200, ok("vb-3", task10("t-vb-1", "c-vb-1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z"))),
], [], S277,
     "control (f332's reading kept): 1.0 JSON-RPC: CancelTask answered TASK_STATE_WORKING, GetTask right after reads TASK_STATE_CANCELED")
case("BL3-legal-v10-rest-cancel-answered-submitted-list-canceled", get_card(0.0, card10(HB + "/rest", binding="HTTP+JSON"), HB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HB + "/rest/message:send", {"message": umsg10("index the archive", mid="m-vb-4"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-vb-4", "c-vb-4", "TASK_STATE_SUBMITTED")}),
    req(1.0, "POST", HB + "/rest/tasks/t-vb-4:cancel", {}, ver="1.0"),
    resp(1.01, 200, task10("t-vb-4", "c-vb-4", "TASK_STATE_SUBMITTED")),
    req(1.5, "GET", HB + "/rest/tasks?contextId=c-vb-4", ver="1.0"),
    resp(1.51, 200, {"tasks": [task10("t-vb-4", "c-vb-4", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z")],
                     "nextPageToken": "", "pageSize": 50, "totalSize": 1}),
], [], S277,
     "control (f332's reading kept): 1.0 HTTP+JSON: :cancel answered TASK_STATE_SUBMITTED, a ListTasks row right after shows it TASK_STATE_CANCELED")
case("BL1-legal-v10-cancel-then-stream-delivers-canceled", get_card(0.0, card10(HB + "/a2a"), HB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HB + "/a2a", rpc("vc-1", "SendMessage", {"message": umsg10("render the video", mid="m-vc-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("vc-1", {"task": task10("t-vc-1", "c-vc-1", "TASK_STATE_WORKING")})),
    tag(req(0.5, "POST", HB + "/a2a", rpc("vc-2", "SubscribeToTask", {"id": "t-vc-1"}), ver="1.0", accept=SSE), "sub"),
    tag(resp(0.51, 200, "", ctype=SSE), "sub"),
    tag(chunk(0.52, sse(ok("vc-2", {"task": task10("t-vc-1", "c-vc-1", "TASK_STATE_WORKING")}))), "sub"),
    tag(req(1.0, "POST", HB + "/a2a", rpc("vc-3", "CancelTask", {"id": "t-vc-1"}), ver="1.0"), "cancel"),
    tag(resp(1.01, 200, ok("vc-3", task10("t-vc-1", "c-vc-1", "TASK_STATE_WORKING"))), "cancel"),
    tag(chunk(1.4, sse(ok("vc-2", su10("t-vc-1", "c-vc-1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z")))), "sub"),
    tag(chunk(1.41, "", close="eof"), "sub"),
], [], S277,
     "control: the cancel answered working while the executor winds down, and the subscription then delivers TASK_STATE_CANCELED (a cooperative cancel; a stream event, not a read)")

# --- C: a failed card fetch answered with the framework's exception page
HC = "https://vcard.example.test"
case("C1-v10-card-500-java-stack-trace", [
    req(0.0, "GET", HC + "/.well-known/agent-card.json"),
    resp(0.02, 500, "java.lang.IllegalStateException: No AgentCard producer found\n"
         "\tat io.a2a.server.apps.quarkus.A2AServerRoutes.getAgentCard(A2AServerRoutes.java:212)\n"
         "\tat io.vertx.ext.web.impl.RouteState.handleContext(RouteState.java:1284)\n", ctype="text/plain"),
], [("card-not-json", "error"), ("error-text-shows-internals", "warning")], S203,
     "a 1.0 card route answered 500 with a Java exception and its at-frames")
case("C2-v10-extended-card-500-python-traceback", get_card(0.0, card10(HC + "/a2a", binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}), HC + "/.well-known/agent-card.json") + [
    req(0.2, "GET", HC + "/a2a/extendedAgentCard", ver="1.0"),
    resp(0.21, 500, "Traceback (most recent call last):\n  File \"/app/.venv/lib/python3.12/site-packages/a2a/server/routes/rest.py\", line 188, in get_extended_card\n    card = self.extended_card_modifier(card, context)\nKeyError: 'tenant'\n", ctype="text/plain"),
], [("error-text-shows-internals", "warning")], S203,
     "the extended card route answered 500 with a Python traceback, as plain text")
case("CL1-legal-v03-card-503-front-page", [
    req(0.0, "GET", HC + "/.well-known/agent.json"),
    resp(0.02, 503, "<html><body><h1>503 Service Temporarily Unavailable</h1><hr><center>nginx</center></body></html>", ctype="text/html"),
], [], S203,
     "control: a front's 503 page for the card, no internals")

# --- D: an HTTP+JSON error body that is JSON but no object
HE = "https://verr.example.test"
cardE = card10(HE + "/", binding="HTTP+JSON")
case("D1-v10-rest-get-task-404-json-string", get_card(0.0, cardE, HE + "/.well-known/agent-card.json") + [
    req(0.2, "GET", HE + "/tasks/t-ve-missing", ver="1.0"),
    resp(0.21, 404, json.dumps(json.dumps({"error": "task t-ve-missing not found"}))),
], [("rest-error-shape", "error")], S297,
     "1.0 GetTask of an unknown task answered 404 with the error object serialized twice into a JSON string")
case("D2-v10-rest-send-400-json-array", get_card(0.0, cardE, HE + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HE + "/message:send", {"message": umsg10("hello", mid="m-ve-1"), "configuration": {"historyLength": 3}}, ver="1.0"),
    resp(0.21, 400, [{"loc": ["body", "configuration", "historyLength"], "msg": "unexpected field"}]),
], [("rest-error-shape", "error")], S297,
     "a valid 1.0 send refused 400 with a bare JSON array of validation errors as the body")
case("D3-v10-rest-not-found-string-after-answers", get_card(0.0, cardE, HE + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HE + "/message:send", {"message": umsg10("hello", mid="m-ve-2")}, ver="1.0"),
    resp(0.6, 200, {"message": amsg10("hi", mid="a-ve-2", contextId="c-ve-2")}),
    req(0.8, "GET", HE + "/tasks/t-ve-9", ver="1.0"),
    resp(0.81, 404, json.dumps("Not Found")),
], [("rest-error-shape", "error")], S297,
     "GetTask of an unknown task answered 404 with the bare JSON string \"Not Found\" by an interface that answered before: the agent's error answer, in no error shape")
HF = "https://vold.example.test"
case("DL1-legal-v03-rest-error-object", get_card(0.0, card03(HF + "/", name="ledger", preferredTransport="HTTP+JSON"), HF + "/.well-known/agent-card.json") + [
    req(0.2, "GET", HF + "/v1/tasks/t-vf-missing"),
    resp(0.21, 404, {"code": -32001, "message": "Task not found"}),
], [], S297,
     "control: a 0.3 HTTP+JSON error object (code -32001, message) for an unknown task, 404")

write_cases(cases, HERE)

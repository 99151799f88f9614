"""Variants of miner mine57b (prefix b57b-): python3 tests/cases/variants/gen_b57b.py

Each puts one of round fifty-seven (b)'s kinds on traffic its field case does not hold (another
protocol generation, operation or verb, a stream for a unary call, other names and ids), with
controls beside it. Written after the fixes they test, each run on main's binary too
(FIELD-CASES.md "Round fifty-seven (b)" gives the verdicts).
A: an HTTP+JSON task route whose task or config id segment is blank (f1282, a2a-java #1012;
   DATA-PARAM-003 widened): a DELETE of `.../pushNotificationConfigs/`, a cancel of
   `/tasks/:cancel`, a 0.3 GET under `/v1`. Controls: a lenient router that serves the
   trailing-slash GET as the list route, and the route with its config id.
B: SubscribeToTask refused 405 for its method (f1295, DIGEST trap 1, A2A #1574): the router's
   refusal is no A2A error body whichever method it serves (control), but a JSON body there is
   still an error answer and judged.
C: a JSON-RPC answer whose id changed type (f1285, a2a-js #176), on a stream.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, SSE

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases["b57b-" + name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr=CACHED)]
def rest_err(code, status, message, reason=None):
    e = {"code": code, "status": status, "message": message}
    if reason:
        e["details"] = ei(reason)
    return {"error": e}
PUSH_ON = {"streaming": True, "pushNotifications": True}
S1012 = "https://github.com/a2aproject/a2a-java/issues/1012"
S1574 = "https://github.com/a2aproject/A2A/issues/1574"
S176 = "https://github.com/a2aproject/a2a-js/issues/176"

VA = "https://va-push.example.test"
cardva = card10(VA + "/api", binding="HTTP+JSON", capabilities=PUSH_ON)
HOOK = {"url": "https://hooks.example.test/a2a/va", "token": "tok-va"}
def va_task(t, tid, hook_id):
    return [
        req(t, "POST", VA + "/api/message:send", {"message": umsg10("archive the mailbox", mid="m-" + tid), "configuration": {"returnImmediately": True}}, ver="1.0"),
        resp(t + 0.1, 200, {"task": task10(tid, "c-" + tid, "TASK_STATE_WORKING")}),
        req(t + 0.2, "POST", VA + "/api/tasks/%s/pushNotificationConfigs" % tid, dict(HOOK, taskId=tid), ver="1.0"),
        resp(t + 0.21, 200, dict(HOOK, id=hook_id, taskId=tid)),
    ]

# A1: DELETE of the config route with a blank config id (1.0)
case("A1-v10-rest-delete-push-config-blank-config-id", get_card(0.0, cardva, VA + "/.well-known/agent-card.json") + va_task(0.2, "t-va-1", "hk-1") + [
    req(0.6, "DELETE", VA + "/api/tasks/t-va-1/pushNotificationConfigs/", ver="1.0"),
    resp(0.61, 404, rest_err(404, "NOT_FOUND", "push notification config not found")),
], [("client-task-call-without-id", "error")], S1012,
     "DeleteTaskPushNotificationConfig is DELETE {url}/tasks/{taskId}/pushNotificationConfigs/{id}; a blank config id leaves the slash and no id, which names no config")
# A2: a cancel with a blank task id (1.0)
case("A2-v10-rest-cancel-blank-task-id", get_card(0.0, cardva, VA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", VA + "/api/tasks/:cancel", {}, ver="1.0"),
    resp(0.21, 404, "Not Found", ctype="text/plain"),
], [("client-task-call-without-id", "error")], S1012,
     "CancelTask is POST {url}/tasks/{id}:cancel; a client that lost the task id posts {url}/tasks/:cancel, which names no task, and the agent's 404 is right")
# A3: a 0.3 GET of the config route with a blank config id under /v1
V3 = "https://va03-push.example.test"
card3 = card03(V3 + "/", preferredTransport="HTTP+JSON", capabilities=PUSH_ON)
case("A3-v03-rest-get-push-config-blank-config-id", get_card(0.0, card3, V3 + "/.well-known/agent-card.json") + [
    req(0.5, "GET", V3 + "/v1/tasks/t-v3-1/pushNotificationConfigs/"),
    resp(0.51, 404, {"code": -32001, "message": "Push notification config not found"}),
], [("client-task-call-without-id", "error")], S1012,
     "0.3's route is GET /v1/tasks/{id}/pushNotificationConfigs/{configId}; the trailing slash and no config id names no config")
# AL1 (control): a lenient router serves the trailing-slash GET as the list route
case("AL1-legal-v10-rest-trailing-slash-served-as-list", get_card(0.0, cardva, VA + "/.well-known/agent-card.json") + va_task(0.2, "t-va-2", "hk-2") + [
    req(0.6, "GET", VA + "/api/tasks/t-va-2/pushNotificationConfigs/", ver="1.0"),
    resp(0.61, 200, {"configs": [dict(HOOK, id="hk-2", taskId="t-va-2")], "nextPageToken": ""}),
], [], S1012,
     "legal: a router that ignores the trailing slash serves ListTaskPushNotificationConfigs there, and the answer is the task's list")
# AL2 (control): the config route with its id
case("AL2-legal-v10-rest-get-push-config-by-id", get_card(0.0, cardva, VA + "/.well-known/agent-card.json") + va_task(0.2, "t-va-3", "hk-3") + [
    req(0.6, "GET", VA + "/api/tasks/t-va-3/pushNotificationConfigs/hk-3", ver="1.0"),
    resp(0.61, 200, dict(HOOK, id="hk-3", taskId="t-va-3")),
], [], S1012, "legal: GetTaskPushNotificationConfig names the task and the config the create answered")

# B1 (control): POST :subscribe refused 405 by an agent that serves the proto's GET
VB = "https://vb-sub.example.test"
cardvb = card10(VB + "/rest", binding="HTTP+JSON")
case("B1-legal-v10-rest-subscribe-post-refused-405-then-get", get_card(0.0, cardvb, VB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", VB + "/rest/message:send", {"message": umsg10("benchmark the cluster", mid="m-vb-1"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-vb-1", "c-vb-1", "TASK_STATE_WORKING")}),
    req(0.4, "POST", VB + "/rest/tasks/t-vb-1:subscribe", ver="1.0", accept=SSE),
    resp(0.41, 405, "<html><body>405 Method Not Allowed</body></html>", ctype="text/html", hdr={"allow": "GET"}),
    req(0.5, "GET", VB + "/rest/tasks/t-vb-1:subscribe", ver="1.0", accept=SSE),
    resp(0.6, 200, "", ctype=SSE),
    chunk(0.61, sse({"task": task10("t-vb-1", "c-vb-1", "TASK_STATE_WORKING")})),
    chunk(0.9, sse(su10("t-vb-1", "c-vb-1", "TASK_STATE_COMPLETED")), close="eof"),
], [], S1574,
     "legal (trap 1): an agent that serves the proto's GET refuses the prose's POST with its router's 405 page, and the client's GET streams")
# B2: the same 405 with a JSON body that is no AIP-193 error: still an error answer, judged
case("B2-v10-rest-subscribe-405-json-not-aip193", get_card(0.0, cardvb, VB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", VB + "/rest/message:send", {"message": umsg10("rebuild the index", mid="m-vb-2"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-vb-2", "c-vb-2", "TASK_STATE_WORKING")}),
    req(0.4, "POST", VB + "/rest/tasks/t-vb-2:subscribe", ver="1.0", accept=SSE),
    resp(0.41, 405, {"ok": False, "reason": "streaming disabled for this tenant"}, hdr={"allow": "GET"}),
], [("rest-error-shape", "error")], S1574,
     "a JSON error body is the agent's error answer even on a 405, and this one is no AIP-193 google.rpc.Status (ERR-003)")

# C1: a stream whose events answer with the id in another type
VC = "https://vc-stream.example.test"
case("C1-v10-stream-event-id-type-changed", get_card(0.0, card10(VC + "/a2a"), VC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", VC + "/a2a", rpc("42", "SendStreamingMessage", {"message": umsg10("tell me a haiku", mid="m-vc-1")}), ver="1.0", accept=SSE),
    resp(0.3, 200, "", ctype=SSE),
    chunk(0.31, sse(ok(42, {"task": task10("t-vc-1", "c-vc-1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.6, sse(ok(42, su10("t-vc-1", "c-vc-1", "TASK_STATE_COMPLETED", message=amsg10("Autumn moonlight", mid="a-vc-1", taskId="t-vc-1", contextId="c-vc-1")))), close="eof"),
], [("stream-event-envelope-wrong", "error")], S176,
     "each stream event is a JSON-RPC response carrying the request's id unchanged; the client sent the string \"42\", the events answer with the number 42")

write_cases(cases, HERE)

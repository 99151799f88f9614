"""Variants of miner mine41 (prefix b41a-): python3 tests/cases/variants/gen_b41a.py

Each proves a widening of session 41's round forty-one on traffic its field case does not
hold, with legal controls beside it:
P: PUSH-CFG-006 (push-config-list-misses-live-config, error): a push config the client gave
   inline with a send (1.0 configuration.taskPushNotificationConfig, 0.3 JSON-RPC
   configuration.pushNotificationConfig, 0.3 HTTP+JSON configuration.pushNotification)
   whose answer named the task, and a later complete List of that task that names no
   config for the webhook URL (field case f930, a2a-js #336). Before, only configs made by
   Create were tracked. Quiet when the list holds the URL (under any id, in either list
   shape), when the task ended before the list, after a Delete of a config of the task,
   and for a paged list.
U: CARD-URL-012 (card-url-template-placeholder, error): an interface url with an
   unexpanded placeholder (field case f928, inite-brain-service #483): the environment
   form ${AGENT_HOST} in a 0.3 card's url, the percent-encoded %7Btenant%7D, and a second
   1.0 interface with the route notation {tenant}. Quiet for a dollar sign in a path and
   for a tenant given where 1.0 puts it (AgentInterface.tenant).
R: PUSH-CFG-007 (rest-push-config-create-body-shape, error) for a refusal with HTTP 422
   (field case f919, a2a-java #732), the status frameworks answer validation with: the 0.3
   body: "config" form refused with 422; control: a 422 that is about the webhook url.
S: TASK-STATE-006 (subscribe-terminal-task-accepted, error) on JSON-RPC when the stream's
   only event is the UnsupportedOperationError (field case f920, a2a-dotnet #478, is the
   HTTP+JSON form); control: the same refusal as a plain JSON-RPC error response.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
HOOK = "https://hooks.example.test/a2a"
PUSH = {"streaming": True, "pushNotifications": True}

# --- P: a push config given inline with the send, missing from the task's list -------------------
J336 = ("https://github.com/a2aproject/a2a-js/issues/336 (the 0.3 HTTP+JSON transport dropped configuration.pushNotification before the handler read it) ; "
        "https://github.com/a2aproject/A2A/blob/v1.0.1/specification/a2a.proto (SendMessageConfiguration.task_push_notification_config: \"configuration for the agent to send push notifications for task updates\")")
M = [("push-config-list-misses-live-config", "error")]
def send10(sid, tid, cfg=True, state="TASK_STATE_SUBMITTED"):
    conf = {"returnImmediately": True}
    if cfg:
        conf["taskPushNotificationConfig"] = {"url": HOOK, "token": "tok-" + sid}
    return [req(0.1, "POST", A + "/a2a", rpc(sid, "SendMessage", {"message": umsg10("render the report", mid="m-" + sid), "configuration": conf}), ver="1.0"),
            resp(0.2, 200, ok(sid, {"task": task10(tid, "c-" + tid, state)}))]
def list10(lid, tid, result, t=0.5, **params):
    p = {"taskId": tid}
    p.update(params)
    return [req(t, "POST", A + "/a2a", rpc(lid, "ListTaskPushNotificationConfigs", p), ver="1.0"), resp(t + 0.01, 200, ok(lid, result))]
C10 = card10(A + "/a2a", capabilities=PUSH)
case("b41a-P1-v10-inline-config-missing-from-list", get_card(0.0, C10) + send10("s-p1", "t-p1") + list10("l-p1", "t-p1", {"configs": [], "nextPageToken": ""}),
     M, J336, "1.0: SendMessage with configuration.taskPushNotificationConfig answered with task t-p1; ListTaskPushNotificationConfigs of t-p1 lists nothing (PUSH-002, PUSH-003)")
case("b41a-P2-v03-jsonrpc-inline-config-missing-from-list", get_card(0.0, card03(A + "/a2a", capabilities=PUSH)) + [
    req(0.1, "POST", A + "/a2a", rpc("s-p2", "message/send", {"message": umsg03("render the report", mid="m-p2"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-p2"}}})),
    resp(0.2, 200, ok("s-p2", task03("t-p2", "c-p2", "submitted"))),
    req(0.5, "POST", A + "/a2a", rpc("l-p2", "tasks/pushNotificationConfig/list", {"id": "t-p2"})),
    resp(0.51, 200, ok("l-p2", [{"taskId": "t-p2", "pushNotificationConfig": {"id": "other", "url": "https://elsewhere.example.test/hook"}}])),
], M, J336, "0.3 JSON-RPC: message/send with configuration.pushNotificationConfig; tasks/pushNotificationConfig/list names one config, for another webhook, none for the one given")
case("b41a-P3-v10-streaming-send-inline-config-missing", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-p3", "SendStreamingMessage", {"message": umsg10("render the report", mid="m-p3"), "configuration": {"taskPushNotificationConfig": {"url": HOOK}}}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-p3", {"task": task10("t-p3", "c-p3", "TASK_STATE_WORKING")}))),
    chunk(0.3, "", close="client"),
] + list10("l-p3", "t-p3", {"configs": []}),
     M, J336, "1.0 SendStreamingMessage with the config inline, the client leaves the stream (push is how it follows the task now); the list of t-p3 is empty")
case("b41a-P4-legal-v10-inline-config-listed-with-agent-id", get_card(0.0, C10) + send10("s-p4", "t-p4") + list10("l-p4", "t-p4", {"configs": [{"id": "pc-9f2", "taskId": "t-p4", "url": HOOK}]}),
     [], J336, "control: the list names the webhook under an id the agent chose: the config is there")
case("b41a-P5-legal-v10-inline-config-task-completed-before-list", get_card(0.0, C10) + send10("s-p5", "t-p5") + [
    req(0.3, "POST", A + "/a2a", rpc("g-p5", "GetTask", {"id": "t-p5"}), ver="1.0"),
    resp(0.31, 200, ok("g-p5", task10("t-p5", "c-t-p5", "TASK_STATE_COMPLETED"))),
] + list10("l-p5", "t-p5", {"configs": []}),
     [], J336, "control: the task completed before the list; a config lives until its task ends (PUSH-003), so an empty list is allowed")
case("b41a-P6-legal-v10-inline-config-deleted", get_card(0.0, C10) + send10("s-p6", "t-p6") + [
    req(0.3, "POST", A + "/a2a", rpc("d-p6", "DeleteTaskPushNotificationConfig", {"taskId": "t-p6", "id": "t-p6"}), ver="1.0"),
    resp(0.31, 200, ok("d-p6", {})),
] + list10("l-p6", "t-p6", {"configs": []}),
     [], J336, "control: the client deleted the task's config (the SDKs' default id is the task id) before listing")
case("b41a-P7-legal-v10-inline-config-second-page", get_card(0.0, C10) + send10("s-p7", "t-p7") + list10("l-p7", "t-p7", {"configs": [], "nextPageToken": ""}, pageToken="pg-2"),
     [], J336, "control: a page other than the first (pageToken asked) need not hold the config")

# --- U: a placeholder in an advertised url ---------------------------------------------------------
IB = ("https://github.com/inite-ai/inite-brain-service/pull/483 (a card interface url with a {companyId} placeholder) ; "
      "https://www.rfc-editor.org/rfc/rfc3986#section-2 (no braces in a URI)")
PH = [("card-url-template-placeholder", "error")]
case("b41a-U1-card03-url-env-placeholder", get_card(0.0, card03("http://${AGENT_HOST}:8000/")),
     PH, IB, "0.3 card url http://${AGENT_HOST}:8000/: the configuration variable was never substituted (CARD-006: url serves preferredTransport)")
case("b41a-U2-card10-url-percent-encoded-template", get_card(0.0, card10(A + "/t/%7Btenant%7D/a2a")),
     PH, IB, "1.0 interface url with %7Btenant%7D, what a URL library makes of {tenant}: still a placeholder nobody filled in")
case("b41a-U3-card10-second-interface-route-template", get_card(0.0, card10(A + "/a2a", supportedInterfaces=[
        {"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": A + "/rest/{tenant}", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])),
     PH, IB, "the second interface copies the spec's route notation /{tenant} into its url; 1.0 names a tenant in AgentInterface.tenant (CARD-008)")
case("b41a-U4-legal-card10-dollar-in-path", get_card(0.0, card10(A + "/price$/a2a")),
     [], IB, "control: a dollar sign is a sub-delim a path may hold (RFC 3986 §3.3); no braces, no placeholder")
case("b41a-U5-legal-card10-tenant-field", get_card(0.0, card10(A + "/a2a", supportedInterfaces=[
        {"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])),
     [], IB, "control: the tenant where 1.0 puts it, AgentInterface.tenant, with a plain url")

# --- R: the HTTP+JSON push config create refused with 422 ------------------------------------------
J732 = ("https://github.com/a2aproject/a2a-java/issues/732 (CreateTaskPushNotificationConfig on HTTP+JSON refused with 422 for a body without taskId) ; "
        "https://github.com/a2aproject/A2A/blob/v0.3.0/specification/grpc/a2a.proto (0.3: post \"/v1/{parent=tasks/*/pushNotificationConfigs}\", body: \"config\")")
RA = "https://rest-agent.example.test"
case("b41a-R1-v03-rest-create-push-config-422", get_card(0.0, card03(RA + "/", preferredTransport="HTTP+JSON", capabilities=PUSH), RA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RA + "/v1/tasks/t-r1/pushNotificationConfigs", {"name": "tasks/t-r1/pushNotificationConfigs/pc-r1", "pushNotificationConfig": {"url": HOOK, "token": "tok-r1"}}),
    resp(0.11, 422, {"code": 422, "message": "body.parent: field required"}),
], [("rest-push-config-create-body-shape", "error")], J732,
     "0.3 HTTP+JSON: the body is the TaskPushNotificationConfig the proto's body: \"config\" makes it; the framework's validation answers 422 for a missing parent, a member the body never has")
case("b41a-R2-legal-v10-rest-create-push-config-422-url", get_card(0.0, card10(RA, "HTTP+JSON", capabilities=PUSH), RA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RA + "/tasks/t-r2/pushNotificationConfigs", {"url": "ftp://hooks.example.test/a2a"}, ver="1.0", ctype=A2AJ),
    resp(0.11, 422, {"error": {"code": 422, "status": "INVALID_ARGUMENT", "message": "url must be an https URL"}}),
], [], J732, "control: the 422 is about the webhook url, which an agent may refuse (PUSH-006): no body-shape fault")

# --- S: subscribe to a finished task answered with the refusal inside the stream (JSON-RPC) --------
D478 = "https://github.com/a2aproject/a2a-dotnet/issues/478 (SubscribeToTask pre-stream errors sent after 200 text/event-stream; PR #476 fixed the JSON-RPC binding)"
def done10(sid, tid):
    return [req(0.1, "POST", A + "/a2a", rpc(sid, "SendMessage", {"message": umsg10("convert the invoice", mid="m-" + sid)}), ver="1.0"),
            resp(0.4, 200, ok(sid, {"task": task10(tid, "c-" + tid, "TASK_STATE_COMPLETED")}))]
case("b41a-S1-v10-jsonrpc-subscribe-terminal-refusal-inside-stream", get_card(0.0, card10(A + "/a2a")) + done10("s-s1", "t-s1") + [
    req(1.0, "POST", A + "/a2a", rpc("sub-s1", "SubscribeToTask", {"id": "t-s1"}), ver="1.0", accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.02, sse(err("sub-s1", -32004, "Task t-s1 is in a terminal state", ei("UNSUPPORTED_OPERATION")))),
    chunk(1.03, "", close="eof"),
], [("subscribe-terminal-task-accepted", "error")], D478,
     "JSON-RPC: the right refusal (-32004) as the only event of a 200 text/event-stream; TASK-004's refusal is the call's plain error response")
case("b41a-S2-legal-v10-jsonrpc-subscribe-terminal-refused-plain", get_card(0.0, card10(A + "/a2a")) + done10("s-s2", "t-s2") + [
    req(1.0, "POST", A + "/a2a", rpc("sub-s2", "SubscribeToTask", {"id": "t-s2"}), ver="1.0", accept=SSE),
    resp(1.01, 200, err("sub-s2", -32004, "Task t-s2 is in a terminal state", ei("UNSUPPORTED_OPERATION"))),
], [], D478, "control: the same refusal as a plain JSON-RPC error response (application/json), before any stream")

write_cases(cases, HERE)

"""Variants of miner mine57 (prefix b57a-): python3 tests/cases/variants/gen_b57a.py

Each puts one of session 57's new kinds (round fifty-seven) on traffic its field case does not
hold, with controls beside it. All were written as probes before the fix and run on the
branch's first binary (FIELD-CASES.md "Round fifty-seven" gives their verdicts then).
A: a push notification config member of another JSON type than the schema's (PUSH-002,
   DATA-005; field cases f1277 / f1278, epoxa/a2a-php's PushNotificationConfig::toArray
   writes an unset authentication as PHP's empty array, the JSON list []): a 1.0 JSON-RPC
   CreateTaskPushNotificationConfig whose authentication is [], a 0.3 stream's inline config
   whose token is a number (client, PUSH-CFG-003); a 1.0 HTTP+JSON create answered with
   authentication as a "Bearer" string, a 0.3 config list whose entries carry
   authentication [] (agent, DATA-SHAPE-001). Controls: a 1.0 config with an
   AuthenticationInfo object and a null token, a 0.3 config whose authentication is null.
B: a JSON-RPC method in snake_case, an SDK's function name (RPC-003; field case f1279,
   epoxa/a2a-php's client calls send_message): a 1.0 client's get_task under A2A-Version
   1.0, a 0.3 client's message_send, a cancel_task refused with HTTP 404; each refused
   -32601. Controls: an agent that serves send_message as a method of its own, a client's
   send_email (no A2A operation) refused.
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
    cases[name] = (lines, findings, source, note)
SA = ("https://github.com/epoxa/a2a-php/blob/18e937eca60a5a3922424a21e6269bc139b9742d/src/A2AClient.php (setPushNotificationConfig "
      "sends $config->toArray(), and src/Models/PushNotificationConfig.php writes an unset authentication as [], PHP's empty array)")
SB = ("https://github.com/epoxa/a2a-php/blob/18e937eca60a5a3922424a21e6269bc139b9742d/src/A2AClient.php (sendMessage calls the "
      "JSON-RPC method 'send_message')")
R = "https://vari57.example.test"
H = {"cache-control": "public, max-age=120", "etag": '"v57-card-1"'}
HOOK = "https://hooks.vari57.example.test/cb"
T = "task-57-a"
C10 = card10(R + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
C10R = card10(R + "/api", binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": True})
C03 = card03(R + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
def card_get(card):
    return [req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card, hdr=H)]
def send10(t, i):
    return [req(t, "POST", R + "/a2a", rpc(i, "SendMessage", {"message": umsg10("long job", mid="m-v57-%s" % i), "configuration": {"returnImmediately": True}}), ver="1.0"),
            resp(t + 0.1, 200, ok(i, {"task": task10(T, "ctx-57", "TASK_STATE_WORKING")}))]
def send03(t, i):
    return [req(t, "POST", R + "/a2a", rpc(i, "message/send", {"message": umsg03("long job", mid="m-v57-%s" % i), "configuration": {"blocking": False}})),
            resp(t + 0.1, 200, ok(i, task03(T, "ctx-57", "working")))]

# --- A: push config members of another JSON type
case("b57a-A1-v10-client-create-authentication-empty-list", card_get(C10) + send10(0.2, 1) + [
    req(0.5, "POST", R + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", {"taskId": T, "url": HOOK, "token": "tok-1", "authentication": []}), ver="1.0"),
    resp(0.51, 200, err(2, -32602, "Invalid params: authentication: expected object, got array", ei("INVALID_ARGUMENT"))),
], [("push-config-request-without-url", "error")], SA,
     "a 1.0 config's authentication is an AuthenticationInfo object {scheme, credentials?}; the client sends the list []")
case("b57a-A2-v03-stream-inline-config-token-number", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc("s1", "message/stream", {"message": umsg03("long job", mid="m-v57-s1"),
        "configuration": {"pushNotificationConfig": {"url": HOOK, "token": 4711}}}), accept=SSE),
    resp(0.3, 200, "", ctype=SSE),
    chunk(0.31, sse(ok("s1", task03(T, "ctx-57", "submitted")))),
    chunk(0.6, sse(ok("s1", {"kind": "status-update", "taskId": T, "contextId": "ctx-57", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.61, "", close="eof"),
], [("push-config-request-without-url", "error")], SA,
     "a 0.3 inline push config's token is a string; the client sends the number 4711")
case("b57a-A3-v10-rest-create-result-authentication-string", card_get(C10R) + [
    req(0.2, "POST", R + "/api/message:send", {"message": umsg10("long job", mid="m-v57-r1"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.3, 200, {"task": task10(T, "ctx-57", "TASK_STATE_WORKING")}, ctype=A2AJ),
    req(0.5, "POST", R + "/api/tasks/" + T + "/pushNotificationConfigs", {"taskId": T, "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "c-1"}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.51, 200, {"id": "cfg-r1", "taskId": T, "url": HOOK, "authentication": "Bearer"}, ctype=A2AJ),
], [("result-invalid-shape", "error")], SA,
     "the agent answers Create with authentication flattened to the string \"Bearer\"; a TaskPushNotificationConfig carries an AuthenticationInfo object")
case("b57a-A4-v03-list-result-authentication-empty-list", card_get(C03) + send03(0.2, 1) + [
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T, "pushNotificationConfig": {"id": "cfg-1", "url": HOOK}})),
    resp(0.51, 200, ok(2, {"taskId": T, "pushNotificationConfig": {"id": "cfg-1", "url": HOOK}})),
    req(0.7, "POST", R + "/a2a", rpc(3, "tasks/pushNotificationConfig/list", {"id": T})),
    resp(0.71, 200, ok(3, [{"taskId": T, "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": None, "authentication": []}}])),
], [("result-invalid-shape", "error")], SA,
     "the list answers the stored config with authentication [] (PHP's empty array) where an object or nothing belongs")
case("b57a-AL1-legal-v10-create-authentication-object-null-token", card_get(C10) + send10(0.2, 1) + [
    req(0.5, "POST", R + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", {"taskId": T, "url": HOOK, "token": None, "authentication": {"scheme": "Bearer", "credentials": "c-2"}}), ver="1.0"),
    resp(0.51, 200, ok(2, {"id": "cfg-2", "taskId": T, "url": HOOK, "authentication": {"scheme": "Bearer"}})),
], [], SA, "legal: an AuthenticationInfo object, a null token read as unset, the answer without credentials")
case("b57a-AL2-legal-v03-set-authentication-null", card_get(C03) + send03(0.2, 1) + [
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T, "pushNotificationConfig": {"id": "cfg-3", "url": HOOK, "authentication": None}})),
    resp(0.51, 200, ok(2, {"taskId": T, "pushNotificationConfig": {"id": "cfg-3", "url": HOOK, "authentication": None}})),
], [], SA, "legal: null reads as unset (DATA-003), in the request and in the answer")

# --- B: snake_case method names, refused
case("b57a-B1-v10-client-get-task-snake-case", card_get(C10) + send10(0.2, 1) + [
    req(0.5, "POST", R + "/a2a", rpc(2, "get_task", {"id": T}), ver="1.0"),
    resp(0.51, 200, err(2, -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], SB, "get_task is the snake_case spelling of GetTask; the agent refuses it -32601")
case("b57a-B2-v03-client-message-send-underscore", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message_send", {"message": umsg03("hi", mid="m-v57-b2")})),
    resp(0.21, 200, err(1, -32601, "Method not found: message_send")),
], [("client-method-name-wrong-case", "note")], SB, "message_send is message/send with _ for /; the agent refuses it -32601")
case("b57a-B3-v03-client-cancel-task-snake-case-http-404", card_get(C03) + send03(0.2, 1) + [
    req(0.5, "POST", R + "/a2a", rpc(2, "cancel_task", {"id": T})),
    resp(0.51, 404, err(2, -32601, "Method not found: cancel_task")),
], [("client-method-name-wrong-case", "note")], SB, "cancel_task refused -32601 on HTTP 404")
case("b57a-BL1-legal-v03-agent-serves-own-send-message", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "send_message", {"from": "php-client", "message": umsg03("hi", mid="m-v57-bl1")})),
    resp(0.3, 200, ok(1, task03("task-57-own", "ctx-57", "completed"))),
], [], SB, "not judged: an agent that serves send_message runs a method of its own")
case("b57a-BL2-legal-v03-client-send-email-refused", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "send_email", {"to": "ops@example.test"})),
    resp(0.21, 200, err(1, -32601, "Method not found")),
], [], SB, "not judged: send_email is no A2A operation in any spelling; the client called another API's method")

write_cases(cases, HERE)

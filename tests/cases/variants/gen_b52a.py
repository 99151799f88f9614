"""Variants of miner mine52 (prefix b52a-): python3 tests/cases/variants/gen_b52a.py

Each puts one of session 52's changed kinds (round fifty-two) on traffic its field case does
not hold, with legal controls beside it. Written before the fix was run on anything.
A: AUTH-PAYLOAD-001 widened from metadata to the request's own members (field case f1102,
   openclaw PR #99612's params.auth): a credentials object with a password on a 1.0
   SendMessage, an apiKey member on a 0.3 message/stream, an authToken member in a 1.0
   HTTP+JSON send body, a bearer string under token on a 0.3 tasks/get. Controls: a 1.0
   push config's own token and authentication credentials (the webhook's, PUSH-004), a 0.3
   inline push config with token and credentials, numeric or non-secret members named like
   tokens (maxTokens, tokenizer), a 0.3 tasks/pushNotificationConfig/set with its token.
B: RPC-ERROR-003 widened to any version: a send refused because the agent's validator requires
   a member no A2A version defines (field case f1101, astron-agent PR #1404's flowId): a 1.0
   SendMessage refused -32602 "missing required field 'workflowId'", a 0.3 message/send
   refused -32602 with pydantic's error list for params.sessionId, a 1.0 HTTP+JSON send
   refused 400 INVALID_ARGUMENT with a BadRequest field violation for tenantCode, a 0.3
   HTTP+JSON send refused 400 with jsonschema's "'chatId' is a required property".
   Controls: a 0.3 send that lacks messageId refused with pydantic's "Field required" for
   params.message.messageId (the agent is right), a refusal that requires a key inside
   metadata (the agent's own contract, which A2A leaves to it).
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
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr={"cache-control": "max-age=300", "etag": '"c1"'})]
C03 = card03(A + "/a2a")
C10 = card10(A + "/a2a")
C10R = card10(A, binding="HTTP+JSON")
C03R = card03(A, preferredTransport="HTTP+JSON")
C10P = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
C03P = card03(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
SRC_A = "https://github.com/openclaw/openclaw/pull/99612"
SRC_B = "https://github.com/iflytek/astron-agent/pull/1404"
DONE10 = lambda tid: {"task": task10(tid, "c-" + tid, "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-" + tid, "parts": [{"text": "ok"}]}])}
DONE03 = lambda tid: task03(tid, "c-" + tid, "completed", artifacts=[{"artifactId": "a-" + tid, "parts": [{"kind": "text", "text": "ok"}]}])

# --- A: a credential in the request's own members
case("b52a-A1-v10-send-credentials-object", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("a1", "SendMessage", {"message": umsg10("hello", mid="m-a1"),
        "credentials": {"username": "ops", "password": "hunter2-correct-horse"}}), ver="1.0"),
    resp(0.5, 200, ok("a1", DONE10("t-a1"))),
], [("credential-in-payload", "warning")], SRC_A, "a 1.0 SendMessage carrying a user name and password in a credentials member of its params")
case("b52a-A2-v03-stream-api-key-member", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("a2", "message/stream", {"message": umsg03("go", mid="m-a2"), "apiKey": "sk-live-4f9a1c2e8b7d"}), accept=SSE),
    resp(0.15, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("a2", DONE03("t-a2")))),
    chunk(0.21, "", close="eof"),
], [("credential-in-payload", "warning")], SRC_A, "a 0.3 message/stream whose params carry an apiKey member")
case("b52a-A3-v10-rest-send-auth-token-member", get_card(0.0, C10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-a3"), "authToken": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvcHMifQ.c2lnbmF0dXJl"},
        ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.5, 200, DONE10("t-a3"), ctype=A2AJ),
], [("credential-in-payload", "warning")], SRC_A, "a 1.0 HTTP+JSON send body with a JWT under authToken beside the message")
case("b52a-A4-v03-get-task-bearer-under-token", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("a4", "tasks/get", {"id": "t-a4", "token": "Bearer 9c2e41b8d6f0a5e3"})),
    resp(0.11, 200, ok("a4", DONE03("t-a4"))),
], [("credential-in-payload", "warning")], SRC_A, "a 0.3 tasks/get with a bearer credential in a token member")
case("b52a-AL1-legal-v10-create-push-config-token", get_card(0.0, C10P) + [
    req(0.1, "POST", A + "/a2a", rpc("al1", "SendMessage", {"message": umsg10("long job", mid="m-al1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("al1", {"task": task10("t-al1", "c-al1", "TASK_STATE_WORKING")})),
    req(0.3, "POST", A + "/a2a", rpc("al1b", "CreateTaskPushNotificationConfig", {"taskId": "t-al1", "url": "https://client.example.test/hook",
        "token": "hook-token-1f2e3d", "authentication": {"scheme": "Bearer", "credentials": "whk_8d7c6b5a4f3e"}}), ver="1.0"),
    resp(0.31, 200, ok("al1b", {"taskId": "t-al1", "id": "cfg-1", "url": "https://client.example.test/hook", "token": "hook-token-1f2e3d",
        "authentication": {"scheme": "Bearer", "credentials": "whk_8d7c6b5a4f3e"}})),
], [], SRC_A, "legal: a push config's token and authentication credentials are the webhook's, which the client gives the agent to present there (PUSH-004)")
case("b52a-AL2-legal-v03-inline-push-config-credentials", get_card(0.0, C03P) + [
    req(0.1, "POST", A + "/a2a", rpc("al2", "message/send", {"message": umsg03("long job", mid="m-al2"), "configuration": {"blocking": False,
        "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "hook-token-2a", "authentication": {"schemes": ["Bearer"], "credentials": "whk_1a2b3c4d5e"}}}})),
    resp(0.2, 200, ok("al2", task03("t-al2", "c-al2", "working"))),
], [], SRC_A, "legal: a 0.3 inline push config with its token and credentials for the webhook")
case("b52a-AL3-legal-v10-send-token-named-non-secrets", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("al3", "SendMessage", {"message": umsg10("summarise", mid="m-al3"), "maxTokens": 512, "tokenizer": "cl100k_base"}), ver="1.0"),
    resp(0.5, 200, ok("al3", DONE10("t-al3"))),
], [], SRC_A, "legal: members named like tokens that hold a number or a tokenizer name are no credential")
case("b52a-AL4-legal-v03-set-push-config-token", get_card(0.0, C03P) + [
    req(0.1, "POST", A + "/a2a", rpc("al4", "message/send", {"message": umsg03("long job", mid="m-al4"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("al4", task03("t-al4", "c-al4", "working"))),
    req(0.3, "POST", A + "/a2a", rpc("al4b", "tasks/pushNotificationConfig/set", {"taskId": "t-al4", "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "hook-token-4d"}})),
    resp(0.31, 200, ok("al4b", {"taskId": "t-al4", "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "hook-token-4d"}})),
], [], SRC_A, "legal: tasks/pushNotificationConfig/set with the webhook's token")

# --- B: a send refused because the agent requires a member no A2A version defines
case("b52a-B1-v10-send-refused-missing-workflow-id", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("b1", "SendMessage", {"message": umsg10("run", mid="m-b1")}), ver="1.0"),
    resp(0.11, 200, err("b1", -32602, "Invalid params: missing required field 'workflowId'")),
], [("valid-request-refused-invalid-params", "warning")], SRC_B, "a 1.0 SendMessage refused -32602 for a workflowId member A2A does not define")
case("b52a-B2-v03-send-refused-pydantic-session-id", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("b2", "message/send", {"message": umsg03("hi", mid="m-b2")})),
    resp(0.11, 200, err("b2", -32602, "Invalid params", [{"type": "missing", "loc": ["params", "sessionId"], "msg": "Field required", "input": {"message": {}}}])),
], [("valid-request-refused-invalid-params", "warning")], SRC_B, "a 0.3 message/send refused -32602 with pydantic's error list for params.sessionId")
case("b52a-B3-v10-rest-send-refused-tenant-code", get_card(0.0, C10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-b3")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "request is invalid",
        "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "tenantCode", "description": "is required"}]}]}}, ctype=A2AJ),
], [("valid-request-refused-invalid-params", "warning")], SRC_B, "a 1.0 HTTP+JSON send refused 400 INVALID_ARGUMENT naming a tenantCode field A2A does not define")
case("b52a-B4-v03-rest-send-refused-jsonschema-chat-id", get_card(0.0, C03R) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-b4", "role": "ROLE_USER", "content": [{"text": "hello"}]}}),
    resp(0.11, 400, {"code": -32602, "message": "'chatId' is a required property"}),
], [("valid-request-refused-invalid-params", "warning")], SRC_B, "a 0.3 HTTP+JSON send refused 400 with jsonschema's wording for a chatId member")
case("b52a-BL1-v03-send-without-message-id-refused", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("bl1", "message/send", {"message": {"kind": "message", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}})),
    resp(0.11, 200, err("bl1", -32602, "Invalid params", [{"type": "missing", "loc": ["params", "message", "messageId"], "msg": "Field required"}])),
], [("request-message-invalid-shape", "error")], SRC_B, "control: the client's message lacks messageId, which A2A requires; the agent's -32602 naming it is right, and the client is told")
case("b52a-BL2-legal-v03-send-refused-metadata-key", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("bl2", "message/send", {"message": umsg03("hi", mid="m-bl2")})),
    resp(0.11, 200, err("bl2", -32602, "Invalid params: metadata.flowId is required")),
], [], SRC_B, "legal: metadata is the agent's own contract (A2A leaves its keys to agents and extensions); requiring a key there is the agent's choice")

write_cases(cases, HERE)

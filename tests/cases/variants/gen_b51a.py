"""Variants of miner mine51 (prefix b51a-): python3 tests/cases/variants/gen_b51a.py

Each puts one of session 51's changed kinds (round fifty-one) on traffic its field case does
not hold, with legal controls beside it. None of them was run while the fix was written.
A: RPC-ENVELOPE-001 widened to a JSON-RPC call refused HTTP 400 / 422 by the server's request
   validator with a JSON body that is no JSON-RPC response (field case f1087, mastra #24156):
   FastAPI's 422 `{"detail": [...]}` to a 0.3 message/send, a zod 400 to a 1.0 GetTask, a
   NestJS 400 to a 0.2 message/stream, a 1.0 CancelTask refused by a validator that lists only
   0.x method names, a 0.3 tasks/get answered 422 `{"detail": "..."}`. Controls: an OAuth
   bearer-token refusal (400 invalid_request with WWW-Authenticate), a rate limiter's 429, an
   auth front's 401 JSON, a 400 that is a JSON-RPC error response.
B: DATA-SHAPE-002 widened to a 0.x JSON-RPC send naming members in snake_case (field case
   f1090, agent-zero's FastA2A client): message.context_id on a 0.3 message/stream,
   configuration.history_length on a 0.2 send, message.message_id instead of messageId,
   configuration.push_notification_config, and a 0.3 tasks/get with history_length (not a
   send). Controls: a 0.3 HTTP+JSON send (ProtoJSON reads proto names), snake_case inside
   metadata and a data part's value.
C: AUTH-LEAK-001 widened to a database or cache driver's connection error naming the server
   and a connection string carrying its password (field case f1099, LangGraph v0.7.32): a
   redis-py error in a 0.3 error's data, a DSN with a password in a 1.0 HTTP+JSON error body,
   Node's ECONNREFUSED in a 0.3 stream's error event. Controls: a public URL without
   credentials in an error, the client's own connection string quoted back.
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
C02 = card03(A + "/a2a", protocolVersion="0.2.5")
SRC_A = "https://github.com/mastra-ai/mastra/issues/24156"
SRC_B = "https://github.com/agent0ai/agent-zero/pull/1075"

# --- A: a request validator's JSON refusal of a valid JSON-RPC call
case("b51a-A1-v03-send-fastapi-422-detail", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("a1", "message/send", {"message": umsg03("hello", mid="m-a1")})),
    resp(0.11, 422, {"detail": [{"loc": ["body", "params", "configuration"], "msg": "field required", "type": "value_error.missing"}]}),
], [("jsonrpc-response-malformed", "error")], SRC_A, "a well-formed 0.3 send refused by FastAPI's body validation with its 422 detail list, no JSON-RPC response")
case("b51a-A2-v10-get-task-zod-400", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("a2", "GetTask", {"id": "t-a2"}), ver="1.0"),
    resp(0.11, 400, {"success": False, "error": {"name": "ZodError", "issues": [{"code": "invalid_type", "path": ["params", "historyLength"], "message": "Required"}]}}),
], [("jsonrpc-response-malformed", "error")], SRC_A, "a 1.0 GetTask refused by a zod schema that makes the optional historyLength required, answered in zod's own shape")
case("b51a-A3-v02-stream-nest-400", get_card(0.0, C02) + [
    req(0.1, "POST", A + "/a2a", rpc("a3", "message/stream", {"message": umsg03("go", mid="m-a3")}), accept=SSE),
    resp(0.11, 400, {"message": ["params.message.metadata must be an object"], "error": "Bad Request", "statusCode": 400}),
], [("jsonrpc-response-malformed", "error")], SRC_A, "a 0.2 message/stream refused by a NestJS ValidationPipe with its 400 body")
case("b51a-A4-v10-cancel-refused-0x-method-list", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("a4", "CancelTask", {"id": "t-a4"}), ver="1.0"),
    resp(0.11, 400, {"error": "Invalid request body", "issues": [{"field": "method", "message": "expected one of message/send | message/stream | tasks/get | tasks/cancel"}]}),
], [("jsonrpc-response-malformed", "error")], SRC_A, "a 1.0 CancelTask refused by a validator that knows 0.x method names only")
case("b51a-A5-v03-get-task-422-detail-string", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc(5, "tasks/get", {"id": "t-a5"})),
    resp(0.11, 422, {"detail": "Unprocessable Entity"}),
], [("jsonrpc-response-malformed", "error")], SRC_A, "a well-formed 0.3 tasks/get answered 422 with a framework's detail string")
case("b51a-AL1-legal-v03-send-oauth-invalid-request", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("al1", "message/send", {"message": umsg03("hello", mid="m-al1")})),
    resp(0.11, 400, {"error": "invalid_request", "error_description": "the bearer token is malformed"}, hdr={"www-authenticate": 'Bearer error="invalid_request"'}),
], [], SRC_A, "legal: an OAuth resource server's refusal of a malformed bearer token (RFC 6750 §3.1: invalid_request, HTTP 400, WWW-Authenticate); the auth layer answers before any JSON-RPC is read")
case("b51a-AL2-legal-v10-send-rate-limited-429", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("al2", "SendMessage", {"message": umsg10("hello", mid="m-al2")}), ver="1.0"),
    resp(0.11, 429, {"error": "rate limit exceeded", "retryAfter": 30}, hdr={"retry-after": "30"}),
], [], SRC_A, "legal: a rate limiter's 429 with Retry-After (RFC 6585 §4) is an HTTP-level answer")
C03A = card03(A + "/a2a", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("b51a-AL3-legal-v03-send-auth-front-401", get_card(0.0, C03A) + [
    req(0.1, "POST", A + "/a2a", rpc("al3", "message/send", {"message": umsg03("hello", mid="m-al3")})),
    resp(0.11, 401, {"error": "unauthorized"}, hdr={"www-authenticate": "Bearer"}),
], [], SRC_A, "legal: an auth front's 401 with its own JSON and a challenge")
case("b51a-AL4-legal-v03-send-400-jsonrpc-error", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("al4", "message/send", {"message": umsg03("hello", mid="m-al4"), "configuration": {"acceptedOutputModes": ["image/png"]}})),
    resp(0.11, 400, err("al4", -32005, "Incompatible content types: image/png")),
], [], SRC_A, "legal: a JSON-RPC error response (ContentTypeNotSupportedError for an output mode the agent cannot produce) under HTTP 400, which ERR-007 leaves open")

# --- B: a 0.x JSON-RPC send with snake_case member names
case("b51a-B1-v03-stream-message-context-id-snake", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("b1", "message/stream", {"message": umsg03("continue", mid="m-b1", context_id="c-b1")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("b1", task03("t-b1", "c-new", "working")))),
    chunk(0.5, sse(ok("b1", {"kind": "status-update", "taskId": "t-b1", "contextId": "c-new", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.51, "", close="eof"),
], [("request-message-invalid-shape", "error")], SRC_B, "message.context_id is read by no 0.3 schema parser: the agent opens a new context")
case("b51a-B2-v02-send-history-length-snake", get_card(0.0, C02) + [
    req(0.1, "POST", A + "/a2a", rpc("b2", "message/send", {"message": umsg03("hi", mid="m-b2"), "configuration": {"acceptedOutputModes": ["text/plain"], "history_length": 2}})),
    resp(0.3, 200, ok("b2", task03("t-b2", "c-b2", "completed"))),
], [("request-message-invalid-shape", "error")], SRC_B, "configuration.history_length on a 0.2 send: the limit is never applied")
case("b51a-B3-v03-send-message-id-snake", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("b3", "message/send", {"message": {"kind": "message", "message_id": "m-b3", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}})),
    resp(0.3, 200, ok("b3", amsg03("hello", mid="a-b3", contextId="c-b3"))),
], [("request-message-invalid-shape", "error")], SRC_B, "message.message_id instead of messageId: the message has no id a schema parser reads")
case("b51a-B4-v03-send-push-config-snake", get_card(0.0, card03(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})) + [
    req(0.1, "POST", A + "/a2a", rpc("b4", "message/send", {"message": umsg03("report", mid="m-b4"), "configuration": {"acceptedOutputModes": ["text/plain"], "push_notification_config": {"url": "https://hooks.example.test/a2a", "token": "tok-b4"}}})),
    resp(0.3, 200, ok("b4", task03("t-b4", "c-b4", "submitted"))),
], [("request-message-invalid-shape", "error")], SRC_B, "configuration.push_notification_config: the webhook is never registered")
case("b51a-B5-v03-get-task-history-length-snake", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("b5", "tasks/get", {"id": "t-b5", "history_length": 1})),
    resp(0.11, 200, ok("b5", task03("t-b5", "c-b5", "completed"))),
], [("request-message-invalid-shape", "error")], SRC_B, "tasks/get with history_length: a 0.3 agent ignores the limit")
case("b51a-BL1-legal-v03-rest-send-proto-names", get_card(0.0, card03(A + "/rest", preferredTransport="HTTP+JSON")) + [
    req(0.1, "POST", A + "/rest/v1/message:send", {"message": {"message_id": "m-bl1", "role": "ROLE_USER", "content": [{"text": "hi"}]}, "configuration": {"accepted_output_modes": ["text/plain"]}}),
    resp(0.3, 200, {"task": {"id": "t-bl1", "contextId": "c-bl1", "status": {"state": "TASK_STATE_COMPLETED"}}}),
], [], SRC_B, "legal: 0.3's HTTP+JSON binding carries the proto's JSON (ProtoJSON), whose parsers read proto field names too")
case("b51a-BL2-legal-v03-snake-case-in-metadata-and-data", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("bl2", "message/send", {"message": {"kind": "message", "messageId": "m-bl2", "role": "user", "parts": [{"kind": "data", "data": {"context_id": "crm-7", "history_length": 3}}], "metadata": {"message_id": "upstream-9"}}})),
    resp(0.3, 200, ok("bl2", amsg03("noted", mid="a-bl2", contextId="c-bl2"))),
], [], SRC_B, "legal: metadata and a data part's value are the sender's own content, any names")

# --- C: an error answer that names the agent's database or cache server
SRC_C = "https://github.com/langchain-ai/docs/blob/00d95f37175fdaa4c40aa8188b7fc7f0332f3eeb/src/langsmith/agent-server-changelog.mdx"
case("b51a-C1-v03-error-data-redis-connection", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("c1", "message/send", {"message": umsg03("hello", mid="m-c1")})),
    resp(0.2, 200, err("c1", -32603, "Internal error", {"detail": "redis.exceptions.ConnectionError: Error 111 connecting to redis-master.agents.svc.cluster.local:6379. Connection refused."})),
], [("error-text-shows-internals", "warning")], SRC_C, "a redis-py connection error in error.data names the cache server and port")
case("b51a-C2-v10-rest-error-dsn-with-password", get_card(0.0, card10(A, binding="HTTP+JSON")) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-c2")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.2, 500, {"error": {"code": 500, "status": "INTERNAL", "message": "task store unavailable: could not open postgresql://agent:hunter2@db-primary.corp.example:5432/agents", "details": ei("INTERNAL")}}, ctype=A2AJ),
], [("error-text-shows-internals", "warning")], SRC_C, "a 1.0 HTTP+JSON error whose message carries the task store's connection string with its password")
case("b51a-C3-v03-stream-error-event-econnrefused", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("c3", "message/stream", {"message": umsg03("go", mid="m-c3")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("c3", task03("t-c3", "c-c3", "working")))),
    chunk(0.5, sse(err("c3", -32603, "MongoServerSelectionError: connect ECONNREFUSED 10.0.3.12:27017"))),
    chunk(0.51, "", close="eof"),
], [("error-text-shows-internals", "warning")], SRC_C, "a stream's error event quoting Node's ECONNREFUSED with the database's internal address")
case("b51a-CL1-legal-v03-error-public-url-no-credentials", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("cl1", "message/send", {"message": umsg03("summarise https://docs.example.com/guide.pdf", mid="m-cl1")})),
    resp(0.2, 200, err("cl1", -32603, "could not fetch https://docs.example.com/guide.pdf: HTTP 404 Not Found")),
], [], SRC_C, "legal: a public URL without credentials, the one the user asked about, in an actionable error")
case("b51a-CL2-legal-v03-error-quotes-clients-own-dsn", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("cl2", "message/send", {"message": umsg03("count the orders in postgresql://ro:readonly@db.customer.example/shop", mid="m-cl2")})),
    resp(0.2, 200, err("cl2", -32603, "could not connect to postgresql://ro:readonly@db.customer.example/shop: timeout")),
], [], SRC_C, "legal: the connection string the user's own message gave, quoted back")

write_cases(cases, HERE)

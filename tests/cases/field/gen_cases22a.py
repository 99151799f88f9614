"""Session-22 field cases of miner mine22a (f248-...): same helpers and output format as gen_cases.py.

Scope: the SDK-adjacent ecosystems the earlier rounds covered least (a2a-go, a2a-dotnet,
a2a-tck, ADK, kagent, Microsoft agent frameworks) and 0.3 -> 1.0 migration threads.
`python3 gen_cases22a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b22a-*` variants into ../variants).
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03

cases = {}
VAR = os.path.join(os.path.dirname(OUT), "variants")
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHE = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def card(t, body):
    return [req(t, "GET", A + "/.well-known/agent-card.json"), resp(t + 0.004, 200, body, hdr=CACHE)]

# --- JSON-RPC errors ---------------------------------------------------------------------------
case("f248-v10-malformed-json-internal-error", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", '{"jsonrpc":"2.0","id":"1","method":"SendMessage","params":{"message":{"messageId":"m-330","role":"ROLE_USER","parts":[{"text":"hi"}]}', ver="1.0"),
    resp(0.104, 200, {"jsonrpc": "2.0", "error": {"code": -32603, "message": "Internal error"}, "id": None}),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/330 (A2A.AspNetCore 1.0.0-preview answers a request body that is not JSON with -32603 Internal error instead of -32700 Parse error; found with the cross-language test bed darrelmiller/agentbin)",
 "a body that is not valid JSON is answered -32700 JSONParseError with id null (ERR-001, JSON-RPC 2.0 §5.1, 1.0 §9.5); -32603 says the server failed, so a client that retries internal errors resends the same broken body")

case("f249-legal-v03-error-data-object", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("look up the order")})),
    resp(0.104, 200, err("1", -32603, "real error message", {"reason": "detail"})),
], [],
 "https://github.com/a2aproject/a2a-go/issues/385 (the a2av0 compat JSON-RPC client decodes error.data as the 1.0 []ErrorDetail list; a v0.3 server's object there aborts the decode and hides the code and message)",
 "legal: on 0.x, JSON-RPC error.data is any JSON value (JSON-RPC 2.0 §5.1; 0.3 schema JSONRPCError.data: any; DIGEST ERR-004 0.x: free-form). Only 1.0 requires an array of @type'd details (ERR-004); the client applied the 1.0 rule to a 0.3 answer")

case("b22a-M1-v10-error-data-object", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("look up the order")}), ver="1.0"),
    resp(0.104, 200, err("1", -32603, "real error message", {"reason": "detail"})),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/a2aproject/a2a-go/issues/385 (1.0 form of the thread: the object a v0.3 server may send in error.data)",
 "on 1.0 JSON-RPC error.data, when present, is an array of objects each with @type (ERR-004, 1.0 §9.5); a bare object is the 0.x free-form data that a 1.0 client decoding ErrorDetail lists cannot read")

# --- 0.3 message shapes ------------------------------------------------------------------------
case("f250-v03-status-message-without-kind-message-id", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("run the skill")})),
    resp(0.104, 200, ok("1", {"id": "t-396", "contextId": "c-396", "kind": "task",
        "status": {"state": "completed", "message": {"role": "agent", "parts": [{"kind": "text", "text": "Skill completed."}]}, "timestamp": TS},
        "artifacts": [{"artifactId": "a-396", "parts": [{"kind": "text", "text": "result"}]}]})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/396 (real-world v0.3 agents return status.message without kind and messageId; System.Text.Json refuses the task: 'missing required properties including: kind, messageId')",
 "a 0.3 Message requires kind:'message' and messageId (0.3 schema Message.required, DATA-005); status.message is a Message, so the task fails validation in every schema-checking client. The .NET SDK relaxed its reader; the agents are still at fault")

# --- 0.3 stream: failed with final false --------------------------------------------------------
def su03(tid, cid, state, final, text=None):
    st = {"state": state, "timestamp": TS}
    if text: st["message"] = amsg03(text, taskId=tid, contextId=cid)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": st, "final": final}
case("f251-v03-stream-failed-final-false", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/stream", {"message": umsg03("plan the trip")}), accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse(ok("1", task03("t-5388", "c-5388", "submitted")))),
    chunk(0.2, sse(ok("1", su03("t-5388", "c-5388", "working", False)))),
    chunk(0.5, sse(ok("1", su03("t-5388", "c-5388", "failed", False, "model call failed")))),
    chunk(0.51, "", close="eof"),
], [("stream-final-flag-wrong", "error")],
 "https://github.com/google/adk-python/issues/5388 (event_converter._create_error_status_event builds the failed TaskStatusUpdateEvent with final=False; the other converter sets final=True)",
 "a 0.x stream marks its last event, at a terminal state or input-required, with final:true (STREAM-008; 0.3 schema requires final); a failed status-update with final:false tells the client more events follow, and a client waiting for final never sees the end")

# --- 0.3 REST client sending JSON-RPC shapes ------------------------------------------------------
C03R = card03(A, preferredTransport="HTTP+JSON")
case("f252-v03-rest-client-jsonrpc-message-shape", card(0.0, C03R) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": umsg03("hello", mid="m-370")}),
    resp(0.104, 400, {"code": -32602, "message": "Invalid params: Message has no field named \"parts\""}),
], [("request-message-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-go/issues/370 (the a2a-go v0.3 HTTP+JSON compat client sends parts/kind and role \"user\"; a Python a2a-sdk 0.3.24 REST agent expects the proto's content oneof and ROLE_USER)",
 "0.3 HTTP+JSON bodies are the ProtoJSON of the v0.3 proto (REST-003, DIGEST trap 5: 0.3 REST JSON is not 0.3 JSON-RPC JSON): Message has content[] parts without kind and role ROLE_USER; the JSON-RPC shape sent to /v1/message:send is not a SendMessageRequest the agent can parse")

# --- context ids ---------------------------------------------------------------------------------
case("f253-legal-v10-client-context-id-refused-invalid-params", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("continue", contextId="ctx-from-elsewhere")}), ver="1.0"),
    resp(0.104, 200, err("1", -32602, "Unknown contextId: ctx-from-elsewhere")),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/202 ; https://github.com/a2aproject/a2a-tck/pull/213 (CORE-MULTI-002a: an agent that refuses a client-provided contextId answers InvalidParams -32602)",
 "legal: an agent MAY refuse a contextId it did not mint, and then MUST answer with an error and not substitute another context (ID-002, 1.0 §3.4.1); the spec names no A2A error for it, and the contextId is client input, so -32602 InvalidParamsError is the fitting code (ERR-006)")


# --- JSON-RPC error member names and ids -------------------------------------------------------
EI = {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org", "metadata": {"taskId": "t-gone"}}
case("f254-v10-jsonrpc-error-details-member", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-gone"}), ver="1.0"),
    resp(0.104, 200, {"jsonrpc": "2.0", "id": "1", "error": {"code": -32001, "message": "Task not found: t-gone", "details": [EI]}}),
], [("jsonrpc-error-info-malformed", "error")],
 "https://github.com/a2aproject/a2a-java/pull/790 (fix: JSON-RPC errors should have a 'data' field not a 'details' field; a2a-java 1.0 serialised the ErrorInfo list under details)",
 "a JSON-RPC error object has code, message and data (JSON-RPC 2.0 §5.1); 1.0 puts the google.rpc.ErrorInfo list in error.data (ERR-004, 1.0 §9.5). Under 'details' (the google.rpc.Status / REST member name, ERR-003) the ErrorInfo is invisible to every JSON-RPC client, which reads data")

case("f255-v10-unknown-method-hardcoded-error-id", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("req-77", "GetAgentStatus", {}), ver="1.0"),
    resp(0.104, 200, {"jsonrpc": "2.0", "id": "error", "error": {"code": -32601, "message": "Method not found: GetAgentStatus"}}),
], [("jsonrpc-id-mismatch", "error")],
 "https://github.com/agentscope-ai/agentscope-java/pull/1564 (review of the A2A 1.0 migration: unknown methods and fallbacks in JsonRpcTransportWrapper answer with the hardcoded id \"error\", violating JSON-RPC id echo)",
 "a JSON-RPC response carries the id of the request it answers (RPC-002, JSON-RPC 2.0 §5: the same value, or null only when the id could not be read); the request id req-77 was readable, so a client matching responses by id drops the -32601 answer and waits")

# --- 0.3 REST subscribe by GET ---------------------------------------------------------------------
def t03r(tid, cid, state):
    return {"id": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}
case("f256-v03-rest-subscribe-get-task-not-found", card(0.0, C03R) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-569", "role": "ROLE_USER", "content": [{"text": "index the archive"}]}, "configuration": {"blocking": False}}),
    resp(0.104, 200, {"task": t03r("t-569", "c-569", "TASK_STATE_WORKING")}),
    req(0.2, "GET", A + "/v1/tasks/t-569:subscribe", accept="text/event-stream"),
    resp(0.204, 404, {"code": -32001, "message": "Task not found: t-569:subscribe"}),
], [("task-id-not-resolvable", "error")],
 "https://github.com/a2aproject/a2a-js/pull/569 (the @a2a-js/sdk 0.3 REST server registered SubscribeToTask only as POST; a GET from the Python, Go or JS clients fell through to GET /v1/tasks/:taskId and was answered TaskNotFoundError for '<id>:subscribe')",
 "the v0.3 proto binds TaskSubscription to GET /v1/{name=tasks/*}:subscribe and the 0.3 prose says POST (DIGEST trap 1: an agent accepts both); the task t-569 exists and is WORKING, so answering the subscribe with TaskNotFoundError for the id 't-569:subscribe' is a routing fault, not a missing task (TASK-009, REST-003)")

CARD10R = json.loads(json.dumps(CARD10)); CARD10R["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
def nf10(tid):
    return {"error": {"code": 404, "status": "NOT_FOUND", "message": f"Task not found: {tid}",
                      "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}
case("b22a-M2-v10-rest-subscribe-get-falls-to-get-task", card(0.0, CARD10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("index the archive", mid="m-5691"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 200, {"task": task10("t-5691", "c-5691", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "GET", A + "/tasks/t-5691:subscribe", ver="1.0", accept="text/event-stream"),
    resp(0.204, 404, nf10("t-5691:subscribe"), ctype="application/a2a+json"),
], [("task-id-not-resolvable", "error")],
 "https://github.com/a2aproject/a2a-js/pull/569 (1.0 form: a server that registered SubscribeToTask only as POST, per the 1.0 prose, meets a client that follows the proto's GET)",
 "the 1.0 proto binds SubscribeToTask to GET /tasks/{id=*}:subscribe and §11.3.2 says POST (DIGEST trap 1: serve both); the task is WORKING, yet the GET was answered TaskNotFoundError for the id 't-5691:subscribe', the verb read into the id by the get-task route (TASK-009)")

case("b22a-M2-v10-rest-cancel-verb-read-into-id", card(0.0, CARD10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("index the archive", mid="m-5692"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 200, {"task": task10("t-5692", "c-5692", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-5692:cancel", {}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 404, nf10("t-5692:cancel"), ctype="application/a2a+json"),
], [("task-id-not-resolvable", "error")],
 "https://github.com/a2aproject/a2a-js/pull/569 (the same fall-through for the other custom verb: a router whose /tasks/:id pattern swallows ':cancel')",
 "POST /tasks/{id}:cancel is CancelTask (REST-001); the agent answered TaskNotFoundError for 't-5692:cancel', a task id it never handed out, while t-5692 is WORKING (TASK-009)")

case("b22a-M2-legal-v10-rest-subscribe-unknown-task-not-found", card(0.0, CARD10R) + [
    req(0.2, "GET", A + "/tasks/t-never:subscribe", ver="1.0", accept="text/event-stream"),
    resp(0.204, 404, nf10("t-never"), ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-js/pull/569 (control: a subscribe to a task the agent never handed out)",
 "legal: SubscribeToTask on an unknown task is answered TaskNotFoundError, HTTP 404 with ErrorInfo TASK_NOT_FOUND (ERR-002, ERR-003)")

# --- cards and the endpoint clients call -----------------------------------------------------------
AURA = {"name": "aura", "description": "Aura agent", "version": "0.1.0",
        "supportedInterfaces": [{"url": A + "/a2a/v1/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "chat", "name": "chat", "description": "Chat", "tags": ["chat"]}]}
case("f257-v10-client-posts-to-root-not-card-interface", card(0.0, AURA) + [
    req(0.1, "POST", A + "/", rpc("1", "message/stream", {"message": umsg03("list the pods")}), accept="text/event-stream"),
    resp(0.104, 404, "Not Found", ctype="text/plain"),
], [("client-url-not-advertised", "warning")],
 "https://github.com/mezmo/aura/issues/451 (kagent's BYO A2A client reads the v0.2/0.3 top-level url; against aura's 1.0 card, which lists its JSON-RPC endpoint only in supportedInterfaces, it falls back to the bare service address and POSTs to /, which 404s: every prompt hangs)",
 "a 1.0 card names its endpoints in supportedInterfaces (CARD-005, CARD-006); the card has no top-level url, so a client that calls the origin's / instead of the listed /a2a/v1/rpc reads the card with the 0.3 layout. The agent is right to answer 404 there; the client also spoke 0.3 (message/stream, no A2A-Version) to an interface that declares only 1.0 (VER-001)")

# --- 0.3 blocking left out -------------------------------------------------------------------------
case("f258-legal-v03-send-blocking-omitted-answered-submitted", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("summarise the thread", mid="m-386"),
        "configuration": {"acceptedOutputModes": ["text/plain"]}})),
    resp(0.104, 200, ok("1", task03("t-386", "c-386", "submitted"))),
    req(2.0, "POST", A + "/a2a", rpc("2", "tasks/get", {"id": "t-386"})),
    resp(2.004, 200, ok("2", task03("t-386", "c-386", "completed", status={"state": "completed", "timestamp": TS,
        "message": amsg03("Here is the summary.", taskId="t-386", contextId="c-386")}))),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/386 (V03Compat maps a v0.3 configuration without blocking: true to ReturnImmediately, so the answer is the Submitted task; the v0.3 .NET server had always blocked)",
 "legal: 0.3 MessageSendConfiguration.blocking has no stated default (DIGEST trap 8; 1.0's returnImmediately defaults to false, the inverse), so with blocking left out an agent may answer at once with the submitted Task, and the client polls tasks/get (TASK-001). The thread is a behaviour change between two versions of one server, not a wire fault")

# --- version refusals and REST error bodies --------------------------------------------------------
case("f259-v10-no-version-header-refused-method-not-found", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello")})),
    resp(0.104, 200, err("1", -32601, "Method not found: SendMessage")),
], [("client-version-mixed-request", "warning")],
 "https://github.com/a2aproject/A2A/pull/2227 (ACTS VER-NEG-002 asserted a successful 1.0 answer to a request without A2A-Version; corrected: a 1.0 interface refuses it, with -32009 or -32601)",
 "the agent is right: a request without A2A-Version is a 0.3 request (VER-001, 1.0 §3.6.2; DIGEST trap 3), and a 1.0-only interface refuses it; 0.3 has no method SendMessage, so -32601 MethodNotFoundError is a fitting refusal besides -32009 VersionNotSupportedError, and no error is charged to the agent. The warning is the client's: a 1.0 method name sent without A2A-Version: 1.0 (VER-001, VER-002)")

case("f260-v10-rest-unsupported-operation-problem-json-501", card(0.0, CARD10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("Hello", mid="tck-complete-task-repro")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 200, {"task": task10("t-765", "c-765", "TASK_STATE_COMPLETED")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/message:send", {"message": umsg10("one more thing", mid="m-765b", taskId="t-765")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 501, {"title": "Cannot send message to task t-765", "status": 501, "type": "https://a2a-protocol.org/errors/unsupported-operation"}, ctype="application/problem+json"),
], [("rest-error-in-1-0-0-form", "note")],
 "https://github.com/a2aproject/a2a-java/issues/765 (TCK CORE-SEND-002: a message to a completed task over HTTP+JSON is answered HTTP 501 with an RFC 7807 problem+json body instead of 400 with UnsupportedOperationError)",
 "a note, not an error: 1.0 HTTP+JSON errors are google.rpc.Status bodies {error:{code,status,message,details[ErrorInfo]}} (ERR-003, 1.0 §11.6), but §6.4/§6.5 show RFC 9457 problem+json (DIGEST trap 10: the spec contradicts itself, the lenient reading wins), and 501 is 1.0.0's status for UnsupportedOperationError (ERR-002, trap 2). Refusing a message to a completed task is right (TASK-004); the note tells the reader that 1.0.1 clients read only the google.rpc.Status shape, which the a2a-java fix adopted")

# --- 0.x JSON-RPC nested messages without kind (a2a-dotnet #396) -------------------------------------
def amsg03_nokind(text, mid, **kw):
    m = {"messageId": mid, "role": "agent", "parts": [{"kind": "text", "text": text}]}; m.update(kw); return m
case("b22a-M3-v03-status-message-without-kind", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("run the skill", mid="m-3961")})),
    resp(0.104, 200, ok("1", task03("t-3961", "c-3961", "completed", status={"state": "completed", "timestamp": TS,
        "message": amsg03_nokind("Skill completed.", "m-a3961", taskId="t-3961", contextId="c-3961")}))),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/396 (the same status.message with messageId but still without kind: the .NET reader requires kind on every 0.3 Message)",
 "a 0.3 JSON-RPC Message requires kind:'message' (0.3 schema Message.required, DATA-005), nested ones too; the agent's status.message carries messageId, role and parts but no kind")

case("b22a-M3-v03-stream-status-update-message-without-kind", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/stream", {"message": umsg03("run the skill", mid="m-3962")}), accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse(ok("1", task03("t-3962", "c-3962", "submitted")))),
    chunk(0.2, sse(ok("1", {"kind": "status-update", "taskId": "t-3962", "contextId": "c-3962", "final": True,
        "status": {"state": "completed", "timestamp": TS, "message": amsg03_nokind("Skill completed.", "m-a3962", taskId="t-3962", contextId="c-3962")}}))),
    chunk(0.21, "", close="eof"),
], [("stream-event-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/396 (stream form: the status-update's message without kind)",
 "the status-update event's status.message is a 0.3 Message and requires kind:'message' (0.3 schema, DATA-005)")

case("b22a-M3-v03-history-message-without-kind", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "tasks/get", {"id": "t-3963"})),
    resp(0.104, 200, ok("1", task03("t-3963", "c-3963", "completed", history=[
        umsg03("run the skill", mid="m-3963", taskId="t-3963", contextId="c-3963"),
        amsg03_nokind("Skill completed.", "m-a3963", taskId="t-3963", contextId="c-3963")]))),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/396 (history form: an agent message kept in history without kind)",
 "each history entry is a 0.3 Message, which requires kind:'message' (0.3 schema, DATA-005)")

case("b22a-M3-legal-v03-rest-status-message-no-kind", card(0.0, C03R) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-3964", "role": "ROLE_USER", "content": [{"text": "run the skill"}]}}),
    resp(0.104, 200, {"task": {"id": "t-3964", "contextId": "c-3964", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS,
        "message": {"messageId": "m-a3964", "role": "ROLE_AGENT", "content": [{"text": "Skill completed."}]}}}}),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/396 (control: the 0.3 proto's own JSON, which has no kind anywhere)",
 "legal: 0.3 HTTP+JSON bodies are ProtoJSON of the v0.3 proto (REST-003, DIGEST trap 5), whose Message has no kind; the status message is TaskStatus.update, written under its json_name message, and carries no kind")

# --- card interface without protocolVersion ---------------------------------------------------------
HELLO = {"name": "Hello World Agent", "description": "Just a hello world agent",
         "supportedInterfaces": [{"url": "http://127.0.0.1:9999", "protocolBinding": "JSONRPC"}],
         "version": "0.0.1", "capabilities": {"streaming": True, "extendedAgentCard": True},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "echo_bot", "name": "Echo Bot", "description": "Answers hello world", "tags": ["hello world"]}]}
H = "http://127.0.0.1:9999"
case("f261-card10-interface-without-protocol-version", [
    req(0.0, "GET", H + "/.well-known/agent-card.json"), resp(0.004, 200, HELLO, hdr=CACHE),
    req(0.1, "POST", H + "/", rpc("1", "message/send", {"message": umsg03("hi", mid="m-599")})),
    resp(0.104, 200, err("1", -32601, "Method not found")),
    req(0.2, "POST", H + "/", rpc("2", "SendMessage", {"message": umsg10("hi", mid="m-599b")}), ver="1.0"),
    resp(0.204, 200, ok("2", {"message": amsg10("Hello World", mid="m-a599", contextId="c-599")})),
], [("card-interface-malformed", "error")],
 "https://github.com/a2aproject/a2a-samples/issues/599 (the helloworld agent's card lists its JSON-RPC interface without protocolVersion, which SDKs read as 0.3; the agent refuses message/send and serves only SendMessage)",
 "AgentInterface.protocol_version is REQUIRED in the 1.0 proto (CARD-006, DATA-005): an interface without it tells clients nothing, and SDKs fill in 0.3, the version the agent does not speak. The refusal of message/send is the consequence, not a second fault")

# --- Agent Engine (ADK A2aAgent) on HTTP+JSON 1.0 --------------------------------------------------
def ei(reason):
    return [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]
case("f262-v10-rest-no-version-header-refused", card(0.0, CARD10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-6333")}),
    resp(0.104, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION",
        "message": "A2A version '0.3' is not supported by this handler. Expected version '1.0'.", "details": ei("VERSION_NOT_SUPPORTED")}},
        ctype="application/a2a+json"),
], [("client-version-mixed-request", "warning")],
 "https://github.com/google/adk-python/issues/6333 (point 1: on an Agent Engine A2A 1.0 deployment a hand-rolled HTTP call without A2A-Version is read as 0.3 and refused with 400 VERSION_NOT_SUPPORTED)",
 "the agent is right: a request without A2A-Version is a 0.3 request (VER-001, DIGEST trap 3) and a 1.0-only interface refuses it with VersionNotSupportedError (VER-002), on HTTP+JSON 400 FAILED_PRECONDITION with ErrorInfo VERSION_NOT_SUPPORTED (ERR-002 1.0.1, ERR-003). The warning is the client's, as for the JSON-RPC call f259 (q28b): the 1.0 route /message:send (0.3 routes sit under /v1) with a 1.0 message (parts) sent without A2A-Version: 1.0")

case("f263-legal-v10-rest-invalid-agent-response-500", card(0.0, CARD10R) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-6334")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 500, {"error": {"code": 500, "status": "INTERNAL",
        "message": "Agent should enqueue Task before TaskStatusUpdateEvent event", "details": ei("INVALID_AGENT_RESPONSE")}},
        ctype="application/a2a+json"),
], [],
 "https://github.com/google/adk-python/issues/6333 (point 2: an executor that emits a TaskStatusUpdateEvent before the Task gets 500 INVALID_AGENT_RESPONSE from its own SDK)",
 "legal on the wire: the agent's SDK refused its executor's event order and answered InvalidAgentResponseError, HTTP 500 INTERNAL with ErrorInfo INVALID_AGENT_RESPONSE, 1.0.1's mapping (ERR-002; 1.0.0 said 502, trap 2); the executor bug shows nowhere else on the wire")

# --- multi-line SSE data (a2a-go #370) ---------------------------------------------------------------
def sse_lines(obj):
    text = json.dumps(obj, indent=1)
    return "".join("data: " + l + "\n" for l in text.split("\n")) + "\n"
case("f264-legal-v03-rest-stream-multiline-data", card(0.0, C03R) + [
    req(0.1, "POST", A + "/v1/message:stream", {"message": {"messageId": "m-3702", "role": "ROLE_USER", "content": [{"text": "hello"}]}}, accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse_lines({"task": {"id": "t-3702", "contextId": "c-3702", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": TS}}})),
    chunk(0.2, sse_lines({"statusUpdate": {"taskId": "t-3702", "contextId": "c-3702", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS,
        "message": {"messageId": "m-a3702", "role": "ROLE_AGENT", "content": [{"text": "hello back"}]}}, "final": True}})),
    chunk(0.21, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-go/issues/370 (the a2a-go v0.3 compat client parsed each line of a multi-line SSE data field as a separate event against a Python a2a-sdk 0.3.24 agent)",
 "legal: an SSE event's data may span several data: lines, which the reader joins with a newline (WHATWG HTML §9.2.6); a newline is JSON whitespace, so each joined event is one StreamResponse (REST-002 0.3 form, STREAM-003). The agent's stream is right; the client split it")

from casewriter import write_cases
write_cases(cases, OUT, route=lambda name: VAR if name.startswith("b22a-") else OUT)

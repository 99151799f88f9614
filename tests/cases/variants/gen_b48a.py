"""Variants of miner mine48 (prefix b48a-): python3 tests/cases/variants/gen_b48a.py

Each puts one of session 48's changed kinds (round forty-eight) on traffic its field case does not
hold, with legal controls beside it:
E: CAP-CARD-003 (extended-card-declared-not-configured, note; AUTH-005) for an extended-card call
   answered ExtendedAgentCardNotConfiguredError by an agent whose card declares an extended card
   (field case f1040, MarimerLLC/rockbot PR #266): 1.0 HTTP+JSON GET /extendedAgentCard 400
   FAILED_PRECONDITION, 1.0 gRPC FAILED_PRECONDITION with its ErrorInfo, 0.3 JSON-RPC
   agent/getAuthenticatedExtendedCard -32007 with supportsAuthenticatedExtendedCard: true.
   Controls: the declared extended card served; -32007 from a 0.3 card that does not declare one.
C: CARD-SHAPE-001 (card-missing-required-field) for a card read as 0.1.0 (no member 0.2 added,
   served at /.well-known/agent.json) whose agent answers 0.2 / 0.3 methods (field cases f1039
   OmniRoute, f1047 a2aproject/A2A #651): a message/stream answered as a stream, a tasks/get.
   Controls: the same card with a 0.1 tasks/send served (a 0.1 card); a complete 0.2 card.
N: RPC-ENVELOPE-001 (jsonrpc-response-malformed) naming a JSON-RPC notification written where the
   answer belongs (field case f1036, OmniRoute streaming.ts): a 1.0 SendStreamingMessage stream,
   a 0.3 message/send answer. Control: a 0.3 stream of responses.
"""
import base64, json, os, sys, urllib.parse
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ
_g47 = open(os.path.join(FIELD, "gen_cases47.py")).read()
exec(_g47[_g47.index("def _varint(n):"): _g47.index("V10 = ")])  # gRPC native-recording helpers

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr={"cache-control": "max-age=300", "etag": '"c1"'})]
SRC_E = "https://github.com/MarimerLLC/rockbot/pull/266"
SRC_C = "https://github.com/a2aproject/A2A/pull/651"
SRC_N = "https://github.com/diegosouzapw/OmniRoute/blob/01e6c7204098bf1e4d17d3798d13b2018b35ae54/src/lib/a2a/streaming.ts"
BEARER = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}
BEARER_REQ = [{"schemes": {"bearer": {"list": []}}}]
TOKEN = {"authorization": "Bearer b48a-token"}
EXTCAPS = {"streaming": True, "pushNotifications": False, "extendedAgentCard": True}
RA = "https://rest-agent.example.test"

# --- E: an extended card declared and not configured
case("b48a-E1-v10-rest-extended-card-400-not-configured", get_card(0.0, card10(RA, binding="HTTP+JSON", capabilities=EXTCAPS,
        securitySchemes=BEARER, securityRequirements=BEARER_REQ), RA + "/.well-known/agent-card.json") + [
    req(0.1, "GET", RA + "/extendedAgentCard", ver="1.0", hdr=TOKEN),
    resp(0.11, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Extended agent card is not configured",
        "details": ei("EXTENDED_AGENT_CARD_NOT_CONFIGURED")}}, ctype=A2AJ),
], [("extended-card-declared-not-configured", "note")], SRC_E,
     "1.0 HTTP+JSON: GET /extendedAgentCard answered 400 FAILED_PRECONDITION, reason EXTENDED_AGENT_CARD_NOT_CONFIGURED, by an agent whose card declares capabilities.extendedAgentCard: true")

GHOST = "agent.example.test:50051"
def grpc_ext_card():
    return card10(GHOST, binding="GRPC", capabilities=EXTCAPS, securitySchemes=BEARER, securityRequirements=BEARER_REQ)
NOTCONF = "Extended agent card is not configured"
case("b48a-E2-v10-grpc-extended-card-not-configured", native([
    ("GetExtendedAgentCard", {"a2a-version": "1.0", "authorization": "Bearer b48a-token"}, b"", None, 9, NOTCONF,
     pb_status(9, NOTCONF, "EXTENDED_AGENT_CARD_NOT_CONFIGURED")),
], card=grpc_ext_card()), [("extended-card-declared-not-configured", "note")], SRC_E,
     "1.0 gRPC: GetExtendedAgentCard answered FAILED_PRECONDITION with ErrorInfo EXTENDED_AGENT_CARD_NOT_CONFIGURED by an agent whose card declares capabilities.extendedAgentCard: true")

CARD03X = card03(A + "/a2a", supportsAuthenticatedExtendedCard=True,
                 securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("b48a-E3-v03-authenticated-extended-card-32007", get_card(0.0, CARD03X) + [
    req(0.1, "POST", A + "/a2a", rpc("x-1", "agent/getAuthenticatedExtendedCard", {}), hdr=TOKEN),
    resp(0.11, 200, err("x-1", -32007, "Authenticated Extended Card is not configured")),
], [("extended-card-declared-not-configured", "note")], SRC_E,
     "0.3 JSON-RPC: agent/getAuthenticatedExtendedCard answered -32007 AuthenticatedExtendedCardNotConfiguredError by an agent whose card declares supportsAuthenticatedExtendedCard: true")

EXTCARD = card10(A + "/a2a", capabilities=EXTCAPS, securitySchemes=BEARER, securityRequirements=BEARER_REQ,
                 skills=[{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]},
                         {"id": "billing", "name": "Billing", "description": "Account billing questions", "tags": ["billing"]}])
case("b48a-EL1-legal-v10-extended-card-served", get_card(0.0, card10(A + "/a2a", capabilities=EXTCAPS, securitySchemes=BEARER, securityRequirements=BEARER_REQ)) + [
    req(0.1, "POST", A + "/a2a", rpc("x-2", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOKEN),
    resp(0.11, 200, ok("x-2", EXTCARD)),
], [], SRC_E, "control: the extended card the card declares, served to the authenticated call")

CARD03N = card03(A + "/a2a", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("b48a-EL2-legal-v03-extended-card-not-declared-32007", get_card(0.0, CARD03N) + [
    req(0.1, "POST", A + "/a2a", rpc("x-3", "agent/getAuthenticatedExtendedCard", {}), hdr=TOKEN),
    resp(0.11, 200, err("x-3", -32007, "Authenticated Extended Card is not configured")),
], [], SRC_E, "control: -32007 from a 0.3 agent whose card does not declare an extended card: the card promises nothing")

# --- C: a card read as 0.1.0 whose agent answers 0.2 / 0.3 methods
CODER = "http://coder.example.test:41241"
CARD02_NOMODES = {"name": "Coder Agent", "description": "Generates code", "url": CODER + "/", "version": "0.0.2",
                  "capabilities": {"streaming": True}, "provider": {"organization": "A2A Samples", "url": "https://a2a.example.test"},
                  "skills": [{"id": "code", "name": "Code", "description": "Writes code", "tags": ["code"]}]}
def card_at_v02(t, card):
    return [req(t, "GET", CODER + "/.well-known/agent.json"), resp(t + 0.01, 200, card)]
case("b48a-C1-v02-card-without-modes-message-stream-served", card_at_v02(0.0, CARD02_NOMODES) + [
    req(0.1, "POST", CODER + "/", rpc("s-1", "message/stream", {"message": umsg03("write fizzbuzz", mid="m-c1")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1", task03("t-c1", "c-c1", "working")))),
    chunk(0.5, sse(ok("s-1", {"kind": "status-update", "taskId": "t-c1", "contextId": "c-c1", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.51, "", close="eof"),
], [("card-missing-required-field", "error")], SRC_C,
     "a card with no 0.2 member at agent.json, lacking defaultInputModes and defaultOutputModes, whose agent answers message/stream with a 0.3 stream: a 0.2 card")
CARD02_NOTAGS = dict(CARD02_NOMODES, defaultInputModes=["text"], defaultOutputModes=["text"],
                     skills=[{"id": "code", "name": "Code", "description": "Writes code"}])
case("b48a-C2-v02-card-skill-without-tags-tasks-get-served", card_at_v02(0.0, CARD02_NOTAGS) + [
    req(0.1, "POST", CODER + "/", rpc("g-1", "tasks/get", {"id": "t-c2"})),
    resp(0.11, 200, ok("g-1", task03("t-c2", "c-c2", "completed"))),
], [("card-missing-required-field", "error")], SRC_C,
     "the same kind of card, its skill without tags (required in 0.2), answering tasks/get: a 0.2 card")
case("b48a-CL1-legal-v01-card-without-modes-tasks-send-served", card_at_v02(0.0, CARD02_NOMODES) + [
    req(0.1, "POST", CODER + "/", rpc("s-2", "tasks/send", {"id": "task-cl1", "sessionId": "sess-cl1",
        "message": {"role": "user", "parts": [{"type": "text", "text": "write fizzbuzz"}]}})),
    resp(0.4, 200, ok("s-2", {"id": "task-cl1", "sessionId": "sess-cl1", "status": {"state": "completed", "timestamp": TS},
        "artifacts": [{"parts": [{"type": "text", "text": "for i in range(1, 16): ..."}], "index": 0}]})),
], [], SRC_C, "control: the card without default modes, its agent serving the 0.1 tasks/send: a 0.1 card, whose schema makes the modes optional")
CARD02_FULL = dict(CARD02_NOMODES, defaultInputModes=["text"], defaultOutputModes=["text"])
case("b48a-CL2-legal-v02-complete-card-message-send-served", card_at_v02(0.0, CARD02_FULL) + [
    req(0.1, "POST", CODER + "/", rpc("m-1", "message/send", {"message": umsg03("write fizzbuzz", mid="m-cl2")})),
    resp(0.4, 200, ok("m-1", task03("t-cl2", "c-cl2", "completed"))),
], [], SRC_C, "control: a complete 0.2.0 card (no protocolVersion, which 0.2.5 added) whose agent answers message/send")

# --- N: a JSON-RPC notification written where the answer belongs
case("b48a-N1-v10-stream-events-are-notifications", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1", "SendStreamingMessage", {"message": umsg10("hello", mid="m-n1")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"jsonrpc": "2.0", "method": "SendStreamingMessage", "params": {"task": task10("t-n1", "c-n1", "TASK_STATE_COMPLETED")}})),
    chunk(0.22, "", close="eof"),
], [("jsonrpc-response-malformed", "error"), ("stream-event-envelope-wrong", "error")], SRC_N,
     "1.0: the stream's event is a notification {jsonrpc, method, params}, not a response to call s-1")
case("b48a-N2-v03-send-answered-notification", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(4, "message/send", {"message": umsg03("hello", mid="m-n2")})),
    resp(0.3, 200, {"jsonrpc": "2.0", "method": "message/send", "params": {"task": {"id": "t-n2", "state": "completed"}}}),
], [("jsonrpc-response-malformed", "error")], SRC_N,
     "0.3: message/send answered with a notification body: no id, no result")
case("b48a-NL1-legal-v03-stream-of-responses", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-3", "message/stream", {"message": umsg03("hello", mid="m-nl1")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-3", task03("t-nl1", "c-nl1", "working")))),
    chunk(0.3, sse(ok("s-3", {"kind": "status-update", "taskId": "t-nl1", "contextId": "c-nl1", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.31, "", close="eof"),
], [], SRC_N, "control: every event a response to s-3")

write_cases(cases, HERE)

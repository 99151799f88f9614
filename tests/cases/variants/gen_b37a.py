"""Variants of miner mine37 (prefix b37a-): python3 tests/cases/variants/gen_b37a.py

Each proves a widening of session 37's round thirty-seven (field cases f840-f857: hosted
platforms' A2A endpoints and the ports beyond the official SDKs) on traffic the field cases do
not hold, with legal controls beside it:
R: RPC-REQ-002 (client-request-jsonrpc-member-wrong): a body that is neither a JSON-RPC request
   object nor an A2A payload (a bridge's {"prompt": ...}: litellm PR #25092 stripped the
   envelope on its way to an A2A-native Bedrock AgentCore runtime) went unjudged when the agent
   refused it -32600 in a JSON-RPC error: only bare A2A payloads were told. Now told when the
   agent's own answer to that POST is a JSON-RPC 2.0 error -32600 or -32700, with a 1.0 card
   or with none. Quiet when the URL serves the body in its own protocol (200, no JSON-RPC)
   and for the prober's deliberate negative test.
   Beside it (R5, R6): a JSON POST that is no JSON-RPC request and no A2A payload, to a path
   where the known card names no interface (a platform's /invocations), is no longer read as
   a JSON-RPC call (RPC-ENVELOPE-001 told its framework 400 before); a bare message at the
   card's url is still RPC-REQ-002.
M: RPC-REQ-003 (client-method-name-wrong-case, note): a 0.x method called with its namespace in
   the other grammatical number (task/get for tasks/get: hermes-agent PR #52037 served and
   called task/get) went unjudged: only other letter case and 0.3 gRPC names were known. Now
   told beside the agent's -32601, and RPC-METHOD-001 (error) when the agent serves the name
   as the method it resembles. Quiet for the exact name and for a name of another protocol
   (tool/list).
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
LL = "https://github.com/BerriAI/litellm/pull/25092 (a completion bridge stripped the JSON-RPC envelope to {\"prompt\": ...} on its way to an A2A-native AgentCore runtime, which answered -32600)"
ERR_R = [("client-request-jsonrpc-member-wrong", "error")]

case("b37a-R1-v10-foreign-body-refused-card-jsonrpc", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", {"input": "translate 'good morning' to Czech", "session_id": "s-77"}, ver="1.0"),
    resp(0.11, 200, err(None, -32600, "Invalid Request")),
], ERR_R, LL,
 "a 1.0 JSON-RPC interface (the card says so) sent a body of another API's shape (input, session_id): no jsonrpc, no method, no message; the agent's -32600 is right and no A2A method ran (RPC-001)")

case("b37a-R2-v03-foreign-body-parse-error-400", [
    req(0.0, "POST", A + "/rpc", {"query": "open tickets for ACME", "user": "u-19"}),
    resp(0.02, 400, err(None, -32700, "Parse error: request is not a JSON-RPC 2.0 object")),
], ERR_R + [("jsonrpc-error-code-mismatch", "error")], LL,
 "no card in the recording; the agent answered the POST with a JSON-RPC 2.0 error (-32700, under HTTP 400), which shows the URL is a JSON-RPC endpoint: the body (query, user) names no A2A method (RPC-001). The agent's -32700 is its own fault beside it: the body is valid JSON, so the answer is -32600 (ERR-001)")

case("b37a-R3-legal-foreign-body-served-by-own-api", [
    req(0.0, "POST", A + "/v1/completions", {"prompt": "What is the status of order 88812?", "max_tokens": 64}),
    resp(0.4, 200, {"id": "cmpl-1", "choices": [{"text": "Shipped on 2 March."}]}),
], [], LL,
 "legal: a completion API's own body answered in its own shape: the URL is no JSON-RPC endpoint, and nothing says it is an A2A one")

case("b37a-R4-legal-prober-negative-foreign-body", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", {"prompt": "not a JSON-RPC request"}, ver="1.0", hdr={"a2a-interop-probe": "negative-test"}),
    resp(0.11, 200, err(None, -32600, "Invalid Request")),
], [], LL,
 "legal: the prober's deliberate negative test (A2A-Interop-Probe header) posts a foreign body to see the agent refuse it; the agent's -32600 with id null is right (RPC-001, RPC-002) and the client is not blamed")


case("b37a-R5-legal-platform-route-beside-card-refused", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/invocations", {"prompt": "What is the status of order 88812?"}),
    resp(0.12, 400, {"detail": [{"loc": ["body", "message"], "msg": "field required"}]}),
], [], LL,
 "legal: a POST to a platform route beside the card's JSON-RPC interface (/invocations, not the card's url), refused with a framework's validation error: nothing makes that route a JSON-RPC or A2A endpoint, so the refusal is not judged as a JSON-RPC answer (RPC-ENVELOPE-001 told it before, mine37)")

case("b37a-R6-v03-bare-message-beside-card-still-jsonrpc", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", umsg03("hello", mid="m-r6")),
    resp(0.11, 200, err(None, -32600, "Invalid Request")),
], ERR_R, LL,
 "a bare A2A message posted to the card's JSON-RPC url is still the client's RPC-REQ-002 (the envelope left out); the narrowing of R5 applies only beside the card's interfaces")

HM = "https://github.com/NousResearch/hermes-agent/pull/52037 (the server accepts task/get, task/list, task/cancel; the client tool polls task status)"
C03 = card03(A + "/a2a")
NOTE_M = [("client-method-name-wrong-case", "note")]
case("b37a-M1-v03-messages-send-refused", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("m1", "messages/send", {"message": umsg03("hello", mid="m-m1")})),
    resp(0.11, 200, err("m1", -32601, "Method not found")),
], NOTE_M, HM,
 "0.3's send is message/send: messages/send does not exist, and the agent's -32601 is right (RPC-003, ERR-001)")

case("b37a-M2-v03-task-cancel-served", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("m2", "message/send", {"message": umsg03("long job", mid="m-m2"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("m2", task03("t-m2", "c-m2", "working"))),
    req(1.0, "POST", A + "/a2a", rpc("m2c", "task/cancel", {"id": "t-m2"})),
    resp(1.1, 200, ok("m2c", task03("t-m2", "c-m2", "canceled"))),
], NOTE_M + [("method-name-wrong-case-accepted", "error")], HM,
 "task/cancel does not exist (tasks/cancel): the client's note, and the agent's error for serving it as tasks/cancel instead of -32601 (RPC-003)")

case("b37a-M3-legal-v03-tasks-get-exact", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("m3", "message/send", {"message": umsg03("long job", mid="m-m3"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("m3", task03("t-m3", "c-m3", "working"))),
    req(1.0, "POST", A + "/a2a", rpc("m3g", "tasks/get", {"id": "t-m3"})),
    resp(1.01, 200, ok("m3g", task03("t-m3", "c-m3", "completed"))),
], [], HM,
 "legal: the exact 0.3 name tasks/get, served")

case("b37a-M4-legal-v03-other-protocol-method-refused", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("m4", "tool/list", {})),
    resp(0.11, 200, err("m4", -32601, "Method not found")),
], [], HM,
 "legal: tool/list is no A2A method in either number (an MCP-style name), refused -32601 (ERR-001); nothing A2A is misspelled")

write_cases(cases, HERE)

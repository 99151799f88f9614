"""Variants of miner mine47 (prefix b47a-): python3 tests/cases/variants/gen_b47a.py

Each puts one of session 47's changed kinds (round forty-seven) on traffic its field case does not
hold, with legal controls beside it:
A: AUTH-CHALLENGE-002 (auth-failure-answered-as-other-error, error, 1.0: ERR-006 MUST) and
   AUTH-CHALLENGE-003 (the 0.x warning, AUTH-003 SHOULD) for a call refused for missing or bad
   credentials with another error than an authentication failure (field case f1028,
   diegosouzapw/OmniRoute #12888): 1.0 JSON-RPC -32603 "Unauthorized" on HTTP 200 (the gap
   session 46 found no field source for), 1.0 HTTP+JSON 500 whose error says unauthenticated,
   1.0 gRPC INTERNAL "unauthorized", a 0.3 call with a bad token answered -32603 "Invalid token".
   Controls: 1.0 401 with its challenge, an unauthenticated call refused -32602 for its params
   (validation first, ERR-006), a 0.3 403 to a known caller.
V: VER-MIX-001 (version-mixed-payload) for a 0.1 tasks/sendSubscribe stream answered with a later
   generation's events (field case f1018, conductor-oss/conductor PR #1341): 1.0 StreamResponses,
   a 0.3 artifact-update first. Controls: the 0.1 events themselves, a 0.3 message/stream.
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
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
SRC_A = "https://github.com/diegosouzapw/OmniRoute/issues/12888"
SRC_V = "https://github.com/conductor-oss/conductor/pull/1341"
BEARER = {"bearer": {"httpAuthSecurityScheme": {"scheme": "bearer"}}}
BEARER_REQ = [{"schemes": {"bearer": {"list": []}}}]
CARD10S = card10(A + "/a2a", securitySchemes=BEARER, securityRequirements=BEARER_REQ)
RA = "https://rest-agent.example.test"
RCARD10S = card10(RA, binding="HTTP+JSON", securitySchemes=BEARER, securityRequirements=BEARER_REQ)
CARD03S = card03(A + "/a2a", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])

# --- A: credentials refused as another error ----------------------------------------------------
case("b47a-A1-v10-no-credentials-200-internal-error-unauthorized", get_card(0.0, CARD10S) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello")}), ver="1.0"),
    resp(0.11, 200, err("1", -32603, "Unauthorized")),
], [("auth-failure-answered-as-other-error", "error")], SRC_A,
     "1.0: a call without the card's bearer token answered HTTP 200 with JSON-RPC -32603 InternalError \"Unauthorized\"; missing credentials are an authentication failure, HTTP 401 with a challenge (ERR-006 MUST)")
case("b47a-A2-v10-rest-no-credentials-500-unauthenticated", get_card(0.0, RCARD10S, RA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("hello")}, ver="1.0", ctype=A2AJ),
    resp(0.11, 500, {"error": {"code": 500, "status": "INTERNAL", "message": "unauthenticated: no bearer token"}}),
], [("auth-failure-answered-as-other-error", "error")], SRC_A,
     "1.0 HTTP+JSON: the same refusal as a 500 INTERNAL error body; 401 UNAUTHENTICATED with a challenge is due")
case("b47a-A3-v10-grpc-no-credentials-internal-unauthorized", native([
    ("SendMessage", {"a2a-version": "1.0"}, pb_str(2, pb_str(1, "msg-0001") + pb_int(4, 1) + pb_str(5, pb_str(1, "hello"))), None, 13,
     "unauthorized: missing bearer token", pb_status(13, "unauthorized: missing bearer token")),
], card=card10("agent.example.test:50051", binding="GRPC", securitySchemes=BEARER, securityRequirements=BEARER_REQ)),
    [("auth-failure-answered-as-other-error", "error")], SRC_A,
     "1.0 gRPC: a call without the bearer metadata refused INTERNAL \"unauthorized\"; UNAUTHENTICATED is the status for it")
case("b47a-A4-v03-bad-token-200-internal-error", get_card(0.0, CARD03S) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("hello")}), hdr={"authorization": "Bearer expired-key"}),
    resp(0.11, 200, err(1, -32603, "Invalid token: expired")),
], [("auth-failure-answered-as-other-error-0x", "warning")], SRC_A,
     "0.3: a bad bearer token refused with -32603 on HTTP 200; 0.3 §4.4 wants 401 (a SHOULD in 0.x: the warning)")
case("b47a-AL1-legal-v10-no-credentials-401-challenge", get_card(0.0, CARD10S) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello")}), ver="1.0"),
    resp(0.11, 401, err("1", -32603, "Unauthorized"), hdr={"www-authenticate": "Bearer"}),
    req(0.5, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("hello", mid="msg-0002")}), ver="1.0", hdr={"authorization": "Bearer good-key"}),
    resp(0.9, 200, ok("2", {"message": amsg10("hi", contextId="c-al1")})),
], [], SRC_A, "control: the refusal is HTTP 401 with its challenge; the body's JSON-RPC code beside it is not judged as the answer (ERR-007)")
case("b47a-AL2-legal-v10-no-credentials-invalid-params-first", get_card(0.0, CARD10S) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-al2", "historyLength": -1}), ver="1.0"),
    resp(0.11, 200, err("1", -32602, "Invalid params: historyLength must not be negative")),
], [], SRC_A,
     "control: input is validated first (ERR-006: -32602 before the credentials are looked at), and the error says nothing of authentication")
case("b47a-AL3-legal-v03-403-forbidden-known-caller", get_card(0.0, CARD03S) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("hello")}), hdr={"authorization": "Bearer read-only-key"}),
    resp(0.11, 403, err(1, -32600, "Unauthorized for this skill")),
], [], SRC_A, "control: a 403 to a caller that sent the card's credential is a permission refusal (0.3 §4.4 allows 403); the rule judges non-401/403 answers only")

# --- V: a 0.1 stream answered with later generations' events ------------------------------------
CARD02 = card03(A + "/", protocolVersion="0.2.5")
def v01_call(t, i="cli-1", tid="task-v1"):
    return req(t, "POST", A + "/", rpc(i, "tasks/sendSubscribe", {"id": tid, "sessionId": "sess-" + tid,
        "message": {"role": "user", "parts": [{"type": "text", "text": "process order 8812"}]}}), accept=SSE)
case("b47a-V1-v01-send-subscribe-answered-1-0-stream-responses", get_card(0.0, CARD02) + [
    v01_call(0.1, tid="task-v1"),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("cli-1", {"statusUpdate": {"taskId": "task-v1", "contextId": "sess-task-v1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}))),
    chunk(0.6, sse(ok("cli-1", {"statusUpdate": {"taskId": "task-v1", "contextId": "sess-task-v1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.61, "", close="eof"),
], [("version-mixed-payload", "warning"), ("stream-event-invalid-shape", "error"), ("task-state-invalid", "error"), ("stream-final-flag-wrong", "error")], SRC_V,
     "0.1 tasks/sendSubscribe answered with 1.0 StreamResponses (statusUpdate): no id, no final, 1.0 state names")
case("b47a-V2-v01-send-subscribe-artifact-update-0-3-first", get_card(0.0, CARD02) + [
    v01_call(0.1, tid="task-v2"),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("cli-1", {"kind": "artifact-update", "taskId": "task-v2", "contextId": "sess-task-v2",
        "artifact": {"artifactId": "a-v2", "parts": [{"kind": "text", "text": "order 8812 shipped"}]}, "lastChunk": True}))),
    chunk(0.4, sse(ok("cli-1", {"kind": "status-update", "taskId": "task-v2", "contextId": "sess-task-v2", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.41, "", close="eof"),
], [("version-mixed-payload", "warning")], SRC_V,
     "0.1 tasks/sendSubscribe answered with 0.3 events, an artifact-update first; the task id the client chose is kept, the event shape is not 0.1's")
case("b47a-VL1-legal-v01-send-subscribe-0-1-events", get_card(0.0, CARD02) + [
    v01_call(0.1, tid="task-vl1"),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("cli-1", {"id": "task-vl1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(0.3, sse(ok("cli-1", {"id": "task-vl1", "artifact": {"index": 0, "parts": [{"type": "text", "text": "order 8812 shipped"}], "lastChunk": True}}))),
    chunk(0.4, sse(ok("cli-1", {"id": "task-vl1", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.41, "", close="eof"),
], [], SRC_V, "control: 0.1 events (id, status, final; parts named by type) on a 0.1 stream")
case("b47a-VL2-legal-v03-message-stream-0-3-events", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-1", "message/stream", {"message": umsg03("process order 8812", mid="m-vl2")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1", task03("t-vl2", "c-vl2", "submitted")))),
    chunk(0.3, sse(ok("s-1", {"kind": "status-update", "taskId": "t-vl2", "contextId": "c-vl2", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.31, "", close="eof"),
], [], SRC_V, "control: the same 0.3 events on a 0.3 message/stream are its own generation's")

write_cases(cases, HERE)

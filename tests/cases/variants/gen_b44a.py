"""Variants of miner mine44 (prefix b44a-): python3 tests/cases/variants/gen_b44a.py

Each proves a widening of session 44's round forty-four on traffic its field case does not
hold, with legal (or narrower) controls beside it:
K: RPC-ERROR-003 (valid-request-refused-invalid-params, warning) for a send refused because
   the agent's deserializer demands a kind discriminator the binding does not define (field
   case f966, a2a-dotnet #183): a 0.3 FileWithUri refused with -32603 naming the
   discriminator, a 0.3 message/stream refused before the stream opens, a 1.0 JSON-RPC part,
   a 1.0 HTTP+JSON part (400 INVALID_ARGUMENT). Controls: a 0.3 part without kind refused
   for it (the client's DATA-SHAPE-002; the refusal is right), a 1.0 client that sends 0.3
   kinds refused (its own fault), a 0.3 file part refused for its kind value (the
   content-type reading, not a discriminator).
M: RPC-ERROR-001 (jsonrpc-error-code-mismatch) for a 0.x JSON-RPC send whose message is
   malformed, answered -32603 InternalError instead of -32602 (field case f967, a2a-dotnet
   PR #170): a 0.3 message/stream without role, a 0.2 message/send without parts. Controls:
   the same refused -32602, a well-formed 0.3 send answered -32603 (a real failure).
R: DATA-PARAM-006 (send-without-message-accepted, warning) widened to a 1.0 send whose message
   has no parts or an empty list (it asks for nothing), served (field case f978, a2a-python
   #845): a stream whose parts are null, an HTTP+JSON send with parts []. Controls: a message
   without messageId refused -32602, the same served (the client's fault alone, as f444 has
   it: an agent that mints the id is lenient), a 0.3 send with parts [] served (0.x has no
   DATA-003: the client's fault alone).
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
SRC_K = "https://github.com/a2aproject/a2a-dotnet/issues/183"
SRC_M = "https://github.com/a2aproject/a2a-dotnet/pull/170"
REFUSED = ("valid-request-refused-invalid-params", "warning")
MALFORMED = ("request-message-invalid-shape", "error")
CODE = ("jsonrpc-error-code-mismatch", "error")
PDF_MODES = {"defaultInputModes": ["text/plain", "application/pdf"]}
PDF = "JVBERi0xLjQK"
def fpart03(**f):
    return {"kind": "file", "file": {"name": "invoice.pdf", "mimeType": "application/pdf"} | f}
def msg03(mid, *parts):
    return {"kind": "message", "messageId": mid, "role": "user", "parts": [{"kind": "text", "text": "read this"}, *parts]}

case("b44a-K1-v03-file-uri-kind-demanded-internal-error", get_card(0.0, card03(A + "/", **PDF_MODES)) + [
    req(0.1, "POST", A + "/", rpc("s-k1", "message/send", {"message": msg03("m-k1", fpart03(uri="https://files.example.test/invoice.pdf"))})),
    resp(0.11, 200, err("s-k1", -32603, "Internal error", "The JSON payload for polymorphic interface or abstract type 'A2A.FileContent' must specify a type discriminator.")),
], [REFUSED], SRC_K, "a 0.3 FileWithUri (no kind, by the schema) answered -32603 whose data is System.Text.Json's demand for a type discriminator: the request is valid")
case("b44a-K2-v03-stream-file-bytes-kind-demanded", get_card(0.0, card03(A + "/", **PDF_MODES)) + [
    req(0.1, "POST", A + "/", rpc("s-k2", "message/stream", {"message": msg03("m-k2", fpart03(bytes=PDF))}), accept=SSE),
    resp(0.11, 200, err("s-k2", -32602, "Invalid params", "file: missing required property 'kind'")),
], [REFUSED], SRC_K, "a streamed 0.3 send refused before the stream opens, the demand in error.data")
case("b44a-K3-v10-rpc-part-kind-demanded", get_card(0.0, card10(A + "/a2a", defaultInputModes=["text/plain", "application/pdf"])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-k3", "SendMessage", {"message": {"messageId": "m-k3", "role": "ROLE_USER", "parts": [
        {"text": "read this"}, {"raw": PDF, "mediaType": "application/pdf", "filename": "invoice.pdf"}]}}), ver="1.0"),
    resp(0.11, 200, err("s-k3", -32602, "Invalid params: parts[1] is missing the required 'kind' property")),
], [REFUSED], SRC_K, "1.0 parts have no kind (1.0 removed the discriminator): a 1.0 agent still parsing 0.3 parts refuses a valid 1.0 send")
case("b44a-K4-v10-rest-part-kind-demanded", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": {"messageId": "m-k4", "role": "ROLE_USER", "parts": [{"text": "hello"}]}}, ver="1.0", ctype=A2AJ),
    resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message.parts[0]: type discriminator 'kind' is required", "details": []}}, ctype=A2AJ),
], [REFUSED], SRC_K, "HTTP+JSON: 400 INVALID_ARGUMENT for a 1.0 text part without kind")
case("b44a-KL1-v03-part-without-kind-refused-right", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-kl1", "message/send", {"message": {"kind": "message", "messageId": "m-kl1", "role": "user", "parts": [{"text": "hello"}]}})),
    resp(0.11, 200, err("s-kl1", -32602, "Invalid params: part is missing the required 'kind' discriminator")),
], [MALFORMED], SRC_K, "control: a 0.3 part carries kind (0.3 schema: REQUIRED); the client left it out and the agent's -32602 is right")
case("b44a-KL2-v10-client-sends-0-3-kinds-refused", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-kl2", "SendMessage", {"message": {"kind": "message", "messageId": "m-kl2", "role": "ROLE_USER", "parts": [{"kind": "text", "text": "hello"}]}}), ver="1.0"),
    resp(0.11, 200, err("s-kl2", -32602, "Invalid params: unexpected 'kind' discriminator in a 1.0 message")),
], [("client-version-mixed-request", "warning")], SRC_K, "control: the 1.0 client wrote 0.3's kind members; the agent's refusal of them is no demand for a kind the request lacks")
case("b44a-KL3-v03-file-kind-value-refused", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-kl3", "message/send", {"message": msg03("m-kl3", fpart03(bytes=PDF))})),
    resp(0.11, 200, err("s-kl3", -32602, "Invalid params: part kind 'file' is not supported")),
], [REFUSED], SRC_K, "control of the reading: the agent refuses the file part for its kind value (it takes text only): RPC-ERROR-003 for the content type, not for a discriminator")

case("b44a-M1-v03-stream-message-without-role-internal-error", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-m1", "message/stream", {"message": {"kind": "message", "messageId": "m-m1", "parts": [{"kind": "text", "text": "hello"}]}}), accept=SSE),
    resp(0.11, 200, err("s-m1", -32603, "Internal error", "Value cannot be null. (Parameter 'role')")),
], [MALFORMED, CODE], SRC_M, "a 0.3 message/stream without role, answered -32603 before the stream opens")
case("b44a-M2-v02-message-without-parts-internal-error", [
    req(0.1, "POST", A + "/", rpc("s-m2", "message/send", {"message": {"kind": "message", "messageId": "m-m2", "role": "user"}})),
    resp(0.11, 200, err("s-m2", -32603, "Internal error: 'NoneType' object is not iterable")),
], [MALFORMED, CODE], SRC_M, "a 0.2 message/send (no card) without parts, answered -32603")
case("b44a-ML1-v03-message-without-role-invalid-params", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-ml1", "message/send", {"message": {"kind": "message", "messageId": "m-ml1", "parts": [{"kind": "text", "text": "hello"}]}})),
    resp(0.11, 200, err("s-ml1", -32602, "Invalid params: message.role is required")),
], [MALFORMED], SRC_M, "control: the same malformed message refused -32602, as JSON-RPC 2.0 §5.1 asks")
case("b44a-ML2-legal-v03-valid-send-internal-error", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-ml2", "message/send", {"message": {"kind": "message", "messageId": "m-ml2", "role": "user", "parts": [{"kind": "text", "text": "hello"}]}})),
    resp(0.11, 200, err("s-ml2", -32603, "Internal error: the model provider timed out")),
], [], SRC_M, "legal: a well-formed send and a real failure of the agent; -32603 is its code")

SRC_R = "https://github.com/a2aproject/a2a-python/issues/845"
LAX = ("send-without-message-accepted", "warning")
case("b44a-R1-v10-stream-null-parts-streamed", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-r1", "SendStreamingMessage", {"message": {"messageId": "m-r1", "role": "ROLE_USER", "parts": None}}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-r1", {"task": task10("t-r1", "c-r1", "TASK_STATE_WORKING")}))),
    chunk(0.3, sse(ok("s-r1", su10("t-r1", "c-r1", "TASK_STATE_COMPLETED")))),
    chunk(0.31, "", close="eof"),
], [MALFORMED, LAX], SRC_R, "a 1.0 streamed message whose parts are null (unset in ProtoJSON), answered with a stream: told once, at its first event")
case("b44a-R2-v10-rest-empty-parts-served", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": {"messageId": "m-r2", "role": "ROLE_USER", "parts": []}}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("t-r2", "c-r2", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
], [MALFORMED, LAX], SRC_R, "HTTP+JSON: a 1.0 message with parts [] served 200")
case("b44a-RL1-v10-without-message-id-refused", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-rl1", "SendMessage", {"message": {"role": "ROLE_USER", "parts": [{"text": "hello"}]}}), ver="1.0"),
    resp(0.11, 200, err("s-rl1", -32602, "Invalid params: message.messageId is required")),
], [MALFORMED], SRC_R, "control: the same message refused with -32602, as 1.0 §5.7 asks")
case("b44a-RL2-v10-without-message-id-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-rl2", "SendMessage", {"message": {"role": "ROLE_USER", "parts": [{"text": "hello"}]}}), ver="1.0"),
    resp(0.3, 200, ok("s-rl2", {"task": task10("t-rl2", "c-rl2", "TASK_STATE_COMPLETED")})),
], [MALFORMED], SRC_R, "control: a message without messageId still says what it asks; an agent that mints the id is lenient, and the fault is the client's alone (f444)")
case("b44a-RL3-v03-empty-parts-served", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-rl3", "message/send", {"message": {"kind": "message", "messageId": "m-rl3", "role": "user", "parts": []}})),
    resp(0.3, 200, ok("s-rl3", task03("t-rl3", "c-rl3", "completed"))),
], [MALFORMED], SRC_R, "control: 0.3 has no DATA-003 (1.0 §5.7's SHOULD reject): the empty parts list is the client's fault alone (f971)")

write_cases(cases, HERE)

"""Variants of miner mine34 (prefix b34a-): python3 tests/cases/variants/gen_b34a.py

Each proves a widening of session 34's round thirty-four (field cases f780-f798, files and
extensions on the wire) on traffic the field cases do not hold, with legal controls beside it:
K1: RPC-ERROR-003 (valid-request-refused-invalid-params): a send whose only content is a
    well-formed file or data part, refused with InvalidParams in words that demand a text
    part ("Message must contain at least one usable text part", openclaw #135716), went
    unjudged when the part named no media type the card's input modes could be held against
    (a url or raw part without mediaType, a data part). Now told in any version and binding.
    Quiet when the message has a text part with text, when the words limit a text's size,
    when the part itself is malformed (the client's fault), and when the agent answers
    ContentTypeNotSupportedError.
K2: DATA-SHAPE-005 (client-request-body-not-json): a JSON-RPC request written as a Python
    dict's repr ({'jsonrpc': '2.0', ...}: a2a-tck #216 built its body with str(payload)) and
    sent as text/plain was not read as a JSON-RPC call at all, so the client's body went
    unjudged; sent as application/json it was told without the cause. Now told on any
    content type, with the single quotes named and json.dumps / JSON.stringify as the fix.
    Quiet for a JSON body sent as text/plain and for a single-quoted body that names no
    jsonrpc member.
K3: DATA-PARAM-006 (send-without-message-accepted, new): a send whose request carries no
    message (JSON-RPC params {}, an empty or metadata-only HTTP+JSON body, message null)
    answered with a success result or a stream instead of refused first (opencode-a2a #520: the empty
    body reached the executor) went unjudged on the agent's side. Quiet when the agent
    refuses it, when the 0.3 proto's `request` member carries the message, and when the
    message is present but of the wrong type (the client's DATA-SHAPE-002 alone).
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
EI = "type.googleapis.com/google.rpc.ErrorInfo"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
R = A + "/a2a/rest"
RCARD = copy.deepcopy(CARD10)
RCARD["supportedInterfaces"] = [{"url": R, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
S = "https://github.com/openclaw/openclaw/issues/135716"
def send10(t, rid, parts, mid):
    return req(t, "POST", A + "/a2a", rpc(rid, "SendMessage", {"message": {"messageId": mid, "role": "ROLE_USER", "parts": parts}}), ver="1.0")

# --- K1 faults -------------------------------------------------------------------------------------
case("b34a-K1-v10-rest-raw-part-refused-text-part-required", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": {"messageId": "m-K1a", "role": "ROLE_USER", "parts": [{"raw": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "filename": "pixel.png"}]}}, ver="1.0", ctype=A2AJ),
    resp(0.12, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "request must include a text part"}}, ctype="application/json"),
], [("valid-request-refused-invalid-params", "warning")], S,
 "HTTP+JSON: a raw part without mediaType (optional) is a well-formed Part (DATA-004); 400 INVALID_ARGUMENT in words that demand a text part refuses content, not a malformed request (ContentTypeNotSupportedError, reason CONTENT_TYPE_NOT_SUPPORTED, ERR-002)")

case("b34a-K1-v03-rpc-file-part-refused-at-least-one-text-part", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("K1b", "message/send", {"message": umsg03("", mid="m-K1b", parts=[{"kind": "file", "file": {"uri": "https://files.example.test/contracts/msa.docx", "name": "msa.docx"}}])})),
    resp(0.12, 200, err("K1b", -32602, "Invalid params: at least one text part is required")),
], [("valid-request-refused-invalid-params", "warning")], S,
 "0.3 JSON-RPC: a file part with a uri and no mimeType is a valid FilePart; the agent's -32602 demands a text part the message need not carry (ContentTypeNotSupportedError -32005, ERR-002)")

case("b34a-K1-v10-data-part-refused-missing-text-content", get_card(0.0, CARD10) + [
    send10(0.1, "K1c", [{"data": {"ticket": "INC-4471", "priority": "P2"}}], "m-K1c"),
    resp(0.12, 200, err("K1c", -32602, "missing text content: message has no TextPart")),
], [("valid-request-refused-invalid-params", "warning")], S,
 "1.0 data part alone (a google.protobuf.Value, DATA-004); the words demand text content the message need not carry, and a data part carries application/json, which the card's text/plain-only modes do not list either")

# --- K1 controls -----------------------------------------------------------------------------------
case("b34a-K1-legal-v10-file-only-refused-content-type-not-supported", get_card(0.0, CARD10) + [
    send10(0.1, "K1d", [{"url": "https://files.example.test/scans/receipt-2291", "filename": "receipt-2291.jpg"}], "m-K1d"),
    resp(0.12, 200, err("K1d", -32005, "Message must contain at least one usable text part", [{"@type": EI, "reason": "CONTENT_TYPE_NOT_SUPPORTED", "domain": "a2a-protocol.org"}])),
], [], S,
 "legal: the same words with the right error, ContentTypeNotSupportedError (-32005) and its ErrorInfo (ERR-002, ERR-004)")

case("b34a-K1-v10-text-present-refused-text-required-not-told", get_card(0.0, CARD10) + [
    send10(0.1, "K1e", [{"text": "file this receipt"}, {"url": "https://files.example.test/scans/receipt-2292", "filename": "receipt-2292.jpg"}], "m-K1e"),
    resp(0.12, 200, err("K1e", -32602, "Message must contain at least one usable text part")),
], [], S,
 "control: the message has a text part with text, so the words do not say the agent refused it for lacking one; the demand-for-text reading stays quiet (the recording cannot tell what the agent objected to)")

case("b34a-K1-legal-v10-text-part-over-size-limit-refused", get_card(0.0, CARD10) + [
    send10(0.1, "K1f", [{"text": "x" * 300}, {"raw": "aGVsbG8=", "mediaType": "text/plain", "filename": "hello.txt"}], "m-K1f"),
    resp(0.12, 200, err("K1f", -32602, "text part exceeds the 256 character limit")),
], [], S,
 "legal: a limit on a text part's size is the agent's to set and InvalidParams may say so; no demand for a text part the message lacks")

case("b34a-K1-v10-malformed-url-part-refused-text-required", get_card(0.0, CARD10) + [
    send10(0.1, "K1g", [{"url": 2291, "filename": "receipt-2291.jpg"}], "m-K1g"),
    resp(0.12, 200, err("K1g", -32602, "Message must contain at least one usable text part")),
], [("request-message-invalid-shape", "error")], S,
 "control: the url is a number, not a string, so the part is malformed (DATA-004, DATA-001) and the client is told; the agent's -32602 is no refusal of a valid request")

# --- K2: a JSON-RPC request written as a Python dict's repr ------------------------------------------
S216 = "https://github.com/a2aproject/a2a-tck/issues/216"
def repr_req(t, body, ctype="text/plain", url=A + "/a2a"):
    return req(t, "POST", url, body, ver="1.0", ctype=ctype)
case("b34a-K2-v10-rpc-get-task-repr-body-text-plain", get_card(0.0, CARD10) + [
    repr_req(0.1, str({"jsonrpc": "2.0", "id": 7, "method": "GetTask", "params": {"id": "t-216"}})),
    resp(0.11, 200, err(None, -32700, "Parse error")),
], [("client-request-body-not-json", "note")], S216,
 "GetTask as str(dict) sent as text/plain: the body is no JSON; before, not read as a JSON-RPC call at all")

case("b34a-K2-v10-rpc-send-repr-with-python-literals", get_card(0.0, CARD10) + [
    repr_req(0.1, str({"jsonrpc": "2.0", "id": 8, "method": "SendMessage", "params": {"message": {"messageId": "m-K2b", "role": "ROLE_USER", "parts": [{"text": "ping"}]}, "configuration": {"returnImmediately": True, "historyLength": None}}}), ctype="application/x-www-form-urlencoded"),
    resp(0.11, 200, err(None, -32700, "Parse error")),
], [("client-request-body-not-json", "note")], S216,
 "a repr with Python's True and None, sent with a form content type: still JSON-RPC meant, still no JSON")

case("b34a-K2-v03-rpc-send-repr-body-application-json", get_card(0.0, card03(A + "/a2a")) + [
    repr_req(0.1, str({"jsonrpc": "2.0", "id": "9", "method": "message/send", "params": {"message": {"kind": "message", "messageId": "m-K2c", "role": "user", "parts": [{"kind": "text", "text": "ping"}]}}}), ctype="application/json"),
    resp(0.11, 200, err(None, -32700, "Parse error")),
], [("client-request-body-not-json", "note")], S216,
 "0.3, sent as application/json: told before, now with the single quotes named as the cause")

case("b34a-K2-v10-rest-send-repr-body", get_card(0.0, RCARD) + [
    repr_req(0.1, str({"message": {"messageId": "m-K2d", "role": "ROLE_USER", "parts": [{"text": "ping"}]}}), ctype=A2AJ, url=R + "/message:send"),
    resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Invalid JSON payload received. Expected an object key or }."}}),
], [("client-request-body-not-json", "note")], S216,
 "HTTP+JSON route: the repr of the SendMessageRequest; told before, now with the cause")

case("b34a-K2-v10-rpc-json-body-sent-as-text-plain-media-type-only", get_card(0.0, CARD10) + [
    repr_req(0.1, json.dumps({"jsonrpc": "2.0", "id": 10, "method": "GetTask", "params": {"id": "t-K2e"}}), ctype="text/plain"),
    resp(0.11, 200, err(10, -32001, "Task not found", [{"@type": EI, "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [("client-request-not-application-json", "error")], S216,
 "control: the body is JSON, so only the content type is the client's slip (HTTP-MEDIA-003); no DATA-SHAPE-005")

case("b34a-K2-v10-single-quoted-body-without-jsonrpc-not-told", get_card(0.0, CARD10) + [
    repr_req(0.1, str({"event": "deploy", "sha": "4f1c2e9"}), url=A + "/hooks/deploy"),
    resp(0.11, 404, "Not Found", ctype="text/plain"),
], [], S216,
 "control: a single-quoted body that names no jsonrpc member, posted to a path that is no A2A endpoint, is not an A2A call")

# --- K3: a send without its message answered with success -------------------------------------------
S520 = "https://github.com/Intelligent-Internet/opencode-a2a/issues/520"
case("b34a-K3-v10-rpc-send-params-empty-answered-task", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("K3a", "SendMessage", {}), ver="1.0"),
    resp(1.2, 200, ok("K3a", {"task": task10("t-K3a", "c-K3a", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-K3a", "parts": [{"text": "(no input)"}]}])})),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")], S520,
 "JSON-RPC SendMessage with params {} answered with a completed task")

case("b34a-K3-v03-rpc-message-send-null-message-answered", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("K3b", "message/send", {"message": None, "configuration": {"blocking": True}})),
    resp(0.9, 200, ok("K3b", task03("t-K3b", "c-K3b", "failed"))),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")], S520,
 "0.3 message/send whose message is null (unset) answered with a failed task instead of refused")

case("b34a-K3-v10-rest-send-metadata-only-body-answered", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"metadata": {"source": "nightly-batch"}}, ver="1.0", ctype=A2AJ),
    resp(0.8, 200, {"message": {"messageId": "m-K3c-r", "role": "ROLE_AGENT", "parts": [{"text": "How can I help?"}]}}, ctype=A2AJ),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")], S520,
 "HTTP+JSON body with request metadata only, answered with an agent Message")

case("b34a-K3-v10-rest-empty-send-refused-400", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {}, ver="1.0", ctype=A2AJ),
    resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message is required"}}, ctype=A2AJ),
], [("request-message-invalid-shape", "error")], S520,
 "control: the agent refuses the empty body with 400 INVALID_ARGUMENT (the fix); only the client is told")

case("b34a-K3-legal-v03-rest-send-proto-request-member", get_card(0.0, card03(A + "/a2a", preferredTransport="HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/v1/message:send", {"request": {"messageId": "m-K3e", "role": "ROLE_USER", "content": [{"text": "ping"}]}}, ctype="application/json"),
    resp(0.3, 200, {"task": {"id": "t-K3e", "contextId": "c-K3e", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}),
], [], S520,
 "legal: the 0.3 proto's SendMessageRequest carries the message as `request` (HTTP+JSON), so the send has its message")

case("b34a-K3-v10-rpc-send-message-string-not-told", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("K3f", "SendMessage", {"message": "ping"}), ver="1.0"),
    resp(0.5, 200, ok("K3f", {"task": task10("t-K3f", "c-K3f", "TASK_STATE_COMPLETED")})),
], [("request-message-invalid-shape", "error")], S520,
 "control: the message is there but a string, not a Message: the client's malformed request (DATA-SHAPE-002), not a send without message")

case("b34a-K3-v10-rpc-stream-params-empty-answered-stream", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("K3g", "SendStreamingMessage", {"configuration": {"historyLength": 2}}), ver="1.0", accept="text/event-stream"),
    resp(0.2, 200, "", ctype="text/event-stream"),
    chunk(0.21, sse(ok("K3g", {"task": task10("t-K3g", "c-K3g", "TASK_STATE_WORKING")}))),
    chunk(0.9, sse(ok("K3g", {"statusUpdate": {"taskId": "t-K3g", "contextId": "c-K3g", "status": {"state": "TASK_STATE_FAILED", "timestamp": TS}}}))),
    chunk(0.91, "", close="eof"),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")], S520,
 "SendStreamingMessage with a configuration and no message, answered with a stream that fails the task: told once, at the first event")

write_cases(cases, HERE)

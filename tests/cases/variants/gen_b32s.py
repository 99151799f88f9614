"""Variants of helper bool32 (prefix b32s-): python3 tests/cases/variants/gen_b32s.py

0.x scalar members of the wrong JSON type (session 32, mine32's note). The 0.2 / 0.3 JSON
Schemas type TaskStatusUpdateEvent.final (required), TaskArtifactUpdateEvent.append and
.lastChunk, MessageSendConfiguration.blocking as booleans and historyLength (the send
configuration's and TaskQueryParams') as an integer; 0.3 HTTP+JSON carries the 0.3 proto's
ProtoJSON, whose bool fields take only true / false. A string "false" is true to a
JavaScript client (any non-empty string is) and refused by Go / Java / pydantic-strict
readers, so `append: "false"` appends and `final: "true"` may or may not end the stream.
K1: stream events (status and artifact updates) with a string or number boolean, in 0.3
    and 0.2 JSON-RPC and 0.3 HTTP+JSON, on message/stream and tasks/resubscribe.
K2: requests (message/send, message/stream, tasks/get) with a string or number blocking,
    or a string historyLength in JSON-RPC (ProtoJSON's numeric string stays legal on REST).
Legal twins: real booleans, absent optional members, optional members as null (the unset
value: ProtoJSON's, and every 0.x SDK's optional; review28a R4, f729).
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task03, ...
sys.path.insert(0, FIELD)
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
SRC = "https://github.com/a2aproject/a2a-js/blob/main/src/client/client.ts ; https://github.com/a2aproject/A2A/blob/v0.3.0/specification/json/a2a.json"
RPC_URL = A + "/a2a"
REST = A + "/rest"
def card_get(t, card, url=A + "/.well-known/agent-card.json"):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
CARD03 = card03(RPC_URL)
CARD02 = card03(RPC_URL, protocolVersion="0.2.5")
CARD03R = card03(REST, preferredTransport="HTTP+JSON")
V02_CARD_URL = A + "/.well-known/agent.json"

def art03(tid, cid, aid, text, **kw):
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid,
         "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    e.update(kw)
    return e
def st03(tid, cid, state, final):
    e = {"kind": "status-update", "taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}
    if final is not ...:
        e["final"] = final
    return e

def rpc_stream(tag, card, events, ver="0.3", method="message/stream", params=None, card_url=None):
    """A 0.x JSON-RPC stream: the card, the call, a task event, then `events`, then EOF."""
    tid, cid = "t-" + tag, "c-" + tag
    p = params if params is not None else {"message": umsg03("draft it", mid="m-" + tag)}
    lines = card_get(0.0, card, **({"url": card_url} if card_url else {})) + [
        req(0.1, "POST", RPC_URL, rpc(tag, method, p), ver=ver if ver != "0.2" else None, accept=SSE),
        resp(0.2, 200, "", ctype=SSE),
        chunk(0.21, sse(ok(tag, task03(tid, cid, "working")))),
    ]
    t = 0.3
    for e in events(tid, cid):
        lines.append(chunk(t, sse(ok(tag, e))))
        t += 0.1
    lines.append(chunk(t, "", close="eof"))
    return lines

def rest_stream(tag, events, body_cfg=None):
    """A 0.3 HTTP+JSON stream (ProtoJSON of the 0.3 proto): task, `events`, EOF."""
    tid, cid = "t-" + tag, "c-" + tag
    body = {"request": {"messageId": "m-" + tag, "role": "ROLE_USER", "content": [{"text": "draft it"}]}}
    if body_cfg is not None:
        body["configuration"] = body_cfg
    lines = card_get(0.0, CARD03R) + [
        req(0.1, "POST", REST + "/v1/message:stream", body, ver="0.3", accept=SSE),
        resp(0.2, 200, "", ctype=SSE),
        chunk(0.21, sse({"task": {"id": tid, "contextId": cid, "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}})),
    ]
    t = 0.3
    for e in events(tid, cid):
        lines.append(chunk(t, sse(e)))
        t += 0.1
    lines.append(chunk(t, "", close="eof"))
    return lines
def rart(tid, cid, aid, text, **kw):
    e = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}
    e.update(kw)
    return {"artifactUpdate": e}
def rst(tid, cid, state, final):
    e = {"taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}
    if final is not ...:
        e["final"] = final
    return {"statusUpdate": e}

SHAPE = [("stream-event-invalid-shape", "error")]
# A terminal update whose final is no boolean: the stream did not end for a typed reader.
SHAPE_FINAL = SHAPE + [("stream-final-flag-wrong", "error")]

# --- K1: stream events ------------------------------------------------------------------------------
case("b32s-K1-v03-rpc-stream-append-string-false", rpc_stream("k1a", CARD03, lambda t, c: [
    art03(t, c, "a-1", "first half ", lastChunk=False),
    art03(t, c, "a-1", "second half", append="false", lastChunk=True),
    st03(t, c, "completed", True)]), SHAPE, SRC,
    "0.3 TaskArtifactUpdateEvent.append is a boolean (0.3 schema; STREAM-009): the string \"false\" is true to a JavaScript client, which appends where the agent meant to replace")
case("b32s-K1-v03-rpc-stream-last-chunk-string-true", rpc_stream("k1b", CARD03, lambda t, c: [
    art03(t, c, "a-1", "all of it", lastChunk="true"),
    st03(t, c, "completed", True)]), SHAPE, SRC,
    "0.3 lastChunk is a boolean: the string \"true\" is refused by a typed reader (Go, Java, zod)")
case("b32s-K1-v03-rpc-stream-final-string-true", rpc_stream("k1c", CARD03, lambda t, c: [
    art03(t, c, "a-1", "all of it", lastChunk=True),
    st03(t, c, "completed", "true")]), SHAPE_FINAL, SRC,
    "0.3 TaskStatusUpdateEvent.final is a required boolean (STREAM-008): the string \"true\" is named as a string, not as 'does not set final to true'")
case("b32s-K1-v03-rpc-stream-final-string-false", rpc_stream("k1d", CARD03, lambda t, c: [
    st03(t, c, "working", "false"),
    st03(t, c, "completed", True)]), SHAPE, SRC,
    "0.3 final \"false\" on a working update: a JavaScript client reads it as true and stops reading the stream before the answer")
case("b32s-K1-v03-rpc-resubscribe-final-number", rpc_stream("k1e", CARD03, lambda t, c: [
    st03(t, c, "completed", 1)], method="tasks/resubscribe", params={"id": "t-k1e"}), SHAPE_FINAL, SRC,
    "0.3 final 1 (a number) on a tasks/resubscribe stream: no boolean; Python's truthiness ends the stream, a typed reader refuses the event")
case("b32s-K1-v02-rpc-stream-last-chunk-number", rpc_stream("k1f", CARD02, lambda t, c: [
    art03(t, c, "a-1", "all of it", lastChunk=1),
    st03(t, c, "completed", True)], ver="0.2", card_url=V02_CARD_URL), SHAPE, SRC,
    "0.2 lastChunk is a boolean (0.2.5 schema): the number 1 is named, with true to write")
case("b32s-K1-v02-rpc-stream-final-string-true", rpc_stream("k1g", CARD02, lambda t, c: [
    st03(t, c, "completed", "true")], ver="0.2", card_url=V02_CARD_URL), SHAPE_FINAL, SRC,
    "0.2 final is a required boolean: the string \"true\" is named as a string")
case("b32s-K1-v03-rest-stream-final-string-true", rest_stream("k1h", lambda t, c: [
    rart(t, c, "a-1", "all of it", lastChunk=True),
    rst(t, c, "TASK_STATE_COMPLETED", "true")]), SHAPE_FINAL, SRC,
    "0.3 HTTP+JSON is ProtoJSON of the 0.3 proto, whose bool final takes only true / false: a ProtoJSON parser refuses the event")
case("b32s-K1-v03-rest-stream-append-string-false", rest_stream("k1i", lambda t, c: [
    rart(t, c, "a-1", "first half "),
    rart(t, c, "a-1", "second half", append="false", lastChunk=True),
    rst(t, c, "TASK_STATE_COMPLETED", True)]), SHAPE, SRC,
    "0.3 HTTP+JSON append \"false\": a ProtoJSON parser refuses the event, a JavaScript one appends")

# --- K1 legal twins ---------------------------------------------------------------------------------
case("b32s-K1-legal-v03-rpc-stream-real-booleans", rpc_stream("k1l", CARD03, lambda t, c: [
    art03(t, c, "a-1", "first half ", append=False, lastChunk=False),
    art03(t, c, "a-1", "second half", append=True, lastChunk=True),
    st03(t, c, "working", False),
    st03(t, c, "completed", True)]), [], SRC,
    "legal: append, lastChunk and final as JSON booleans")
case("b32s-K1-legal-v03-rpc-stream-optional-members-absent-or-null", rpc_stream("k1m", CARD03, lambda t, c: [
    art03(t, c, "a-1", "all of it "),
    art03(t, c, "a-2", "more", append=None, lastChunk=None),
    st03(t, c, "completed", True)]), [], SRC,
    "legal: optional append / lastChunk absent or null are unset (every 0.x SDK's optional bool reads null as unset, as for historyLength, review28a R4)")
case("b32s-K1-legal-v02-rpc-stream-real-booleans", rpc_stream("k1n", CARD02, lambda t, c: [
    art03(t, c, "a-1", "all of it", append=False, lastChunk=True),
    st03(t, c, "completed", True)], ver="0.2", card_url=V02_CARD_URL), [], SRC,
    "legal: 0.2 booleans as booleans")
case("b32s-K1-legal-v03-rest-stream-real-booleans-and-defaults", rest_stream("k1o", lambda t, c: [
    rart(t, c, "a-1", "first half "),
    rart(t, c, "a-1", "second half", append=True, lastChunk=True),
    rst(t, c, "TASK_STATE_COMPLETED", True)]), [], SRC,
    "legal: ProtoJSON omits false bools (append, lastChunk of the first chunk) and writes true as true")

# --- K2: requests -----------------------------------------------------------------------------------
def rpc_send(tag, card, cfg, ver="0.3", card_url=None, method="message/send"):
    tid, cid = "t-" + tag, "c-" + tag
    return card_get(0.0, card, **({"url": card_url} if card_url else {})) + [
        req(0.1, "POST", RPC_URL, rpc(tag, method, {"message": umsg03("hi", mid="m-" + tag), "configuration": cfg}), ver=ver if ver != "0.2" else None),
        resp(0.3, 200, ok(tag, task03(tid, cid, "completed"))),
    ]
REQ = [("request-message-invalid-shape", "error")]
PARAM = [("client-request-param-invalid", "note")]
case("b32s-K2-v03-rpc-send-blocking-string-false", rpc_send("k2a", CARD03, {"blocking": "false", "acceptedOutputModes": ["text/plain"]}), REQ, SRC,
     "0.3 MessageSendConfiguration.blocking is a boolean: \"false\" is true to a JavaScript agent, which waits where the client asked to return at once")
case("b32s-K2-v02-rpc-send-blocking-number", rpc_send("k2b", CARD02, {"blocking": 0, "acceptedOutputModes": ["text/plain"]}, ver="0.2", card_url=V02_CARD_URL), REQ, SRC,
     "0.2 blocking 0 (a number): no boolean; a typed agent refuses the send")
case("b32s-K2-v03-rpc-send-history-length-string", rpc_send("k2c", CARD03, {"historyLength": "5", "acceptedOutputModes": ["text/plain"]}), PARAM, SRC,
     "0.3 JSON-RPC historyLength is a schema integer: the string \"5\" is no integer (only ProtoJSON bindings take a numeric string)")
case("b32s-K2-v02-rpc-get-task-history-length-string", card_get(0.0, CARD02, url=V02_CARD_URL) + [
    req(0.1, "POST", RPC_URL, rpc("k2d", "tasks/get", {"id": "t-k2d", "historyLength": "3"})),
    resp(0.3, 200, ok("k2d", task03("t-k2d", "c-k2d", "completed"))),
], PARAM, SRC, "0.2 TaskQueryParams.historyLength is an integer: the string \"3\" is named")
case("b32s-K2-v03-rest-send-blocking-string", card_get(0.0, CARD03R) + [
    req(0.1, "POST", REST + "/v1/message:send", {"request": {"messageId": "m-k2e", "role": "ROLE_USER", "content": [{"text": "hi"}]}, "configuration": {"blocking": "true"}}, ver="0.3"),
    resp(0.3, 200, {"task": {"id": "t-k2e", "contextId": "c-k2e", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}),
], REQ, SRC, "0.3 HTTP+JSON blocking \"true\": the 0.3 proto's bool takes only true / false in ProtoJSON; the agent's parser refuses the send")
case("b32s-K2-v03-rpc-stream-send-blocking-string", rpc_stream("k2f", CARD03, lambda t, c: [st03(t, c, "completed", True)],
     params={"message": umsg03("hi", mid="m-k2f"), "configuration": {"blocking": "true"}}), REQ, SRC,
     "0.3 blocking \"true\" on message/stream: still no boolean")

# --- K2 legal twins ---------------------------------------------------------------------------------
case("b32s-K2-legal-v03-rpc-send-real-types", rpc_send("k2l", CARD03, {"blocking": False, "historyLength": 5, "acceptedOutputModes": ["text/plain"]}), [], SRC,
     "legal: blocking a boolean, historyLength an integer")
case("b32s-K2-legal-v02-rpc-send-members-null-or-absent", rpc_send("k2m", CARD02, {"blocking": None, "historyLength": None}, ver="0.2", card_url=V02_CARD_URL), [], SRC,
     "legal: optional blocking / historyLength as null are unset (review28a R4)")
case("b32s-K2-legal-v03-rest-send-history-length-numeric-string", card_get(0.0, CARD03R) + [
    req(0.1, "POST", REST + "/v1/message:send", {"request": {"messageId": "m-k2n", "role": "ROLE_USER", "content": [{"text": "hi"}]}, "configuration": {"blocking": True, "historyLength": "5"}}, ver="0.3"),
    resp(0.3, 200, {"task": {"id": "t-k2n", "contextId": "c-k2n", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}),
], [], SRC, "legal: ProtoJSON takes an int32 as a numeric string (\"5\"); blocking a boolean")

write_cases(cases, HERE)

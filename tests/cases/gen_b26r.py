#!/usr/bin/env python3
"""review26's transcript variants (b26r-*): the review's findings on session 26's rules,
as legal controls and faults. Run from the repo root: python3 tests/cases/gen_b26r.py"""
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "variants")
A = "https://agent.example.test"


def req(t, method, url, headers, body=""):
    if not isinstance(body, str):
        body = json.dumps(body, separators=(",", ":"))
    return {"dir": "req", "t": t, "method": method, "url": url, "headers": headers, "body": body}


def resp(t, status, headers, body=""):
    if not isinstance(body, str):
        body = json.dumps(body, separators=(",", ":"))
    return {"dir": "resp", "t": t, "status": status, "headers": headers, "body": body}


def write(name, events, findings, source, note):
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        json.dump(
            {
                "findings": [{"rule": r, "severity": s} for r, s in findings],
                "source": source,
                "note": note,
            },
            f,
            indent=2,
        )
        f.write("\n")


JSON = {"content-type": "application/json"}
BEARER = {"bearer": {"type": "http", "scheme": "bearer"}}
CARD03 = {
    "protocolVersion": "0.3.0",
    "name": "assistant",
    "description": "AI assistant",
    "url": A + "/",
    "preferredTransport": "JSONRPC",
    "version": "1.0.0",
    "capabilities": {"streaming": True},
    "defaultInputModes": ["text/plain"],
    "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
    "securitySchemes": BEARER,
    "security": [{"bearer": []}],
}
CARD10 = {
    "name": "assistant",
    "description": "AI assistant",
    "supportedInterfaces": [{"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
    "version": "1.0.0",
    "capabilities": {"streaming": True},
    "defaultInputModes": ["text/plain"],
    "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}],
    "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "bearer"}}},
    "securityRequirements": [{"schemes": {"bearer": {"list": []}}}],
}
CARD_GET = req(0.0, "GET", A + "/.well-known/agent-card.json", {"accept": "application/json"})


def card(c):
    return resp(0.004, 200, {**JSON, "cache-control": "max-age=300"}, c)


SRC_R1 = "https://github.com/a2aproject/A2A/blob/v0.3.0/docs/specification.md (0.3 §4.4: 'If authentication fails or is missing, the server SHOULD respond with standard HTTP status codes such as 401 Unauthorized or 403 Forbidden')"

# R1: AUTH-CHALLENGE-001 on a 403 is 1.0's (ERR-006); 0.3 names 401 or 403 alike.
write(
    "b26r-R1-legal-v03-rest-no-credentials-403",
    [
        CARD_GET,
        card({**CARD03, "preferredTransport": "HTTP+JSON", "url": A + "/"}),
        req(0.2, "POST", A + "/v1/message:send", {**JSON, "accept": "application/json"},
            {"message": {"messageId": "m-r1a", "role": "ROLE_USER", "content": [{"text": "hello"}]}}),
        resp(0.204, 403, JSON, {"code": 403, "message": "Forbidden"}),
    ],
    [],
    SRC_R1,
    "a 0.3 HTTP+JSON call without credentials refused 403: 0.3 §4.4 allows 401 or 403; only 1.0 (ERR-006) asks 401",
)
write(
    "b26r-R1-legal-v03-jsonrpc-stream-no-credentials-403",
    [
        CARD_GET,
        card(CARD03),
        req(0.2, "POST", A + "/", {**JSON, "accept": "text/event-stream"},
            {"jsonrpc": "2.0", "id": 7, "method": "message/stream",
             "params": {"message": {"kind": "message", "messageId": "m-r1b", "role": "user",
                                    "parts": [{"kind": "text", "text": "hello"}]}}}),
        resp(0.204, 403, JSON, {"jsonrpc": "2.0", "id": 7, "error": {"code": -32600, "message": "Forbidden"}}),
    ],
    [],
    SRC_R1,
    "a 0.3 JSON-RPC stream call without credentials refused 403: legal in 0.3 (AUTH-003)",
)
write(
    "b26r-R1-v10-jsonrpc-no-credentials-403",
    [
        CARD_GET,
        card(CARD10),
        req(0.2, "POST", A + "/a2a", {**JSON, "accept": "application/json", "a2a-version": "1.0"},
            {"jsonrpc": "2.0", "id": 7, "method": "SendMessage",
             "params": {"message": {"messageId": "m-r1c", "role": "ROLE_USER", "parts": [{"text": "hello"}]}}}),
        resp(0.204, 403, JSON, {"jsonrpc": "2.0", "id": 7, "error": {"code": -32600, "message": "Forbidden"}}),
    ],
    [("auth-challenge-missing", "warning")],
    "https://github.com/ModelEngine-Group/nexent/pull/3636 (1.0 JSON-RPC form: missing credentials answered 403)",
    "1.0 §3.3.2 (ERR-006): missing credentials are 401; the same 403 in 0.3 is legal (b26r-R1-legal-*)",
)

# R2: a stream event that names one member twice with two values is the stream form of
# breaker26 N02's DATA-SHAPE-001 (STREAM-SHAPE-001, once per stream); the same value twice
# is no conflict.
SRC_R2 = "https://www.rfc-editor.org/rfc/rfc8259#section-4 (names SHOULD be unique; receivers' behaviour is unpredictable otherwise; breaker26 N02's stream form)"
CARD10_OPEN = {k: v for k, v in CARD10.items() if k not in ("securitySchemes", "securityRequirements")}
CARD10_REST = {**CARD10_OPEN, "supportedInterfaces": [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]}


def chunk(t, data):
    return {"dir": "chunk", "t": t, "body": "data: " + data + "\n\n"}


def stream(name, c, url, body, events, findings, note):
    ev = [CARD_GET, card(c),
          req(0.2, "POST", url, {**JSON, "accept": "text/event-stream", "a2a-version": "1.0"}, body),
          resp(0.21, 200, {"content-type": "text/event-stream"})]
    ev += [chunk(0.3 + i / 10, d) for i, d in enumerate(events)]
    ev.append({"dir": "chunk", "t": 0.9, "body": "", "close": "eof"})
    write(name, ev, findings, SRC_R2, note)


TASK_W = '{"id":"t-r2","contextId":"c-r2","status":{"state":"TASK_STATE_WORKING","timestamp":"2026-12-02T10:00:01.000Z"}}'
DONE_DUP = '{"taskId":"t-r2","contextId":"c-r2","status":{"state":"TASK_STATE_COMPLETED","state":"TASK_STATE_FAILED","timestamp":"2026-12-02T10:00:05.000Z"}}'
DONE_SAME = '{"taskId":"t-r2","contextId":"c-r2","status":{"state":"TASK_STATE_COMPLETED","state":"TASK_STATE_COMPLETED","timestamp":"2026-12-02T10:00:05.000Z"}}'
SEND10 = {"message": {"messageId": "m-r2", "role": "ROLE_USER", "parts": [{"text": "hi"}]}}
stream(
    "b26r-R2-v10-stream-event-duplicate-state",
    CARD10_OPEN, A + "/a2a",
    {"jsonrpc": "2.0", "id": "s-1", "method": "SendStreamingMessage", "params": SEND10},
    ['{"jsonrpc":"2.0","id":"s-1","result":{"task":' + TASK_W + '}}',
     '{"jsonrpc":"2.0","id":"s-1","result":{"statusUpdate":' + DONE_DUP + '}}'],
    [("stream-event-invalid-shape", "error")],
    "the last event names status.state twice (COMPLETED, then FAILED): a client keeping the first sees success, one keeping the last a failure",
)
stream(
    "b26r-R2-v10-rest-stream-event-duplicate-state",
    CARD10_REST, A + "/message:stream", SEND10,
    ['{"task":' + TASK_W + '}', '{"statusUpdate":' + DONE_DUP + '}'],
    [("stream-event-invalid-shape", "error")],
    "the HTTP+JSON form: the bare StreamResponse names status.state twice with two values",
)
stream(
    "b26r-R2-legal-v10-stream-event-same-member-same-value",
    CARD10_OPEN, A + "/a2a",
    {"jsonrpc": "2.0", "id": "s-1", "method": "SendStreamingMessage", "params": SEND10},
    ['{"jsonrpc":"2.0","id":"s-1","result":{"task":' + TASK_W + '}}',
     '{"jsonrpc":"2.0","id":"s-1","result":{"statusUpdate":' + DONE_SAME + '}}'],
    [],
    "a member repeated with the same value reads the same in every parser: no conflict to report",
)

# R4: a JSON-RPC request that names one member twice with two values is the client's
# DATA-SHAPE-002 (breaker26 N02's request form); a duplicate envelope id leaves the
# answer's id unjudged (a front keeping the first id is not RPC-ID-002's, nor RPC-ID-001's).
SRC_R4 = "https://www.rfc-editor.org/rfc/rfc8259#section-4 (names SHOULD be unique; the request form of breaker26 N02)"
RPC10 = {**JSON, "accept": "application/json", "a2a-version": "1.0"}
SEND10_TEXT = '"method":"SendMessage","params":{"message":{"messageId":"m-r4","role":"ROLE_USER","parts":[{"text":"hi"}]}}'
ANSWER10 = '{"jsonrpc":"2.0","id":1,"result":{"message":{"messageId":"a-r4","contextId":"c-r4","role":"ROLE_AGENT","parts":[{"text":"hello"}]}}}'
CARD10_OPEN_R4 = card(CARD10_OPEN)
write(
    "b26r-R4-v10-request-duplicate-id-401-first-echoed",
    [CARD_GET, card(CARD10),
     req(0.2, "POST", A + "/a2a", RPC10, '{"jsonrpc":"2.0","id":1,"id":2,' + SEND10_TEXT + '}'),
     resp(0.21, 401, {**JSON, "www-authenticate": "Bearer"}, '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Unauthorized"}}')],
    [("request-message-invalid-shape", "error")],
    SRC_R4,
    "the request names id twice (1, then 2); the auth front kept the first and echoed 1: the client's ambiguity, not the front's RPC-ID-002",
)
write(
    "b26r-R4-v10-request-duplicate-id-answered-first",
    [CARD_GET, CARD10_OPEN_R4,
     req(0.2, "POST", A + "/a2a", RPC10, '{"jsonrpc":"2.0","id":1,"id":2,' + SEND10_TEXT + '}'),
     resp(0.21, 200, JSON, ANSWER10)],
    [("request-message-invalid-shape", "error")],
    SRC_R4,
    "the agent's parser kept the first id and echoed it: a fair reading of an ambiguous request, no RPC-ID-001",
)
write(
    "b26r-R4-v03-request-duplicate-role",
    [req(0.2, "POST", A + "/", {**JSON, "accept": "application/json"},
         '{"jsonrpc":"2.0","id":"r","method":"message/send","params":{"message":{"kind":"message","messageId":"m-r4b","role":"user","role":"agent","parts":[{"kind":"text","text":"hi"}]}}}'),
     resp(0.21, 200, JSON, '{"jsonrpc":"2.0","id":"r","result":{"kind":"message","messageId":"a-r4b","contextId":"c-r4b","role":"agent","parts":[{"kind":"text","text":"hello"}]}}')],
    [("request-message-invalid-shape", "error"), ("client-message-with-agent-role", "warning")],
    SRC_R4,
    "the 0.3 form: the message's role twice (user, then agent): parsers keeping the first read a user message, this tool and serde_json an agent one",
)
write(
    "b26r-R4-legal-v10-request-same-id-twice",
    [CARD_GET, CARD10_OPEN_R4,
     req(0.2, "POST", A + "/a2a", RPC10, '{"jsonrpc":"2.0","id":1,"id":1,' + SEND10_TEXT + '}'),
     resp(0.21, 200, JSON, ANSWER10)],
    [],
    SRC_R4,
    "the same id twice reads the same in every parser: no conflict",
)

# R5: an extension the authenticated extended card declares is the agent's declared
# extension (CAP-EXT-003), though the public card lists none.
SRC_R5 = "https://github.com/a2aproject/A2A/blob/v1.0.0/specification/a2a.proto (GetExtendedAgentCard: the card a client holds after authenticating; AgentCapabilities.extensions)"
EXT = "https://ext.example.test/v1/billing"


def ext_case(name, ext_declared, activated, findings, note):
    pub = {**CARD10, "capabilities": {"streaming": True, "extendedAgentCard": True}}
    ext = json.loads(json.dumps(pub))
    ext["capabilities"]["extensions"] = [{"uri": u} for u in ext_declared]
    auth = {**RPC10, "authorization": "Bearer t-r5"}
    write(name, [
        CARD_GET, resp(0.004, 200, {**JSON, "cache-control": "max-age=300", "etag": '"r5"'}, pub),
        req(0.1, "POST", A + "/a2a", auth, {"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard", "params": {}}),
        resp(0.11, 200, JSON, {"jsonrpc": "2.0", "id": 1, "result": ext}),
        req(0.2, "POST", A + "/a2a", {**auth, "a2a-extensions": activated},
            '{"jsonrpc":"2.0","id":2,' + SEND10_TEXT + '}'),
        resp(0.21, 200, {**JSON, "a2a-extensions": activated},
             '{"jsonrpc":"2.0","id":2,"result":{"message":{"messageId":"a-r5","contextId":"c-r5","role":"ROLE_AGENT","parts":[{"text":"hello"}]}}}'),
    ], findings, SRC_R5, note)


ext_case("b26r-R5-legal-v10-extension-declared-in-extended-card", [EXT], EXT, [],
         "the public card declares no extensions, the extended card the client fetched declares the one requested and echoed")
ext_case("b26r-R5-v10-extension-in-neither-card", [EXT], "https://ext.example.test/v1/other",
         [("extension-activated-not-declared", "warning")],
         "the echoed extension is in neither card: CAP-EXT-003, worded as a card that declares extensions (the extended one), not as one with none at all")

# R4 on HTTP+JSON: the request body (a bare SendMessageRequest) names the role twice.
write(
    "b26r-R4-v10-rest-request-duplicate-role",
    [CARD_GET, card(CARD10_REST),
     req(0.2, "POST", A + "/message:send", {**JSON, "a2a-version": "1.0"},
         '{"message":{"messageId":"m-r4c","role":"ROLE_USER","role":"ROLE_AGENT","parts":[{"text":"hi"}]}}'),
     resp(0.21, 200, JSON, '{"message":{"messageId":"a-r4c","contextId":"c-r4c","role":"ROLE_AGENT","parts":[{"text":"hello"}]}}')],
    [("request-message-invalid-shape", "error"), ("client-message-with-agent-role", "warning")],
    SRC_R4,
    "the HTTP+JSON form: the message's role twice (ROLE_USER, then ROLE_AGENT)",
)

# R6: RPC-ID-002 says the type when the refusal's id has the call's digits in another JSON
# type (a rate limiter that echoed the id as a string).
write(
    "b26r-R6-v10-429-error-id-string-for-number",
    [req(0.2, "POST", A + "/a2a", RPC10, '{"jsonrpc":"2.0","id":1,' + SEND10_TEXT + '}'),
     resp(0.21, 429, {**JSON, "retry-after": "5"}, '{"jsonrpc":"2.0","id":"1","error":{"code":-32000,"message":"rate limited"}}')],
    [("jsonrpc-refusal-id-not-echoed", "warning")],
    "https://www.jsonrpc.org/specification#response_object (id: the same as the value of the id member in the Request Object)",
    "the id came back as the string \"1\" for the number 1: a client matching ids by value and type finds no call",
)

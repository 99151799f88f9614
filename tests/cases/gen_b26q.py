"""Writes the session-26 quality transcripts (q26b, `b26q-*`). Faulty ones carry the
finding the verifier must report; `-legal-` ones must stay silent (but for notes).

1. A bare A2A payload (no JSON-RPC envelope) posted with no Agent Card in the recording
   (mine25a K2): told (RPC-REQ-002) when the answer or other calls on that URL show the
   endpoint speaks JSON-RPC; silent where the URL may be an HTTP+JSON one.
2. A 1.0 method name on a request that is otherwise 0.x (A2A-Version 0.3 or none, a 0.3
   message with kind, 0.x send options; mine25a K3): one VER-MIX-001 that names the 0.x
   members and the method as the slip, not a second one about the message's kind.
3. An HTTP-level refusal (401/403/429/503) whose JSON-RPC error object does not echo the
   call's readable id: RPC-ID-002, a warning, the same for every such status (breaker25 EL9).
4. An extension activated in the answer's A2A-Extensions (0.3: X-A2A-Extensions) that the
   card, declaring no capabilities.extensions at all, never declared: CAP-EXT-003
   (breaker25).
5. A 0.3 method name sent with A2A-Version 1.0 and answered in the 1.0 form (breaker25
   H01): the answer is judged as the 1.0 answer the header asked for, and the one
   VER-MIX-001 says so and names the client's method name as the thing to fix.
6. A send continuing a task the agent handed out, answered not found, over JSON-RPC,
   HTTP+JSON (1.0 and 0.3) and gRPC (q25b): ID-TASK-001 names the call with its URL, the
   task id, the exchange that handed it out, its last state and what to change.
"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}


def case(name, src, lines, findings, note):
    _t[0] = 0.0
    C["b26q-" + name] = (lines(), findings, src, note)


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}

# ---------------------------------------------------------------- 1: bare payload, no card
S1 = "mine25a K2 (python-a2a PR #55 with no card fetched: a bare payload posted to an A2A endpoint)"
case("1-v03-bare-message-no-card-answered-32600", S1, lambda: [
    req(H + "/", msg03("hi", mid="m-1a")),
    resp(err(None, -32600, "Request payload validation error"))],
    [("client-request-jsonrpc-member-wrong", E)],
    "no card was fetched, but the agent's answer is a JSON-RPC 2.0 error object (-32600 Invalid Request, id null): the URL is a JSON-RPC endpoint, and the bare 0.3 Message has no request object around it (RPC-001)")
case("1-v10-bare-params-no-card-answered-32700", S1, lambda: [
    req(A, {"message": msg10("hi", mid="m-1b")}, headers=V10),
    resp(err(None, -32700, "Parse error"))],
    [("client-request-jsonrpc-member-wrong", E), ("jsonrpc-error-code-mismatch", E)],
    "the answer is a JSON-RPC error, so /a2a speaks JSON-RPC and the bare {\"message\"} needed the envelope (RPC-001); the body is valid JSON, so -32700 is the agent's wrong code (ERR-001: -32600)")
case("1-v10-bare-params-no-card-other-calls-jsonrpc", S1, lambda: [
    req(A, rpc(1, "SendMessage", {"message": msg10("hi", mid="m-1c")}), headers=V10),
    resp(ok(1, {"message": amsg10("hello", mid="a-1c", contextId="c-1c")})),
    req(A, {"message": msg10("again", mid="m-1d")}, headers=V10),
    resp("Bad Request", status=400, headers={"content-type": "text/plain"})],
    [("client-request-jsonrpc-member-wrong", E), ("jsonrpc-response-malformed", E)],
    "the same client's SendMessage at /a2a was a JSON-RPC call the agent answered: /a2a is a JSON-RPC endpoint, and the later bare {\"message\"} there lacks the request object (RPC-001); the agent's 400 text/plain to it is no JSON-RPC error response (RPC-ENVELOPE-001)")
case("1-v03-bare-message-no-card-later-jsonrpc-call", S1, lambda: [
    req(H + "/", msg03("hi", mid="m-1e")),
    resp("", status=400, headers={"content-type": "text/plain"}),
    req(H + "/", rpc("2", "message/send", {"message": msg03("hi", mid="m-1f")})),
    resp(ok("2", {"kind": "message", "messageId": "a-1f", "role": "agent", "parts": [{"kind": "text", "text": "hello"}], "contextId": "c-1f"}))],
    [("client-request-jsonrpc-member-wrong", E), ("jsonrpc-response-malformed", E)],
    "the client's next call at / is a JSON-RPC message/send the agent answered: the first, bare Message needed the same envelope (RPC-001); the agent's empty 400 is no JSON-RPC error response (RPC-ENVELOPE-001)")
case("1-legal-v10-bare-params-no-card-rest-404", S1, lambda: [
    req(A, {"message": msg10("hi", mid="m-1g")}, headers=RJ),
    resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "no route"}}, status=404, headers=RJ)],
    [], "no card and a google.rpc-style 404: /a2a may be an HTTP+JSON base URL whose send route is /a2a/message:send, so no JSON-RPC envelope is asked for")
case("1-legal-v10-bare-params-no-card-rest-calls-there", S1, lambda: [
    req(A + "/message:send", {"message": msg10("hi", mid="m-1h")}, headers=RJ),
    resp({"message": amsg10("hello", mid="a-1h", contextId="c-1h")}, headers=RJ),
    req(A, {"message": msg10("again", mid="m-1i")}, headers=RJ),
    resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "no route"}}, status=404, headers=RJ)],
    [], "the other calls are HTTP+JSON routes below /a2a: the bare body at the base URL is a route slip, not a missing JSON-RPC envelope")
case("1-legal-v10-bare-params-no-card-jsonrpc-at-other-url", S1, lambda: [
    req(H + "/rpc", rpc(1, "SendMessage", {"message": msg10("hi", mid="m-1j")}), headers=V10),
    resp(ok(1, {"message": amsg10("hello", mid="a-1j", contextId="c-1j")})),
    req(A, {"message": msg10("again", mid="m-1k")}, headers=RJ),
    resp("", status=404, headers={"content-type": "text/plain"})],
    [], "JSON-RPC is spoken at /rpc, not at /a2a: nothing shows /a2a is a JSON-RPC endpoint")

# ---------------------------------------------------------------- 2: one mix, one finding
S2 = "mine25a K3 (qntx/ra2a #20 mirrored: a 1.0 method name on an otherwise 0.3 request)"
C03 = lambda: getcard(card03(A))
J03 = {"content-type": "application/json"}
H03 = {**J03, "a2a-version": "0.3"}
NF = lambda i: resp(err(i, -32601, "Method not found"))
case("2-v03-sendmessage-header-0-3-message-kind", S2, lambda: C03() + [
    req(A, rpc(1, "SendMessage", {"message": msg03("Hello!", mid="m-2a")}), headers=H03), NF(1)],
    [("client-version-mixed-request", W)],
    "A2A-Version 0.3 and a 0.3 message (kind) under the 1.0 method name SendMessage: one mix, told once, naming the method as the slip (0.3: message/send)")
case("2-v03-sendmessage-no-header-message-kind", S2, lambda: C03() + [
    req(A, rpc(1, "SendMessage", {"message": msg03("Hello!", mid="m-2b")}), headers=J03), NF(1)],
    [("client-version-mixed-request", W)],
    "no A2A-Version (0.3) and a 0.3 message under SendMessage: told once")
case("2-v03-sendmessage-header-0-3-kind-and-blocking", S2, lambda: C03() + [
    req(A, rpc(1, "SendMessage", {"message": msg03("Hello!", mid="m-2c"), "configuration": {"blocking": True}}), headers=H03), NF(1)],
    [("client-version-mixed-request", W)],
    "the 0.3 send options (blocking) are the same 0.3 request as the message's kind: one finding names both")
case("2-v10-sendmessage-header-1-0-message-kind", S2, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg03("Hello!", mid="m-2d")}), headers=V10),
    resp(err(1, -32602, "Invalid params"))],
    [("client-version-mixed-request", W)],
    "control: header and method agree on 1.0, and only the message is 0.3 (kind): the member finding is the one told")
case("2-legal-v03-message-send-header-0-3", S2, lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03("Hello!", mid="m-2e")}), headers=H03),
    resp(ok(1, {"kind": "message", "messageId": "a-2e", "role": "agent", "parts": [{"kind": "text", "text": "hi"}], "contextId": "c-2e"}))],
    [], "control: a 0.3 call named and shaped in 0.3")

# ---------------------------------------------------------------- 3: a front's JSON-RPC refusal, id null
S3 = "breaker25 EL9 (a 429 front's JSON-RPC error with id null), made consistent with the 401/403 fronts of CopilotKit PR #6920"
RA = {"content-type": "application/json", "retry-after": "2"}


def card_bearer():
    c = card10(A)
    c["securitySchemes"] = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}
    c["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
    return c


for st, hdrs, why in [
    (401, {**J, "www-authenticate": "Bearer"}, "an auth front's 401"),
    (403, J, "an auth front's 403"),
    (429, RA, "a rate limiter's 429"),
    (503, RA, "a front's 503 with Retry-After"),
    (503, J, "a front's 503 without Retry-After"),
]:
    tag = "%d%s" % (st, "-retry-after" if "retry-after" in hdrs and st == 503 else "")
    case("3-v10-jsonrpc-%s-error-id-null" % tag, S3, lambda st=st, hdrs=hdrs: getcard(card_bearer() if st in (401, 403) else card10(A)) + [
        # The 403 to a caller that sent its token (known and refused); a 403 to an
        # anonymous call is also AUTH-CHALLENGE-001 (mine26a), not what this case is about.
        req(A, rpc(7, "SendMessage", {"message": msg10()}), headers={**V10, "authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"} if st == 403 else V10),
        resp(err(None, -32000, "refused"), status=st, headers=hdrs)],
        [("jsonrpc-refusal-id-not-echoed", W)],
        "%s carries a JSON-RPC 2.0 error object with id null, though the call's id 7 was readable: JSON-RPC 2.0 §5 allows null only when the id could not be read (RPC-002); the HTTP status stays the refusal (ERR-007, AUTH-003)" % why)
case("3-v03-jsonrpc-429-error-id-string-null", S3, lambda: getcard(card03(A)) + [
    req(A, rpc("7", "message/send", {"message": msg03()})),
    resp({"jsonrpc": "2.0", "error": {"code": -32000, "message": "Too Many Requests"}, "id": "null"}, status=429, headers=RA)],
    [("jsonrpc-refusal-id-not-echoed", W)],
    "the 0.3 form, the id the string \"null\" (AgentCore's spelling): no echo of \"7\"")
case("3-legal-v10-jsonrpc-429-error-id-echoed", S3, lambda: getcard(card10(A)) + [
    req(A, rpc(7, "SendMessage", {"message": msg10()}), headers=V10),
    resp(err(7, -32000, "rate limited"), status=429, headers=RA)],
    [], "a rate limiter that read the call's id and echoed it: a JSON-RPC error reply under HTTP 429 (ERR-007 leaves the status open)")
case("3-legal-v10-429-plain-json-body", S3, lambda: getcard(card10(A)) + [
    req(A, rpc(7, "SendMessage", {"message": msg10()}), headers=V10),
    resp({"error": "rate limited"}, status=429, headers=RA)],
    [], "a rate limiter's own JSON, no JSON-RPC envelope: an HTTP-level refusal, no id to echo")
case("3-legal-v10-401-plain-body", S3, lambda: getcard(card_bearer()) + [
    req(A, rpc(7, "SendMessage", {"message": msg10()}), headers=V10),
    resp("Unauthorized", status=401, headers={"content-type": "text/plain", "www-authenticate": "Bearer"})],
    [], "an auth front's plain 401: the status is the refusal (AUTH-003)")
case("3-legal-v10-jsonrpc-invalid-json-429-id-null", S3, lambda: getcard(card10(A)) + [
    req(A, '{"jsonrpc": "2.0", "id": 7, "method": "SendMessage", "params": {', headers=V10),
    resp(err(None, -32700, "Parse error"), status=429, headers=RA)],
    [], "the request is no JSON, so its id could not be read: id null is what JSON-RPC 2.0 §5 asks")

# ---------------------------------------------------------------- 4: extension activated, card declares none
S4 = "breaker25 (CAP-EXT-003 silent when the card declares no capabilities.extensions at all)"
GEO = "https://ext.example.test/geo/v1"
XH = lambda v: {**J, "a2a-extensions": v}
RESTI = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
case("4-v10-echo-requested-extension-card-declares-none", S4, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "a2a-extensions": GEO}),
    resp(ok(1, {"task": task10()}), headers=XH(GEO))],
    [("extension-activated-not-declared", W)],
    "the client asked for geo and the agent echoes it as activated, but its card has no capabilities.extensions: clients reading the card cannot know of it (EXT-004)")
case("4-v10-echo-unrequested-extension-card-declares-none", S4, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp(ok(1, {"task": task10()}), headers=XH(GEO))],
    [("extension-activated-not-declared", W)],
    "nothing requested, nothing declared, geo echoed as activated (EXT-004)")
case("4-v10-rest-echo-extension-card-declares-none", S4, lambda: getcard(card10(ifaces=RESTI)) + [
    req(A + "/message:send", {"message": msg10()}, headers={**RJ, "a2a-extensions": GEO}),
    resp({"task": task10()}, headers={**RJ, "a2a-extensions": GEO})],
    [("extension-activated-not-declared", W)],
    "the HTTP+JSON form")
case("4-v10-stream-echo-extension-card-declares-none", S4, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream", "a2a-extensions": GEO}),
    resp("", headers={**SSE, "a2a-extensions": GEO}),
    chunk(ev({"task": task10(state="WORKING")})), chunk(ev(st10(state="COMPLETED", n=2))), chunk("", close="eof")],
    [("extension-activated-not-declared", W)],
    "the stream's answer head echoes geo; the card declares none")
case("4-v10-echo-under-0x-name-card-declares-none", S4, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "a2a-extensions": GEO}),
    resp(ok(1, {"task": task10()}), headers={**J, "x-a2a-extensions": GEO})],
    [("extension-activated-not-declared", W), ("extension-echo-0x-header-name", W)],
    "a 1.0 answer echoes geo under the 0.x name (CAP-EXT-005) and no card declares it (CAP-EXT-003)")
case("4-v03-x-echo-extension-card-declares-none", S4, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J, "x-a2a-extensions": GEO}),
    resp(ok(1, task03()), headers={**J, "x-a2a-extensions": GEO})],
    [("extension-activated-not-declared", W)],
    "the 0.3 form: X-A2A-Extensions echoes geo, the 0.3 card declares no capabilities.extensions")
case("4-v03-x-echo-extension-not-declared", S4, lambda: getcard(card03(A, capabilities={"streaming": True, "extensions": [{"uri": "https://ext.example.test/trace/v2"}]})) + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J, "x-a2a-extensions": GEO}),
    resp(ok(1, task03()), headers={**J, "x-a2a-extensions": GEO})],
    [("extension-activated-not-declared", W)],
    "the 0.3 card declares trace only; geo is echoed as activated")
case("4-legal-v10-extension-requested-card-declares-none-ignored", S4, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "a2a-extensions": GEO}),
    resp(ok(1, {"task": task10()}))],
    [], "the client asks for an extension the agent does not support: ignored, nothing echoed (EXT-003)")
case("4-legal-v03-x-echo-declared-extension", S4, lambda: getcard(card03(A, capabilities={"streaming": True, "extensions": [{"uri": GEO}]})) + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J, "x-a2a-extensions": GEO}),
    resp(ok(1, task03()), headers={**J, "x-a2a-extensions": GEO})],
    [], "0.3: geo declared, requested in X-A2A-Extensions and echoed there")
case("4-legal-v10-echo-declared-requested-extension", S4, lambda: getcard(card10(A, capabilities={"streaming": True, "extensions": [{"uri": GEO}]})) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "a2a-extensions": GEO}),
    resp(ok(1, {"task": task10()}), headers=XH(GEO))],
    [], "1.0: declared, requested, echoed")

# ---------------------------------------------------------------- 5: 1.0 header, 0.3 method, 1.0 answer
S5 = "breaker25 H01 (a 0.3 method name under A2A-Version 1.0 served as 1.0, blamed in 0.3 terms)"
C10A = lambda: getcard(card10(A))
case("5-v10-message-send-header-1-0-answered-1-0", S5, lambda: C10A() + [
    req(A, rpc(1, "message/send", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10()}))],
    [("client-version-mixed-request", W)],
    "the client declared 1.0 and named the call message/send (0.3); the agent followed the header and answered the 1.0 {task} wrapper, which the 1.0 client reads: one VER-MIX-001 about the client's method name, no 0.3-terms errors about the answer")
case("5-v10-message-send-0-3-message-header-1-0-answered-1-0", S5, lambda: C10A() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=V10), resp(ok(1, {"message": amsg10(contextId="c1")}))],
    [("client-version-mixed-request", W)],
    "a 0.3 message too, answered with the 1.0 {message} wrapper: the request is the mix, the answer is the 1.0 one the header asks for")
case("5-v10-message-stream-header-1-0-answered-1-0", S5, lambda: C10A() + [
    req(A, rpc(1, "message/stream", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] +
    stream10([{"task": task10(state="WORKING")}, st10(state="COMPLETED", n=2)]),
    [("client-version-mixed-request", W)],
    "the stream form: 1.0 events (no kind, no final) to a 1.0-header message/stream are judged as 1.0 events")
case("5-v10-tasks-get-header-1-0-answered-1-0", S5, lambda: C10A() + [
    req(A, rpc(1, "tasks/get", {"id": "t1"}), headers=V10), resp(ok(1, task10()))],
    [("client-version-mixed-request", W)],
    "tasks/get under A2A-Version 1.0 answered with a 1.0 Task (TASK_STATE_COMPLETED)")
case("5-v10-message-send-header-1-0-answered-1-0-bad-state", S5, lambda: C10A() + [
    req(A, rpc(1, "message/send", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10(state="DONE")}))],
    [("client-version-mixed-request", W), ("task-state-invalid", E)],
    "control: judged as 1.0, the answer's TASK_STATE_DONE is still no TaskState")
case("5-v03-message-send-no-header-answered-1-0", S5, lambda: getcard(card03(A)) + [
    req(A, rpc(1, "message/send", {"message": msg03()})), resp(ok(1, {"task": task10()}))],
    [("result-invalid-shape", E), ("version-mixed-payload", W), ("task-state-invalid", E)],
    "control: no header means 0.3 (VER-003), so a 1.0 answer to this 0.3 client is unreadable, in 0.3 terms")
case("5-legal-v10-send-message-header-1-0-answered-1-0", S5, lambda: C10A() + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10()}))],
    [], "control: a 1.0 call, named and answered in 1.0")

# ---------------------------------------------------------------- 6: send to a handed-out task, not found
S6 = "q25b (ID-TASK-001 wording for sends over HTTP+JSON, 0.3 REST and gRPC)"
RJ10 = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
NF10 = {"error": {"code": 404, "status": "NOT_FOUND", "message": "task not found", "details": [
    {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}
R10I = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
m03r = lambda text, mid, **kw: dict({"messageId": mid, "role": "ROLE_USER", "content": [{"text": text}]}, **kw)
case("6-v10-jsonrpc-reply-to-input-required-task-not-found", S6, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10("t1", state="INPUT_REQUIRED")})),
    req(A, rpc(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}), headers=V10),
    resp(err(2, -32001, "Task not found"))],
    [("task-id-not-resolvable", E)], "the client answers the input-required task t1 the agent handed out in e2; the agent says it does not know t1")
case("6-v10-rest-reply-to-input-required-task-not-found", S6, lambda: getcard(card10(ifaces=R10I)) + [
    req(A + "/message:send", {"message": msg10()}, headers=RJ10), resp({"task": task10("t1", state="INPUT_REQUIRED")}, headers=RJ10),
    req(A + "/message:send", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, headers=RJ10), resp(NF10, status=404, headers=RJ10)],
    [("task-id-not-resolvable", E)], "the HTTP+JSON form: POST /message:send naming t1, answered 404 TASK_NOT_FOUND")
case("6-v03-rest-reply-to-input-required-task-not-found", S6, lambda: getcard(card03(A, preferredTransport="HTTP+JSON")) + [
    req(A + "/v1/message:send", {"request": m03r("hi", "m1")}), resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED"}}}),
    req(A + "/v1/message:send", {"request": m03r("Paris", "m2", taskId="t1", contextId="c1")}), resp({"code": 5, "message": "task not found: t1"}, status=404)],
    [("task-id-not-resolvable", E)], "the 0.3 HTTP+JSON form: POST /v1/message:send naming t1, answered 404")
case("6-v10-rest-stream-to-working-task-not-found", S6, lambda: getcard(card10(ifaces=R10I)) + [
    req(A + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ10), resp({"task": task10("t1", state="WORKING")}, headers=RJ10),
    req(A + "/message:stream", {"message": msg10("also this", mid="m2", taskId="t1", contextId="c1")}, headers={**RJ10, "accept": "text/event-stream"}),
    resp(NF10, status=404, headers=RJ10)],
    [("task-id-not-resolvable", E)], "a streaming send adding to the running task t1, refused 404 before any event")
case("6-v10-jsonrpc-message-to-completed-task-not-found", S6, lambda: getcard(card10(A)) + [
    req(A, rpc(1, "SendMessage", {"message": msg10()}), headers=V10), resp(ok(1, {"task": task10("t1", state="COMPLETED")})),
    req(A, rpc(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}), headers=V10),
    resp(err(2, -32001, "Task not found"))],
    [("task-id-not-resolvable", E)], "a message to the completed task t1 answered not found: the task exists; a message to a terminal task is refused as such")
case("6-legal-v10-rest-send-to-task-never-handed-out", S6, lambda: getcard(card10(ifaces=R10I)) + [
    req(A + "/message:send", {"message": msg10("Paris", mid="m2", taskId="t9", contextId="c1")}, headers=RJ10), resp(NF10, status=404, headers=RJ10)],
    [], "t9 was never handed out in this recording: 404 TASK_NOT_FOUND is the right answer (TASK-009)")


# gRPC (native recording: protobuf bodies base64, trailers on exchange_end)
import base64, urllib.parse


def _varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


pb_str = lambda f, v: _varint(f << 3 | 2) + _varint(len(v.encode() if isinstance(v, str) else v)) + (v.encode() if isinstance(v, str) else v)
pb_int = lambda f, v: _varint(f << 3) + _varint(v)
frame = lambda m: b"\x00" + len(m).to_bytes(4, "big") + m
G = "http://agent.example.test:50051"


def pb_msg(text, mid, tid=None, cid=None):
    return pb_str(1, mid) + (pb_str(2, cid) if cid else b"") + (pb_str(3, tid) if tid else b"") + pb_int(4, 1) + pb_str(5, pb_str(1, text))


def native(calls):
    card = card10(ifaces=[{"url": "agent.example.test:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"}])
    out = [{"type": "recording", "format": 1, "tool": {"name": "q26b-grpcgen", "version": "1"}, "startedAt": "2026-12-03T10:00:00.000Z",
            "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": G}], "redacted": False}]
    st = {"seq": 1, "t": 1000}

    def ev(**kw):
        d = {"seq": st["seq"], "t_us": st["t"]}
        d.update(kw)
        out.append(d)
        st["seq"] += 1
        st["t"] += 1000
    body = json.dumps(card)
    ev(exchange="e1", type="request_head", method="GET", url="http://agent.example.test/.well-known/agent-card.json", version="HTTP/1.1",
       headers=[["accept", "application/json"]], upstream="http://agent.example.test/.well-known/agent-card.json")
    ev(exchange="e1", type="response_head", status=200, version="HTTP/1.1", headers=[["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", '"c1"']])
    ev(exchange="e1", type="response_chunk", body=body)
    ev(exchange="e1", type="exchange_end", outcome="complete", request_bytes=0, response_bytes=len(body))
    for n, (method, reqmsg, respmsg, code, gmsg, details) in enumerate(calls, start=2):
        e = "e%d" % n
        url = G + "/lf.a2a.v1.A2AService/" + method
        ev(exchange=e, type="request_head", method="POST", url=url, version="HTTP/2.0",
           headers=[["content-type", "application/grpc"], ["te", "trailers"], ["a2a-version", "1.0"]], upstream=url)
        rb = frame(reqmsg)
        ev(exchange=e, type="request_body", body=base64.b64encode(rb).decode(), encoding="base64")
        ev(exchange=e, type="response_head", status=200, version="HTTP/2.0", headers=[["content-type", "application/grpc"]])
        sb = b""
        if respmsg is not None:
            sb = frame(respmsg)
            ev(exchange=e, type="response_chunk", body=base64.b64encode(sb).decode(), encoding="base64")
        tr = [["grpc-status", str(code)], ["grpc-message", urllib.parse.quote(gmsg)]]
        if details is not None:
            tr.append(["grpc-status-details-bin", base64.b64encode(details).decode().rstrip("=")])
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=len(rb), response_bytes=len(sb), trailers=tr)
    return out


def pb_not_found(message):
    info = pb_str(1, "TASK_NOT_FOUND") + pb_str(2, "a2a-protocol.org")
    return pb_int(1, 5) + pb_str(2, message) + pb_str(3, pb_str(1, "type.googleapis.com/google.rpc.ErrorInfo") + pb_str(2, info))


case("6-v10-grpc-reply-to-input-required-task-not-found", S6, lambda: native([
    ("SendMessage", pb_str(2, pb_msg("hi", "m1")), pb_str(1, pb_str(1, "t1") + pb_str(2, "c1") + pb_str(3, pb_int(1, 6))), 0, "", None),
    ("SendMessage", pb_str(2, pb_msg("Paris", "m2", "t1", "c1")), None, 5, "task not found: t1", pb_not_found("task not found: t1"))]),
    [("task-id-not-resolvable", E)], "the gRPC form: SendMessage naming t1 (INPUT_REQUIRED) ends with NOT_FOUND, ErrorInfo TASK_NOT_FOUND")

write_cases(C, OUT)

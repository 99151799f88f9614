"""Writes the b32x blind-adversary transcripts (breaker32, round twelve): the authenticated
extended card in each generation (1.0 GetExtendedAgentCard, 0.3
agent/getAuthenticatedExtendedCard, 0.2's plain GET of agent/authenticatedExtendedCard),
Content-Type variants (parameters, letter case, a2a+json on JSON-RPC, none at all), JSON-RPC
ids (0, negative, empty string, null, fractions, booleans, notifications, batches),
several tasks in one context and follow-ups naming the wrong one, input-required and
auth-required round trips (1.0, 0.3 `final`, 0.2, 0.1), cancel of a terminal task in each
generation and binding, push deliveries racing the final answer, 0.1/0.2 traffic beside 0.3
and 1.0 in one recording, and ListTasks over many tasks (tokens, statusTimestampAfter,
status filters). Faulty ones carry the finding the verifier must report; `-legal-` ones must
stay silent (but for notes). Run from the repo root: python3 tests/cases/gen_b32x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker32 (blind adversary, round twelve)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)

C = {}
case = case_maker(C, "b32x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
HOOK = "https://hooks.example.test/a2a/cb"
BEARER = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9."
S10 = {**V10, "accept": "text/event-stream"}
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
RJG = {"accept": "application/a2a+json", "a2a-version": "1.0"}
RJR = {"content-type": "application/a2a+json"}
js = json.dumps
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
R0 = lambda i, m, p, url=A, h=J03: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
P1 = {"message": msg10()}
RI = {"message": msg10(), "configuration": {"returnImmediately": True}}


def stream(events, i=1, close="eof", p=None, method="SendStreamingMessage", h=S10, url=A):
    return [RPC(i, method, p or P1, h=h, url=url)] + sse(["data: %s\n\n" % js(ok(i, e)) for e in events], close)


def stream03(events, i=1, close="eof", method="message/stream", p=None):
    return [req(A, rpc(i, method, p or {"message": msg03()}), headers=S03)] + sse(["data: %s\n\n" % js(ok(i, e)) for e in events], close)


def tsk(state="WORKING", n=1, tid="t1", ctx="c1", msg=None, **kw):
    t = {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}}
    if msg is not None:
        t["status"]["message"] = msg
    t.update(kw)
    return t


def stu(state="WORKING", n=2, tid="t1", ctx="c1", msg=None):
    s = {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}}
    if msg is not None:
        s["status"]["message"] = msg
    return {"statusUpdate": s}


def art(aid="a1", text="part", append=False, last=False, tid="t1", ctx="c1"):
    return {"artifactUpdate": {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": aid, "parts": [{"text": text}]},
                               "append": append, "lastChunk": last}}


def t03(state="completed", n=1, tid="t1", ctx="c1", msg=None, **kw):
    t = {"kind": "task", "id": tid, "contextId": ctx, "status": {"state": state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}}
    if msg is not None:
        t["status"]["message"] = msg
    t.update(kw)
    return t


def su03(state, n=2, final=False, tid="t1", ctx="c1", msg=None):
    s = {"kind": "status-update", "taskId": tid, "contextId": ctx, "status": {"state": state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}, "final": final}
    if msg is not None:
        s["status"]["message"] = msg
    return s


def am03(text, mid="r1", tid="t1", ctx="c1"):
    return {"kind": "message", "messageId": mid, "role": "agent", "parts": [{"kind": "text", "text": text}], "taskId": tid, "contextId": ctx}


def paced(lines, step=1.0):
    cur = 0.0
    for l in lines:
        cur += step if l["dir"] == "chunk" else 0.01
        l["t"] = round(cur, 3)
    return lines


def later(lines, dt):
    for l in lines:
        l["t"] = round(l["t"] + dt, 3)
    return lines


def send_task(t, i=1, p=None, h=V10):
    return [RPC(i, "SendMessage", p or P1, h=h), resp(ok(i, {"task": t}))]


ART = [{"artifactId": "a1", "parts": [{"text": "result"}]}]
GT = lambda i, p, t, h=V10: [RPC(i, "GetTask", p, h=h), resp(ok(i, t))]
ASK = lambda q="Which city?", mid="r1", tid="t1", ctx="c1": amsg10(q, mid=mid, taskId=tid, contextId=ctx)

# ---------------------------------------------------------------- X: the authenticated extended card in each generation (AUTH-005)
SEC10 = dict(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
KEY10 = dict(securitySchemes={"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}}, securityRequirements=[{"schemes": {"key": {"list": []}}}])
XC10 = lambda ext=True, sec=SEC10, **kw: card10(capabilities={"streaming": True, "pushNotifications": True, **({"extendedAgentCard": True} if ext else {})}, **sec, **kw)
FULL10 = lambda ext=True, sec=SEC10: {**XC10(ext, sec), "description": "Demo agent (full)", "skills": SKILLS + [{"id": "s2", "name": "admin", "description": "Admin", "tags": ["admin"]}]}
AH = {**V10, "authorization": BEARER}
KH = {**V10, "x-api-key": "k-123456"}
case("X01-legal-v10-extended-card-jsonrpc", lambda: getcard(XC10()) + [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, FULL10()))],
     [], "GetExtendedAgentCard with a bearer token, capabilities.extendedAgentCard true: the full card (AUTH-005)")
case("X02-v10-extended-card-jsonrpc-without-auth", lambda: getcard(XC10()) + [RPC(1, "GetExtendedAgentCard", {}), resp(ok(1, FULL10()))],
     [("AUTH-EXT-001", E)], "GetExtendedAgentCard without any credential answered with the extended card (AUTH-005: authentication with a scheme of the public card)")
case("X03-v10-extended-card-jsonrpc-not-declared", lambda: getcard(XC10(False)) + [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, FULL10(False)))],
     [("CAP-CARD-001", E)], "capabilities.extendedAgentCard absent, yet GetExtendedAgentCard answered a card (AUTH-005: UnsupportedOperationError)")
case("X04-legal-v10-extended-card-not-declared-refused", lambda: getcard(XC10(False)) + [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(err(1, -32004, "Extended agent card not supported", einfo("UNSUPPORTED_OPERATION")))],
     [], "extendedAgentCard absent, the call refused -32004 (AUTH-005)")
case("X05-legal-v10-extended-card-not-configured", lambda: getcard(XC10()) + [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(err(1, -32007, "Extended agent card not configured", einfo("EXTENDED_AGENT_CARD_NOT_CONFIGURED")))],
     [], "declared but not configured: -32007 ExtendedAgentCardNotConfiguredError (ERR-002, AUTH-005)")
case("X06-legal-v10-extended-card-api-key", lambda: getcard(XC10(sec=KEY10)) + [RPC(1, "GetExtendedAgentCard", {}, h=KH), resp(ok(1, FULL10(sec=KEY10)))],
     [], "the card's API-key scheme (header X-API-Key) carries the credential (AUTH-005, AUTH-001)")
case("X07-v10-extended-card-api-key-missing", lambda: getcard(XC10(sec=KEY10)) + [RPC(1, "GetExtendedAgentCard", {}), resp(ok(1, FULL10(sec=KEY10)))],
     [("AUTH-EXT-001", E)], "API-key card, the extended card served to a call with no X-API-Key (AUTH-005)")
case("X08-legal-v10-extended-card-first-call-challenged", lambda: getcard(XC10()) + [RPC(1, "GetExtendedAgentCard", {}),
     resp("", status=401, headers={"www-authenticate": "Bearer realm=\"a2a\""})],
     [], "a first call without a credential refused 401 with a challenge: the HTTP authentication dance (RFC 9110 §11.6.1), no fault yet (AUTH-SCHEME-004 wants the client to go on without one)")
case("X09-legal-v03-extended-card-jsonrpc", lambda: C03(supportsAuthenticatedExtendedCard=True, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]) +
     [R0(1, "agent/getAuthenticatedExtendedCard", {}, h={**J03, "authorization": BEARER}),
      resp(ok(1, card03(supportsAuthenticatedExtendedCard=True, description="Demo agent (full)", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])))],
     [], "0.3 agent/getAuthenticatedExtendedCard with a bearer token (0.3 §7.10)")
case("X10-v03-extended-card-jsonrpc-without-auth", lambda: C03(supportsAuthenticatedExtendedCard=True, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]) +
     [R0(1, "agent/getAuthenticatedExtendedCard", {}),
      resp(ok(1, card03(supportsAuthenticatedExtendedCard=True, description="Demo agent (full)", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])))],
     [("AUTH-EXT-001", E)], "0.3: the authenticated extended card served to a call without credentials (AUTH-005, 0.3 §7.10: 401)")
case("X11-v03-extended-card-declared-false-served", lambda: C03(supportsAuthenticatedExtendedCard=False, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]) +
     [R0(1, "agent/getAuthenticatedExtendedCard", {}, h={**J03, "authorization": BEARER}),
      resp(ok(1, card03(description="Demo agent (full)", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])))],
     [("CAP-CARD-002", W)], "0.3 card says supportsAuthenticatedExtendedCard false, the extended card served anyway")
case("X12-legal-v03-extended-card-401-challenge", lambda: C03(supportsAuthenticatedExtendedCard=True, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]) +
     [R0(1, "agent/getAuthenticatedExtendedCard", {}, h={**J03, "authorization": BEARER}), resp("", status=401, headers={"www-authenticate": "Bearer error=\"invalid_token\""})],
     [], "0.3: an expired token refused 401 with a WWW-Authenticate challenge (0.3 §7.10, AUTH-003)")
C02X = lambda sup=True: getcard(card02(protocolVersion="0.2.5", supportsAuthenticatedExtendedCard=sup, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]), path="/.well-known/agent.json")
FULL02 = card02(protocolVersion="0.2.5", supportsAuthenticatedExtendedCard=True, description="Demo agent (full)", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("X13-legal-v02-extended-card-get", lambda: C02X() + [req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json", "authorization": BEARER}), resp(FULL02)],
     [], "0.2.5: authenticated HTTP GET of {url}/../agent/authenticatedExtendedCard (0.2.5 §7.10, not a JSON-RPC method)")
case("X14-v02-extended-card-get-without-auth", lambda: C02X() + [req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json"}), resp(FULL02)],
     [("AUTH-EXT-001", E)], "0.2.5: the extended card served to a GET without credentials (AUTH-005)")
case("X15-v10-extended-card-tenant-without-auth", lambda: getcard(XC10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [RPC(1, "GetExtendedAgentCard", {"tenant": "acme"}), resp(ok(1, FULL10()))],
     [("AUTH-EXT-001", E)], "tenant acme sent, but no credential, and the extended card served (AUTH-005)")
case("X16-legal-v10-extended-card-tenant", lambda: getcard(XC10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [RPC(1, "GetExtendedAgentCard", {"tenant": "acme"}, h=AH), resp(ok(1, FULL10()))],
     [], "tenant acme and a bearer token (CARD-008, AUTH-005)")
case("X17-v10-extended-card-cookie-only", lambda: getcard(XC10()) + [RPC(1, "GetExtendedAgentCard", {}, h={**V10, "cookie": "theme=dark"}), resp(ok(1, FULL10()))],
     [("AUTH-EXT-001", E)], "a cookie the card declares no scheme for (a UI preference) is no credential: the extended card served without authentication (AUTH-005)")

# ---------------------------------------------------------------- C: Content-Type variants (RPC-001, REST-003, PUSH-004)
RC = lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
case("C01-legal-v10-jsonrpc-charset", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "application/json; charset=utf-8"}),
     [], "application/json; charset=utf-8 is application/json (RFC 8259 §11 ignores charset; RPC-001)")
case("C02-legal-v10-jsonrpc-content-type-upper-case", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "Application/JSON"}),
     [], "media types are case-insensitive (RFC 9110 §8.3.1): Application/JSON is application/json")
case("C03-legal-v10-rest-a2a-json-charset", lambda: RC() + [req(H + "/message:send", P1, headers={**RJ, "content-type": "application/a2a+json; charset=utf-8"}), resp({"task": tsk("COMPLETED")}, headers={"content-type": "application/a2a+json; charset=utf-8"})],
     [], "HTTP+JSON with application/a2a+json; charset=utf-8 both ways (REST-003)")
case("C04-legal-v10-rest-application-json", lambda: RC() + [req(H + "/message:send", P1, headers={**RJ, "content-type": "application/json"}), resp({"task": tsk("COMPLETED")}, headers=J)],
     [], "HTTP+JSON body sent as application/json (1.0.0's media type, SHOULD a2a+json in 1.0.1) and served")
case("C05-v10-rest-application-json-refused-415", lambda: RC() + [req(H + "/message:send", P1, headers={**RJ, "content-type": "application/json"}),
     resp({"error": {"code": 415, "status": "INVALID_ARGUMENT", "message": "use application/a2a+json", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "CONTENT_TYPE_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]}}, status=415, headers=RJR)],
     [("HTTP-MEDIA-002", W)], "a 1.0 HTTP+JSON agent refused application/json with 415 (1.0.0 clients send it)")
case("C06-v10-jsonrpc-text-plain", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "text/plain"}),
     [("HTTP-MEDIA-004", E)], "a JSON-RPC call sent as text/plain (RPC-001: application/json)")
case("C07-v10-jsonrpc-a2a-json", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "application/a2a+json"}),
     [("HTTP-MEDIA-004", E)], "a 1.0 JSON-RPC call sent as application/a2a+json (revised45, open45: was C07-legal, read from §3.2/§4's examples, which are HTTP+JSON requests; a2a+json is the HTTP+JSON binding's, 1.0 §14.1.1, and JSON-RPC is application/json, 1.0 §9.1)")
case("C07b-legal-v10-jsonrpc-application-json-charset", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "application/json; charset=utf-8"}),
     [], "control (open45): a 1.0 JSON-RPC call as application/json with a charset parameter, the binding's media type")
case("C08-v10-jsonrpc-application-json-refused-415", lambda: C10() + [RPC(1, "SendMessage", P1), resp("Unsupported Media Type", status=415, headers={"content-type": "text/plain"})],
     [("HTTP-MEDIA-001", E)], "the agent refused application/json on its JSON-RPC endpoint with 415 (RPC-001)")
case("C09-legal-v03-jsonrpc-charset-no-space", lambda: C03() + [R0(1, "message/send", {"message": msg03()}, h={"content-type": "application/json;charset=UTF-8"}), resp(ok(1, t03()))],
     [], "0.3: application/json;charset=UTF-8 (Spring's form) is application/json")
case("C10-v10-jsonrpc-form-urlencoded", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "application/x-www-form-urlencoded"}),
     [("HTTP-MEDIA-004", E)], "a JSON-RPC call labelled as a form (curl -d's default) (RPC-001)")
case("C11-legal-v10-sse-charset", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10)] +
     sse(["data: %s\n\n" % js(ok(1, e)) for e in [{"task": tsk("WORKING")}, stu("COMPLETED", 2)]], headers={"content-type": "text/event-stream; charset=utf-8"}),
     [], "text/event-stream; charset=utf-8 is an event stream (RPC-005)")
case("C12-v10-stream-answered-as-json", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [("STREAM-HTTP-001", E)], "SendStreamingMessage answered with one application/json body (RPC-005: text/event-stream)")
case("C13-legal-v03-rest-application-json", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) +
     [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers={"content-type": "application/json; charset=utf-8"}),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=J03)],
     [], "0.3 HTTP+JSON with application/json; charset=utf-8 (0.3 §3.5.6)")
case("C14-v10-push-delivery-text-json", lambda: C10() + send_task(tsk("SUBMITTED"), p={"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}) +
     [req(HOOK, stu("COMPLETED", 4), headers={"content-type": "text/json"}), resp("", headers={})],
     [("PUSH-DELIV-002", W)], "a 1.0 webhook delivery labelled text/json (PUSH-004: application/a2a+json)")
case("C15-legal-v10-push-delivery-a2a-json-charset", lambda: C10() + send_task(tsk("SUBMITTED"), p={"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}) +
     [req(HOOK, stu("COMPLETED", 4), headers={"content-type": "application/a2a+json; charset=utf-8"}), resp("", headers={})],
     [], "a webhook delivery as application/a2a+json; charset=utf-8 (PUSH-004)")
case("C16-legal-v10-jsonrpc-response-charset", lambda: C10() + [RPC(1, "SendMessage", P1), resp(ok(1, {"task": tsk("COMPLETED")}), headers={"content-type": "application/json; charset=utf-8"})],
     [], "the answer labelled application/json; charset=utf-8 (RPC-001)")
case("C17-v10-rest-text-plain", lambda: RC() + [req(H + "/message:send", P1, headers={**RJ, "content-type": "text/plain;charset=UTF-8"}), resp({"task": tsk("COMPLETED")}, headers=RJR)],
     [("HTTP-MEDIA-003", W)], "an HTTP+JSON body labelled text/plain (fetch()'s default for a string body) (REST-003)")

# ---------------------------------------------------------------- I: JSON-RPC ids, notifications and batches (RPC-002)
def call(i, m="GetTask", p=None, rid=None, res=None):
    r = rid if rid is not None else i
    return [req(A, {"jsonrpc": "2.0", "id": i, "method": m, "params": p or {"id": "t1"}}, headers=V10), resp(ok(r, res or tsk("COMPLETED")))]


def idsend(i, rid="same"):
    body = {"jsonrpc": "2.0", "method": "SendMessage", "params": P1}
    if i is not None or rid == "null":
        body["id"] = i
    r = {"jsonrpc": "2.0", "id": i if rid == "same" else rid, "result": {"task": tsk("COMPLETED")}}
    return C10() + [req(A, body, headers=V10), resp(r)]


case("I01-legal-v10-id-zero", lambda: idsend(0), [], "id 0 is an integer id (JSON-RPC 2.0 §4)")
case("I02-legal-v10-id-negative", lambda: idsend(-7), [], "id -7 is an integer id (JSON-RPC 2.0 §4)")
case("I03-legal-v10-id-empty-string", lambda: idsend(""), [], "id \"\" is a string id (JSON-RPC 2.0 §4 allows any string)")
case("I04-legal-v10-id-uuid-string", lambda: idsend("6f1c1f0e-5d8b-4c59-9b0c-0d7f4f1a2b3c"), [], "a UUID string id")
case("I05-v10-id-null", lambda: C10() + [req(A, {"jsonrpc": "2.0", "id": None, "method": "SendMessage", "params": P1}, headers=V10), resp(ok(None, {"task": tsk("COMPLETED")}))],
     [("RPC-REQ-001", E)], "request id null (JSON-RPC 2.0 §4: SHOULD NOT; A2A: string or integer required, RPC-002)")
case("I06-v10-id-fraction", lambda: idsend(1.5), [("RPC-REQ-001", E)], "id 1.5: fractional ids SHOULD NOT be used (JSON-RPC 2.0 §4), A2A says string or integer")
case("I07-v10-id-boolean", lambda: idsend(True), [("RPC-REQ-001", E)], "id true: neither a string nor an integer (RPC-002)")
case("I08-v10-notification-send", lambda: C10() + [req(A, {"jsonrpc": "2.0", "method": "SendMessage", "params": P1}, headers=V10), resp("", status=204, headers={})],
     [("RPC-REQ-001", E)], "SendMessage without an id: a notification, whose answer the client can never get (RPC-002)")
case("I09-v10-answer-id-string-for-integer", lambda: idsend(5, rid="5"), [("RPC-ID-001", E)], "request id 5, answer id \"5\" (RPC-002: the same id, the same type)")
case("I10-v10-answer-id-integer-for-string", lambda: idsend("7", rid=7), [("RPC-ID-001", E)], "request id \"7\", answer id 7 (RPC-002)")
case("I11-v10-answer-id-null-for-result", lambda: idsend(3, rid=None), [("RPC-ID-001", E)], "request id 3 answered with a result under id null (RPC-002: null only if unreadable, and never with a result)")
case("I12-legal-v10-id-float-integral", lambda: idsend(4, rid=4), [], "control: ids 4 and 4")
case("I13-legal-v10-batch-reversed", lambda: C10() + send_task(tsk("COMPLETED")) + send_task(tsk("COMPLETED", tid="t2", ctx="c2"), i=2) +
     [req(A, [rpc(3, "GetTask", {"id": "t1"}), rpc("x", "GetTask", {"id": "t2"})], headers=V10), resp([ok("x", tsk("COMPLETED", tid="t2", ctx="c2")), ok(3, tsk("COMPLETED"))])],
     [], "a batch of two GetTask (ids 3 and \"x\") answered in the other order (JSON-RPC 2.0 §6: any order)")
case("I14-v10-batch-duplicate-ids", lambda: C10() + send_task(tsk("COMPLETED")) + send_task(tsk("COMPLETED", tid="t2", ctx="c2"), i=2) +
     [req(A, [rpc(3, "GetTask", {"id": "t1"}), rpc(3, "GetTask", {"id": "t2"})], headers=V10), resp([ok(3, tsk("COMPLETED")), ok(3, tsk("COMPLETED", tid="t2", ctx="c2"))])],
     [("RPC-REQ-004", W)], "a batch gives id 3 to two calls: the answers cannot be told apart (RPC-002)")
case("I15-v10-batch-empty", lambda: C10() + [req(A, [], headers=V10), resp(err(None, -32600, "Invalid Request"))],
     [("RPC-REQ-006", N)], "an empty batch (JSON-RPC 2.0 §6: Invalid Request)")
case("I16-v10-batch-member-id-mismatch", lambda: C10() + send_task(tsk("COMPLETED")) +
     [req(A, [rpc("a", "GetTask", {"id": "t1"}), rpc("b", "GetTask", {"id": "t1", "historyLength": 0})], headers=V10), resp([ok("a", tsk("COMPLETED")), ok("B", tsk("COMPLETED"))])],
     [("RPC-ID-001", E)], "batch ids \"a\" and \"b\" answered \"a\" and \"B\" (RPC-002: ids are compared exactly)")
case("I17-legal-v03-id-string-numeric", lambda: C03() + [R0("42", "message/send", {"message": msg03()}), resp(ok("42", t03()))],
     [], "0.3: the string id \"42\" echoed as \"42\"")
case("I18-v03-id-null", lambda: C03() + [req(A, {"jsonrpc": "2.0", "id": None, "method": "message/send", "params": {"message": msg03()}}, headers=J03), resp(ok(None, t03()))],
     [("RPC-REQ-001", E)], "0.3: request id null (0.3 §6.11: string or integer)")
case("I19-v10-stream-id-changes-midway", lambda: C10() + [RPC(9, "SendStreamingMessage", P1, h=S10)] +
     sse(["data: %s\n\n" % js(ok(9, {"task": tsk("WORKING")})), "data: %s\n\n" % js(ok("9", stu("COMPLETED", 2)))]),
     [("STREAM-SHAPE-002", E)], "a stream's second event under id \"9\" for request id 9 (RPC-005: each event is a response to the request)")

# ---------------------------------------------------------------- M: several tasks in one context, follow-ups naming the wrong one (ID-003)
TWO = lambda: C10() + send_task(tsk("INPUT_REQUIRED", msg=ASK()), p={"message": msg10("book a flight", contextId="c1")}) + \
    send_task(tsk("INPUT_REQUIRED", tid="t2", msg=ASK("Which hotel?", mid="r2", tid="t2")), i=2, p={"message": msg10("book a hotel", mid="m2", contextId="c1")})
FU = lambda i, mid, text, res, **ids: [RPC(i, "SendMessage", {"message": msg10(text, mid=mid, **ids)}), resp(ok(i, res))]
case("M01-legal-v10-two-tasks-one-context", lambda: TWO() + FU(3, "m3", "Paris", {"task": tsk("COMPLETED", 3, artifacts=ART)}, taskId="t1", contextId="c1") +
     FU(4, "m4", "Ritz", {"task": tsk("COMPLETED", 4, tid="t2", artifacts=ART)}, taskId="t2", contextId="c1"),
     [], "two tasks in context c1, each follow-up names its task and each completes (ID-008, TASK-007)")
case("M02-v10-follow-up-other-context-processed", lambda: TWO() + send_task(tsk("INPUT_REQUIRED", tid="t9", ctx="c2", msg=ASK(tid="t9", ctx="c2")), i=3, p={"message": msg10("x", mid="m3", contextId="c2")}) +
     FU(4, "m4", "Paris", {"task": tsk("COMPLETED", 4, artifacts=ART)}, taskId="t1", contextId="c2"),
     [("ID-CTX-002", E)], "follow-up names taskId t1 (context c1) with contextId c2, processed (ID-003: a contextId other than the task's is rejected)")
case("M03-legal-v10-follow-up-other-context-refused", lambda: TWO() + [RPC(3, "SendMessage", {"message": msg10("Paris", mid="m3", taskId="t1", contextId="c2")}),
     resp(err(3, -32602, "contextId c2 does not match task t1"))],
     [], "the same follow-up refused -32602 (ID-003)")
case("M04-v10-follow-up-task-only-context-not-inferred", lambda: TWO() + FU(3, "m3", "Paris", {"task": tsk("COMPLETED", 3, ctx="c7", artifacts=ART)}, taskId="t1"),
     [("ID-CTX-001", E)], "follow-up names only taskId t1 (of c1) and the task comes back in c7 (ID-003: context inferred)")
case("M05-v10-follow-up-answered-by-sibling-task", lambda: TWO() + FU(3, "m3", "Paris", {"task": tsk("COMPLETED", 3, tid="t2", artifacts=ART)}, taskId="t1", contextId="c1"),
     [("ID-TASK-002", E)], "follow-up to t1 answered with its sibling t2 of the same context (ID-001)")
case("M06-legal-v10-context-only-starts-new-task", lambda: TWO() + FU(3, "m3", "and a car", {"task": tsk("INPUT_REQUIRED", 3, tid="t3", msg=ASK("Which size?", mid="r3", tid="t3"))}, contextId="c1"),
     [], "contextId c1 without taskId: a new task t3 in c1 (ID-008)")
case("M07-v10-follow-up-to-completed-sibling-accepted", lambda: TWO() + FU(3, "m3", "Paris", {"task": tsk("COMPLETED", 3, artifacts=ART)}, taskId="t1", contextId="c1") +
     FU(4, "m4", "Nice instead", {"task": tsk("COMPLETED", 5, artifacts=ART)}, taskId="t1", contextId="c1"),
     [("TASK-STATE-002", E)], "t1 completed, its sibling t2 still waits; a new message to t1 accepted (TASK-002)")
case("M08-v10-new-context-substituted", lambda: C10() + send_task(tsk("COMPLETED", ctx="c-other"), p={"message": msg10(contextId="c-mine")}),
     [("ID-CTX-002", E)], "client asked for context c-mine, the task came back in c-other (ID-002: MUST NOT substitute)")
case("M09-legal-v10-context-minted", lambda: C10() + send_task(tsk("COMPLETED", ctx="ctx-3f9a")),
     [], "no contextId sent, the agent minted ctx-3f9a (ID-002)")
case("M10-v03-follow-up-task-only-context-not-inferred", lambda: C03() + [R0(1, "message/send", {"message": msg03("book", contextId="c1")}), resp(ok(1, t03("input-required", msg=am03("Which city?")))),
     R0(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1")}), resp(ok(2, t03("completed", 2, ctx="c7")))],
     [("ID-CTX-001", E)], "0.3: follow-up names only taskId t1, task returns in context c7 (a task's contextId never changes, ID-006)")
case("M11-legal-v03-two-tasks-one-context", lambda: C03() + [R0(1, "message/send", {"message": msg03("a", contextId="c1")}), resp(ok(1, t03("input-required", msg=am03("?")))),
     R0(2, "message/send", {"message": msg03("b", mid="m2", contextId="c1")}), resp(ok(2, t03("completed", 2, tid="t2"))),
     R0(3, "message/send", {"message": msg03("c", mid="m3", taskId="t1", contextId="c1")}), resp(ok(3, t03("completed", 3)))],
     [], "0.3: two tasks in c1, the follow-up names t1 (ID-008)")
case("M12-v10-stream-follow-up-answered-by-sibling", lambda: TWO() + stream([{"task": tsk("WORKING", 3, tid="t2")}, stu("COMPLETED", 4, tid="t2")], i=3,
     p={"message": msg10("Paris", mid="m3", taskId="t1", contextId="c1")}),
     [("ID-TASK-002", E)], "streamed follow-up to t1: the stream follows its sibling t2 (ID-001)")
case("M13-legal-v10-reference-task-ids-new-task", lambda: C10() + send_task(tsk("COMPLETED", artifacts=ART)) +
     FU(2, "m2", "make it shorter", {"task": tsk("COMPLETED", 3, tid="t2", artifacts=ART)}, contextId="c1", referenceTaskIds=["t1"]),
     [], "refinement of a completed task: a new task t2 in the same context naming t1 in referenceTaskIds (TASK-001)")

# ---------------------------------------------------------------- R: input-required and auth-required round trips (TASK-005..007, STREAM-007/008)
NEED = lambda tid="t1": amsg10("Please sign in at https://idp.example.test/authorize", mid="r-auth", taskId=tid, contextId="c1")
case("R01-legal-v10-stream-input-then-stream-complete", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK())]) +
     stream([{"task": tsk("WORKING", 3)}, art("a1", "ok", last=True), stu("COMPLETED", 4)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "a stream ends at INPUT_REQUIRED (§11.7, trap 4), the answer opens a second stream that completes")
case("R02-legal-v10-auth-required-stream-stays-open", lambda: C10() + paced(stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", 2, msg=NEED()), stu("WORKING", 5), stu("COMPLETED", 6)])),
     [], "AUTH_REQUIRED explained in status.message, the stream stays open and completes after out-of-band auth (TASK-006)")
case("R03-v10-auth-required-without-message", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", 2)]),
     [("TASK-AUTH-001", E)], "AUTH_REQUIRED with no status.message (TASK-006: explain in status.message)")
case("R04-v03-auth-required-without-message", lambda: C03() + stream03([t03("working"), su03("auth-required", 2, final=True)]),
     [("TASK-AUTH-002", W)], "0.3 auth-required with no status.message (0.3 §4.5 SHOULD)")
case("R05-legal-v03-input-required-final", lambda: C03() + stream03([t03("working"), su03("input-required", 2, final=True, msg=am03("Which city?"))]) +
     stream03([t03("working", 3), su03("completed", 4, final=True)], i=2, p={"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "0.3 stream ends at input-required with final:true, the answer streams to completed (STREAM-008)")
case("R06-v03-input-required-final-false-then-close", lambda: C03() + stream03([t03("working"), su03("input-required", 2, final=False, msg=am03("Which city?"))]),
     [("STREAM-FINAL-001", E)], "0.3 stream closes after input-required with final:false (STREAM-008: final marks the last event of the cycle)")
case("R07-v03-completed-final-false", lambda: C03() + stream03([t03("working"), su03("completed", 2, final=False)]),
     [("STREAM-FINAL-001", E)], "0.3 completed with final:false (STREAM-008)")
case("R08-legal-v10-two-questions", lambda: C10() + send_task(tsk("INPUT_REQUIRED", msg=ASK())) +
     send_task(tsk("INPUT_REQUIRED", 3, msg=ASK("Which date?", mid="r2")), i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}) +
     send_task(tsk("COMPLETED", 5, artifacts=ART), i=3, p={"message": msg10("Friday", mid="m3", taskId="t1", contextId="c1")}),
     [], "two rounds of input-required before completion (TASK-005, TASK-007)")
case("R09-v10-subscribe-input-required-refused", lambda: C10() + send_task(tsk("INPUT_REQUIRED", msg=ASK())) +
     [RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10), resp(err(2, -32004, "Task t1 is not active", einfo("UNSUPPORTED_OPERATION")))],
     [("TASK-STATE-008", E)], "SubscribeToTask on an INPUT_REQUIRED task refused -32004 (TASK-004: only terminal tasks are refused)")
case("R10-legal-v10-subscribe-input-required", lambda: C10() + send_task(tsk("INPUT_REQUIRED", msg=ASK())) +
     stream([{"task": tsk("INPUT_REQUIRED", msg=ASK())}], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [], "SubscribeToTask on an INPUT_REQUIRED task: the current task, then the stream closes at the interrupted state (STREAM-004, trap 4)")
case("R11-legal-v02-input-required-round-trip", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") +
     [R0(1, "message/send", {"message": msg03("book")}), resp(ok(1, t03("input-required", msg=am03("Which city?")))),
      R0(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, t03("completed", 2, artifacts=[{"artifactId": "a1", "parts": [{"kind": "text", "text": "ok"}]}])))],
     [], "0.2.5: input-required, then the answer completes the task")
case("R12-v10-cancel-input-required-no-effect", lambda: C10() + send_task(tsk("INPUT_REQUIRED", msg=ASK())) +
     [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))] + GT(3, {"id": "t1"}, tsk("INPUT_REQUIRED", 1, msg=ASK())),
     [("TASK-STATE-001", E)], "cancel answered CANCELED, a later GetTask still shows INPUT_REQUIRED (TASK-001: the canceled task changed state)")
case("R13-legal-v10-auth-required-then-follow-up", lambda: C10() + send_task(tsk("AUTH_REQUIRED", msg=NEED())) +
     send_task(tsk("COMPLETED", 3, artifacts=ART), i=2, p={"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1")}, h={**V10, "authorization": BEARER}),
     [], "blocking send stops at AUTH_REQUIRED, the follow-up after sign-in completes (TASK-006, TASK-005)")
case("R14-legal-v01-input-required-round-trip", lambda: getcard(card01(), path="/.well-known/agent.json") +
     [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "book"}]}}),
      resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "input-required", "message": {"role": "agent", "parts": [{"type": "text", "text": "Which city?"}]}, "timestamp": "2026-12-02T10:00:01Z"}})),
      R0(2, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "Paris"}]}}),
      resp(ok(2, {"id": "t1", "sessionId": "s1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02Z"}, "artifacts": [{"parts": [{"type": "text", "text": "booked"}]}]}))],
     [], "0.1 tasks/send: input-required, the client continues the same client-chosen id (0.1 lets the client name the task)")
case("R15-v10-auth-required-blocking-without-message", lambda: C10() + send_task(tsk("AUTH_REQUIRED")),
     [("TASK-AUTH-001", E)], "blocking send answered AUTH_REQUIRED with no status.message (TASK-006)")
case("R16-v03-input-required-then-working-after-final", lambda: C03() + stream03([t03("working"), su03("input-required", 2, final=True, msg=am03("?")), su03("working", 3)]),
     [("STREAM-END-001", E)], "0.3: an event after the final:true input-required on the same stream (STREAM-008: final is the last event)")

# ---------------------------------------------------------------- K: cancel of a task already terminal, each generation and binding (TASK-003)
case("K01-v10-cancel-completed-succeeded", lambda: C10() + send_task(tsk("COMPLETED", artifacts=ART)) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("COMPLETED", artifacts=ART)))],
     [("TASK-STATE-003", E)], "CancelTask of a COMPLETED task answered with the task (TASK-003: TaskNotCancelableError)")
case("K02-legal-v10-cancel-completed-refused", lambda: C10() + send_task(tsk("COMPLETED", artifacts=ART)) + [RPC(2, "CancelTask", {"id": "t1"}), resp(err(2, -32002, "Task t1 is completed", einfo("TASK_NOT_CANCELABLE")))],
     [], "CancelTask of a COMPLETED task refused -32002 (TASK-003)")
case("K03-v03-cancel-completed-succeeded", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03())), R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, t03("completed", 2)))],
     [("TASK-STATE-003", E)], "0.3 tasks/cancel of a completed task answered with the task (0.3 §7.4: TaskNotCancelableError)")
case("K04-legal-v03-cancel-completed-refused", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03())), R0(2, "tasks/cancel", {"id": "t1"}), resp(err(2, -32002, "Task cannot be canceled"))],
     [], "0.3: -32002 TaskNotCancelableError")
case("K05-v02-cancel-failed-succeeded", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") +
     [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03("failed"))), R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, t03("canceled", 2)))],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "0.2.5: tasks/cancel of a failed task answered canceled (TASK-001: terminal tasks never change)")
case("K06-legal-v02-cancel-failed-refused", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") +
     [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03("failed"))), R0(2, "tasks/cancel", {"id": "t1"}), resp(err(2, -32002, "Task cannot be canceled"))],
     [], "0.2.5: -32002")
case("K07-v10-rest-cancel-completed-200", lambda: RC() + [req(H + "/message:send", P1, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR),
     req(H + "/tasks/t1:cancel", "", headers=RJ), resp(tsk("COMPLETED"), headers=RJR)],
     [("TASK-STATE-003", E)], "POST /tasks/t1:cancel of a COMPLETED task answered 200 with the task (TASK-003)")
case("K08-legal-v10-rest-cancel-completed-400", lambda: RC() + [req(H + "/message:send", P1, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR),
     req(H + "/tasks/t1:cancel", "", headers=RJ),
     resp({"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Task t1 is completed", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_CANCELABLE", "domain": "a2a-protocol.org"}]}}, status=400, headers=RJR)],
     [], "HTTP+JSON 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE (ERR-002 1.0.1, ERR-003)")
case("K09-v03-rest-cancel-completed-200", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) +
     [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=J03),
      req(H + "/v1/tasks/t1:cancel", "", headers=J03), resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_CANCELLED", "timestamp": "2026-12-02T10:00:02Z"}}, headers=J03)],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "0.3 HTTP+JSON cancel of a completed task answered TASK_STATE_CANCELLED (TASK-001, TASK-003)")
case("K10-v10-cancel-rejected-succeeded", lambda: C10() + send_task(tsk("REJECTED", msg=amsg10("no", mid="r1", taskId="t1", contextId="c1"))) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "CancelTask of a REJECTED task answered CANCELED (TASK-003, TASK-001)")
case("K11-v01-cancel-completed-succeeded", lambda: getcard(card01(), path="/.well-known/agent.json") +
     [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
      resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:01Z"}})),
      R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, {"id": "t1", "sessionId": "s1", "status": {"state": "canceled", "timestamp": "2026-12-02T10:00:02Z"}}))],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "0.1 tasks/cancel of a completed task answered canceled (TASK-001)")
case("K12-legal-v10-cancel-working-then-canceled", lambda: C10() + send_task(tsk("WORKING"), p=RI) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))],
     [], "control: cancel of a WORKING task answers CANCELED (TASK-003)")
case("K13-v10-cancel-stream-completed-then-cancel", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)]) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 3)))],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "the stream ended COMPLETED, a later CancelTask answered CANCELED (TASK-003)")
case("K14-legal-v03-cancel-canceled-idempotent", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, t03("working"))),
     R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, t03("canceled", 2))), R0(3, "tasks/cancel", {"id": "t1"}), resp(ok(3, t03("canceled", 2)))],
     [], "0.3: a second cancel of the canceled task answers the same canceled task (TASK-003: idempotent)")

# ---------------------------------------------------------------- P: push deliveries racing the final answer (PUSH-004, TASK-001)
INL = {"message": msg10(), "configuration": {"taskPushNotificationConfig": {"url": HOOK, "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "hook-1"}}}}
HD = {"content-type": "application/a2a+json", "authorization": "Bearer hook-1"}
DLV = lambda body, h=HD, **kw: [req(HOOK, body, headers=h, **kw), resp("", headers={}, **kw)]
WH = lambda body, t, h=HD: [{**req(HOOK, body, headers=h), "id": "w1", "t": t}, {**resp("", headers={}), "id": "w1", "t": round(t + 0.001, 3)}]
case("P01-legal-v10-delivery-before-blocking-answer", lambda: C10() + [{**RPC(1, "SendMessage", INL), "id": 1}, *WH(stu("COMPLETED", 3), 0.3),
     {**resp(ok(1, {"task": tsk("COMPLETED", 3, artifacts=ART)})), "id": 1, "t": 0.31}],
     [], "the webhook hears COMPLETED 10 ms before the blocking send answers COMPLETED (at-least-once, no order between channels; PUSH-004)")
case("P02-v10-delivery-completed-answer-working", lambda: C10() + [{**RPC(1, "SendMessage", {**INL, "configuration": {**INL["configuration"], "returnImmediately": True}}), "id": 1},
     {**resp(ok(1, {"task": tsk("SUBMITTED")})), "id": 1, "t": 0.05}, *WH(stu("COMPLETED", 3), 0.3)] + later(GT(2, {"id": "t1"}, tsk("WORKING", 4)), 2.0),
     [("TASK-STATE-001", E)], "the webhook heard COMPLETED, a GetTask 2 s later shows WORKING (TASK-001)")
case("P03-legal-v10-deliveries-working-completed", lambda: C10() + send_task(tsk("SUBMITTED"), p={**INL, "configuration": {**INL["configuration"], "returnImmediately": True}}) +
     DLV(stu("WORKING", 2)) + DLV({"task": tsk("COMPLETED", 3, artifacts=ART)}) + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=ART)),
     [], "deliveries WORKING then the whole COMPLETED task, GetTask agrees (PUSH-004)")
case("P04-v10-delivery-missing-credentials", lambda: C10() + send_task(tsk("SUBMITTED"), p={**INL, "configuration": {**INL["configuration"], "returnImmediately": True}}) +
     DLV(stu("COMPLETED", 3), h={"content-type": "application/a2a+json"}),
     [("PUSH-AUTH-001", E)], "inline config with Bearer credentials, the delivery carries no Authorization (PUSH-004)")
case("P05-v10-delivery-other-task-race", lambda: C10() + send_task(tsk("SUBMITTED"), p={**INL, "configuration": {**INL["configuration"], "returnImmediately": True}}) +
     send_task(tsk("SUBMITTED", tid="t2", ctx="c2"), i=2, p=RI) + DLV(stu("COMPLETED", 3, tid="t2", ctx="c2")),
     [("PUSH-BODY-002", E)], "t1's webhook receives t2's COMPLETED (PUSH-004)")
case("P06-legal-v03-delivery-before-answer", lambda: C03() + [{**R0(1, "message/send", {"message": msg03(), "configuration": {"pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}), "id": 1},
     *WH(t03("completed", 3), 0.3, h={"content-type": "application/json", "x-a2a-notification-token": "tok-1"}),
     {**resp(ok(1, t03("completed", 3))), "id": 1, "t": 0.31}],
     [], "0.3: the webhook POST of the completed task arrives 9 ms before the blocking answer (PUSH-005)")
case("P07-v03-delivery-wrong-token", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}), resp(ok(1, t03("working"))),
     req(HOOK, t03("completed", 3), headers={"content-type": "application/json", "x-a2a-notification-token": "tok-2"}), resp("", headers={})],
     [("PUSH-AUTH-002", E)], "0.3: the delivery carries token tok-2, the config said tok-1 (PUSH-005)")
case("P08-legal-v10-delivery-retried", lambda: C10() + send_task(tsk("SUBMITTED"), p={**INL, "configuration": {**INL["configuration"], "returnImmediately": True}}) +
     [req(HOOK, stu("COMPLETED", 3), headers=HD), resp("", status=503, headers={})] + later(DLV(stu("COMPLETED", 3)), 2.0),
     [], "the receiver answered 503, the agent retried the same COMPLETED 2 s later (PUSH-004: at-least-once, retries MAY)")

# ---------------------------------------------------------------- G: 0.1/0.2 traffic beside 0.3 and 1.0 in one recording (VER-*)
H2, H3, H4 = "https://old.example.test", "https://mid.example.test", "https://new.example.test"
OLD = lambda: [req(H2 + "/.well-known/agent.json", method="GET", headers={"accept": "application/json"}), resp(card01(url=H2 + "/a2a"), headers=J)]
OLD01 = lambda i=1, res=None: [req(H2 + "/a2a", rpc(i, "tasks/send", {"id": "t-old", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=J03),
                               resp(ok(i, res or {"id": "t-old", "sessionId": "s1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:01Z"}}))]
MID = lambda: [req(H3 + "/.well-known/agent.json", method="GET", headers={"accept": "application/json"}), resp(card02(url=H3 + "/a2a", protocolVersion="0.2.5"), headers=J)]
MID02 = lambda i=1: [req(H3 + "/a2a", rpc(i, "message/send", {"message": msg03()}), headers=J03), resp(ok(i, t03(tid="t-mid", ctx="c-mid")))]
case("G01-legal-three-generations-three-agents", lambda: OLD() + OLD01() + MID() + MID02() + C10() + send_task(tsk("COMPLETED")) + getcard(card03(url=H4 + "/a2a"), base=H4) + [R0(1, "message/send", {"message": msg03()}, url=H4 + "/a2a"), resp(ok(1, t03(tid="t3", ctx="c3")))],
     [], "0.1 tasks/send, 0.2.5 message/send, 1.0 SendMessage and 0.3 message/send to four agents in one recording")
case("G02-v01-answered-in-1-0-shape", lambda: OLD() + OLD01(res={"task": tsk("COMPLETED", tid="t-old", ctx="s1")}) + C10() + send_task(tsk("COMPLETED")),
     [("DATA-SHAPE-001", E), ("TASK-STATE-005", E), ("VER-MIX-001", W)], "a 0.1 tasks/send answered with a 1.0 {task:{...}} wrapper (no id/status at the top: not a 0.1 Task), its state a 1.0 enum name")
case("G03-legal-v02-and-v10-same-ids", lambda: MID() + MID02() + C10() + send_task(tsk("COMPLETED", tid="t-mid", ctx="c-mid")),
     [], "two agents (0.2.5 and 1.0) each hand out a task named t-mid: ids are per agent")
case("G04-v02-terminal-changed-beside-1-0", lambda: MID() + MID02() + [req(H3 + "/a2a", rpc(2, "tasks/get", {"id": "t-mid"}), headers=J03), resp(ok(2, t03("working", 2, tid="t-mid", ctx="c-mid")))] + C10() + send_task(tsk("COMPLETED")),
     [("TASK-STATE-001", E)], "0.2.5 task t-mid completed, then tasks/get shows working (TASK-001), beside a 1.0 agent")
case("G05-legal-v01-sendsubscribe-beside-v10-stream", lambda: OLD() + [req(H2 + "/a2a", rpc(1, "tasks/sendSubscribe", {"id": "t-old", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=S03)] +
     sse(["data: %s\n\n" % js(ok(1, {"id": "t-old", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01Z"}, "final": False})),
          "data: %s\n\n" % js(ok(1, {"id": "t-old", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02Z"}, "final": True}))]) +
     C10() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)]),
     [], "0.1 tasks/sendSubscribe (status events carry id and final) beside a 1.0 stream")
case("G06-v10-client-sends-0-1-method-to-1-0-agent-served", lambda: C10() + [RPC(1, "tasks/send", {"id": "t1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
     resp(ok(1, {"task": tsk("COMPLETED")}))],
     [("VER-MIX-002", W), ("VER-HDR-006", W)], "a 0.1 method (tasks/send) under A2A-Version 1.0, answered in the 1.0 form the header asks for: the client mixed versions (VER-002); review33: the 1.0-only agent's lenience is judged too (VER-HDR-006, a warning: under 1.0 tasks/send does not exist, RPC-003)")
case("G07-legal-v02-tasks-send-refused", lambda: MID() + [req(H3 + "/a2a", rpc(1, "tasks/send", {"id": "t1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=J03),
     resp(err(1, -32601, "Method not found"))],
     [], "0.2.5 agent refuses the 0.1 method tasks/send with -32601 (ERR-001)")

# ---------------------------------------------------------------- T: ListTasks over many tasks (DATA-007)
def LT(tasks, i=1, nxt="", ps=50, total=None, h=V10, **kw):
    return [RPC(i, "ListTasks", kw, h=h), resp(ok(i, {"tasks": tasks, "nextPageToken": nxt, "pageSize": ps, "totalSize": len(tasks) if total is None else total}))]


MANY = lambda k, state="COMPLETED", ctx="c1", base=0: [tsk(state, 50 - base - j, tid="t%d" % (base + j), ctx=ctx) for j in range(k)]
case("T01-legal-v10-list-three-pages", lambda: C10() + LT(MANY(2), nxt="p2", ps=2, total=5, pageSize=2) +
     LT(MANY(2, base=2), i=2, nxt="p3", ps=2, total=5, pageSize=2, pageToken="p2") + LT([tsk("COMPLETED", 46, tid="t4")], i=3, ps=2, total=5, pageSize=2, pageToken="p3"),
     [], "five tasks, pageSize 2: pages of 2, 2 and 1, tokens p2, p3, then \"\" (DATA-007)")
case("T02-v10-list-page-repeats-task", lambda: C10() + LT(MANY(2), nxt="p2", ps=2, total=4, pageSize=2) +
     LT([tsk("COMPLETED", 49, tid="t1"), tsk("COMPLETED", 48, tid="t2")], i=2, ps=2, total=4, pageSize=2, pageToken="p2"),
     [("DATA-LIST-004", E)], "page two (pageToken p2) lists t1 again: the cursor did not advance (DATA-007)")
case("T03-v10-list-no-token-though-more", lambda: C10() + LT(MANY(2), nxt="", ps=2, total=7, pageSize=2),
     [("DATA-LIST-004", E)], "totalSize 7, two listed, nextPageToken \"\": the other five are unreachable (DATA-007)")
case("T04-v10-list-timestamp-after-ignored", lambda: C10() + LT([tsk("COMPLETED", 30, tid="t2"), tsk("COMPLETED", 5)], statusTimestampAfter="2026-12-02T10:00:20Z"),
     [("DATA-LIST-003", E)], "statusTimestampAfter 10:00:20, a task stamped 10:00:05 listed (DATA-007)")
case("T05-legal-v10-list-timestamp-after", lambda: C10() + LT([tsk("COMPLETED", 30, tid="t2"), tsk("COMPLETED", 25)], statusTimestampAfter="2026-12-02T10:00:20Z"),
     [], "statusTimestampAfter 10:00:20, both listed tasks are later (DATA-007)")
case("T06-v10-list-status-filter-many", lambda: C10() + LT([tsk("WORKING", 40, tid="t3"), tsk("WORKING", 30, tid="t2"), tsk("INPUT_REQUIRED", 20, msg=ASK())], status="TASK_STATE_WORKING"),
     [("DATA-LIST-003", E)], "status WORKING, the third listed task is INPUT_REQUIRED (DATA-007)")
case("T07-legal-v10-list-status-and-context", lambda: C10() + LT([tsk("WORKING", 40, tid="t3"), tsk("WORKING", 30, tid="t2")], status="TASK_STATE_WORKING", contextId="c1"),
     [], "status and contextId filters both honoured (DATA-007)")
case("T08-v10-list-history-length-zero-ignored", lambda: C10() + LT([tsk("COMPLETED", 30, history=[msg10(taskId="t1", contextId="c1")])], historyLength=0),
     [("DATA-HISTORY-001", E)], "ListTasks historyLength 0 and the listed task carries history (DATA-006)")
case("T09-legal-v10-list-history-length-one", lambda: C10() + LT([tsk("COMPLETED", 30, history=[amsg10(mid="h2", taskId="t1", contextId="c1")])], historyLength=1),
     [], "ListTasks historyLength 1, one message (DATA-006)")
case("T10-v10-rest-list-newest-last", lambda: RC() + [req(H + "/tasks?pageSize=3", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", 10, tid="t1"), tsk("COMPLETED", 20, tid="t2"), tsk("COMPLETED", 30, tid="t3")], "nextPageToken": "", "pageSize": 3, "totalSize": 3}, headers=RJR)],
     [("DATA-LIST-002", E)], "HTTP+JSON GET /tasks lists oldest first (DATA-007: newest status first)")
case("T11-legal-v10-rest-list-tenant-pages", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [req(H + "/acme/tasks?pageSize=1", method="GET", headers=RJG), resp({"tasks": [tsk("COMPLETED", 30, tid="t2")], "nextPageToken": "cDI", "pageSize": 1, "totalSize": 2}, headers=RJR),
      req(H + "/acme/tasks?pageSize=1&pageToken=cDI", method="GET", headers=RJG), resp({"tasks": [tsk("COMPLETED", 20)], "nextPageToken": "", "pageSize": 1, "totalSize": 2}, headers=RJR)],
     [], "tenant-prefixed GET /acme/tasks over two pages (CARD-008, DATA-007)")
case("T12-v10-list-timestamp-after-offset-ignored", lambda: C10() + LT([tsk("COMPLETED", 30, tid="t2"), tsk("COMPLETED", 5)], statusTimestampAfter="2026-12-02T11:00:20+01:00"),
     [("DATA-LIST-003", E)], "statusTimestampAfter 11:00:20+01:00 (10:00:20Z), a task stamped 10:00:05Z listed (DATA-007)")

# ---------------------------------------------------------------- K1: a 0.x close after final:true at an interrupted state, then more events (STREAM-008)
case("R17-v03-auth-required-final-then-working", lambda: C03() + stream03([t03("working"), su03("auth-required", 2, final=True, msg=am03("Sign in at https://idp.example.test")), su03("working", 3)]),
     [("STREAM-END-001", E)], "0.3: an event after the final:true auth-required (STREAM-008); the close after it is no second fault")
case("R18-v03-input-required-final-then-artifact", lambda: C03() + stream03([t03("working"), su03("input-required", 2, final=True, msg=am03("?")),
     {"kind": "artifact-update", "taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "draft"}]}, "lastChunk": True}]),
     [("STREAM-END-001", E)], "0.3: an artifact after the final:true input-required (STREAM-008)")
case("R19-v02-input-required-final-then-working", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") +
     stream03([t03("working"), su03("input-required", 2, final=True, msg=am03("?")), su03("working", 3)]),
     [("STREAM-END-001", E)], "0.2.5: a working update after the final:true input-required (STREAM-008)")
case("R20-v03-input-required-final-then-working-reset", lambda: C03() + stream03([t03("working"), su03("input-required", 2, final=True, msg=am03("?")), su03("working", 3)], close="reset"),
     [("STREAM-END-001", E)], "0.3: a working update after the final:true input-required, then the connection reset: the cycle had ended at final (STREAM-008)")
case("R21-v03-input-required-not-final-then-working-closed", lambda: C03() + stream03([t03("working"), su03("input-required", 2, final=False, msg=am03("?")), su03("working", 3)]),
     [("STREAM-END-007", W)], "control: input-required without final, the task goes on working and the stream closes there (STREAM-003)")

# ---------------------------------------------------------------- K2: HTTP 415 with ContentTypeNotSupportedError to the body's own media type (RPC-001, REST-003)
PNG = {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"raw": "iVBORw0KGgo=", "mediaType": "image/png", "filename": "a.png"}]}}
RE = lambda code, st, reason: {"error": {"code": code, "status": st, "message": "Unsupported media type", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]}}
case("C18-v10-jsonrpc-415-content-type-not-supported", lambda: C10() + [RPC(1, "SendMessage", P1), resp(err(1, -32005, "Content type not supported", einfo("CONTENT_TYPE_NOT_SUPPORTED")), status=415)],
     [("HTTP-MEDIA-001", E)], "a JSON-RPC call sent as application/json refused HTTP 415 with -32005: the agent refuses the binding's own media type (RPC-001)")
case("C19-v03-jsonrpc-415-content-type-not-supported", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(err(1, -32005, "Incompatible content types"), status=415)],
     [("HTTP-MEDIA-001", E)], "0.3: application/json refused HTTP 415 with -32005 (RPC-001)")
case("C20-v10-rest-a2a-json-415-content-type-not-supported", lambda: RC() + [req(H + "/message:send", P1, headers=RJ), resp(RE(415, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED"), status=415, headers=RJR)],
     [("HTTP-MEDIA-002", W)], "HTTP+JSON application/a2a+json (1.0's own type) refused 415 CONTENT_TYPE_NOT_SUPPORTED; the parts are plain text")
case("C21-v10-jsonrpc-text-plain-415-content-type-not-supported", lambda: C10() + [req(A, rpc(1, "SendMessage", P1), headers={**V10, "content-type": "text/plain"}),
     resp(err(1, -32005, "Content type not supported", einfo("CONTENT_TYPE_NOT_SUPPORTED")), status=415)],
     [("HTTP-MEDIA-004", E)], "a JSON-RPC call sent as text/plain refused 415 with -32005: the client's fault, the agent's right answer")
case("C22-legal-v10-rest-png-part-refused", lambda: RC() + [req(H + "/message:send", PNG, headers=RJ), resp(RE(400, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED"), status=400, headers=RJR)],
     [], "an image/png part the card's input modes do not list refused 400 CONTENT_TYPE_NOT_SUPPORTED (ERR-002 1.0.1)")
case("C23-v10-jsonrpc-200-content-type-not-supported-text", lambda: C10() + [RPC(1, "SendMessage", P1), resp(err(1, -32005, "Content type not supported", einfo("CONTENT_TYPE_NOT_SUPPORTED")))],
     [("RPC-ERROR-001", E)], "control: a plain-text send refused -32005 under HTTP 200: no part type to refuse (ERR-002)")
case("C24-v10-rest-json-415-content-type-not-supported", lambda: RC() + [req(H + "/message:send", P1, headers={**RJ, "content-type": "application/json"}), resp(RE(415, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED"), status=415, headers=RJR)],
     [("HTTP-MEDIA-002", W)], "HTTP+JSON application/json (1.0.0's type) refused 415 CONTENT_TYPE_NOT_SUPPORTED, the parts plain text")

# ---------------------------------------------------------------- K3: one A2A-Version repeated ("1.0, 1.0") and applied (VER-002)
DUAL = lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A + "/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]))
case("V01-v10-version-repeated-processed", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "a2a-version": "1.0, 1.0"}),
     [("VER-HDR-003", W)], "A2A-Version \"1.0, 1.0\" (two header lines combined) processed as 1.0: the request's fault (VER-001), the agent applied the version asked (VER-002)")
case("V02-v10-rest-version-repeated-no-space", lambda: RC() + [req(H + "/message:send", P1, headers={**RJ, "a2a-version": "1.0,1.0"}), resp({"task": tsk("COMPLETED")}, headers=RJR)],
     [("VER-HDR-003", W)], "HTTP+JSON A2A-Version \"1.0,1.0\" processed as 1.0 (VER-001)")
case("V03-v10-version-repeated-stream", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], h={**S10, "a2a-version": "1.0 , 1.0"}),
     [("VER-HDR-003", W)], "a stream under A2A-Version \"1.0 , 1.0\" served as 1.0 (VER-001)")
case("V04-v10-version-repeated-get", lambda: C10() + send_task(tsk("COMPLETED")) + GT(2, {"id": "t1"}, tsk("COMPLETED"), h={**V10, "a2a-version": "1.0, 1.0, 1.0"}),
     [("VER-HDR-003", W)], "GetTask under A2A-Version \"1.0, 1.0, 1.0\" served as 1.0 (VER-001)")
case("V05-v10-version-two-versions-processed", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "a2a-version": "1.0, 2.0"}),
     [("VER-HDR-003", W), ("VER-HDR-001", E)], "control: A2A-Version \"1.0, 2.0\" names two versions, one the agent does not serve, and was processed (VER-002)")
case("V06-v10-version-repeated-refused", lambda: C10() + [RPC(1, "SendMessage", P1, h={**V10, "a2a-version": "1.0, 1.0"}), resp(err(1, -32009, "Version not supported", einfo("VERSION_NOT_SUPPORTED")))],
     [("VER-HDR-003", W)], "\"1.0, 1.0\" refused -32009: a strict agent's answer to a value that is not Major.Minor")

# ---------------------------------------------------------------- Z: more legal controls across the round's areas
OA10 = dict(securitySchemes={"oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://idp.example.test/token", "scopes": {"a2a": "call"}}}}}},
            securityRequirements=[{"schemes": {"oauth": {"list": ["a2a"]}}}])
QK10 = dict(securitySchemes={"key": {"apiKeySecurityScheme": {"location": "query", "name": "api_key"}}}, securityRequirements=[{"schemes": {"key": {"list": []}}}])
RX = lambda sec=SEC10: getcard(XC10(sec=sec, ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
RXF = lambda sec=SEC10: {**FULL10(sec=sec), "supportedInterfaces": [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]}
case("Z01-legal-v10-extended-card-then-send", lambda: getcard(XC10()) + [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, FULL10()))] + send_task(tsk("COMPLETED", artifacts=ART), i=2, h=AH),
     [], "extended card fetched with a bearer token, then a send with the same token (AUTH-005, AUTH-002)")
case("Z02-legal-v03-rest-extended-card", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON", supportsAuthenticatedExtendedCard=True, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])) +
     [req(H + "/v1/card", method="GET", headers={"accept": "application/json", "authorization": BEARER}), resp(card03(url=H, preferredTransport="HTTP+JSON", supportsAuthenticatedExtendedCard=True, description="full", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]), headers=J03)],
     [], "0.3 HTTP+JSON GET /v1/card (the authenticated extended card) with a bearer token (0.3 §3.5.6)")
case("Z03-legal-v10-rest-extended-card-query-key", lambda: RX(QK10) + [req(H + "/extendedAgentCard?api_key=k-123456", method="GET", headers=RJG), resp(RXF(QK10), headers=RJR)],
     [], "the card's API-key scheme puts the key in the query parameter api_key, and the extended card call sends it there (AUTH-001)")
case("Z04-legal-v10-extended-card-oauth2", lambda: getcard(XC10(sec=OA10)) + [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, FULL10(sec=OA10)))],
     [], "OAuth 2.0 client-credentials scheme, the token as a Bearer header (AUTH-005)")
case("Z05-legal-v02-extended-card-challenge-then-token", lambda: C02X() + [req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json"}), resp("", status=401, headers={"www-authenticate": "Bearer"}),
     req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json", "authorization": BEARER}), resp(FULL02)],
     [], "0.2.5: the first GET challenged 401, the retry with a token served (RFC 9110 §11.6.1)")
case("Z06-legal-v03-extended-card-cookie-key", lambda: C03(supportsAuthenticatedExtendedCard=True, securitySchemes={"session": {"type": "apiKey", "in": "cookie", "name": "sid"}}, security=[{"session": []}]) +
     [R0(1, "agent/getAuthenticatedExtendedCard", {}, h={**J03, "cookie": "sid=s-0a1b2c3d"}), resp(ok(1, card03(supportsAuthenticatedExtendedCard=True, description="full", securitySchemes={"session": {"type": "apiKey", "in": "cookie", "name": "sid"}}, security=[{"session": []}])))],
     [], "0.3: an apiKey scheme in a cookie, sent as the cookie sid (AUTH-001)")
case("Z07-legal-v10-jsonrpc-charset-quoted", lambda: C10() + send_task(tsk("COMPLETED"), h={**V10, "content-type": "application/json; charset=\"utf-8\""}),
     [], "a quoted charset parameter (RFC 9110 §5.6.6) is still application/json")
case("Z08-legal-v10-rest-get-without-content-type", lambda: RC() + [req(H + "/message:send", RI, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR),
     req(H + "/tasks/t1", method="GET", headers={"a2a-version": "1.0"}), resp(tsk("COMPLETED", 2), headers={"content-type": "application/json;charset=utf-8"})],
     [], "a bodiless GET needs no Content-Type; the answer as application/json;charset=utf-8 (1.0.0's type)")
case("Z09-legal-v10-rest-sse-charset", lambda: RC() + [req(H + "/message:stream", P1, headers={**RJ, "accept": "text/event-stream"})] +
     sse(["data: %s\n\n" % js(e) for e in [{"task": tsk("WORKING")}, stu("COMPLETED", 2)]], headers={"content-type": "text/event-stream;charset=UTF-8"}),
     [], "HTTP+JSON stream labelled text/event-stream;charset=UTF-8 (REST-002)")
case("Z10-legal-v03-push-delivery-json-charset", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}), resp(ok(1, t03("working"))),
     req(HOOK, t03("completed", 3), headers={"content-type": "application/json; charset=utf-8", "x-a2a-notification-token": "tok-1"}), resp("", headers={})],
     [], "0.3 delivery as application/json; charset=utf-8 with its token (PUSH-005)")
case("Z11-legal-v10-id-max-int64", lambda: idsend(9223372036854775807), [], "id 2^63-1, an integer id")
case("Z12-legal-v10-id-unicode-string", lambda: idsend("запрос-1"), [], "a non-ASCII string id echoed as sent")
case("Z13-legal-v10-batch-three-methods", lambda: C10() + send_task(tsk("WORKING"), p=RI) +
     [req(A, [rpc(2, "GetTask", {"id": "t1"}), rpc(3, "ListTasks", {"contextId": "c1"}), rpc(4, "CancelTask", {"id": "t1"})], headers=V10),
      resp([ok(2, tsk("WORKING")), ok(3, {"tasks": [tsk("WORKING")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}), ok(4, tsk("CANCELED", 2))])],
     [], "a batch of GetTask, ListTasks and CancelTask answered in one array (JSON-RPC 2.0 §6)")
case("Z14-legal-v10-stream-id-zero", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], i=0), [], "a stream under request id 0: every event carries id 0")
case("Z15-legal-v03-id-negative", lambda: C03() + [R0(-1, "message/send", {"message": msg03()}), resp(ok(-1, t03()))], [], "0.3: id -1 echoed")
case("Z16-legal-v10-three-tasks-listed-by-context", lambda: TWO() + FU(3, "m3", "and a car", {"task": tsk("INPUT_REQUIRED", 3, tid="t3", msg=ASK("Which size?", mid="r3", tid="t3"))}, contextId="c1") +
     LT([tsk("INPUT_REQUIRED", 3, tid="t3", msg=ASK("Which size?", mid="r3", tid="t3")), tsk("INPUT_REQUIRED", tid="t2", msg=ASK("Which hotel?", mid="r2", tid="t2")), tsk("INPUT_REQUIRED", msg=ASK())], i=4, contextId="c1"),
     [], "three tasks in c1 listed by contextId, newest status first (ID-008, DATA-007)")
case("Z17-legal-v10-follow-up-task-only-context-inferred", lambda: TWO() + FU(3, "m3", "Paris", {"task": tsk("COMPLETED", 3, artifacts=ART)}, taskId="t1"),
     [], "follow-up names only taskId t1; the task comes back in its context c1 (ID-003)")
case("Z18-legal-v10-message-reply-in-context", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("what time is it?", contextId="c1")}), resp(ok(1, {"message": amsg10("10:00", mid="r1", contextId="c1")}))],
     [], "a contextId-only send answered with a Message (no task) in the same context (ID-004)")
case("Z19-legal-v10-stream-input-then-blocking-complete", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK())]) +
     send_task(tsk("COMPLETED", 4, artifacts=ART), i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "a stream stops at INPUT_REQUIRED, the answer goes by blocking SendMessage and completes (TASK-007)")
case("Z20-legal-v10-auth-required-polled", lambda: C10() + send_task(tsk("AUTH_REQUIRED", msg=NEED()), p={"message": msg10(), "configuration": {"returnImmediately": True}}) +
     GT(2, {"id": "t1"}, tsk("AUTH_REQUIRED", msg=NEED())) + GT(3, {"id": "t1"}, tsk("WORKING", 4)) + GT(4, {"id": "t1"}, tsk("COMPLETED", 5, artifacts=ART)),
     [], "AUTH_REQUIRED (explained), the user signs in out of band, polling sees WORKING then COMPLETED (TASK-006)")
case("Z21-legal-v03-auth-required-final-then-follow-up", lambda: C03() + stream03([t03("working"), su03("auth-required", 2, final=True, msg=am03("Sign in at https://idp.example.test"))]) +
     [R0(2, "message/send", {"message": msg03("done", mid="m2", taskId="t1", contextId="c1")}, h={**J03, "authorization": BEARER}), resp(ok(2, t03("completed", 4)))],
     [], "0.3: auth-required with final:true, the follow-up after sign-in completes")
case("Z22-legal-v10-cancel-input-required", lambda: C10() + send_task(tsk("INPUT_REQUIRED", msg=ASK())) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))] +
     GT(3, {"id": "t1"}, tsk("CANCELED", 2)),
     [], "cancel of an INPUT_REQUIRED task answers CANCELED and GetTask agrees (TASK-003)")
case("Z23-legal-v01-sendsubscribe-input-required-final", lambda: getcard(card01(), path="/.well-known/agent.json") + [req(A, rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "book"}]}}), headers=S03)] +
     sse(["data: %s\n\n" % js(ok(1, {"id": "t1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01Z"}, "final": False})),
          "data: %s\n\n" % js(ok(1, {"id": "t1", "status": {"state": "input-required", "message": {"role": "agent", "parts": [{"type": "text", "text": "Which city?"}]}, "timestamp": "2026-12-02T10:00:02Z"}, "final": True}))]),
     [], "0.1 tasks/sendSubscribe ends at input-required with final:true")
case("Z24-legal-v10-cancel-submitted", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))],
     [], "cancel of a SUBMITTED task answers CANCELED (TASK-003)")
case("Z25-legal-v10-rest-cancel-working-then-get", lambda: RC() + [req(H + "/message:send", RI, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR),
     req(H + "/tasks/t1:cancel", "{}", headers=RJ), resp(tsk("CANCELED", 2), headers=RJR), req(H + "/tasks/t1", method="GET", headers=RJG), resp(tsk("CANCELED", 2), headers=RJR)],
     [], "HTTP+JSON cancel with body {} then GET shows CANCELED (TASK-003)")
case("Z26-legal-v02-cancel-working", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") +
     [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}}), resp(ok(1, t03("working"))), R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, t03("canceled", 2)))],
     [], "0.2.5: cancel of a working task answers canceled")
case("Z27-legal-v01-cancel-working", lambda: getcard(card01(), path="/.well-known/agent.json") +
     [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "long job"}]}}),
      resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01Z"}})),
      R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, {"id": "t1", "sessionId": "s1", "status": {"state": "canceled", "timestamp": "2026-12-02T10:00:02Z"}}))],
     [], "0.1: cancel of a working task answers canceled")
case("Z28-legal-v03-cancel-completed-refused-data-string", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03())), R0(2, "tasks/cancel", {"id": "t1"}), resp(err(2, -32002, "Task cannot be canceled", "task t1 is completed"))],
     [], "0.3: -32002 with a free-form string in error.data (0.x: data free-form, ERR-004)")
case("Z29-legal-v10-delivery-artifact-then-completed-then-answer", lambda: C10() + [{**RPC(1, "SendMessage", INL), "id": 1}, *WH(art("a1", "result", last=True), 0.2), *[{**l, "id": "w2"} for l in WH(stu("COMPLETED", 3), 0.25)],
     {**resp(ok(1, {"task": tsk("COMPLETED", 3, artifacts=ART)})), "id": 1, "t": 0.3}],
     [], "the webhook hears the artifact and COMPLETED before the blocking send answers with both (PUSH-004)")
case("Z30-legal-v10-delivery-stale-retry-after-completed", lambda: C10() + send_task(tsk("SUBMITTED"), p={**INL, "configuration": {**INL["configuration"], "returnImmediately": True}}) +
     DLV(stu("COMPLETED", 3)) + later(DLV(stu("WORKING", 2)), 1.0),
     [], "a WORKING delivery stamped before COMPLETED arrives after it: a retry of an older event (PUSH-004: at-least-once, no order across retries)")
case("Z31-legal-v10-create-config-then-deliveries-then-delete", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) +
     [RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-1"}}), resp(ok(2, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-1"}}))] +
     DLV(stu("WORKING", 2)) + DLV(stu("COMPLETED", 3)) + [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {}))],
     [], "config created, two deliveries with its Bearer credentials, deleted after completion (PUSH-003, PUSH-004)")
case("Z32-legal-v02-stream-final", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") + stream03([t03("working"), su03("completed", 2, final=True)]),
     [], "0.2.5 message/stream ends with final:true completed")
case("Z33-legal-v01-tasks-get", lambda: getcard(card01(), path="/.well-known/agent.json") +
     [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
      resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01Z"}})),
      R0(2, "tasks/get", {"id": "t1", "historyLength": 0}), resp(ok(2, {"id": "t1", "sessionId": "s1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02Z"}}))],
     [], "0.1 tasks/send then tasks/get to completed")
case("Z34-legal-dual-card-both-versions", lambda: DUAL() + send_task(tsk("COMPLETED")) + [R0(2, "message/send", {"message": msg03()}, url=A + "/v03", h={**J03, "a2a-version": "0.3"}), resp(ok(2, t03(tid="t2", ctx="c2")))],
     [], "one card with a 1.0 and a 0.3 interface; the client uses each at its own URL (VER-004)")
case("Z35-legal-v02-push-set-get", lambda: getcard(card02(protocolVersion="0.2.5", capabilities={"streaming": True, "pushNotifications": True}), path="/.well-known/agent.json") +
     [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}}), resp(ok(1, t03("working"))),
      R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}), resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}})),
      R0(3, "tasks/pushNotificationConfig/get", {"id": "t1"}), resp(ok(3, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}))],
     [], "0.2.5 push config set then get by task id (0.2.5 §7.6)")
case("Z36-legal-v10-list-status-input-required", lambda: TWO() + LT([tsk("INPUT_REQUIRED", tid="t2", msg=ASK("Which hotel?", mid="r2", tid="t2")), tsk("INPUT_REQUIRED", msg=ASK())], i=3, status="TASK_STATE_INPUT_REQUIRED"),
     [], "status INPUT_REQUIRED filter lists both waiting tasks (DATA-007)")
case("Z37-legal-v10-list-page-size-one-three-pages", lambda: C10() + LT([tsk("COMPLETED", 30, tid="t3")], nxt="a", ps=1, total=3, pageSize=1) +
     LT([tsk("COMPLETED", 20, tid="t2")], i=2, nxt="b", ps=1, total=3, pageSize=1, pageToken="a") + LT([tsk("COMPLETED", 10)], i=3, ps=1, total=3, pageSize=1, pageToken="b"),
     [], "pageSize 1 over three pages (DATA-007)")
case("Z38-legal-v10-list-include-artifacts-pages", lambda: C10() + LT([tsk("COMPLETED", 30, tid="t2", artifacts=ART)], nxt="a", ps=1, total=2, pageSize=1, includeArtifacts=True) +
     LT([tsk("COMPLETED", 10, artifacts=ART)], i=2, ps=1, total=2, pageSize=1, pageToken="a", includeArtifacts=True),
     [], "includeArtifacts:true on both pages (DATA-007)")
case("Z39-legal-v10-rest-list-status-and-context", lambda: RC() + [req(H + "/tasks?status=TASK_STATE_COMPLETED&contextId=c1", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", 30, tid="t2"), tsk("COMPLETED", 10)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}, headers=RJR)],
     [], "HTTP+JSON GET /tasks with status and contextId filters (DATA-007)")
case("Z40-legal-v10-list-timestamp-after-fraction", lambda: C10() + LT([tsk("COMPLETED", 21, tid="t2")], statusTimestampAfter="2026-12-02T10:00:20.999999Z"),
     [], "statusTimestampAfter with microseconds; the listed task is later (DATA-007)")
case("Z41-legal-v10-list-history-length-two", lambda: C10() + LT([tsk("COMPLETED", 30, history=[msg10(taskId="t1", contextId="c1"), amsg10(mid="h2", taskId="t1", contextId="c1")])], historyLength=2),
     [], "ListTasks historyLength 2 with two messages (DATA-006)")
case("Z42-legal-v10-rest-list-timestamp-encoded-tenant", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [req(H + "/acme/tasks?statusTimestampAfter=2026-12-02T10%3A00%3A20Z", method="GET", headers=RJG), resp({"tasks": [tsk("COMPLETED", 30, tid="t2")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [], "tenant path, statusTimestampAfter with percent-encoded colons (REST-001)")
case("Z43-legal-v10-list-empty-total-zero", lambda: C10() + LT([], status="TASK_STATE_FAILED"),
     [], "no failed task: tasks [], nextPageToken \"\", totalSize 0 (trap 12)")
case("Z44-legal-v10-rest-tenant-v1", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "v1"}])) +
     [req(H + "/v1/message:send", {"message": msg10(), "tenant": "v1", "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR),
      req(H + "/v1/tasks/t1", method="GET", headers=RJG), resp(tsk("COMPLETED", 2), headers=RJR)],
     [], "a 1.0 tenant named v1: /v1/message:send is 1.0 under that tenant, not the 0.3 route (CARD-008)")
case("Z45-legal-v10-rest-tenant-subscribe-cancel", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [req(H + "/acme/message:send", RI, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR), req(H + "/acme/tasks/t1:subscribe", "", headers={**RJ, "accept": "text/event-stream"})] +
     sse(["data: %s\n\n" % js(e) for e in [{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]]) +
     [req(H + "/acme/tasks/t1:cancel", "", headers=RJ), resp(RE(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE"), status=400, headers=RJR)],
     [], "tenant acme: subscribe to COMPLETED, then cancel refused 400 TASK_NOT_CANCELABLE (TASK-003)")
case("Z46-legal-v10-gettask-history-larger-than-kept", lambda: C10() + send_task(tsk("COMPLETED", history=[msg10(taskId="t1", contextId="c1")])) +
     GT(2, {"id": "t1", "historyLength": 50}, tsk("COMPLETED", history=[msg10(taskId="t1", contextId="c1")])),
     [], "historyLength 50 and one message kept: all of it (DATA-006)")
case("Z47-legal-v10-gettask-history-zero-empty-list", lambda: C10() + send_task(tsk("COMPLETED")) + GT(2, {"id": "t1", "historyLength": 0}, tsk("COMPLETED", history=[])),
     [], "historyLength 0 answered with history [] (an empty repeated field is the unset one in ProtoJSON)")
case("Z48-legal-v10-version-1-0-query-param", lambda: C10() + [req(A + "?A2A-Version=1.0", rpc(1, "SendMessage", P1), headers=J), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [], "A2A-Version as a query parameter instead of the header (VER-001 MAY)")

# ---------------------------------------------------------------- K4: capabilities only the authenticated extended card declares (AUTH-005, STREAM-001, PUSH-001)
PUB_NS = lambda: getcard({**XC10(), "capabilities": {"streaming": False, "pushNotifications": False, "extendedAgentCard": True}})
EXT_ALL = lambda i=1, caps=None: [RPC(i, "GetExtendedAgentCard", {}, h=AH), resp(ok(i, {**FULL10(), "capabilities": caps or {"streaming": True, "pushNotifications": True, "extendedAgentCard": True}}))]
SA = {**S10, "authorization": BEARER}
case("E01-legal-v10-extended-card-grants-streaming", lambda: PUB_NS() + EXT_ALL() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], i=2, h=SA),
     [], "the public card says streaming false, the extended card (1.0 §13.3: MAY expose more capabilities) true; the authenticated client streams (§3.1.11: it SHOULD use the extended card)")
case("E02-legal-v10-extended-card-grants-push", lambda: PUB_NS() + EXT_ALL() + send_task(tsk("WORKING"), i=2, p=RI, h=AH) +
     [RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, h=AH), resp(ok(3, {"id": "cfg-1", "taskId": "t1", "url": HOOK}))],
     [], "pushNotifications only in the extended card; the authenticated client creates a config (PUSH-001 by the card it uses)")
case("E03-legal-v10-extended-card-grants-subscribe", lambda: PUB_NS() + EXT_ALL() + send_task(tsk("WORKING"), i=2, p=RI, h=AH) +
     stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], i=3, p={"id": "t1"}, method="SubscribeToTask", h=SA),
     [], "streaming only in the extended card; SubscribeToTask by the authenticated client")
case("E04-legal-v03-extended-card-grants-streaming", lambda: C03(capabilities={"streaming": False}, supportsAuthenticatedExtendedCard=True, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]) +
     [R0(1, "agent/getAuthenticatedExtendedCard", {}, h={**J03, "authorization": BEARER}), resp(ok(1, card03(capabilities={"streaming": True}, supportsAuthenticatedExtendedCard=True, description="full", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])))] +
     [req(A, rpc(2, "message/stream", {"message": msg03()}), headers={**S03, "authorization": BEARER})] + sse(["data: %s\n\n" % js(ok(2, e)) for e in [t03("working"), su03("completed", 2, final=True)]]),
     [], "0.3: streaming only in the authenticated extended card, message/stream by the authenticated client")
case("E05-legal-v10-rest-extended-card-grants-streaming", lambda: getcard({**XC10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]), "capabilities": {"streaming": False, "extendedAgentCard": True}}) +
     [req(H + "/extendedAgentCard", method="GET", headers={**RJG, "authorization": BEARER}), resp({**RXF(), "capabilities": {"streaming": True, "extendedAgentCard": True}}, headers=RJR),
      req(H + "/message:stream", P1, headers={**RJ, "accept": "text/event-stream", "authorization": BEARER})] + sse(["data: %s\n\n" % js(e) for e in [{"task": tsk("WORKING")}, stu("COMPLETED", 2)]]),
     [], "HTTP+JSON: streaming only in GET /extendedAgentCard's card, POST /message:stream by the authenticated client")
case("E06-v10-streaming-denied-no-extended-card-fetched", lambda: PUB_NS() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], i=2, h=SA),
     [("CAP-STREAM-001", E)], "control: streaming false and no extended card in the recording: the stream breaks the card (STREAM-001)")
case("E07-v10-streaming-denied-by-both-cards", lambda: PUB_NS() + EXT_ALL(caps={"streaming": False, "extendedAgentCard": True}) + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], i=2, h=SA),
     [("CAP-STREAM-001", E)], "control: the extended card says streaming false too (STREAM-001)")
case("E08-v10-extended-card-grants-streaming-anonymous-call", lambda: PUB_NS() + EXT_ALL() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], i=2),
     [("CAP-STREAM-001", E), ("AUTH-OPEN-001", E)], "control: an anonymous stream is judged by the public card (streaming false), and it should have been refused for want of credentials (AUTH-002)")

case("E09-v10-extended-card-grants-streaming-refused", lambda: PUB_NS() + EXT_ALL() + [RPC(2, "SendStreamingMessage", P1, h=SA), resp(err(2, -32004, "Streaming is not supported", einfo("UNSUPPORTED_OPERATION")))],
     [("CAP-STREAM-002", W)], "the extended card given to this client declares streaming, yet its stream is refused -32004 (STREAM-001, CARD-005)")
case("E10-v10-extended-card-grants-push-refused", lambda: PUB_NS() + EXT_ALL() + send_task(tsk("WORKING"), i=2, p=RI, h=AH) +
     [RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, h=AH), resp(err(3, -32003, "Push notifications are not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED")))],
     [("CAP-PUSH-002", W)], "the extended card given to this client declares pushNotifications, yet Create is refused -32003 (PUSH-001)")
case("E11-legal-v10-streaming-refused-no-extended-card", lambda: PUB_NS() + [RPC(1, "SendStreamingMessage", P1, h=SA), resp(err(1, -32004, "Streaming is not supported", einfo("UNSUPPORTED_OPERATION")))],
     [], "control: streaming false and no extended card: the refusal is the agent's right answer (STREAM-001; CAP-STREAM-003's note for the client)")

write_cases(C, OUT)

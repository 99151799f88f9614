"""Variants of review33 (prefix b33q-): python3 tests/cases/variants/gen_b33q.py

The verifier's leftovers of session 32, each kind with its faults and the legal traffic
beside it (`-legal-` ones must stay silent but for notes):
X: a required extension (`required: true`) declared only by the authenticated extended card
   binds the client that holds its credential (CAP-EXT-001 on 1.0, CAP-EXT-007 on 0.3);
   an anonymous client stays judged by the public card, and a refusal of a call that lacks
   the extended card's extension is no CAP-EXT-002.
O: an extended card's capabilities (and required extensions) hold on every origin of the
   agent: an interface of the public card, or of the extended card, on another origin.
M: a 0.x JSON-RPC method sent under `A2A-Version: 1.0` to an agent whose card declares 1.0
   only and served: VER-HDR-006 (the agent's, a warning) beside VER-MIX-002 (the client's).
C: a JSON-RPC response without Content-Type: RPC-ENVELOPE-001, worded for what is missing.
A: a 0.x answer under application/a2a+json, the 1.0 media type: VER-MIX-001.
I: JSON-RPC ids written as whole numbers in another notation (1e3, 1.0) are integer ids.
S: AUTH-SCOPE-003 / -004 on push notification config calls.
D: REST DELETE /tasks/{id}, an operation no A2A version has: REST-VERB-001 / -002.
B: 0.1 artifacts (append / lastChunk inside the event's artifact) of the wrong JSON type.
Rule names are read from docs/rules.md.
"""
import json, os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, ok, err, cards, ...)
from blind_helpers import _t

SRC = "review33 (the verifier's leftovers of session 32)"
NAME = dict(re.findall(r"^\| \[`([A-Z]+(?:-[A-Z]+)*-\d{3})`\]\([^)]*\) \| ([a-z0-9-]+) \|",
                       open(os.path.join(HERE, "..", "..", "..", "docs", "rules.md")).read(), re.M))
C = {}


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["b33q-" + name] = (lines(), [(NAME[r], s) for r, s in findings], SRC, note)


E, W, N = "error", "warning", "note"
js = json.dumps
A = H + "/a2a"
R = "https://rest.agent.example.test"
BEARER = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9."
AH = {**V10, "authorization": BEARER}
J03 = {"content-type": "application/json"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJG = {"accept": "application/a2a+json", "a2a-version": "1.0"}
RJR = {"content-type": "application/a2a+json"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
P1 = {"message": msg10()}
EXT = "https://ext.example.test/audit/v1"
EXT_B = "https://ext.example.test/consent/v1"
SEC10 = dict(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
             securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
SEC03 = dict(securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])


def tsk(state="COMPLETED", tid="t1", ctx="c1"):
    return {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": "2026-12-02T10:00:01.000Z"}}


def t03(state="completed", tid="t1", ctx="c1"):
    return {"kind": "task", "id": tid, "contextId": ctx, "status": {"state": state, "timestamp": "2026-12-02T10:00:01.000Z"}}


def msg03(text="hi", mid="m1"):
    return {"kind": "message", "messageId": mid, "role": "user", "parts": [{"kind": "text", "text": text}]}


def pub10(exts=None, ifaces=None, caps=None):
    """The public 1.0 card: bearer security, an extended card, the given extensions."""
    c = {"streaming": True, "pushNotifications": True, "extendedAgentCard": True, **(caps or {})}
    if exts is not None:
        c["extensions"] = exts
    return card10(ifaces=ifaces, capabilities=c, **SEC10)


def ext10(exts, ifaces=None, caps=None):
    """The authenticated extended card: the public one plus an admin skill."""
    c = pub10(exts, ifaces, caps)
    c["description"] = "Demo agent (full)"
    c["skills"] = SKILLS + [{"id": "s2", "name": "admin", "description": "Admin", "tags": ["admin"]}]
    return c


REQ = [{"uri": EXT, "description": "audit trail", "required": True}]
OPT = [{"uri": EXT, "description": "audit trail", "required": False}]
GET_EXT = lambda i=1, exts=REQ, **kw: [RPC(i, "GetExtendedAgentCard", {}, h=AH), resp(ok(i, ext10(exts, **kw)))]
SEND = lambda i=2, h=AH, url=A: [RPC(i, "SendMessage", P1, h=h, url=url), resp(ok(i, {"task": tsk()}))]

# --- X: a required extension only the extended card declares --------------------------------
case("X1-v10-extended-card-required-extension-not-enforced",
     lambda: getcard(pub10()) + GET_EXT() + SEND(),
     [("CAP-EXT-001", E)],
     "the public card declares no extension; the authenticated extended card, served to this bearer client, marks " + EXT + " required (1.0 §3.1.11: the client reads it in the public card's place); the client's SendMessage, with that credential and no A2A-Extensions, was processed instead of refused with ExtensionSupportRequiredError (EXT-002)")
case("X2-v10-rest-extended-card-required-extension-not-enforced",
     lambda: getcard(pub10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], exts=OPT)) +
     [req(H + "/extendedAgentCard", method="GET", headers={**RJG, "authorization": BEARER}),
      resp(ext10(REQ, ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]), headers=RJR),
      req(H + "/message:send", P1, headers={**RJ, "authorization": BEARER}), resp({"task": tsk()}, headers=RJR)],
     [("CAP-EXT-001", E)],
     "HTTP+JSON: the public card declares " + EXT + " optional, GET /extendedAgentCard's card marks it required; the authenticated POST /message:send without it was processed (EXT-002)")
case("X3-v03-extended-card-required-extension-not-enforced",
     lambda: getcard(card03(supportsAuthenticatedExtendedCard=True, **SEC03)) +
     [req(A, rpc(1, "agent/getAuthenticatedExtendedCard", {}), headers={**J03, "authorization": BEARER}),
      resp(ok(1, card03(supportsAuthenticatedExtendedCard=True, description="full", capabilities={"streaming": True, "pushNotifications": True, "extensions": REQ}, **SEC03))),
      req(A, rpc(2, "message/send", {"message": msg03()}), headers={**J03, "authorization": BEARER}), resp(ok(2, t03()))],
     [("CAP-EXT-007", W)],
     "0.3: agent/getAuthenticatedExtendedCard's card marks " + EXT + " required; the authenticated message/send without X-A2A-Extensions was processed (EXT-002, topics/extensions.md: the agent should reject it)")
case("X4-legal-v10-extended-card-required-extension-activated",
     lambda: getcard(pub10()) + GET_EXT() + SEND(h={**AH, "a2a-extensions": EXT}),
     [],
     "control: the authenticated client activates the extension its extended card requires (A2A-Extensions), and the agent serves it")
case("X5-v10-extended-card-required-extension-anonymous-call-refused",
     lambda: getcard(pub10(caps={"extendedAgentCard": True})) + GET_EXT() +
     [RPC(2, "SendMessage", P1), resp(err(2, -32001, "Unauthenticated"), status=401, headers={**J, "www-authenticate": "Bearer"})],
     [("AUTH-SCHEME-004", W)],
     "control: an anonymous call is judged by the public card, which requires no extension (no CAP-EXT finding); its refusal for want of credentials is right, and the client that held a credential and did not send it is told (AUTH-SCHEME-004)")
case("X6-legal-v10-extended-card-required-extension-refused",
     lambda: getcard(pub10(exts=[{"uri": EXT_B, "required": True}])) +
     GET_EXT(exts=[{"uri": EXT_B, "required": True}] + REQ) +
     [RPC(2, "SendMessage", P1, h={**AH, "a2a-extensions": EXT_B}),
      resp(err(2, -32008, "Extension support required: " + EXT, einfo("EXTENSION_SUPPORT_REQUIRED")))],
     [],
     "the client activated " + EXT_B + " (the public card's required extension) but not " + EXT + ", which the extended card it fetched also requires: ExtensionSupportRequiredError is the right answer (EXT-002), not CAP-EXT-002's 'although every required extension was activated'")

# --- O: the extended card's grants on the agent's other origins ------------------------------
TWO = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
       {"url": R, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
NOSTREAM = {"streaming": False, "pushNotifications": False, "extendedAgentCard": True}
RSTREAM = lambda h: [req(R + "/message:stream", P1, headers={**RJ, "accept": "text/event-stream", **h}),
                     resp("", headers=SSE),
                     chunk("data: %s\n\n" % js({"task": tsk("WORKING")})),
                     chunk("data: %s\n\n" % js({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}})),
                     chunk("", close="eof")]
case("O1-legal-v10-extended-card-streaming-on-other-origin-interface",
     lambda: getcard(pub10(ifaces=TWO, caps=NOSTREAM)) +
     [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, ext10(None, ifaces=TWO, caps={"streaming": True, "extendedAgentCard": True})))] +
     RSTREAM({"authorization": BEARER}),
     [],
     "the public card lists a JSON-RPC interface on agent.example.test and an HTTP+JSON one on rest.agent.example.test, streaming false; the extended card, fetched over JSON-RPC, declares streaming; the authenticated client streams on the HTTP+JSON origin: one agent, one extended card (1.0 §3.1.11)")
case("O2-legal-v10-extended-card-streaming-on-its-own-new-origin",
     lambda: getcard(pub10(caps=NOSTREAM)) +
     [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, ext10(None, ifaces=TWO, caps={"streaming": True, "extendedAgentCard": True})))] +
     getcard(pub10(ifaces=[TWO[1]], caps=NOSTREAM), base=R) +
     RSTREAM({"authorization": BEARER}),
     [],
     "the extended card adds an HTTP+JSON interface on rest.agent.example.test (whose public card says streaming false) and declares streaming: the authenticated client streams there")
case("O3-v10-extended-card-streaming-other-origin-anonymous-call",
     lambda: getcard(pub10(ifaces=TWO, caps=NOSTREAM)) +
     [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, ext10(None, ifaces=TWO, caps={"streaming": True, "extendedAgentCard": True})))] +
     RSTREAM({}),
     [("CAP-STREAM-001", E), ("AUTH-OPEN-001", E)],
     "control: the same two origins, but the stream on the HTTP+JSON origin carries no credential: the public card (streaming false) governs it (STREAM-001), and it should have been refused (AUTH-002)")
case("O4-v10-extended-card-required-extension-other-origin",
     lambda: getcard(pub10(ifaces=TWO)) +
     [RPC(1, "GetExtendedAgentCard", {}, h=AH), resp(ok(1, ext10(REQ, ifaces=TWO)))] +
     [req(R + "/message:send", P1, headers={**RJ, "authorization": BEARER}), resp({"task": tsk()}, headers=RJR)],
     [("CAP-EXT-001", E)],
     "the extended card fetched over JSON-RPC marks " + EXT + " required; the authenticated client's POST /message:send on the agent's HTTP+JSON origin, without it, was processed (EXT-002)")

# --- M: a 0.x method under A2A-Version 1.0, served by a 1.0-only agent ----------------------
T01 = lambda i: req(A, rpc(i, "tasks/send", {"id": "t-old", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=V10)
case("M1-v10-v01-tasks-send-under-1-0-header-served-1-0-form",
     lambda: getcard(card10()) + [T01(1), resp(ok(1, {"task": tsk(tid="t-old", ctx="s1")}))],
     [("VER-HDR-006", W), ("VER-MIX-002", W)],
     "a 0.1/0.2 tasks/send sent with A2A-Version 1.0 to an agent whose card declares only 1.0, served with a 1.0 task: under 1.0 semantics tasks/send does not exist (RPC-003, VER-002: -32601); the client mixed the versions first (VER-MIX-002)")
case("M2-v10-v03-message-send-under-1-0-header-served-0-3-form",
     lambda: getcard(card10()) + [RPC(1, "message/send", {"message": msg03()}), resp(ok(1, t03()))],
     [("VER-HDR-006", W), ("VER-MIX-002", W)],
     "a 0.3 message/send with A2A-Version 1.0, answered in the 0.3 form by a 1.0-only agent: it ignored the version the header asked for (VER-002); under 1.0 the method does not exist (RPC-003)")
case("M3-v10-v03-tasks-get-under-1-0-header-served",
     lambda: getcard(card10()) + [RPC(1, "tasks/get", {"id": "t1"}), resp(ok(1, tsk()))],
     [("VER-HDR-006", W), ("VER-MIX-002", W)],
     "tasks/get (0.3) under A2A-Version 1.0 served with a 1.0 Task by a 1.0-only agent (RPC-003, VER-002)")
case("M4-v10-v01-tasks-send-under-1-0-header-refused",
     lambda: getcard(card10()) + [T01(1), resp(err(1, -32601, "Method not found"))],
     [("VER-MIX-002", W)],
     "control: the 1.0-only agent refused tasks/send -32601, its right answer; only the client's mix is told")
case("M5-v10-dual-card-v03-method-under-1-0-header-served",
     lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) +
     [RPC(1, "message/send", {"message": msg03()}), resp(ok(1, t03()))],
     [("VER-MIX-002", W)],
     "control: the card declares 0.3 at the same URL too (a compat server that routes by method): the agent serving the 0.3 method is not judged, the client's mix is")
case("M6-legal-v10-v03-call-without-header-to-dual-card",
     lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) +
     [req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, t03()))],
     [],
     "legal: a 0.3 call without A2A-Version (which means 0.3) to an agent that declares 0.3, answered in 0.3")

# --- C: a JSON-RPC response without Content-Type --------------------------------------------
case("C1-v10-jsonrpc-response-without-content-type",
     lambda: getcard(card10()) + [RPC(1, "SendMessage", P1), resp(ok(1, {"task": tsk()}), headers={})],
     [("RPC-ENVELOPE-001", E)],
     "the agent's JSON-RPC answer carries no Content-Type (RPC-001: application/json); clients that check the media type refuse it")
case("C2-v03-jsonrpc-response-text-plain",
     lambda: getcard(card03()) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, t03()), headers={"content-type": "text/plain"})],
     [("RPC-ENVELOPE-001", E)],
     "0.3: the answer is served as text/plain (RPC-001; a2a-go #264)")
case("C3-legal-v10-jsonrpc-request-without-content-type",
     lambda: getcard(card10()) + [RPC(1, "SendMessage", P1, h={"a2a-version": "1.0"}), resp(ok(1, {"task": tsk()}))],
     [],
     "legal by the project's decision (breaker32): a request without Content-Type is left alone (python requests' data= sends none; the agent read it); the answer has its media type")

# --- A: a 0.x answer under application/a2a+json ---------------------------------------------
REST03 = lambda: getcard(card03(url=H + "/v1", preferredTransport="HTTP+JSON"))
R03 = {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}
T03G = {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}
case("A1-v03-rest-answered-a2a-json",
     lambda: REST03() + [req(H + "/v1/message:send", R03, headers=J03), resp({"task": T03G}, headers=RJR)],
     [("HTTP-MEDIA-005", E)],
     "0.3 HTTP+JSON POST /v1/message:send answered as application/a2a+json, the 1.0 media type: 0.3 HTTP+JSON bodies are application/json (REST-003 MUST)")
case("A2-v03-rest-get-task-answered-a2a-json-charset",
     lambda: REST03() + [req(H + "/v1/tasks/t1", method="GET", headers={"accept": "application/json"}), resp(T03G, headers={"content-type": "application/a2a+json; charset=utf-8"})],
     [("HTTP-MEDIA-005", E)],
     "0.3 GET /v1/tasks/t1 answered as application/a2a+json with a charset (REST-003)")
case("A3-v03-jsonrpc-answered-a2a-json",
     lambda: getcard(card03()) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, t03()), headers=RJR)],
     [("HTTP-MEDIA-005", E)],
     "0.3 JSON-RPC answered as application/a2a+json (RPC-001: application/json; 0.x never defined a2a+json)")
case("A4-legal-v10-rest-answered-a2a-json",
     lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) +
     [req(H + "/message:send", P1, headers=RJ), resp({"task": tsk()}, headers=RJR)],
     [],
     "control: 1.0 HTTP+JSON answered as application/a2a+json, the type 1.0 asks for")
case("A5-v10-jsonrpc-answered-a2a-json",
     lambda: getcard(card10()) + [RPC(1, "SendMessage", P1), resp(ok(1, {"task": tsk()}), headers=RJR)],
     [("HTTP-MEDIA-005", E)],
     "a 1.0 JSON-RPC answer as application/a2a+json (revised45, open45: was A5-legal, read as 1.0's own media type; it is the HTTP+JSON binding's, 1.0 §14.1.1, and JSON-RPC answers are application/json, 1.0 §9.1: HTTP-MEDIA-005)")
case("A6-legal-v03-rest-answered-json-charset",
     lambda: REST03() + [req(H + "/v1/message:send", R03, headers=J03), resp({"task": T03G}, headers={"content-type": "application/json; charset=utf-8"})],
     [],
     "control: 0.3 HTTP+JSON answered as application/json with a charset")


# --- I: integer ids in another notation -----------------------------------------------------
def raw_send(rid_text, echo_text):
    body = '{"jsonrpc":"2.0","id":%s,"method":"SendMessage","params":%s}' % (rid_text, js(P1))
    answer = '{"jsonrpc":"2.0","id":%s,"result":%s}' % (echo_text, js({"task": tsk()}))
    return [req(A, body, headers=V10), resp(answer)]


case("I1-legal-v10-id-exponent-echoed-as-integer", lambda: getcard(card10()) + raw_send("1e3", "1000"), [],
     "id 1e3 is the integer 1000 in exponent notation (RFC 8259 §6; draft-07 integer, the A2A schemas' id type; JSON-RPC 2.0 §4 asks only for no fractional part): Python's json reads 1000.0, JSON.parse 1000, and the echo 1000 is the same id")
case("I2-legal-v10-id-exponent-echoed-as-written", lambda: getcard(card10()) + raw_send("1E3", "1E3"), [],
     "id 1E3 echoed as written")
case("I3-v10-id-integral-decimal-echoed-as-integer", lambda: getcard(card10()) + raw_send("7.0", "7"), [("RPC-REQ-001", E)],
     "control: id 7.0 writes a fractional part, which JSON-RPC 2.0 §4 says numbers SHOULD NOT contain (breaker11 K6 decided it RPC-REQ-001); a JavaScript agent's echo 7 is the same number, so no RPC-ID-001")
case("I6-legal-v10-id-exponent-with-sign-echoed-as-integer", lambda: getcard(card10()) + raw_send("2e+2", "200"), [],
     "id 2e+2 is the integer 200 (a Go or Java serializer's exponent form); the echo 200 is the same id")
case("I4-v10-id-exponent-fraction", lambda: getcard(card10()) + raw_send("1.5e0", "1.5"), [("RPC-REQ-001", E)],
     "id 1.5e0 is 1.5, a fractional id: JSON-RPC 2.0 §4 SHOULD NOT, the A2A schemas say string or integer")
case("I5-v10-id-exponent-echo-other-value", lambda: getcard(card10()) + raw_send("1e3", "1001"), [("RPC-ID-001", E)],
     "id 1e3 answered with id 1001: not the request's id (RPC-002)")

# --- S: AUTH-SCOPE-003 / -004 on push notification config calls ------------------------------
JWT = lambda sub: "Bearer eyJhbGciOiJub25lIn0." + __import__("base64").urlsafe_b64encode(js({"iss": "https://idp.example.test", "sub": sub}).encode()).decode().rstrip("=") + "."
HOOK = "https://hooks.example.test/a2a/cb"
CFG = {"id": "cfg-1", "taskId": "t1", "url": HOOK, "token": "tok-1"}
RI = {"message": msg10(), "configuration": {"returnImmediately": True}}
MINE = lambda: getcard(card10(**SEC10)) + [RPC(1, "SendMessage", RI, h={**V10, "authorization": JWT("alice")}), resp(ok(1, {"task": tsk("WORKING")})),
                                          RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "tok-1"}, h={**V10, "authorization": JWT("alice")}), resp(ok(2, CFG))]
case("S1-v10-push-config-list-served-to-other-subject",
     lambda: MINE() + [RPC(3, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, h={**V10, "authorization": JWT("mallory")}), resp(ok(3, {"configs": [CFG]}))],
     [("AUTH-SCOPE-003", E)],
     "task t1 was handed out to alice's token; mallory's token listed its push configs (webhook url and token): another principal reached the task (AUTH-006, TASK-009: TaskNotFoundError)")
case("S2-v10-push-config-create-by-other-subject",
     lambda: MINE() + [RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://evil.example.test/cb"}, h={**V10, "authorization": JWT("mallory")}),
                       resp(ok(3, {"id": "cfg-2", "taskId": "t1", "url": "https://evil.example.test/cb"}))],
     [("AUTH-SCOPE-003", E)],
     "mallory's token stored a webhook on alice's task t1, which will receive its updates (AUTH-006)")
case("S3-v03-push-config-get-served-to-other-subject",
     lambda: getcard(card03(**SEC03)) +
     [req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J03, "authorization": JWT("alice")}), resp(ok(1, t03("working"))),
      req(A, rpc(2, "tasks/pushNotificationConfig/get", {"id": "t1"}), headers={**J03, "authorization": JWT("mallory")}),
      resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK}}))],
     [("AUTH-SCOPE-003", E)],
     "0.3: tasks/pushNotificationConfig/get of alice's task served to mallory (AUTH-006)")
case("S4-v10-push-config-get-under-opaque-other-token",
     lambda: getcard(card10(**SEC10)) + [RPC(1, "SendMessage", RI, h={**V10, "authorization": "Bearer opaque-aaaa"}), resp(ok(1, {"task": tsk("WORKING")})),
                                        RPC(2, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, h={**V10, "authorization": "Bearer opaque-bbbb"}), resp(ok(2, CFG))],
     [("AUTH-SCOPE-004", N)],
     "two opaque tokens: the recording cannot tell one user with a refreshed token from two; AUTH-SCOPE-004's note")
case("S5-legal-v10-push-config-list-same-subject-refreshed-token",
     lambda: MINE() + [RPC(3, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, h={**V10, "authorization": JWT("alice") + "x"}), resp(ok(3, {"configs": [CFG]}))],
     [],
     "control: another token of the same subject (alice, a refreshed token) lists the configs of her task")
case("S6-legal-v10-push-config-list-other-subject-refused",
     lambda: MINE() + [RPC(3, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, h={**V10, "authorization": JWT("mallory")}), resp(err(3, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
     [],
     "control: mallory's list of alice's task answered TaskNotFoundError, the right answer (TASK-009)")

LISTED = lambda tasks: {"tasks": tasks, "nextPageToken": "", "pageSize": 50, "totalSize": len(tasks)}
case("S7-v10-list-tasks-lists-other-subjects-task",
     lambda: MINE() + [RPC(3, "ListTasks", {}, h={**V10, "authorization": JWT("mallory")}), resp(ok(3, LISTED([tsk("WORKING")])))],
     [("AUTH-SCOPE-003", E)],
     "mallory's ListTasks lists alice's task t1: ListTasks returns only caller-visible tasks (DATA-007, AUTH-006)")
case("S8-legal-v10-list-tasks-own-tasks-only",
     lambda: MINE() + [RPC(3, "ListTasks", {}, h={**V10, "authorization": JWT("alice")}), resp(ok(3, LISTED([tsk("WORKING")]))),
                       RPC(4, "ListTasks", {}, h={**V10, "authorization": JWT("mallory")}), resp(ok(4, LISTED([])))],
     [],
     "control: alice lists her task, mallory lists none")

# --- D: REST DELETE /tasks/{id}, an operation A2A does not have ----------------------------
RC = lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
RSEND = lambda: [req(H + "/message:send", P1, headers=RJ), resp({"task": tsk()}, headers=RJR)]
case("D1-v10-rest-delete-task-served",
     lambda: RC() + RSEND() + [req(H + "/tasks/t1", method="DELETE", headers={"a2a-version": "1.0"}), resp("", status=204, headers={})],
     [("REST-VERB-001", E), ("REST-VERB-002", W)],
     "DELETE /tasks/t1: no A2A version deletes a task (REST-001: /tasks/{id} is GET only); the agent answered 204 instead of 405")
case("D2-v10-rest-delete-task-refused-405",
     lambda: RC() + RSEND() + [req(H + "/tasks/t1", method="DELETE", headers={"a2a-version": "1.0"}), resp("", status=405, headers={"allow": "GET"})],
     [("REST-VERB-001", E)],
     "DELETE /tasks/t1 refused with 405 Method Not Allowed, the router's right answer: only the client is told (before: CARD-URL-002 blamed the advertised URL for the 405)")
case("D3-v03-rest-delete-task-served",
     lambda: getcard(card03(url=H + "/v1", preferredTransport="HTTP+JSON")) + [req(H + "/v1/tasks/t1", method="DELETE", headers=J03), resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_CANCELLED"}})],
     [("REST-VERB-001", E), ("REST-VERB-002", W)],
     "0.3: DELETE /v1/tasks/t1 served with the task (REST-003: the 0.3 routes have no DELETE on a task)")
case("D4-legal-v10-rest-delete-push-config",
     lambda: RC() + RSEND() + [req(H + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp({}, headers=RJR)],
     [],
     "control: DELETE of a push notification config is an A2A operation (DeleteTaskPushNotificationConfig)")

# --- B: 0.1 artifacts whose append / lastChunk are no JSON booleans (bool32's leftover) -------
O1H = "http://agent.example.test"
OLDCARD = {"name": "Old", "url": O1H + "/a2a", "version": "0.1", "capabilities": {"streaming": True, "pushNotifications": False},
           "skills": [{"id": "s", "name": "s"}], "defaultInputModes": ["text"], "defaultOutputModes": ["text"]}


def sub01(arts):
    ev = lambda r: chunk("data: %s\n\n" % js(ok(1, r)))
    body = {"jsonrpc": "2.0", "id": 1, "method": "tasks/sendSubscribe", "params": {"id": "t-01", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}}
    return (getcard(OLDCARD, base=O1H, path="/.well-known/agent.json") +
            [req(O1H + "/a2a", body, headers=J), resp("", headers=SSE),
             ev({"id": "t-01", "status": {"state": "working", "timestamp": "2025-04-01T10:00:00"}, "final": False})] +
            [ev({"id": "t-01", "artifact": a}) for a in arts] +
            [ev({"id": "t-01", "status": {"state": "completed", "timestamp": "2025-04-01T10:00:01"}, "final": True}), chunk("", close="eof")])


ART01 = lambda text, **kw: {"parts": [{"type": "text", "text": text}], "index": 0, **kw}
case("B1-v01-sendsubscribe-artifact-append-string-false",
     lambda: sub01([ART01("Hello", lastChunk=False), ART01(" world", append="false", lastChunk=True)]),
     [("STREAM-SHAPE-001", E)],
     "0.1: the artifact's append is the string \"false\" (the 0.1 schema types Artifact.append boolean): a JavaScript client appends on it, a typed one refuses the event")
case("B2-v01-sendsubscribe-artifact-last-chunk-number",
     lambda: sub01([ART01("Hello", append=False, lastChunk=1)]),
     [("STREAM-SHAPE-001", E)],
     "0.1: the artifact's lastChunk is the number 1, not a JSON boolean")
case("B3-legal-v01-sendsubscribe-artifact-real-booleans-and-null",
     lambda: sub01([ART01("Hello", append=None, lastChunk=False), ART01(" world", append=True, lastChunk=True)]),
     [],
     "control: 0.1 artifact booleans as JSON booleans, and append null (the unset value)")

if __name__ == "__main__":
    write_cases(C, HERE)

"""Writes helper review29a's transcript variants (prefix b29r-): python3 tests/cases/variants/gen_b29ra.py

Review of session 29's verifier work. A1-A5: the purge grace of ID-TASK-001 (mine29c f610)
held only for GetTask / CancelTask; 1.0 §3.3.2 defines TaskNotFoundError for a task that is
"invalid, expired, or already completed and purged", whatever the call."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import blind_helpers as bh
from blind_helpers import H, V10, J, req, resp, rpc, ok, err, getcard, card03, card10, msg03, msg10, task03, task10

# the directory to write into: the first argument, else the script's own (tests/cases/variants)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
CASES = []


def at(line, t):
    line["t"] = t
    return line


def case(name, lines, findings, source, note):
    CASES.append(name)
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings],
                            "source": source, "note": note}, indent=2) + "\n")


PURGE = "review29a: ID-TASK-001's purge grace (mine29c f610) applied to GetTask / CancelTask only; A2A 1.0.1 §3.3.2 TaskNotFoundError: 'invalid, expired, or already completed and purged'"
SSEH = {"content-type": "application/json", "accept": "text/event-stream"}


def completed03():
    bh._t[0] = 0.0
    return [*getcard(card03()),
            req(H + "/a2a", rpc(1, "message/send", {"message": msg03("go")})),
            resp(ok(1, task03(state="completed")))]


def completed10():
    bh._t[0] = 0.0
    return [*getcard(card10()),
            req(H + "/a2a", rpc(1, "SendMessage", {"message": msg10("go")}), headers=V10),
            resp(ok(1, {"task": task10(state="COMPLETED")}))]


# A1: 0.3 tasks/resubscribe an hour after the task completed: purged, not found is right.
case("b29r-A1-legal-v03-resubscribe-completed-task-an-hour-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=SSEH), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [], PURGE, "the task completed an hour before the resubscribe; an agent MAY purge an ended task (TaskNotFoundError: 'already completed and purged'), so not found is no lost task (the old code: ID-TASK-001 error)")

# A2: 0.3 follow-up message naming a task that completed an hour earlier.
case("b29r-A2-legal-v03-followup-to-completed-task-an-hour-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "message/send", {"message": msg03("more", mid="m2", taskId="t1", contextId="c1")})), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [], PURGE, "a message continuing a task that completed an hour before: the agent may have purged it, and not found is the answer for a purged task (the old code: ID-TASK-001 'a finished task still exists')")

# A3: 1.0 SubscribeToTask an hour after the task completed.
case("b29r-A3-legal-v10-subscribe-completed-task-an-hour-later",
     completed10() + [at(req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [], PURGE, "TASK-004's UnsupportedOperationError is for a terminal task that still exists; one completed an hour before may be purged, and then TaskNotFoundError is right (the old code: TASK-STATE-006 error)")

# A4: control: the same resubscribe two seconds after the end: the agent never kept the task.
case("b29r-A4-v03-resubscribe-completed-task-seconds-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=SSEH), 2.0),
                      at(resp(err(2, -32001, "Task not found")), 2.01)],
     [("task-id-not-resolvable", "error")], PURGE, "control: not found two seconds after the task completed is no purge (the grace is a minute): still ID-TASK-001")

# A5: control: 1.0 SubscribeToTask seconds after the end stays TASK-STATE-006.
case("b29r-A5-v10-subscribe-completed-task-seconds-later",
     completed10() + [at(req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}), 2.0),
                      at(resp(err(2, -32001, "Task not found")), 2.01)],
     [("subscribe-terminal-task-accepted", "error")], PURGE, "control: a subscription two seconds after the end is answered for a task that still exists: UnsupportedOperationError due (TASK-004)")

# A6: control: a message that only refers to the old task (referenceTaskIds) starts a new one.
case("b29r-A6-v03-reference-to-completed-task-an-hour-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "message/send", {"message": msg03("more", mid="m2", contextId="c1", referenceTaskIds=["t1"])})), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [("task-id-not-resolvable", "error")], PURGE, "control: a message naming the old task only in referenceTaskIds starts a new task; refusing it for a reference stays ID-TASK-001 (breaker27 X05), purge or not")

# B1-B3: CAP-STREAM-003 (mine29b) fired on every non-stream answer to a streaming call to a
# card without streaming, calling it "the agent's refusal", also for a success in one JSON
# body and for refusals that have nothing to do with streaming.
CAPS = "review29a: CAP-STREAM-003 (mine29b, litellm #28577) named any non-stream answer 'the agent's refusal'"
STREAMH = {"content-type": "application/json", "accept": "text/event-stream"}


def nostream03():
    bh._t[0] = 0.0
    return [*getcard(card03(capabilities={}))]


case("b29r-B1-v03-stream-to-card-without-streaming-answered-json-result",
     nostream03() + [req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("go")}), headers=STREAMH),
                     resp(ok(1, task03(state="completed")))],
     [("stream-not-event-stream", "error")], CAPS,
     "the agent answered message/stream with a task in one JSON body: no refusal, so CAP-STREAM-003's 'the agent's refusal is expected' does not apply; STREAM-HTTP-001 stays (the old code added the note)")

case("b29r-B2-v03-stream-to-card-without-streaming-refused-401",
     nostream03() + [req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("go")}), headers=STREAMH),
                     resp({"error": "unauthorized"}, status=401)],
     [("auth-challenge-missing", "warning"), ("auth-demanded-but-card-declares-none", "warning")], CAPS,
     "a 401 refuses the call for its credentials, not for streaming: no CAP-STREAM-003 (the old code added the note)")

case("b29r-B3-v03-stream-to-card-without-streaming-refused-32004",
     nostream03() + [req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("go")}), headers=STREAMH),
                     resp(err(1, -32004, "Streaming is not supported"))],
     [("client-streaming-not-declared", "note")], CAPS,
     "control: the refusal STREAM-001 asks for (UnsupportedOperationError) to a client that streamed anyway: CAP-STREAM-003 stays")

# C1-C4: breaker29 C08 (a 415 to a body that is not JSON is no A2A error) held only for a
# 415 whose body is no JSON, and a part media type equal to the body's own Content-Type
# read the refusal as ContentTypeNotSupportedError.
MEDIA = "review29a: breaker29 C08's 415 exemption (HTTP-MEDIA-003 vs REST-ERROR-001) missed a framework's JSON 415 page and a text/plain body with a text/plain part"
REST_IF = [{"url": H + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]


def rest415(ctype, part, body, rctype="application/json"):
    bh._t[0] = 0.0
    m = {"messageId": "m1", "role": "ROLE_USER", "parts": [part]}
    return [*getcard(card10(ifaces=REST_IF)),
            req(H + "/rest/message:send", {"message": m}, headers={"content-type": ctype, "a2a-version": "1.0"}),
            resp(body, status=415, headers={"content-type": rctype})]


case("b29r-C1-v10-rest-text-plain-body-json-415-page",
     rest415("text/plain;charset=UTF-8", {"text": "hi"}, {"detail": "Unsupported Media Type"}),
     [("client-request-media-type-wrong", "warning")], MEDIA,
     "fetch() with a string body sends text/plain; the framework's JSON 415 page ({\"detail\": ...}) refuses the body before any A2A operation: HTTP-MEDIA-003 only, no REST-ERROR-001 (the old code: both, the one calling the 415 right, the other an error)")

case("b29r-C2-v10-rest-text-plain-body-415-names-text-plain",
     rest415("text/plain;charset=UTF-8", {"text": "hi", "mediaType": "text/plain"}, {"detail": "Unsupported Media Type: text/plain; expected application/json"}),
     [("client-request-media-type-wrong", "warning")], MEDIA,
     "the 415 names text/plain, which is the body's Content-Type as well as the text part's media type: a refusal of the body, not ContentTypeNotSupportedError (the old code: REST-ERROR-001 as well)")

case("b29r-C3-v10-rest-text-plain-body-text-415-names-text-plain",
     rest415("text/plain", {"text": "hi", "mediaType": "text/plain"}, "Unsupported Media Type: text/plain", "text/plain"),
     [("client-request-media-type-wrong", "warning")], MEDIA,
     "the plain-text twin of C2 (rest_error_not_json's path): the part type equal to the body's Content-Type no longer reads as ContentTypeNotSupportedError")

case("b29r-C4-v10-rest-json-body-json-415-page",
     rest415("application/json", {"text": "hi"}, {"detail": "Unsupported Media Type"}),
     [("rest-error-shape", "error"), ("rest-1-0-media-type-refused", "warning")], MEDIA,
     "control: a 415 to the binding's own media type is the agent's fault and its body is still judged (b11 K20)")

# D1-D2: breaker29 A25 reads a 0.1 card's `authentication.schemes` as its security
# declaration, but did so for every card without securitySchemes: a 0.3 or 1.0 card carrying
# a leftover `authentication` member (no such member in the 0.2.5+ schemas or a2a.proto)
# drew an error AUTH-OPEN-001 for a call the card never asked credentials for.
AUTHS = "review29a: breaker29 A25's 0.1 authentication reading applied to 0.3 and 1.0 cards"
case("b29r-D1-legal-v03-card-leftover-authentication-member",
     (bh._t.__setitem__(0, 0.0) or []) + [*getcard(card03(authentication={"schemes": ["Bearer"]})),
      req(H + "/a2a", rpc(1, "message/send", {"message": msg03("go")})),
      resp(ok(1, task03(state="completed")))],
     [], AUTHS,
     "a 0.3 card (protocolVersion 0.3.0) declares security only in securitySchemes / security; its leftover 0.1 member authentication declares nothing, so a call without credentials that succeeds is no AUTH-OPEN-001 (the old code: error)")
case("b29r-D2-legal-v10-card-leftover-authentication-member",
     (bh._t.__setitem__(0, 0.0) or []) + [*getcard(card10(authentication={"schemes": ["Bearer"]})),
      req(H + "/a2a", rpc(1, "SendMessage", {"message": msg10("go")}), headers=V10),
      resp(ok(1, {"task": task10(state="COMPLETED")}))],
     [], AUTHS,
     "the 1.0 twin of D1: a2a.proto's AgentCard has no authentication field; security is securitySchemes / securityRequirements (the old code: error AUTH-OPEN-001)")

# E1-E3: mine29b's 1.0-routes-below-a-0.3-interface reading (BIND-USE-002 / VER-CARD-002, no
# CARD-URL-002) looked at the URL's first HTTP+JSON interface only: a card listing a 0.3 and
# a 1.0 HTTP+JSON interface at one URL, 0.3 first, had its 1.0 client blamed for the agent's
# 404 on the route its 1.0 interface offers.
DUAL = "review29a: mine29b's client_dropped_v1 ignored a 1.0 HTTP+JSON interface listed after a 0.3 one at the same url"
I10 = {"url": H + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
I03 = {"url": H + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}


def dual(ifaces, lines):
    bh._t[0] = 0.0
    return [*getcard(card10(ifaces=ifaces))] + lines()


def send10_404():
    return [req(H + "/rest/message:send", {"message": msg10("go")}, headers=V10),
            resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "Not Found"}}, status=404)]


case("b29r-E1-v10-dual-rest-card-0-3-first-1-0-route-404",
     dual([I03, I10], send10_404),
     [("card-url-unreachable", "error")], DUAL,
     "the card offers 1.0 HTTP+JSON at /rest (listed second): POST /rest/message:send is its route, and the agent's 404 is the agent's fault, as with the interfaces in the other order (E2); the old code: BIND-USE-002 on the client")
case("b29r-E2-v10-dual-rest-card-1-0-first-1-0-route-404",
     dual([I10, I03], send10_404),
     [("card-url-unreachable", "error")], DUAL,
     "control: the same card with 1.0 listed first (the old code already said CARD-URL-002)")
case("b29r-E3-v10-rest-0-3-only-card-1-0-route-404",
     dual([I03], send10_404),
     [("client-version-not-in-card", "note")], DUAL,
     "control: a card with only the 0.3 HTTP+JSON interface at /rest: the 1.0 client's route is not offered (mine29b stays)")

print(len(CASES), "cases")

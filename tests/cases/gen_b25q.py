"""Writes the session-25 quality transcripts (q25a, `b25q-*`): several agents on one origin
(review24a R11), each with its own Agent Card (`/a/.well-known/agent-card.json`,
`/b/.well-known/agent-card.json`), the cards fetched in both orders (`-ab-`: A's first,
`-ba-`: B's first), and calls to each agent judged by the card of the agent they addressed:
streaming and pushNotifications declared by one agent only, API-key headers named
differently, 0.3 by one agent and 1.0 only by the other. Faulty ones carry the finding the
verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "review24a R11 (several agents on one origin, each with its own card)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["b25q-" + name] = (lines(), findings, SRC, note)


E, W, N = "error", "warning", "note"
A, B = H + "/a", H + "/b"
STREAM = {**V10, "accept": "text/event-stream"}


def cards(order, a, b):
    """The two agents' cards fetched in `order` ("ab" or "ba")."""
    ca = getcard(a, path="/a/.well-known/agent-card.json")
    cb = getcard(b, path="/b/.well-known/agent-card.json")
    return ca + cb if order == "ab" else cb + ca


def c10(url, name, **caps):
    c = card10(url, name=name)
    c["capabilities"] = {"streaming": True, "pushNotifications": True, **caps}
    return c


def apikey(url, name, header):
    c = c10(url, name)
    c["securitySchemes"] = {"key": {"apiKeySecurityScheme": {"location": "header", "name": header}}}
    c["securityRequirements"] = [{"schemes": {"key": {"list": []}}}]
    return c


def stream_to(url):
    return [req(url, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=STREAM),
            *stream10([{"task": task10("t1", state="WORKING")}, st10("t1", state="COMPLETED", n=2)])]


def push_to(url):
    cfg = {"taskId": "t1", "url": "https://client.example.test/hook", "token": "tok-1"}
    return [req(url, rpc(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), headers=V10),
            resp(ok(1, {"task": task10("t1", state="WORKING")})),
            req(url, rpc(2, "CreateTaskPushNotificationConfig", cfg), headers=V10),
            resp(ok(2, {**cfg, "id": "cfg-1"}))]


for o in ("ab", "ba"):
    # streaming: A declares none, B does
    S = lambda: cards(o, c10(A, "Alpha", streaming=False), c10(B, "Beta"))
    case("R11-v10-%s-stream-served-by-agent-without-streaming" % o, lambda: S() + stream_to(A),
         [("streaming-not-declared-but-served", E)],
         "Alpha's card (/a) declares streaming false and the stream went to Alpha's URL; Beta's card on the same origin declares streaming, whichever was fetched last")
    case("R11-legal-v10-%s-stream-to-agent-with-streaming" % o, lambda: S() + stream_to(B), [],
         "Beta's card (/b) declares streaming and the stream went to Beta's URL")
    # push notifications: A declares none, B does
    P = lambda: cards(o, c10(A, "Alpha", pushNotifications=False), c10(B, "Beta"))
    case("R11-v10-%s-push-config-accepted-by-agent-without-push" % o, lambda: P() + push_to(A),
         [("push-not-declared-but-accepted", E)],
         "Alpha's card declares pushNotifications false and Alpha accepted a push config; Beta's card declares push")
    case("R11-legal-v10-%s-push-config-to-agent-with-push" % o, lambda: P() + push_to(B), [],
         "Beta's card declares push and Beta accepted the config")
    # API keys named differently
    K = lambda: cards(o, apikey(A, "Alpha", "X-Alpha-Api-Key"), apikey(B, "Beta", "X-Beta-Api-Key"))
    case("R11-v10-%s-client-sends-other-agents-key-header" % o, lambda: K() + [
        req(A, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "x-beta-api-key": "sk-live-0123456789abcdef"}),
        resp(err(1, -32600, "unauthenticated"), status=401, headers={**J, "www-authenticate": "ApiKey"})],
        [("client-credential-not-as-declared", E)],
        "Alpha's card asks for X-Alpha-Api-Key; the client sent X-Beta-Api-Key (Beta's scheme) to Alpha and was refused 401")
    case("R11-legal-v10-%s-keys-where-each-card-says" % o, lambda: K() + [
        req(A, rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "x-alpha-api-key": "sk-live-0123456789abcdef"}),
        resp(ok(1, {"task": task10("t1")})),
        req(B, rpc(1, "SendMessage", {"message": msg10(mid="m2")}), headers={**V10, "x-beta-api-key": "sk-live-fedcba9876543210"}),
        resp(ok(1, {"task": task10("t2", ctx="c2")}))], [],
        "each agent's key in the header its own card names")
    # 0.3 and 1.0-only agents
    VV = lambda: cards(o, card03(A, name="Alpha"), c10(B, "Beta"))
    case("R11-v10-%s-0-3-call-served-as-1-0-by-1-0-agent" % o, lambda: VV() + [
        req(B, rpc("1", "message/send", {"message": msg03()})),
        resp(ok("1", {"task": task10("t1")}))],
        [("version-header-not-enforced", E), ("result-invalid-shape", E), ("version-mixed-payload", W), ("task-state-invalid", E)],
        "Beta's card (/b) declares 1.0 only; a 0.3 message/send to Beta answered in the 1.0 form (VER-002: -32009); Alpha's card on the same origin declares 0.3")
    case("R11-legal-v03-%s-0-3-call-to-0-3-agent" % o, lambda: VV() + [
        req(A, rpc("1", "message/send", {"message": msg03()})),
        resp(ok("1", task03("t1")))], [],
        "Alpha's card (/a) declares 0.3 and Alpha answered the 0.3 call in the 0.3 form")

    case("R11-legal-v10-%s-1-0-call-refused-by-0-3-agent" % o, lambda: VV() + [
        req(A, rpc("1", "SendMessage", {"message": msg10()}), headers=V10),
        resp(err("1", -32601, "Method not found"))], [],
        "Alpha's card (/a) declares 0.3 only: its -32601 to a 1.0 SendMessage is the expected refusal (VER-CARD-002 note), whatever Beta's 1.0 card on the same origin says")
    # a third path no card lists, neither card's base: nothing card-based is guessed
    case("R11-legal-v10-%s-stream-to-path-no-card-lists" % o,
         lambda: cards(o, c10(A, "Alpha", streaming=False), c10(B, "Beta", streaming=False)) + stream_to(H + "/c"), [],
         "neither card lists /c nor was fetched at a prefix of it: which agent answered is unknown, so neither card's streaming false is held against the stream")

# ---------------------------------------------------------------- VER-HDR-001 for 0.1/0.2 calls (review24a R7)
def send02(i="1", tid="t1", **kw):
    """a 0.1/0.2 tasks/send (the task id is the client's, params.id)."""
    return rpc(i, "tasks/send", {"id": tid, "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}, **kw})


def sub02(i="1", tid="t1"):
    return rpc(i, "tasks/sendSubscribe", {"id": tid, "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}})


C10 = lambda: getcard(card10())
case("R7-v02-tasks-send-served-as-1-0", lambda: C10() + [
    req(H + "/a2a", send02()), resp(ok("1", {"task": task10("t1")}))],
    [("version-header-not-enforced", E), ("result-invalid-shape", E), ("version-mixed-payload", W), ("task-state-invalid", E)],
    "a 0.2 client's tasks/send (no A2A-Version) to an agent whose card declares 1.0 only, answered in the 1.0 form: VER-002 wants it refused (-32009, or -32601: no 1.0 method), and a 0.2 client cannot read the {\"task\"} wrapper")
case("R7-v02-tasks-send-header-0-2-served-as-1-0", lambda: C10() + [
    req(H + "/a2a", send02(), headers={**J, "a2a-version": "0.2"}), resp(ok("1", {"task": task10("t1")}))],
    [("version-header-not-enforced", E), ("result-invalid-shape", E), ("version-mixed-payload", W), ("task-state-invalid", E)],
    "the same with A2A-Version: 0.2: the call names its version")
case("R7-v02-tasks-send-subscribe-served-as-1-0", lambda: C10() + [
    req(H + "/a2a", sub02(), headers={**J, "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(st10("t1", state="COMPLETED"), i="1")), chunk("", close="eof")],
    [("version-header-not-enforced", E), ("stream-event-invalid-shape", E), ("stream-final-flag-wrong", E), ("version-mixed-payload", W), ("task-state-invalid", E)],
    "a 0.2 tasks/sendSubscribe answered with 1.0 stream events")
case("R7-legal-v02-tasks-send-refused-by-1-0-agent", lambda: C10() + [
    req(H + "/a2a", send02()), resp(err("1", -32601, "Method not found"))], [],
    "the 1.0-only agent refuses tasks/send: expected (VER-CARD-002 note)")
case("R7-legal-v02-tasks-send-answered-0-2-form", lambda: C10() + [
    req(H + "/a2a", send02()), resp(ok("1", {"id": "t1", "sessionId": "s1", "status": {"state": "completed"}}))], [],
    "the agent answers tasks/send in the 0.2 form: it serves 0.2 without declaring it; VER-HDR-001 is about 1.0 answers a 0.2 client cannot read")

write_cases(C, OUT)

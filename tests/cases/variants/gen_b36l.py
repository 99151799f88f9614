"""Variants of left36 (prefix b36l-): python3 tests/cases/variants/gen_b36l.py

Session 35's leftovers on the verifier, each with traffic that keeps its finding and legal
controls beside it:
W: AUTH-CHALLENGE-001 (auth-challenge-missing, AUTH-003) judged a webhook's 401 to a push
   delivery as "agent answered 401 without a WWW-Authenticate header" (b25x-B11 to B13).
   The receiver is the client's server and the agent the caller: AUTH-003 is about the
   agent's answers to A2A calls; the delivery's credentials are PUSH-AUTH-*'s. Now quiet on
   push deliveries; an agent's own 401 without a challenge keeps it.
S: STREAM-FIRST-002 (stream-task-after-its-update, STREAM-003's 0.3 "should") fired on a 0.x
   tasks/resubscribe stream that opened with an update (f46). What a 0.x resubscribe stream
   sends first is the implementation's (0.3 §7.9; STREAM-004's "Task first" is 1.0's
   SubscribeToTask), and the resubscribing client named a task it already has. Now judged
   on 0.x send streams (message/stream, tasks/sendSubscribe) only.
G: mine35's question: a 0.3 compatibility layer that serves the card at one URL by
   A2A-Version (the 1.0 card to a 1.0 client, a 0.3 translation to a client without the
   header, VER-003) and signs both. CARD-010: a signature is a JWS over the JCS of the card
   it sits in, so each card signed over its own content is legal, while the same JWS over
   both (the 1.0 card's signature copied into the translation) fits at most one of them:
   CARD-SIG-003, as for a card changed at one URL.
Rule names are read from docs/rules.md.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, card10, card03, getcard, jws, ...)

SRC = "left36 (session 35's leftovers: left35's unlisted warnings, mine35)"
C = {}
case = case_maker(C, "b36l-", SRC)
HOOK = "https://client.example.test/hooks/a2a"
TEXT = {"content-type": "text/plain"}
A2AJ = {"content-type": "application/a2a+json"}


def send_w(i=1):
    """a 1.0 SendMessage (returnImmediately) answered with task t1 still working."""
    return [RPC(i, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}),
            resp(ok(i, {"task": task10(state="WORKING")}))]


def send03_w(i=1):
    return [req(A, rpc(i, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), headers=J03),
            resp(ok(i, task03(state="working")))]


# --- W: a webhook's 401 to a push delivery ----------------------------------------------------
CFG10 = {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-77"}}
case("W1-legal-v10-webhook-refuses-the-configured-bearer",
     lambda: C10() + send_w() + [
         RPC(2, "CreateTaskPushNotificationConfig", CFG10), resp(ok(2, dict(CFG10, id="p1"))),
         req(HOOK, st10(state="COMPLETED", n=5), headers={**A2AJ, "authorization": "Bearer hook-secret-77"}),
         resp("", status=401, headers={})],
     [],
     "the agent delivers with exactly the credentials the client configured and the webhook answers 401 without WWW-Authenticate (its secret rotated): "
     "the webhook is the client's server, so its bare 401 is no AUTH-003 finding of the agent (before: AUTH-CHALLENGE-001 'agent answered 401')")
CFG03 = {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}}
case("W2-legal-v03-webhook-refuses-the-configured-token",
     lambda: C03() + send03_w() + [
         req(A, rpc(2, "tasks/pushNotificationConfig/set", CFG03), headers=J03), resp(ok(2, CFG03)),
         req(HOOK, task03(), headers={**J03, "x-a2a-notification-token": "tok-03"}),
         resp("unauthorized", status=401, headers=TEXT)],
     [],
     "0.3: the delivery carries the configured token and the webhook refuses it with a bare 401: the receiver's answer, not the agent's")
case("W3-v10-agent-401-without-challenge",
     lambda: C10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                 securityRequirements=[{"schemes": {"bearer": {"list": []}}}]) + [
         RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "authorization": "Bearer expired-1"}),
         resp({"error": "unauthorized"}, status=401)],
     [("AUTH-CHALLENGE-001", W)],
     "control: the agent's own 401 to an A2A call (a Bearer token it no longer accepts) without WWW-Authenticate keeps AUTH-CHALLENGE-001 (AUTH-003)")

# --- S: a 0.x stream that opens with an update, then its Task ----------------------------------
EVENTS = lambda: [st03(state="working", n=2), task03(state="working", n=2), st03(state="completed", final=True, n=3)]
case("S1-legal-v03-resubscribe-opens-with-an-update",
     lambda: send03_w() + [req(A, rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=S03)]
     + sse([ev(e, 2) for e in EVENTS()]),
     [],
     "0.3 tasks/resubscribe of task t1 (the client has it from message/send): the stream opens with the current status, then a Task snapshot, then completed with final true; "
     "the order of a 0.x resubscribe stream is the implementation's (0.3 §7.9) (before: STREAM-FIRST-002)")
case("S2-v03-stream-opens-with-an-update",
     lambda: [req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03)] + sse([ev(e, 1) for e in EVENTS()]),
     [("STREAM-FIRST-002", W)],
     "control: the same events on message/stream: a 0.3 task stream should start with its Task (STREAM-003), a client building its task from the Task loses the update before it")
case("S3-v10-subscribe-opens-with-an-update",
     lambda: C10() + send_w() + [RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10)]
     + sse([ev(e, 2) for e in [st10(state="WORKING", n=2), {"task": task10(state="WORKING", n=2)}, st10(state="COMPLETED", n=3)]]),
     [("STREAM-FIRST-001", E)],
     "control: 1.0 SubscribeToTask must start with the current Task (STREAM-004): unchanged")

# --- G: one card URL, two generations chosen by A2A-Version, both signed -----------------------
def jws_of(seed):
    return jws(hdr={"alg": "ES256", "kid": "card-k1", "typ": "JOSE"}, sig=b64u(bytes((i * seed + 7) % 256 for i in range(64))))


IFACES = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
          {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]
CARD_V10 = lambda sig: card10(ifaces=IFACES, signatures=[sig])
CARD_V03 = lambda sigs: card03(url=A, **({"signatures": sigs} if sigs else {}))
# each generation's card is its own representation: its own ETag, and Vary names the header
VARY = lambda etag: {"content-type": "application/json", "cache-control": "max-age=300", "etag": etag, "vary": "A2A-Version"}
GET_V10 = lambda card: [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "a2a-version": "1.0"}),
                        resp(card, headers=VARY('"card-v10-7"'))]
GET_V03 = lambda card: [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
                        resp(card, headers=VARY('"card-v03-7"'))]
case("G1-legal-card-by-version-each-signed",
     lambda: GET_V10(CARD_V10(jws_of(31))) + GET_V03(CARD_V03([jws_of(33)])),
     [],
     "legal: the 1.0 card to a client sending A2A-Version 1.0, its 0.3 translation to a client without the header (0.3, VER-003), at one URL; "
     "each card carries its own JWS over its own JCS (CARD-010)")
case("G2-legal-card-by-version-03-first-unsigned",
     lambda: GET_V03(CARD_V03(None)) + GET_V10(CARD_V10(jws_of(31))),
     [],
     "legal: the 0.3 translation served first and unsigned (signing is optional, CARD-010), the 1.0 card signed")
case("G3-card-by-version-one-signature",
     lambda: GET_V10(CARD_V10(jws_of(31))) + GET_V03(CARD_V03([jws_of(31)])),
     [("CARD-SIG-003", E)],
     "the compatibility layer copied the 1.0 card's signature into the 0.3 translation: one JWS over two different cards verifies at most one of them (CARD-010)")
case("G4-card-by-version-03-first-keeps-old-signature",
     lambda: GET_V03(CARD_V03([jws_of(33), jws_of(31)])) + GET_V10(CARD_V10(jws_of(31))),
     [("CARD-SIG-003", E)],
     "the 0.3 translation, fetched first, has its own signature and still lists the 1.0 card's: that entry cannot verify the translation (a verifier may try any entry, CARD-010)")

write_cases(C, HERE)

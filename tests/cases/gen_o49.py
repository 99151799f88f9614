"""Writes the o49 transcripts (open49 item 4: breaker48's binding-bridging gateway,
tests/peers/misgateway48.py, left two wordings of one fault). Both legs are in each
transcript (`leg: upstream` on the gateway-to-agent hop), the shapes of gen_b48.py.

- refusal (V): `v1-added` forwards the JSON-RPC client's SendMessage as POST
  /rest/v1/message:send; the a2a-sdk routes /v1 to its 0.3 side and refuses A2A-Version
  1.0 with VERSION_NOT_SUPPORTED, which the gateway hands on as -32009. VER-CARD-001 was
  told twice, once per leg (each names its own leg's card interface), for one refusal: now
  the client leg's is folded into the agent's (upstream) finding, which says the gateway
  passed the refusal on and names the front's interface.
- error (E): `error-internal` hands the agent's REST 404 TASK_NOT_FOUND to the JSON-RPC
  client as -32603 InternalError. On one binding the same remap was GW-RESP-002 (breaker47
  error-remapped: the agent's answer altered on the way, proven against the upstream leg);
  across bindings it was the client leg's RPC-ERROR-001 (the front answered not found to
  one call and -32603 to another), which counts against the agent's conformance level
  (open48 item 6 keeps only a gateway's GW-* faults out of it) although the agent answered
  right. Decided: GW-RESP-002 in both, the gateway's fault; RPC-ERROR-001 is not told for a
  client-leg answer the gateway so replaced.
Run from the repo root: python3 tests/cases/gen_o49.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "open49 (breaker48's binding-bridging gateway, misgateway48.py v1-added and error-internal: one fault, one finding, one rule whatever the bindings)"
C = {}
case = case_maker(C, "o49-", SRC)

FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c49\""}
H10 = {"content-type": "application/json", "a2a-version": "1.0"}
HR = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJSON = {"content-type": "application/a2a+json"}


def card(base):
    return card10(ifaces=[
        {"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": base + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])


def cards():
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return [req(FRONT + path, method="GET", headers=g),
            req(AGENT + path, method="GET", headers=g, **UP),
            resp(card(AGENT), headers=CACHED, **UP),
            resp(card(FRONT), headers=CACHED)]


def rpc_to_rest(i, method, params, up_method, up_path, up_body, up_res, client_answer,
                up_status=200):
    """A JSON-RPC client's call, its HTTP+JSON copy upstream, the agent's REST answer and the
    client's JSON-RPC answer (a whole response object)."""
    up_h = HR if up_body is not None else {"a2a-version": "1.0"}
    return [req(FRONT + "/", rpc(i, method, params), headers=H10),
            req(AGENT + up_path, "" if up_body is None else up_body, method=up_method,
                headers=up_h, **UP),
            resp(up_res, status=up_status, headers=RJSON, **UP),
            resp(client_answer)]


def rpc_to_rpc(i, method, params, up_answer, client_answer):
    """A JSON-RPC client's call forwarded as it is (one binding), the agent's answer and the
    client's."""
    return [req(FRONT + "/", rpc(i, method, params), headers=H10),
            req(AGENT + "/", rpc(i, method, params), headers=H10, **UP),
            resp(up_answer, **UP),
            resp(client_answer)]


# refusal -----------------------------------------------------------------------------------
REFUSED = "A2A version '1.0' is not supported by this handler. Expected version '0.3'."


def v1_added(n):
    """`n` JSON-RPC SendMessage calls, each forwarded under /rest/v1 and refused."""
    out = cards()
    for k in range(1, n + 1):
        m = msg10("task hello", mid=f"m{k}")
        out += rpc_to_rest(k, "SendMessage", {"message": m}, "POST", "/rest/v1/message:send",
                           {"message": m},
                           rstatus(400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED", REFUSED),
                           err(k, -32009, REFUSED, einfo("VERSION_NOT_SUPPORTED")),
                           up_status=400)
    return out


case("V1-gw-bridge-version-refusal-relayed-told-once",
     lambda: v1_added(1),
     [("VER-CARD-001", "error")],
     "the agent's card declares HTTP+JSON 1.0 at /rest, yet it refused the gateway's 1.0 send under /rest/v1 with VERSION_NOT_SUPPORTED; the gateway handed the refusal on to its JSON-RPC client as -32009 under its own card's 1.0 interface: one finding, the agent's, saying the gateway passed the refusal on (was VER-CARD-001 twice, one per leg; breaker48 v1-added)")
case("V2-gw-bridge-version-refusals-relayed-told-once-each",
     lambda: v1_added(2),
     [("VER-CARD-001", "error")],
     "two sends so refused: one finding per refusal, the client leg's folded into each (the words the same, so the reports group them)")


# errors ------------------------------------------------------------------------------------
NOT_FOUND_REST = rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "Task not found")


def unknown_task_bridged(client_answer):
    """A REST client's GetTask of an unknown task bridged to JSON-RPC (the agent's -32001
    handed on as 404 TASK_NOT_FOUND: right), then a JSON-RPC client's GetTask of the same id
    bridged to REST (the agent's 404 TASK_NOT_FOUND) answered `client_answer`."""
    return (cards()
            + [req(FRONT + "/rest/tasks/no-such-task", "", method="GET", headers={"a2a-version": "1.0"}),
               req(AGENT + "/", rpc("u1", "GetTask", {"id": "no-such-task"}), headers=H10, **UP),
               resp(err("u1", -32001, "Task not found", einfo("TASK_NOT_FOUND")), **UP),
               resp(NOT_FOUND_REST, status=404, headers=RJSON)]
            + rpc_to_rest(2, "GetTask", {"id": "no-such-task"}, "GET", "/rest/tasks/no-such-task",
                          None, NOT_FOUND_REST, client_answer, up_status=404))


case("EL1-legal-gw-bridge-task-not-found-both-ways",
     lambda: unknown_task_bridged(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))),
     [],
     "the agent's not-found handed on in each client's binding (REST 404 TASK_NOT_FOUND, JSON-RPC -32001): the bridge's own mapping (ERR-002)")
case("E1-gw-bridge-task-not-found-as-internal-error",
     lambda: unknown_task_bridged(err(2, -32603, "Internal error")),
     [("GW-RESP-002", "error")],
     "the agent's REST 404 TASK_NOT_FOUND handed to the JSON-RPC client as -32603 InternalError: the gateway altered the agent's answer (GW-RESP-002, against the upstream leg), as on one binding (E2); was the client leg's RPC-ERROR-001, which counted against the agent (breaker48 error-internal)")
case("E2-gw-task-not-found-as-internal-error-one-binding",
     lambda: cards() + rpc_to_rpc(1, "GetTask", {"id": "no-such-task"},
                                  err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")),
                                  err(1, -32603, "Internal error")),
     [("GW-RESP-002", "error")],
     "control: the same remap on one binding (JSON-RPC both legs): GW-RESP-002 (breaker47 error-remapped)")


# push deliveries before a blocking send's answer (item 5) -------------------------------------
# Left: a delivery before the answer naming another task than the send's (PUSH-BODY-002/003
# need the config's task, known from the answer only) and PUSH-DELIV-003 (a terminal state
# never delivered) are not judged for an inline config, before or after the answer alike.
# The a2a-sdk (1.3.0, A2A_PUSH=1) with a config inline in a blocking send delivers the task's
# notifications while the send is still open: every delivery's request is recorded before the
# send's answer head (seen live: three deliveries, then the answer). The inline config is
# known from the send's request; the task it is for only from the answer.
HOOK = "https://hooks.example.test/a2a/cb"
NT = lambda tok="tok-1": {"content-type": "application/a2a+json", "x-a2a-notification-token": tok}
PUSH_CARD = lambda: getcard(card10())


def hooked(body, h=None):
    return [req(HOOK, body, headers=NT() if h is None else h, leg="webhook"),
            resp("", status=200, headers={}, leg="webhook")]


def inline_send(deliveries, answer_state="COMPLETED", v03=False, cfg=None):
    """A blocking send with its push config inline, the webhook's deliveries (`deliveries()`,
    called once the send's request is written, for the clock) recorded while the send is
    open, then the send's answer (the task `answer_state`)."""
    if v03:
        conf = {"blocking": True, "pushNotificationConfig": cfg or {"url": HOOK, "token": "tok-1"}}
        out = C03() + [req(A, rpc(1, "message/send", {"message": msg03("task hello"), "configuration": conf}), headers=J03)]
        out += sum(deliveries(), [])
        return out + [resp(ok(1, t03(answer_state.lower(), 3)))]
    conf = {"taskPushNotificationConfig": cfg or {"url": HOOK, "token": "tok-1"}}
    out = PUSH_CARD() + [req(A, rpc(1, "SendMessage", {"message": msg10("task hello"), "configuration": conf}), headers=V10)]
    out += sum(deliveries(), [])
    return out + [resp(ok(1, {"task": tsk(answer_state, 3)}))]


SDK_10 = lambda h=None: [hooked({"task": tsk("SUBMITTED", 1)}, h),
                         hooked(stu("WORKING", 2), h),
                         hooked(stu("COMPLETED", 3), h)]
case("PL1-legal-v10-inline-push-delivered-before-the-blocking-answer",
     lambda: inline_send(SDK_10),
     [],
     "the a2a-sdk's order: submitted, working, completed delivered with the token while the blocking send is open, then its answer: nothing to say (no PUSH-DELIV-003 for a terminal state 'never delivered', no PUSH-BODY-003 for a task not yet seen)")
AUTHCFG = {"url": HOOK, "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "cred-9"}}
case("P1-v10-inline-push-before-the-answer-without-the-credentials",
     lambda: inline_send(SDK_10, cfg=AUTHCFG),
     [("PUSH-AUTH-001", "error")],
     "the inline config carries Bearer authentication; the deliveries before the answer carry the token but no Authorization: PUSH-AUTH-001, as for deliveries after the answer (before: not read as deliveries at all, so never judged)")
case("PL3-legal-v10-inline-push-before-the-answer-with-the-credentials",
     lambda: inline_send(lambda: SDK_10(h={**NT(), "authorization": "Bearer cred-9"}), cfg=AUTHCFG),
     [],
     "control: the same deliveries with Authorization: Bearer cred-9 (the a2a-sdk's, live)")
case("P2-v10-inline-push-before-the-answer-with-another-token",
     lambda: inline_send(lambda: SDK_10(h=NT("tok-2"))),
     [("PUSH-AUTH-002", "error")],
     "delivered with another token than the inline config's: PUSH-AUTH-002")
case("PL2-legal-v03-inline-push-delivered-before-the-blocking-answer",
     lambda: inline_send(lambda: [hooked(t03("submitted", 1), {"content-type": "application/json", "x-a2a-notification-token": "tok-1"}),
                                  hooked(t03("completed", 3), {"content-type": "application/json", "x-a2a-notification-token": "tok-1"})], v03=True),
     [],
     "0.3: the task delivered whole (submitted, completed) with the token before message/send's answer")
case("P3-v03-inline-push-before-the-answer-without-the-token",
     lambda: inline_send(lambda: [hooked(t03("submitted", 1), {"content-type": "application/json"}),
                                  hooked(t03("completed", 3), {"content-type": "application/json"})], v03=True),
     [("PUSH-AUTH-003", "warning")],
     "0.3 deliveries without the config's token (no authentication): PUSH-AUTH-003, the 0.x warning")

write_cases(C, OUT)

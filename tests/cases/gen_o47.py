"""Writes the o47 transcripts (open47 item 4): GW-REQ-001 widened from a message send and a
cancel to every non-idempotent A2A POST a gateway may retry upstream, by the spec's words.
Both legs are in each gateway transcript (`leg: upstream` on the gateway-to-agent hop).

Which calls are idempotent, by the spec (A2A-DIGEST.md):
- a push notification config create (1.0 `CreateTaskPushNotificationConfig`, 0.3
  `tasks/pushNotificationConfig/set`, HTTP+JSON `POST /tasks/{id}/pushNotificationConfigs`)
  that names no config `id`: the agent assigns the id (PUSH-003, "Create assigns id"), so
  each copy it runs is another config, and the webhook is told every update twice while
  the client knows one id. A fault (GW-REQ-001).
- the same create naming its config `id`: a second copy sets that config again, the same
  state twice. Legal.
- a delete (`DeleteTaskPushNotificationConfig`, `DELETE .../pushNotificationConfigs/{id}`):
  PUSH-003 "Delete idempotent". Legal, even when the second copy is answered
  not-found.
- a get or list (`GetTaskPushNotificationConfig`, `GET .../pushNotificationConfigs`,
  `GetTask`): safe reads (RFC 9110 §9.2.1); retried, legal.
Run from the repo root: python3 tests/cases/gen_o47.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "open47 (GW-REQ-001 widened by the spec's idempotency: PUSH-003, RFC 9110 §9.2.2)"
C = {}
case = case_maker(C, "o47-", SRC)

FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c47\""}
RJR = {"content-type": "application/a2a+json"}
EJ = {"content-type": "application/json"}
HOOK = "https://hooks.example.test/a2a"


def card(base, binding):
    path = "/rest" if binding == "HTTP+JSON" else "/a2a"
    return card10(ifaces=[{"url": base + path, "protocolBinding": binding, "protocolVersion": "1.0"}],
                  capabilities={"streaming": False, "pushNotifications": True})


def cards(binding):
    """The client's card fetch at the front, the gateway's at the agent."""
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return [req(FRONT + path, method="GET", headers=g),
            req(AGENT + path, method="GET", headers=g, **UP),
            resp(card(AGENT, binding), headers=CACHED, **UP),
            resp(card(FRONT, binding), headers=CACHED)]


def once(method, path, body, answer, status=200, h=RJ, hr=RJR):
    """A call the gateway forwards once: client request, upstream copy, the agent's answer,
    the client's answer."""
    b = body if method in ("POST", "PUT", "PATCH") else ""
    hh = h if b else {k: v for k, v in h.items() if k != "content-type"}
    return [req(FRONT + path, b, method=method, headers=hh),
            req(AGENT + path, b, method=method, headers=hh, **UP),
            resp(answer, status=status, headers=hr, **UP),
            resp(answer, status=status, headers=hr)]


def twice(method, path, body, first, second, status1=200, status2=200, h=RJ, hr=RJR):
    """A call the gateway sends upstream twice: the client's one request, the first copy and
    its answer, the second copy and its answer, which the client gets."""
    b = body if method in ("POST", "PUT", "PATCH") else ""
    hh = h if b else {k: v for k, v in h.items() if k != "content-type"}
    return [req(FRONT + path, b, method=method, headers=hh),
            req(AGENT + path, b, method=method, headers=hh, **UP),
            resp(first, status=status1, headers=hr, **UP),
            req(AGENT + path, b, method=method, headers=hh, **UP),
            resp(second, status=status2, headers=hr, **UP),
            resp(second, status=status2, headers=hr)]


def working_task_rest():
    send = {"message": msg10("long job"), "configuration": {"returnImmediately": True}}
    return cards("HTTP+JSON") + once("POST", "/rest/message:send", send, {"task": tsk("WORKING")})


def working_task_rpc():
    send = rpc(1, "SendMessage", {"message": msg10("long job"), "configuration": {"returnImmediately": True}})
    return cards("JSONRPC") + once("POST", "/a2a", send, ok(1, {"task": tsk("WORKING")}), h=V10, hr=EJ)


CFG = {"url": HOOK}
CFG_A = dict(CFG, id="cfg-a", taskId="t1")
CFG_B = dict(CFG, id="cfg-b", taskId="t1")
NOT_FOUND_CFG = rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "Push notification config not found")

# REST create, no id: two configs -----------------------------------------------------------
case("P01-gw-v10-rest-push-config-create-sent-upstream-twice",
     lambda: working_task_rest() + twice("POST", "/rest/tasks/t1/pushNotificationConfigs", CFG, CFG_A, CFG_B),
     [("GW-REQ-001", "warning")],
     "the gateway sent the client's one POST /tasks/t1/pushNotificationConfigs (no config id) upstream twice: the agent created cfg-a and then cfg-b (PUSH-003: it assigns the id), the webhook is told every update twice, and the client knows only cfg-b (open47: GW-REQ-001 covered sends and cancels only)")

# JSON-RPC create, no id ----------------------------------------------------------------------
case("P02-gw-v10-jsonrpc-create-push-config-sent-upstream-twice",
     lambda: working_task_rpc() + twice(
         "POST", "/a2a", rpc(2, "CreateTaskPushNotificationConfig", dict(CFG, taskId="t1")),
         ok(2, CFG_A), ok(2, CFG_B), h=V10, hr=EJ),
     [("GW-REQ-001", "warning")],
     "the 1.0 JSON-RPC CreateTaskPushNotificationConfig (no id) sent upstream twice: two configs on the agent (open47)")

# 0.3 JSON-RPC set, no id -----------------------------------------------------------------------
def set03_twice(named):
    cfg = {"url": HOOK}
    if named:
        cfg["id"] = "cfg-a"
    send = rpc(1, "message/send", {"message": msg03("long job"), "configuration": {"blocking": False}})
    setp = {"taskId": "t1", "pushNotificationConfig": cfg}
    back_a = {"taskId": "t1", "pushNotificationConfig": dict(cfg, id="cfg-a")}
    back_b = {"taskId": "t1", "pushNotificationConfig": dict(cfg, id="cfg-a" if named else "cfg-b")}
    c03 = card03(url=FRONT + "/a2a", capabilities={"streaming": False, "pushNotifications": True})
    a03 = card03(url=AGENT + "/a2a", capabilities={"streaming": False, "pushNotifications": True})
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return ([req(FRONT + path, method="GET", headers=g),
             req(AGENT + path, method="GET", headers=g, **UP),
             resp(a03, headers=CACHED, **UP),
             resp(c03, headers=CACHED)]
            + once("POST", "/a2a", send, ok(1, t03("working")), h=J03, hr=EJ)
            + twice("POST", "/a2a", rpc(2, "tasks/pushNotificationConfig/set", setp),
                    ok(2, back_a), ok(2, back_b), h=J03, hr=EJ))


case("P03-gw-v03-jsonrpc-push-config-set-without-id-sent-upstream-twice",
     lambda: set03_twice(False),
     [("GW-REQ-001", "warning")],
     "the 0.3 tasks/pushNotificationConfig/set naming no config id sent upstream twice: the agent assigned cfg-a, then cfg-b (open47)")
case("PL1-legal-gw-v03-jsonrpc-push-config-set-with-id-sent-upstream-twice",
     lambda: set03_twice(True),
     [],
     "the same set naming its config id cfg-a: the second copy sets cfg-a again, the same state twice (an idempotent write); the retry is legal")

# REST create naming its id: legal ---------------------------------------------------------------
case("PL2-legal-gw-v10-rest-push-config-create-with-id-sent-upstream-twice",
     lambda: working_task_rest() + twice("POST", "/rest/tasks/t1/pushNotificationConfigs",
                                         dict(CFG, id="cfg-a"), CFG_A, CFG_A),
     [],
     "the create names its config id cfg-a: the agent keeps one config (the second copy writes the same), so the gateway's retry harms nothing")

# delete retried: idempotent by PUSH-003 --------------------------------------------------------
case("PL3-legal-gw-v10-rest-push-config-delete-sent-upstream-twice",
     lambda: working_task_rest() + once("POST", "/rest/tasks/t1/pushNotificationConfigs", dict(CFG, id="cfg-a"), CFG_A)
     + twice("DELETE", "/rest/tasks/t1/pushNotificationConfigs/cfg-a", "", {}, {}),
     [],
     "DELETE of cfg-a sent upstream twice, both answered {}: Delete is idempotent (PUSH-003, 1.0 §3.1.10), so a retry is legal")
case("PL4-legal-gw-v10-jsonrpc-delete-push-config-sent-upstream-twice",
     lambda: working_task_rpc()
     + once("POST", "/a2a", rpc(2, "CreateTaskPushNotificationConfig", dict(CFG, taskId="t1")), ok(2, CFG_A), h=V10, hr=EJ)
     + twice("POST", "/a2a", rpc(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-a"}),
             ok(3, {}), ok(3, {}), h=V10, hr=EJ),
     [],
     "the 1.0 JSON-RPC DeleteTaskPushNotificationConfig sent upstream twice (a POST, but idempotent by PUSH-003): legal")

# reads retried: safe -----------------------------------------------------------------------------
case("PL5-legal-gw-v10-rest-push-config-list-and-get-task-sent-upstream-twice",
     lambda: working_task_rest() + once("POST", "/rest/tasks/t1/pushNotificationConfigs", dict(CFG, id="cfg-a"), CFG_A)
     + twice("GET", "/rest/tasks/t1/pushNotificationConfigs", "", {"configs": [CFG_A], "nextPageToken": ""},
             {"configs": [CFG_A], "nextPageToken": ""})
     + twice("GET", "/rest/tasks/t1", "", tsk("WORKING"), tsk("WORKING")),
     [],
     "a list of configs and a GetTask each sent upstream twice: safe reads (RFC 9110 §9.2.1), a retry is legal")
case("PL6-legal-gw-v10-jsonrpc-get-push-config-sent-upstream-twice",
     lambda: working_task_rpc()
     + once("POST", "/a2a", rpc(2, "CreateTaskPushNotificationConfig", dict(CFG, taskId="t1")), ok(2, CFG_A), h=V10, hr=EJ)
     + twice("POST", "/a2a", rpc(3, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-a"}),
             ok(3, CFG_A), ok(3, CFG_A), h=V10, hr=EJ),
     [],
     "the 1.0 JSON-RPC GetTaskPushNotificationConfig sent upstream twice (a POST on JSON-RPC, a read by its method): legal")

# two creates the client sent itself: no retry ----------------------------------------------------
case("PL7-legal-gw-v10-rest-two-creates-sent-by-the-client",
     lambda: working_task_rest()
     + once("POST", "/rest/tasks/t1/pushNotificationConfigs", CFG, CFG_A)
     + once("POST", "/rest/tasks/t1/pushNotificationConfigs", CFG, CFG_B),
     [],
     "the client created two configs itself, each forwarded once: one copy each, no retry")

# a config with a token, forwarded once: the gateway's hop is no relay -------------------------------
case("PL8-legal-gw-v10-rest-push-config-with-token-forwarded-once",
     lambda: working_task_rest()
     + once("POST", "/rest/tasks/t1/pushNotificationConfigs", dict(CFG, token="hook-secret-47"),
            dict(CFG_A, token="hook-secret-47")),
     [],
     "a push config create carrying the client's token, forwarded once by the gateway: the upstream copy is the same call seen on the gateway's other leg, not an agent passing the config on to another agent (PUSH-BODY-004 was an error here, open47's note)")

write_cases(C, OUT)

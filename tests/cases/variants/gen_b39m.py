"""Variants of left39b (prefix b39m-): python3 tests/cases/variants/gen_b39m.py

Session 39's leftovers on the verifier:
1. GW-REQ-001 (RFC 9110 section 9.2.2; ID-007, TASK-005) told a gateway's second upstream
   copy of one client message send a retry of a non-idempotent request even when the first
   copy's answer said the agent never took the call: a 404 for the route (no A2A endpoint
   there; on HTTP+JSON also TaskNotFoundError, a refusal), 405 (the route takes no POST),
   421 (misdirected: RFC 9110 section 15.5.20 lets a client retry it "whether or not the
   request method is idempotent") or 501 (not implemented). The agent ran nothing, so the
   copy sent to another route or backend after that answer is the call's one run, not a
   duplicate (nginx `proxy_next_upstream http_404`). Still told: a second copy after the
   first was answered 200 (the agent ran it), after a 500 (it may have run part of it),
   after no answer at all (the gateway's timeout; the agent answers the first copy late,
   so it ran it), and a copy sent before the first's 404 arrived (a blind retry).
Rule names are read from docs/rules.md.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, err, card10, getcard, ...)

SRC = "left39b (session 39's leftovers: a gateway's second copy of a send after the agent refused the first)"
C = {}
case = case_maker(C, "b39m-", SRC)
GA = GW + "/a2a"
B1 = "http://agent-a.internal:9000"
B2 = "http://agent-b.internal:9000"
UPH = {**V10, "via": "1.1 gw"}
SEND = rpc(1, "SendMessage", {"message": msg10("transfer 100 EUR", mid="m-77")})
DONE = ok(1, {"task": tsk("COMPLETED", artifacts=ART)})
DONE2 = ok(1, {"task": tsk("COMPLETED", tid="t2", ctx="c2", artifacts=ART)})
NF = "<html><body><h1>404 Not Found</h1></body></html>"
HTML = {"content-type": "text/html"}


def up(line):
    """`line` on the gateway's upstream leg (gateway to agent)."""
    line["leg"] = "upstream"
    return line


def gw_cards():
    """The gateway's card to the client (its own URL) and the agent's card fetched upstream."""
    return getcard(card10(GA), base=GW) + [up(l) for l in getcard(card10(B2 + "/a2a"), base=B2)]


def retried(status, body, headers, second_path="/a2a", answer=DONE):
    """The client's one SendMessage; the gateway's first copy to backend A answered
    `status` (`body`, `headers`), then a second copy to backend B (at `second_path`)
    answered `answer`, which the client gets."""
    return gw_cards() + [req(GA, SEND, headers=V10),
                         up(req(B1 + "/a2a", SEND, headers=UPH)), up(resp(body, status=status, headers=headers)),
                         up(req(B2 + second_path, SEND, headers=UPH)), up(resp(answer)), resp(answer)]


case("1-legal-v10-rpc-retry-after-404-route",
     lambda: retried(404, NF, HTML),
     [],
     "the gateway's first copy of the client's SendMessage (messageId m-77) reaches a backend with no A2A route there (404, an HTML page); "
     "the gateway sends it to the next backend, which runs it once: the agent never ran the first copy, no duplicate run, no GW-REQ-001 "
     "(before: GW-REQ-001)")
case("1-legal-v10-rpc-retry-after-404-no-body",
     lambda: retried(404, "", {}, second_path="/"),
     [],
     "the same with an empty 404 and the second copy sent to another path of the next backend: no GW-REQ-001 (before: GW-REQ-001)")
case("1-legal-v10-rpc-retry-after-421-misdirected",
     lambda: retried(421, "misdirected request", {"content-type": "text/plain"}),
     [],
     "the first backend answers 421 Misdirected Request; RFC 9110 section 15.5.20 lets the sender retry it whether or not the method is "
     "idempotent: no GW-REQ-001 (before: GW-REQ-001)")
case("1-legal-v10-rpc-retry-after-405",
     lambda: retried(405, "", {"allow": "GET"}),
     [],
     "the first backend's route takes no POST (405): the agent ran nothing, no GW-REQ-001 (before: GW-REQ-001)")
case("1-v10-rpc-retry-after-200",
     lambda: retried(200, DONE, J, answer=DONE2),
     [("GW-REQ-001", W)],
     "control: the first copy was answered 200 with task t1 (the agent ran it) and the gateway sent it again; the second run is task t2: GW-REQ-001")
case("1-v10-rpc-retry-after-500",
     lambda: retried(500, err(1, -32603, "Internal error"), J),
     [("GW-REQ-001", W)],
     "control: the first copy was answered 500 with a JSON-RPC internal error: the agent may have run part of it, so a second copy is "
     "a retry of a non-idempotent request: GW-REQ-001")


def timed_out(late_status, late_body, late_headers):
    """The client's one SendMessage; the gateway's first copy gets no answer in time and
    the gateway sends a second copy; the first copy's answer (`late_status`) arrives after
    that, then the agent's answer to the second copy, which the client gets."""
    return gw_cards() + [req(GA, SEND, headers=V10, id="c1"), up(req(B1 + "/a2a", SEND, headers=UPH, id="u1")),
                         up(req(B2 + "/a2a", SEND, headers=UPH, id="u2")),
                         up(resp(late_body, status=late_status, headers=late_headers, id="u1")),
                         up(resp(DONE2, id="u2")), resp(DONE2, id="c1")]


case("1-v10-rpc-retry-after-timeout-first-copy-ran",
     lambda: timed_out(200, DONE, J),
     [("GW-REQ-001", W)],
     "control: the gateway sends a second copy while the first has no answer yet (its upstream timeout); the agent answers the first copy "
     "late with task t1 (it ran it) and the second with t2, so it ran the work twice: GW-REQ-001")
case("1-v10-rpc-retry-before-404-arrived",
     lambda: timed_out(404, NF, HTML),
     [("GW-REQ-001", W)],
     "control: the second copy went out before the first copy's 404 arrived: the gateway retried a send it did not know the agent refused "
     "(a blind retry of a non-idempotent request): GW-REQ-001")

write_cases(C, HERE)

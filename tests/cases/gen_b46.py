"""Writes the b46 transcripts (breaker46, live round twenty-six: tests/peers/misgateway46.py,
a misbehaving gateway on the HTTP+JSON binding between the two legs of one recording in
front of the a2a-sdk agent, tests/cases/live46-predictions.json): one per verifier bug the
round found, with the legal neighbours the fix must leave silent. Both legs are in each
gateway transcript (`leg: upstream` on the gateway-to-agent hop).

- `colon-encoded` (GW-REQ-002; REST-001): the gateway sent `/message:send` upstream as
  `/message%3Asend`. GW-REQ-002 read `%3A` as `:` on both legs and said nothing; RFC 3986
  §2.2 makes the escaped delimiter another URI, and google/api/http.proto reads it as data.
- `prefix-doubled` (GW-REQ-002): `/rest/...` sent upstream as `/rest/rest/...` (a tenant
  `rest` to the agent); only a doubled tenant the card declares was told. A gateway that maps
  a public base onto the agent's (`/a2a/rest` -> `/rest`) stays silent.
- `v1-dropped` (GW-REQ-002): a 0.3 call moved off `/v1` onto the 1.0 route; VER-CARD-001
  charged the agent for refusing the header-less call there.
- `query-dropped` (GW-REQ-002; DATA-006, DATA-007): a GET's historyLength dropped upstream;
  the client leg was judged against the client's historyLength (DATA-HISTORY-001 on the
  agent, which never saw it). A query parameter that is no A2A field, dropped, stays silent.
- `post-to-get` (GW-REQ-002): a POST `:cancel` sent upstream as a bodiless GET was paired
  with nothing, and the agent's 404 to the GET was read as its answer to the cancel
  (ID-TASK-001 on the agent).
- `error-own-json`, `status-500`, `status-200` (GW-RESP-002; ERR-002, ERR-003): an
  HTTP+JSON error (google.rpc.Status) replaced by the gateway's own JSON, or passed on under
  another status: nothing, or GW-RESP-001 ("not passed on"). The error passed on as it came
  stays silent.
- `sse-envelope` (GW-SSE-002; REST-002): the agent's bare StreamResponses wrapped in
  JSON-RPC envelopes by the gateway: STREAM-SHAPE-002 on the agent.
- `cancel-retry` (GW-REQ-001): a cancel sent upstream twice, the second copy's
  TaskNotCancelableError returned: nothing. Two cancels the client sent itself stay silent.
- ID-MSG-003 (ID-007), no gateway: a status message listed again with its parts' `filename`
  and `mediaType` as `""` (the ProtoJSON default a2a-sdk 1.3.0's ListTasks writes) was taken
  for another message under the same messageId.
Run from the repo root: python3 tests/cases/gen_b46.py"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker46 (live: misgateway46.py between the proxy's two legs on the HTTP+JSON binding, in front of the a2a-sdk agent)"
C = {}
case = case_maker(C, "b46-", SRC)

FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c46\""}
RJR = {"content-type": "application/a2a+json"}
EJ = {"content-type": "application/json"}
NOT_FOUND = rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "Task not found")


def card(base, prefix="/rest"):
    return card10(ifaces=[
        {"url": base + prefix, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
        {"url": base + prefix, "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}])


def cards(client_prefix="/rest"):
    """The client's card fetch at the front, the gateway's at the agent, the agent's card
    (HTTP+JSON 1.0 and 0.3 at AGENT/rest) and the client's (at FRONT + `client_prefix`)."""
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return [req(FRONT + path, method="GET", headers=g),
            req(AGENT + path, method="GET", headers=g, **UP),
            resp(card(AGENT), headers=CACHED, **UP),
            resp(card(FRONT, client_prefix), headers=CACHED)]


def call(method, cpath, upath, body, up_answer, client_answer=None, status=200, cstatus=None,
         h=RJ, up_method=None, up_body=None, uh=RJR, ch=None):
    """The client's HTTP+JSON call (`method` `cpath` at the front), the gateway's copy
    (`up_method` `upath` at the agent, `up_body`, else the client's) and the agent's answer
    `up_answer` (HTTP `status`), then the client's answer (`client_answer`, else the
    agent's; `cstatus`, else `status`)."""
    hdr = h if method == "POST" else {k: v for k, v in h.items() if k != "content-type"}
    um = up_method or method
    uhdr = hdr if um == method else {k: v for k, v in hdr.items() if k != "content-type"}
    ub = body if up_body is None else up_body
    return [req(FRONT + cpath, body if method == "POST" else "", method=method, headers=hdr),
            req(AGENT + upath, ub if um == "POST" else "", method=um, headers=uhdr, **UP),
            resp(up_answer, status=status, headers=uh, **UP),
            resp(up_answer if client_answer is None else client_answer,
                 status=status if cstatus is None else cstatus, headers=ch or uh)]


SEND = {"message": msg10("task hello")}
DONE = tsk("COMPLETED", artifacts=ART)
S_OK = lambda cp, up: call("POST", cp, up, SEND, {"task": DONE})

# colon-encoded -----------------------------------------------------------------------------
case("G01-gw-v10-rest-verb-colon-percent-encoded-upstream",
     lambda: cards() + S_OK("/rest/message:send", "/rest/message%3Asend"),
     [("GW-REQ-002", "error")],
     "the client's POST /rest/message:send reached the agent as /rest/message%3Asend: RFC 3986 §2.2 makes the escaped ':' another URI and google/api/http.proto reads it as data in the last segment, so a router that keeps reserved escapes finds no route; this agent decoded it (breaker46 colon-encoded, nothing fired before)")
case("GL1-legal-gw-v10-rest-public-prefix-stripped",
     lambda: cards("/a2a/rest") + S_OK("/a2a/rest/message:send", "/rest/message:send"),
     [],
     "the agent published under /a2a: the client's card names http://127.0.0.1:8080/a2a/rest, the gateway strips /a2a upstream; the route after each leg's interface url is the same (CARD-005)")

# prefix-doubled ----------------------------------------------------------------------------
case("G02-gw-v10-rest-base-segment-doubled-upstream",
     lambda: cards() + S_OK("/rest/message:send", "/rest/rest/message:send"),
     [("GW-REQ-002", "error")],
     "/rest/message:send sent upstream as /rest/rest/message:send: the agent takes the extra /rest for a tenant (1.0 §11) and serves the call there (breaker46 prefix-doubled, nothing fired before: the tenant was not one the card declares)")

# v1-dropped --------------------------------------------------------------------------------
V03 = {"message": {"role": "ROLE_USER", "messageId": "m3", "content": [{"text": "task in 0.3"}]}}
REFUSED = rstatus(400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED",
                  "A2A version '0.3' is not supported by this handler. Expected version '1.0'.")
case("G03-gw-v03-rest-v1-dropped-upstream",
     lambda: cards() + call("POST", "/rest/v1/message:send", "/rest/message:send", V03, REFUSED,
                            status=400, h=J03, uh=EJ),
     [("GW-REQ-002", "error"), ("DATA-SHAPE-002", "error")],
     "the client's 0.3 POST /rest/v1/message:send moved onto the 1.0 route /rest/message:send without A2A-Version (which declares 0.3, VER-003); the agent refused it with VersionNotSupportedError. GW-REQ-002 names the move, DATA-SHAPE-002 the gateway's 0.3 message on a 1.0 route (upstream leg); VER-CARD-001 charged the agent before (breaker46 v1-dropped)")

# query-dropped -----------------------------------------------------------------------------
WITH_HIST = tsk("COMPLETED", artifacts=ART, history=[msg10("task hello", taskId="t1", contextId="c1")])
case("G04-gw-v10-rest-gettask-history-length-dropped-upstream",
     lambda: cards() + S_OK("/rest/message:send", "/rest/message:send")
     + call("GET", "/rest/tasks/t1?historyLength=0", "/rest/tasks/t1", "", WITH_HIST),
     [("GW-REQ-002", "error")],
     "GetTask ?historyLength=0 reached the agent without its query; the agent, asked for no limit, sent its history, which the client got: the gateway's fault (GW-REQ-002), not the agent's DATA-HISTORY-001 (breaker46 query-dropped)")
case("GL4-legal-gw-v10-rest-gettask-own-query-parameter-consumed",
     lambda: cards() + S_OK("/rest/message:send", "/rest/message:send")
     + call("GET", "/rest/tasks/t1?apiKey=k1&historyLength=1", "/rest/tasks/t1?historyLength=1", "", WITH_HIST),
     [],
     "the gateway consumed a query parameter that is no A2A field (its own API key) and passed historyLength on: nothing of the client's A2A request was lost")

# post-to-get -------------------------------------------------------------------------------
LONG = tsk("WORKING")
case("G05-gw-v10-rest-cancel-post-sent-upstream-as-get",
     lambda: cards() + call("POST", "/rest/message:send", "/rest/message:send",
                            {"message": msg10("long job"), "configuration": {"returnImmediately": True}},
                            {"task": LONG})
     + call("POST", "/rest/tasks/t1:cancel", "/rest/tasks/t1:cancel", {}, "Not Found", status=404,
            up_method="GET", uh={"content-type": "text/plain; charset=utf-8"}),
     [("GW-REQ-002", "error"), ("REST-VERB-001", "error")],
     "the client's POST /rest/tasks/t1:cancel reached the agent as a bodiless GET, which the agent's router answered 404 Not Found: GW-REQ-002 and REST-VERB-001 on the gateway; before, the 404 was read as the agent's TaskNotFoundError to the cancel of a running task (ID-TASK-001, breaker46 post-to-get)")

# error answers -----------------------------------------------------------------------------
GET_UNKNOWN = lambda **kw: call("GET", "/rest/tasks/no-such-task", "/rest/tasks/no-such-task", "",
                                NOT_FOUND, status=404, uh=EJ, **kw)
case("R01-gw-v10-rest-error-replaced-by-gateways-own-json",
     lambda: cards() + GET_UNKNOWN(client_answer={"message": "An invalid response was received from the upstream server", "request_id": "gw46-0001"}),
     [("GW-RESP-002", "error")],
     "the agent's 404 google.rpc.Status (TASK_NOT_FOUND) replaced by the gateway's own JSON {message, request_id}: GW-RESP-002 (breaker46 error-own-json, nothing fired before)")
case("R02-gw-v10-rest-error-status-404-passed-on-as-500",
     lambda: cards() + GET_UNKNOWN(cstatus=500),
     [("GW-RESP-002", "error")],
     "the agent's 404 error body passed on under HTTP 500 (ERR-002: TaskNotFoundError is 404): the answer altered, not lost (was GW-RESP-001 'the gateway did not pass the answer on'; breaker46 status-500)")
case("R03-gw-v10-rest-error-status-404-passed-on-as-200",
     lambda: cards() + GET_UNKNOWN(cstatus=200),
     [("GW-RESP-002", "error")],
     "the agent's 404 error body passed on under HTTP 200: a success to an HTTP client (breaker46 status-200, nothing fired before)")
case("RL1-legal-gw-v10-rest-error-passed-on-unchanged",
     lambda: cards() + GET_UNKNOWN(),
     [],
     "the agent's 404 TaskNotFoundError passed on as it came")

# sse-envelope ------------------------------------------------------------------------------
EVS = [{"task": tsk("SUBMITTED")}, stu("WORKING"), stu("COMPLETED", n=3)]


def enveloped():
    h = {**RJ, "accept": "text/event-stream"}
    return cards() + [
        req(FRONT + "/rest/message:stream", SEND, headers=h),
        req(AGENT + "/rest/message:stream", SEND, headers=h, **UP),
        resp("", headers=SSE, **UP), chunk(rest_ev(EVS[0]), **UP),
        resp("", headers=SSE), chunk("data: " + json.dumps({"jsonrpc": "2.0", "id": None, "result": EVS[0]}) + "\n\n"),
        chunk(rest_ev(EVS[1]), **UP),
        chunk("data: " + json.dumps({"jsonrpc": "2.0", "id": None, "result": EVS[1]}) + "\n\n"),
        chunk(rest_ev(EVS[2]), **UP), chunk("", close="eof", **UP),
        chunk("data: " + json.dumps({"jsonrpc": "2.0", "id": None, "result": EVS[2]}) + "\n\n"),
        chunk("", close="eof")]


case("S01-gw-v10-rest-stream-events-wrapped-in-jsonrpc-envelopes",
     enveloped,
     [("GW-SSE-002", "error")],
     "the agent streamed bare StreamResponses (REST-002) on the upstream leg; the gateway wrapped each in {jsonrpc, id: null, result}: GW-SSE-002 on the gateway, not STREAM-SHAPE-002 on the agent (breaker46 sse-envelope)")

# cancel-retry ------------------------------------------------------------------------------
CANCELED = tsk("CANCELED", n=2)
NOT_CANCELABLE = rstatus(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "Task cannot be canceled")


def cancel_retried():
    long_send = {"message": msg10("long job"), "configuration": {"returnImmediately": True}}
    return cards() + call("POST", "/rest/message:send", "/rest/message:send", long_send, {"task": LONG}) + [
        req(FRONT + "/rest/tasks/t1:cancel", {}, headers=RJ),
        req(AGENT + "/rest/tasks/t1:cancel", {}, headers=RJ, **UP), resp(CANCELED, headers=RJR, **UP),
        req(AGENT + "/rest/tasks/t1:cancel", {}, headers=RJ, **UP), resp(NOT_CANCELABLE, status=400, headers=EJ, **UP),
        resp(NOT_CANCELABLE, status=400, headers=EJ)]


case("Q01-gw-v10-rest-cancel-sent-upstream-twice",
     cancel_retried,
     [("GW-REQ-001", "warning")],
     "the gateway sent the client's one cancel upstream twice: the first canceled the task, the agent refused the second (TaskNotCancelableError, right), and the client got that refusal: GW-REQ-001 on the gateway, and the refusal is the agent's answer to the second copy, no GW-RESP-002 (breaker46 cancel-retry, nothing fired before)")


def two_cancels():
    out = cards()
    for t in ("t1", "t2"):
        out += call("POST", "/rest/message:send", "/rest/message:send",
                    {"message": msg10("long job", mid="m-" + t), "configuration": {"returnImmediately": True}},
                    {"task": tsk("WORKING", tid=t, ctx="c-" + t)})
    for t in ("t1", "t2"):
        out += call("POST", f"/rest/tasks/{t}:cancel", f"/rest/tasks/{t}:cancel", {},
                    tsk("CANCELED", n=2, tid=t, ctx="c-" + t))
    return out


case("QL1-legal-gw-v10-rest-two-cancels-of-two-tasks",
     two_cancels,
     [],
     "two cancels with the same body {} on two tasks, each forwarded once: one copy each, no retry (the path names the task)")

# ID-MSG-003 (no gateway) -------------------------------------------------------------------
DONE_MSG = amsg10("slow task done", mid="a-done", taskId="t1", contextId="c1")


def listed(parts):
    m = dict(DONE_MSG, parts=parts)
    t = tsk("COMPLETED", n=3, msg=m)
    return [rget("/tasks?pageSize=1"),
            resp({"tasks": [t], "nextPageToken": "", "pageSize": 1, "totalSize": 1}, headers=RJR)]


def streamed_then_listed(parts):
    return R10() + rstream(SEND, [{"task": tsk("SUBMITTED")}, stu("COMPLETED", n=3, msg=DONE_MSG)]) + listed(parts)


case("ML1-legal-v10-status-message-listed-with-protojson-default-part-members",
     lambda: streamed_then_listed([{"text": "slow task done", "filename": "", "mediaType": ""}]),
     [],
     "the stream's final status message listed again by ListTasks with its part's filename and mediaType as \"\" (proto3 defaults, the same as unset: a2a-sdk 1.3.0 writes them): the same message, not another under its messageId (was ID-MSG-003, breaker46 pass)")
case("M02-v10-status-message-listed-with-another-filename",
     lambda: streamed_then_listed([{"text": "slow task done", "filename": "story.txt"}]),
     [("ID-MSG-003", "warning")],
     "control: the same messageId listed with a part that names a file: other parts (ID-007), told before and after the fix")

write_cases(C, OUT)

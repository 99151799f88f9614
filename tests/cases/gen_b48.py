"""Writes the b48 transcripts (breaker48, live round twenty-eight: tests/peers/misgateway48.py,
a BINDING-BRIDGING gateway between the two legs of one recording in front of the a2a-sdk
agent, tests/cases/live48-predictions.json): one per verifier bug the round found, with the
legal neighbours the fix must leave silent. Both legs are in each transcript (`leg:
upstream` on the gateway-to-agent hop); the gateway forwards a JSON-RPC client's call as its
HTTP+JSON 1.0 route and an HTTP+JSON client's as JSON-RPC 1.0, and translates each answer back.

- pairing (P): a call and its copy in the other binding were never paired (another method,
  path and body), so the JSON-RPC client's stream was compared with the REST client's
  stream of the same text: GW-SSE-002 and GW-SSE-001 on a faithful bridge. Now a call and
  an upstream request naming the same operation in the other binding for the same
  messageId or task id are one pair.
- ids (I): a gateway that hands the client task and context ids of its own: its GetTask
  copy (the agent's id) never paired with the client's (the gateway's id), and the agent's
  own finding (ID-CTX-003), repeated on the client leg in the gateway's ids, was told on both
  legs. Now the ids are learnt from each paired answer.
- history (H): a JSON-RPC GetTask's params.historyLength not carried onto the REST query
  drew only DATA-HISTORY-001 (the client leg's answer): GW-REQ-002 names the gateway's copy.
- error (E): the agent's JSON-RPC -32001 (HTTP 200) handed to the REST client as a
  google.rpc.Status TASK_NOT_FOUND under HTTP 500 drew GW-RESP-001 ("the agent answered HTTP
  200 ... the gateway did not pass the answer on"): it did, translated, under the wrong
  status, which the client leg's REST-ERROR-001 tells.
- stream envelope (S): JSON-RPC envelopes on the REST client's stream drew GW-SSE-002
  saying the agent's upstream stream sent bare events: the upstream stream was JSON-RPC,
  whose envelopes are right (RPC-005); the gateway passed them on unwrapped, the client
  leg's STREAM-SHAPE-002.
Run from the repo root: python3 tests/cases/gen_b48.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker48 (live: misgateway48.py, a binding-bridging gateway between the proxy's two legs, in front of the a2a-sdk agent)"
C = {}
case = case_maker(C, "b48-", SRC)

FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c48\""}
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


def rpc_to_rest(i, method, params, up_method, up_path, up_body, up_res, client_res,
                up_status=200, client_error=None):
    """A JSON-RPC client's call, its HTTP+JSON copy upstream, the agent's REST answer and the
    client's JSON-RPC answer (`client_error`: (code, message, data) instead of a result)."""
    up_h = HR if up_body is not None else {"a2a-version": "1.0"}
    answer = err(i, *client_error) if client_error else ok(i, client_res)
    return [req(FRONT + "/", rpc(i, method, params), headers=H10),
            req(AGENT + up_path, "" if up_body is None else up_body, method=up_method,
                headers=up_h, **UP),
            resp(up_res, status=up_status, headers=RJSON, **UP),
            resp(answer)]


def rest_to_rpc(i, method, path, body, up_method, up_params, up_answer, client_res,
                client_status=200):
    """An HTTP+JSON client's call, its JSON-RPC copy upstream, the agent's JSON-RPC answer
    (a whole response object) and the client's REST answer."""
    ch = HR if body is not None else {"a2a-version": "1.0"}
    return [req(FRONT + "/rest" + path, "" if body is None else body, method=method, headers=ch),
            req(AGENT + "/", rpc(i, up_method, up_params), headers=H10, **UP),
            resp(up_answer, **UP),
            resp(client_res, status=client_status, headers=RJSON)]


def am(text, mid, tid, ctx):
    return amsg10(text, mid=mid, taskId=tid, contextId=ctx)


def events(tid, ctx, wmid):
    """The agent's 1.0 stream of the slow skill: task, working, two chunks, completed."""
    return [{"task": tsk("SUBMITTED", tid=tid, ctx=ctx)},
            stu("WORKING", n=2, tid=tid, ctx=ctx, msg=am("working...", wmid, tid, ctx)),
            art10("story", "The ", tid=tid, ctx=ctx),
            art10("story", "fox.", append=True, last=True, tid=tid, ctx=ctx),
            stu("COMPLETED", n=3, tid=tid, ctx=ctx, msg=am("done", wmid + "-d", tid, ctx))]


def two_streams(drop_event=False, envelope_kept=False):
    """A JSON-RPC client's stream bridged to the agent's REST route, then a REST client's
    stream of the same text bridged to its JSON-RPC endpoint."""
    sr = {**H10, "accept": "text/event-stream"}
    rr = {**HR, "accept": "text/event-stream"}
    a = events("t1", "c1", "w-a")
    a_client = a[:1] + a[2:] if drop_event else a
    b = events("t2", "c2", "w-b")
    b_client = [ev(e, "u2") for e in b] if envelope_kept else [rest_ev(e) for e in b]
    return (cards()
            + [req(FRONT + "/", rpc(1, "SendStreamingMessage", {"message": msg10("slow streamed", mid="m1")}), headers=sr),
               req(AGENT + "/rest/message:stream", {"message": msg10("slow streamed", mid="m1")}, headers=rr, **UP)]
            + sse([rest_ev(e) for e in a], **UP)
            + sse([ev(e, 1) for e in a_client])
            + [req(FRONT + "/rest/message:stream", {"message": msg10("slow streamed", mid="m2")}, headers=rr),
               req(AGENT + "/", rpc("u2", "SendStreamingMessage", {"message": msg10("slow streamed", mid="m2")}), headers=sr, **UP)]
            + sse([ev(e, "u2") for e in b], **UP)
            + sse(b_client))


# pairing -----------------------------------------------------------------------------------
case("PL1-legal-gw-bridge-rpc-and-rest-client-streams-across-bindings",
     lambda: two_streams(),
     [],
     "a JSON-RPC client's SendStreamingMessage forwarded as POST /rest/message:stream and a REST client's POST /rest/message:stream as SendStreamingMessage, the same text, each event re-framed (envelope <-> bare): each client leg pairs with its own copy in the other binding (was GW-SSE-002 'stream event 2 differs between legs' and GW-SSE-001: the JSON-RPC client's stream compared with the REST client's copy; breaker48 bridge)")
case("P01-gw-bridge-rpc-client-stream-loses-an-event",
     lambda: two_streams(drop_event=True),
     [("GW-SSE-002", "error")],
     "control: the gateway drops the working status update while re-framing the agent's REST stream for the JSON-RPC client")


# ids ---------------------------------------------------------------------------------------
ASK = am("Please send more input on this task.", "r1", "t1", "c1")


def mapped_followup():
    """ids mapped (t1 -> gw-t1, c1 -> gw-c1): input-required, then a follow-up naming only
    gw-t1, which the agent answers completed with its status message in a context it mints
    anew (c9 -> gw-c9): the a2a-sdk's own ID-CTX-003, handed on in the gateway's ids."""
    ask_gw = am("Please send more input on this task.", "r1", "gw-t1", "gw-c1")
    done = tsk("COMPLETED", n=2, msg=am("thanks, done", "r2", "t1", "c9"))
    done_gw = tsk("COMPLETED", n=2, tid="gw-t1", ctx="gw-c1",
                  msg=am("thanks, done", "r2", "gw-t1", "gw-c9"))
    return (cards()
            + rpc_to_rest(1, "SendMessage", {"message": msg10("input please", mid="m1")},
                          "POST", "/rest/message:send", {"message": msg10("input please", mid="m1")},
                          {"task": tsk("INPUT_REQUIRED", msg=ASK)},
                          {"task": tsk("INPUT_REQUIRED", tid="gw-t1", ctx="gw-c1", msg=ask_gw)})
            + rpc_to_rest(2, "SendMessage", {"message": msg10("more", mid="m2", taskId="gw-t1")},
                          "POST", "/rest/message:send", {"message": msg10("more", mid="m2", taskId="t1")},
                          {"task": done}, {"task": done_gw}))


case("I01-gw-ids-mapped-agents-status-message-context-relayed",
     mapped_followup,
     [("ID-CTX-003", "warning")],
     "the agent's status message names context c9, its task c1 (the agent's fault, upstream leg); the gateway maps every id to its own (gw-...) and hands it to the JSON-RPC client over the other binding: one finding on the agent, the client leg's copy in the gateway's ids folded into it (was told on both legs; breaker47's open bridge-ids-mapped, breaker48 ids-mapped)")


def mapped_get(history):
    """ids mapped; the client's GetTask names gw-t1 with historyLength 0; the copy names t1,
    with `?historyLength=0` or (`history` False) without it."""
    path = "/rest/tasks/t1" + ("?historyLength=0" if history else "")
    full = tsk("COMPLETED")
    full["history"] = [msg10("task hello", mid="m1", taskId="t1", contextId="c1")]
    trimmed = tsk("COMPLETED")
    got = dict(full if not history else trimmed, id="gw-t1", contextId="gw-c1")
    if "history" in got:
        got["history"] = [msg10("task hello", mid="m1", taskId="gw-t1", contextId="gw-c1")]
    return (cards()
            + rpc_to_rest(1, "SendMessage", {"message": msg10("task hello", mid="m1")},
                          "POST", "/rest/message:send", {"message": msg10("task hello", mid="m1")},
                          {"task": tsk("COMPLETED")},
                          {"task": tsk("COMPLETED", tid="gw-t1", ctx="gw-c1")})
            + rpc_to_rest(2, "GetTask", {"id": "gw-t1", "historyLength": 0}, "GET", path, None,
                          full if not history else trimmed, got))


case("HL1-legal-gw-ids-mapped-get-task-history-carried",
     lambda: mapped_get(True),
     [],
     "ids mapped; the JSON-RPC client's GetTask (gw-t1, historyLength 0) forwarded as GET /rest/tasks/t1?historyLength=0: the gateway's id for the agent's, the parameter carried onto the query")
case("H01-gw-ids-mapped-get-task-history-dropped",
     lambda: mapped_get(False),
     [("GW-REQ-002", "error"), ("DATA-HISTORY-001", "error")],
     "ids mapped; the JSON-RPC client's GetTask (gw-t1, historyLength 0) forwarded as GET /rest/tasks/t1 without the query: the agent answers its default history (right), the client gets a history it asked to omit (DATA-HISTORY-001, the client leg) and the gateway's copy lost the parameter (GW-REQ-002; nothing named the gateway before: the copy under the agent's id never paired with the call under the gateway's, and no rule compared a JSON-RPC param with a REST query; breaker48 history-dropped)")


# errors ------------------------------------------------------------------------------------
def rest_client_unknown(status, name):
    return (cards()
            + rest_to_rpc("u1", "GET", "/tasks/no-such-task", None, "GetTask", {"id": "no-such-task"},
                          err("u1", -32001, "Task not found", einfo("TASK_NOT_FOUND")),
                          rstatus(status, name, "TASK_NOT_FOUND", "Task not found"),
                          client_status=status))


case("EL1-legal-gw-bridge-task-not-found-as-rest-404",
     lambda: rest_client_unknown(404, "NOT_FOUND"),
     [],
     "the agent's JSON-RPC -32001 TaskNotFoundError (HTTP 200) handed to the REST client as HTTP 404 NOT_FOUND with ErrorInfo TASK_NOT_FOUND: the binding's own mapping (ERR-002, ERR-003)")
case("E01-gw-bridge-task-not-found-as-rest-500",
     lambda: rest_client_unknown(500, "INTERNAL"),
     [("REST-ERROR-001", "error")],
     "the same error handed to the REST client under HTTP 500 INTERNAL (ErrorInfo TASK_NOT_FOUND kept): the client leg's status does not fit its error (REST-ERROR-001, the gateway's answer); no GW-RESP-001, the answer was passed on (was 'gateway answered the client HTTP 500 while the agent answered HTTP 200 ... did not pass the answer on'; breaker48 error-500)")


# stream envelope ---------------------------------------------------------------------------
case("S01-gw-bridge-rest-client-gets-json-rpc-envelopes",
     lambda: two_streams(envelope_kept=True),
     [("STREAM-SHAPE-002", "error")],
     "the REST client's stream carries the agent's JSON-RPC envelopes as the agent sent them on its JSON-RPC endpoint: right upstream (RPC-005), wrong on the HTTP+JSON client leg (REST-002): STREAM-SHAPE-002 on the client leg, saying the gateway passed them on unwrapped (was GW-SSE-002 saying the agent's upstream stream sent bare StreamResponses; breaker48 stream-envelope-kept)")

write_cases(C, OUT)

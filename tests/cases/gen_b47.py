"""Writes the b47 transcripts (breaker47, live round twenty-seven: tests/peers/misgateway47.py,
a VERSION-BRIDGING gateway between the two legs of one recording in front of the a2a-sdk
agent, tests/cases/live47-predictions.json): one per verifier bug the round found, with the
legal neighbours the fix must leave silent. Both legs are in each transcript (`leg:
upstream` on the gateway-to-agent hop); the gateway forwards a 0.3 client's JSON-RPC call as
its 1.0 twin (A2A-Version: 1.0) and a 1.0 client's as its 0.3 twin (no header), and
translates each answer back.

- pairing (P): the translated copy was never paired with the client's call (other method,
  other shapes), so a 1.0 client's stream was compared with the 0.3 client's stream the
  gateway had translated to 1.0 (same text): GW-SSE-002 (their status message ids differ)
  on a faithful bridge. Now a call and an upstream call naming the same operation in the
  other generation for the same messageId or task id are one pair. A 1.0 call sent upstream
  as 0.3 without A2A-Version is the translation's header, no VER-HDR-002; the 1.0 header
  kept on the 0.3 method is VER-MIX-001 (the gateway's own request).
- state (S): GW-RESP-002 compared the client's task state only with the agent's answers in
  the same generation: input-required handed on as TASK_STATE_AUTH_REQUIRED (or the
  reverse) drew nothing.
- append (A): GW-SSE-002 compared stream events by kind, state and artifact id: chunks
  whose append the gateway dropped (each then replaces the artifact, STREAM-009) compared
  equal.
- fold (F): the agent's own finding (ID-CTX-003) relayed through the bridge was told on
  both legs: "result task of SendMessage" at /result/task/status/... upstream and "result
  task of message/send" at /result/status/... on the client leg. tests/verify_cases.rs
  `breaker47_relayed_fold_across_generations` counts it once.
Run from the repo root: python3 tests/cases/gen_b47.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker47 (live: misgateway47.py, a version-bridging gateway between the proxy's two legs, in front of the a2a-sdk agent)"
C = {}
case = case_maker(C, "b47-", SRC)

FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c47\""}
H10 = {"content-type": "application/json", "a2a-version": "1.0"}
H03 = {"content-type": "application/json"}


def card(base):
    return card10(ifaces=[
        {"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])


def cards():
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return [req(FRONT + path, method="GET", headers=g),
            req(AGENT + path, method="GET", headers=g, **UP),
            resp(card(AGENT), headers=CACHED, **UP),
            resp(card(FRONT), headers=CACHED)]


def bridged(i, v10, method, params, up_params, up_res, client_res, up_h=None):
    """One JSON-RPC call of a 1.0 (`v10`) or 0.3 client, its upstream twin in the other
    generation (`up_params`; header H03 for a 0.3 twin, H10 for a 1.0 one, or `up_h`), the
    agent's result `up_res` and the client's `client_res`."""
    twin = {"message/send": "SendMessage", "message/stream": "SendStreamingMessage",
            "tasks/get": "GetTask"}
    back = {v: k for k, v in twin.items()}
    up_method = back[method] if v10 else twin[method]
    uh = up_h or (H03 if v10 else H10)
    return [req(FRONT + "/", rpc(i, method, params), headers=H10 if v10 else H03),
            req(AGENT + "/", rpc(i, up_method, up_params), headers=uh, **UP),
            resp(ok(i, up_res), **UP),
            resp(ok(i, client_res))]


def bridged_stream(i, v10, params, up_params, up_events, client_events):
    """A streaming call bridged the same way: the agent's events (`up_events`, JSON-RPC
    results) on the upstream leg, then the client's."""
    method, up_method = ("SendStreamingMessage", "message/stream") if v10 else \
        ("message/stream", "SendStreamingMessage")
    ch = {**(H10 if v10 else H03), "accept": "text/event-stream"}
    uh = {**(H03 if v10 else H10), "accept": "text/event-stream"}
    return ([req(FRONT + "/", rpc(i, method, params), headers=ch),
             req(AGENT + "/", rpc(i, up_method, up_params), headers=uh, **UP)]
            + sse([ev(e, i) for e in up_events], **UP)
            + sse([ev(e, i) for e in client_events]))


def m10(text, mid, **kw):
    return msg10(text, mid=mid, **kw)


def m03(text, mid, **kw):
    return msg03(text, mid=mid, **kw)


def am10(text, mid, tid, ctx):
    return amsg10(text, mid=mid, taskId=tid, contextId=ctx)


def am03(text, mid, tid, ctx):
    return {"kind": "message", "messageId": mid, "role": "agent",
            "parts": [{"kind": "text", "text": text}], "taskId": tid, "contextId": ctx}


def art10(tid, ctx, text, append=False, last=False):
    u = {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": "story", "parts": [{"text": text}]}}
    if append:
        u["append"] = True
    if last:
        u["lastChunk"] = True
    return {"artifactUpdate": u}


def art03(tid, ctx, text, append=False, last=False, flags=True):
    u = {"kind": "artifact-update", "taskId": tid, "contextId": ctx,
         "artifact": {"artifactId": "story", "parts": [{"kind": "text", "text": text}]}}
    if flags:
        u["append"], u["lastChunk"] = append, last
    return u


CHUNKS = [("The ", False, False), ("quick ", True, False), ("fox.", True, True)]


def events10(tid, ctx, wmid):
    """The agent's 1.0 stream of the slow skill: task, working (status message `wmid`),
    three chunks of one artifact, completed."""
    return ([{"task": tsk("SUBMITTED", tid=tid, ctx=ctx)},
             stu("WORKING", n=2, tid=tid, ctx=ctx, msg=am10("working...", wmid, tid, ctx))]
            + [art10(tid, ctx, t, a, last) for t, a, last in CHUNKS]
            + [stu("COMPLETED", n=3, tid=tid, ctx=ctx, msg=am10("done", wmid + "-d", tid, ctx))])


def events03(tid, ctx, wmid, flags=True):
    """The same stream in 0.3 (kind, lowercase states, final); `flags` False drops the
    artifact chunks' append / lastChunk (a translation that loses them)."""
    return ([t03("submitted", tid=tid, ctx=ctx),
             st03(tid, ctx, "working", n=2, message=am03("working...", wmid, tid, ctx))]
            + [art03(tid, ctx, t, a, last, flags) for t, a, last in CHUNKS]
            + [st03(tid, ctx, "completed", final=True, n=3, message=am03("done", wmid + "-d", tid, ctx))])


def two_streams(drop_event=False, flags=True):
    """A 0.3 client's stream bridged to the 1.0 side, then a 1.0 client's stream of the same
    text bridged to the 0.3 side."""
    a03 = events03("t1", "c1", "w-a", flags)
    if drop_event:
        a03 = a03[:1] + a03[2:]
    return (cards()
            + bridged_stream(1, False, {"message": m03("slow streamed", "m1")},
                             {"message": m10("slow streamed", "m1")},
                             events10("t1", "c1", "w-a"), a03)
            + bridged_stream(2, True, {"message": m10("slow streamed", "m2")},
                             {"message": m03("slow streamed", "m2")},
                             events03("t2", "c2", "w-b"), events10("t2", "c2", "w-b")))


# pairing -----------------------------------------------------------------------------------
case("PL1-legal-gw-bridge-03-and-10-client-streams-translated-both-ways",
     lambda: two_streams(),
     [],
     "a 0.3 client's message/stream forwarded as SendStreamingMessage and a 1.0 client's SendStreamingMessage as message/stream, the same text, every event translated back: each client leg pairs with its own translated copy (was GW-SSE-002 'stream event 2 differs between legs': the 1.0 client's stream compared with the 0.3 client's translated one; breaker47 bridge)")
case("P01-gw-bridge-03-client-stream-loses-an-event-in-translation",
     lambda: two_streams(drop_event=True),
     [("GW-SSE-002", "error")],
     "control: the gateway drops the working status update while translating the agent's 1.0 stream for the 0.3 client: the client leg lacks an event its own upstream twin carries")
ECHO03 = {"kind": "message", "messageId": "r1", "role": "agent",
          "parts": [{"kind": "text", "text": "echo: echo hi"}], "contextId": "c1"}
ECHO10 = {"messageId": "r1", "role": "ROLE_AGENT", "parts": [{"text": "echo: echo hi"}],
          "contextId": "c1"}
case("HL1-legal-gw-bridge-10-call-sent-upstream-as-03-without-header",
     lambda: cards() + bridged(1, True, "SendMessage", {"message": m10("echo hi", "m1")},
                               {"message": m03("echo hi", "m1")},
                               ECHO03, {"message": ECHO10}),
     [],
     "the 1.0 client's SendMessage (A2A-Version: 1.0) forwarded as message/send without the header: a 0.3 call carries none (VER-003), so the header went with the method, no VER-HDR-002 (the translated copy is paired with its call since breaker47)")
case("H01-gw-bridge-10-header-kept-on-03-method",
     lambda: cards() + bridged(1, True, "SendMessage", {"message": m10("echo hi", "m1")},
                               {"message": m03("echo hi", "m1")},
                               ECHO03, {"message": ECHO10}, up_h=H10),
     [("VER-MIX-001", "warning")],
     "control: the 1.0 client's header passed on to the translated message/send: the gateway's own request declares 1.0 and names a 0.3 method (breaker47 header-kept)")

# state -------------------------------------------------------------------------------------
ASK10 = am10("Please send more input on this task.", "r1", "t1", "c1")
ASK03 = am03("Please send more input on this task.", "r1", "t1", "c1")


def input_03_client(client_state):
    return cards() + bridged(1, False, "message/send", {"message": m03("input please", "m1")},
                             {"message": m10("input please", "m1")},
                             {"task": tsk("INPUT_REQUIRED", msg=ASK10)},
                             t03(client_state, msg=ASK03))


def input_10_client(client_state):
    return cards() + bridged(1, True, "SendMessage", {"message": m10("input please", "m1")},
                             {"message": m03("input please", "m1")},
                             t03("input-required", msg=ASK03),
                             {"task": tsk(client_state, msg=ASK10)})


case("SL1-legal-gw-bridge-input-required-translated",
     lambda: input_03_client("input-required"),
     [],
     "the agent's TASK_STATE_INPUT_REQUIRED handed to the 0.3 client as input-required: the same state in its version's spelling")
case("S01-gw-bridge-03-client-gets-auth-required-for-input-required",
     lambda: input_03_client("auth-required"),
     [("GW-RESP-002", "error")],
     "the gateway's state table swaps the interrupted states: the agent answered TASK_STATE_INPUT_REQUIRED, the 0.3 client got auth-required (nothing fired before: GW-RESP-002 compared states within one generation only; breaker47 state-shifted)")
case("S02-gw-bridge-10-client-gets-auth-required-for-input-required",
     lambda: input_10_client("AUTH_REQUIRED"),
     [("GW-RESP-002", "error")],
     "the reverse bridge: the 0.3 agent answered input-required, the 1.0 client got TASK_STATE_AUTH_REQUIRED (breaker47 state-shifted)")
case("SL2-legal-gw-bridge-10-client-input-required-translated",
     lambda: input_10_client("INPUT_REQUIRED"),
     [],
     "the 0.3 agent's input-required handed to the 1.0 client as TASK_STATE_INPUT_REQUIRED")

# append ------------------------------------------------------------------------------------
case("A01-gw-bridge-artifact-chunks-lose-append-in-translation",
     lambda: two_streams(flags=False),
     [("GW-SSE-002", "error")],
     "the agent streamed one artifact in three chunks (append, the last lastChunk); the 0.3 client got the chunks without append / lastChunk, so each replaces the artifact (STREAM-009) and it keeps 'fox.' (nothing fired before: stream events were compared by kind, state and artifact id; breaker47 append-lost)")

# fold --------------------------------------------------------------------------------------
def followup(v10):
    """An input-required task answered on: the follow-up names only the task; the agent's
    completed answer puts its status message in a context it mints anew (c9), the a2a-sdk's
    own ID-CTX-003, handed on translated."""
    done10 = tsk("COMPLETED", n=2, msg=am10("thanks, done", "r2", "t1", "c9"))
    done03 = t03("completed", n=2, msg=am03("thanks, done", "r2", "t1", "c9"))
    if v10:
        return (cards()
                + bridged(1, True, "SendMessage", {"message": m10("input please", "m1")},
                          {"message": m03("input please", "m1")}, t03("input-required", msg=ASK03),
                          {"task": tsk("INPUT_REQUIRED", msg=ASK10)})
                + bridged(2, True, "SendMessage", {"message": m10("more", "m2", taskId="t1")},
                          {"message": m03("more", "m2", taskId="t1")}, done03, {"task": done10}))
    return (input_03_client("input-required")
            + bridged(2, False, "message/send", {"message": m03("more", "m2", taskId="t1")},
                      {"message": m10("more", "m2", taskId="t1")}, {"task": done10}, done03))


case("F01-gw-bridge-03-client-agents-status-message-context-relayed",
     lambda: followup(False),
     [("ID-CTX-003", "warning")],
     "the agent's status message names context c9, its task c1 (the agent's fault, upstream leg), handed to the 0.3 client translated: one finding on the agent, the client leg's copy folded into it (was told twice, once per generation's words; breaker47 bridge)")
case("F02-gw-bridge-10-client-agents-status-message-context-relayed",
     lambda: followup(True),
     [("ID-CTX-003", "warning")],
     "the reverse bridge: the 0.3 agent's status message in context c9, handed to the 1.0 client inside {task}: one finding on the agent")

write_cases(C, OUT)

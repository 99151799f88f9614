"""Writes the l41g transcripts (helper left41, item 1: breaker40's dropped C06): a gateway that
puts a messageId of its own on the copy it sends upstream (IBM/mcp-context-forge #4589's
`admin-test-{time}`, mine30c). The verifier pairs an upstream copy with the client's call by
its body; a copy that differs from the client's send only in the message's messageId (and the
JSON-RPC id) is the same send, so the header and version comparisons (VER-HDR-002,
GW-HDR-001), the stream comparison (GW-SSE-002) and the retry check (GW-REQ-001, also when
each copy carries another fresh messageId, which no agent can dedupe) apply to it.
A messageId of the gateway's own is no finding by itself: the spec names the messageId
"created by the message creator" and lets an agent dedupe by it (ID-007, MAY); it says
nothing of intermediaries, so a gateway that forwards a message as its own creator breaks no
requirement, and the `-legal-` cases must stay silent.
The gateway, its agent and the line helpers are gen_b40x.py's (imported, its own cases not
rewritten). Run from the repo root: python3 tests/cases/gen_l41g.py [NAME...]"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
import casewriter
write_cases = casewriter.write_cases
casewriter.write_cases = lambda *a, **k: None  # gen_b40x's own cases are not written again
import gen_b40x as b  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402
from blind_helpers import _t  # noqa: E402
casewriter.write_cases = write_cases

OUT = os.path.join(HERE, "variants")
SRC = "left41 (breaker40 C06: a gateway that puts a messageId of its own on the upstream copy)"
C = {}
case = case_maker(C, "l41g-", SRC)
GC, PA, UA, PR, UR, up, uh, RCARD = b.GC, b.PA, b.UA, b.PR, b.UR, b.up, b.uh, b.RCARD
MSG = {"message": msg10(contextId="c1")}
DONE1 = {"task": tsk("COMPLETED", artifacts=ART)}


def gwmid(lines, *mids):
    """the upstream-leg requests of `lines`, in order, sent under the gateway's messageIds
    `mids` (a `None` keeps the client's): JSON-RPC `params.message` or HTTP+JSON `message`."""
    it = iter(mids)
    for l in lines:
        if l.get("leg") == "upstream" and l.get("dir") == "req" and l.get("body"):
            mid = next(it, None)
            if mid is None:
                continue
            o = json.loads(l["body"])
            (o.get("params") or o)["message"]["messageId"] = mid
            l["body"] = json.dumps(o)
    return lines


# ---------------------------------------------------------------- A: the faults a rewritten messageId hid
case("A01-gw-own-message-ids-retry-after-timeout", lambda: GC() + gwmid(b.retry(lambda: []), "gw-1", "gw-2"),
     [("GW-REQ-001", W)], "the gateway sends the client's send upstream under messageId gw-1, gets no answer in 30 s and sends it again under gw-2: two runs no agent can dedupe (C06)")
case("A02-gw-own-message-id-only-on-retry", lambda: GC() + gwmid(b.retry(lambda: []), None, "gw-2"),
     [("GW-REQ-001", W)], "the first copy keeps the client's messageId m1, the retry after 30 s carries gw-2")
case("A03-gw-own-message-ids-retry-rest", lambda: RCARD() + gwmid([rpost("/message:send", MSG, base=PR), up(req(UR + "/message:send", MSG, headers=uh(RJ))),
                                                                   up(req(UR + "/message:send", MSG, headers=uh(RJ), t=30.0, id="r2")), up(resp(DONE1, headers=RJR, t=30.5, id="r2")),
                                                                   resp(DONE1, headers=RJR, t=30.51)], "gw-1", "gw-2"),
     [("GW-REQ-001", W)], "HTTP+JSON message:send sent upstream twice under two messageIds of the gateway's own, the first never answered")
case("A04-gw-own-message-ids-retry-v03", lambda: b.gcard(card03(url=PA), card03(url=UA)) + gwmid(
        [req(PA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=J03), up(req(UA, rpc(7, "message/send", {"message": msg03(contextId="c1")}), headers=uh(J03))),
         up(req(UA, rpc(8, "message/send", {"message": msg03(contextId="c1")}), headers=uh(J03), t=30.0, id="r2")), up(resp(ok(8, t03("completed", artifacts=ART03)), t=30.5, id="r2")),
         resp(ok(1, t03("completed", artifacts=ART03)), t=30.51)], "0f6c-1", "0f6c-2"),
     [("GW-REQ-001", W)], "0.3 message/send retried upstream after 30 s of silence, each copy renumbered (JSON-RPC ids 7, 8) and under a messageId of the gateway's own")
case("A05-gw-own-message-ids-retry-first-copy-answered-late", lambda: GC() + gwmid(
        [req(PA, rpc(1, "SendMessage", MSG), headers=V10, t=0.1),
         up(req(UA, rpc(1, "SendMessage", MSG), headers=uh(), t=0.11, id="u1")),
         up(req(UA, rpc(1, "SendMessage", MSG), headers=uh(), t=10.11, id="u2")),
         up(resp(ok(1, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=11.0, id="u2")),
         resp(ok(1, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=11.01),
         up(resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=12.0, id="u1"))], "gw-1", "gw-2"),
     [("GW-REQ-001", W)], "a hedged send (b40x C05) under two messageIds of the gateway's own: both copies ran (t1 and t2), the first answered after the client's")
case("A06-gw-own-message-id-version-dropped", lambda: GC() + gwmid(b.gsend(uhd=uh(J)), "gw-1"),
     [("VER-HDR-002", E), ("VER-HDR-005", W)], "the gateway drops A2A-Version: 1.0 and puts messageId gw-1 on the copy (VER-HDR-005 as b40x B21: the agent serves the header-less call as 1.0)")
case("A07-gw-own-message-id-extensions-dropped", lambda: GC(capabilities={"streaming": True, "extensions": [{"uri": b.EXT1}]}) + gwmid(
        b.gsend(ch={**V10, "a2a-extensions": b.EXT1}, uhd=uh()), "gw-1"),
     [("GW-HDR-001", W)], "A2A-Extensions missing upstream on a copy under messageId gw-1")
case("A08-gw-own-message-id-stream-event-lost", lambda: GC() + gwmid(
        b.gsse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 2, msg=amsg10("half way", mid="w1", taskId="t1", contextId="c1")), stu("COMPLETED", 3)], [1.0, 2.0, 3.0],
               cevs=[{"task": tsk("SUBMITTED", 0)}, stu("COMPLETED", 3)], ct=[1.004, 3.004]), "gw-1"),
     [("GW-SSE-002", E)], "the WORKING event never reaches the client (b40x's GW-SSE-002 case) of a stream whose upstream copy carries messageId gw-1")

# ---------------------------------------------------------------- legal neighbours
case("L01-legal-gw-own-message-id", lambda: GC() + gwmid(b.gsend(), "gw-1"),
     [], "control: the gateway puts messageId gw-1 on the upstream copy and forwards everything else as the client sent it: legal (the spec says nothing of intermediaries; ID-007 lets the agent dedupe by it, MAY)")
case("L02-legal-gw-own-message-ids-two-sends-same-text", lambda: GC() + gwmid(
        [req(PA, rpc(1, "SendMessage", {"message": msg10(mid="m1", contextId="c1")}), headers=V10, t=0.1),
         up(req(UA, rpc(1, "SendMessage", {"message": msg10(mid="m1", contextId="c1")}), headers=uh(), t=0.11, id="u1")),
         req(PA, rpc(2, "SendMessage", {"message": msg10(mid="m2", contextId="c1")}), headers=V10, t=5.0),
         up(req(UA, rpc(2, "SendMessage", {"message": msg10(mid="m2", contextId="c1")}), headers=uh(), t=5.01, id="u2")),
         up(resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=6.0, id="u1")), resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=6.01),
         up(resp(ok(2, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=7.0, id="u2")), resp(ok(2, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=7.01)], "gw-1", "gw-2"),
     [], "control: the client sends the same text twice as two messages (m1, m2), the gateway forwards each once under a messageId of its own: no retry")
case("L03-legal-gw-own-message-ids-client-resends", lambda: GC() + gwmid(
        [req(PA, rpc(1, "SendMessage", MSG), headers=V10, t=0.1),
         up(req(UA, rpc(1, "SendMessage", MSG), headers=uh(), t=0.11, id="u1")),
         req(PA, rpc(1, "SendMessage", MSG), headers=V10, t=30.0, id="c2"),
         up(req(UA, rpc(1, "SendMessage", MSG), headers=uh(), t=30.01, id="u2")),
         up(resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=31.0, id="u1")), resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=31.01),
         up(resp(ok(1, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=32.0, id="u2")), resp(ok(1, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=32.01, id="c2")], "gw-1", "gw-2"),
     [], "control: the client itself sends its message again (same messageId m1) on a second connection after 30 s, and the gateway forwards each under a messageId of its own: the client's resend, not the gateway's retry (that the fresh ids keep the agent from deduping the client's resend is no requirement broken: ID-007 is a MAY and the spec says nothing of intermediaries)")
case("L04-legal-gw-own-message-ids-two-texts-interleaved", lambda: GC() + gwmid(
        [req(PA, rpc(1, "SendMessage", {"message": msg10("book a flight", mid="m1", contextId="c1")}), headers=V10, t=0.1),
         req(PA, rpc(2, "SendMessage", {"message": msg10("book a hotel", mid="m2", contextId="c1")}), headers=V10, t=0.2, id="c2"),
         up(req(UA, rpc(41, "SendMessage", {"message": msg10("book a hotel", mid="m2", contextId="c1")}), headers=uh(), t=0.21, id="u2")),
         up(req(UA, rpc(42, "SendMessage", {"message": msg10("book a flight", mid="m1", contextId="c1")}), headers=uh(), t=0.22, id="u1")),
         up(resp(ok(42, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=1.0, id="u1")), resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=1.01),
         up(resp(ok(41, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=2.0, id="u2")), resp(ok(2, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=2.01, id="c2")], "gw-b", "gw-a"),
     [], "control: two sends forwarded in the other order, renumbered and under messageIds of the gateway's own; each answer relayed to its own call")
case("L05-legal-gw-own-message-id-mapped-back", lambda: GC() + gwmid(b.gsend(task=tsk("COMPLETED", artifacts=ART, history=[msg10(mid="gw-1", contextId="c1", taskId="t1")]),
                                                                                 ures=ok(1, {"task": tsk("COMPLETED", artifacts=ART, history=[msg10(mid="gw-1", contextId="c1", taskId="t1")])}),
                                                                                 cres=ok(1, {"task": tsk("COMPLETED", artifacts=ART, history=[msg10(mid="m1", contextId="c1", taskId="t1")])})), "gw-1"),
     [], "control: the gateway maps its messageId gw-1 back to the client's m1 in the Task's history it relays")
case("L06-legal-gw-own-message-id-stream", lambda: GC() + gwmid(
        b.gsse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 2), stu("COMPLETED", 3)], [1.0, 2.0, 3.0]), "gw-1"),
     [], "control: a stream relayed event by event, its upstream copy under messageId gw-1")

write_cases(C, OUT)

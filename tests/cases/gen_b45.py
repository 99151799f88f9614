"""Writes the b45 transcripts (breaker45, live round twenty-five: tests/peers/misgateway45.py,
a misbehaving gateway between the two legs of one recording in front of the SDK agents,
tests/cases/live45-predictions.json): one per verifier bug the round found, with the legal
neighbours the fix must leave silent. Both legs are in each transcript (`leg: upstream` on
the gateway-to-agent hop).

- `card-internal-host` (GW-RESP-004; CARD-005, CARD-006): the gateway rewrote the agent's
  card url (its own `http://127.0.0.1:9000/` on the upstream leg) to the service's
  cluster-internal name `http://a2a-agent.agents.svc.cluster.local:8080/` on a card its
  client fetched on loopback (`http://127.0.0.1:8080`, a port-forward or a local front).
  Nothing fired: an internal host on a card fetched from a loopback host was taken for a
  client inside the agent's network. The rewrite names neither the front the client used nor
  the gateway (both on loopback): GW-RESP-004 now. A rewrite to a private address (maybe
  this host's own LAN address, which a client on loopback reaches) and the agent's own card
  naming its internal host (no rewrite) stay silent.
- `state-rewrite` (GW-RESP-002; RPC-002, TASK-005): the gateway changed the task state in
  the agent's JSON answer (SendMessage's Task COMPLETED -> FAILED). Nothing fired:
  GW-RESP-002 knew an id not restored, a relabelled stream, a page in place of the answer,
  an untranslated answer, but not a state changed on the way. Now the client leg's answer
  to a call is compared with the agent's answers on the upstream leg to the same operation,
  version and message or task id, by task state only (other members a gateway may
  legally rewrite: a part's text or url, a mapped context id). Members in another order with
  the id restored, a part's text rewritten, the second answer of a retried send
  (GW-REQ-001's), and a 0.3 <-> 1.0 translation stay silent.
Run from the repo root: python3 tests/cases/gen_b45.py"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker45 (live: misgateway45.py between the proxy's two legs, in front of the a2a-sdk agents)"
C = {}
case = case_maker(C, "b45-", SRC)

FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
INTERNAL = "http://a2a-agent.agents.svc.cluster.local:8080"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c45\""}


def card(base):
    return card10(ifaces=[{"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])


def cards(client_base, agent_base=AGENT):
    """The client's card fetch at the front, the gateway's at the agent, the agent's card
    (naming `agent_base`), and the client's (naming `client_base`)."""
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return [req(FRONT + path, method="GET", headers=g),
            req(AGENT + path, method="GET", headers=g, **UP),
            resp(card(agent_base), headers=CACHED, **UP),
            resp(card(client_base), headers=CACHED)]


def call(i, method, params, up_answer, client_answer, up_id=None, h=V10, up_extra=()):
    """The client's JSON-RPC call at the front, the gateway's copy (its id `up_id`, else
    the client's) to the agent and the agent's answer `up_answer` (the result), then the
    client's answer `client_answer` (a whole body: text or object)."""
    body = rpc(i, method, params)
    up = dict(body, id=up_id if up_id is not None else i)
    out = [req(FRONT + "/", body, headers=h), req(AGENT + "/", up, headers=h, **UP),
           resp(ok(up["id"], up_answer), **UP)]
    out += list(up_extra)
    out.append(resp(client_answer))
    return out


ART_T = [{"artifactId": "a1", "parts": [{"text": "result"}]}]
DONE = task10(state="COMPLETED", artifacts=ART_T)

# card-internal-host ------------------------------------------------------------------------
case("C01-gw-v10-card-rewritten-to-cluster-host-fetched-on-loopback",
     lambda: cards(INTERNAL),
     [("GW-RESP-004", "error")],
     "the agent's card names http://127.0.0.1:9000/ (where the gateway reached it); the gateway rewrote it to the cluster-internal service name, which the client that fetched the card at http://127.0.0.1:8080 cannot resolve (CARD-005, CARD-006): GW-RESP-004 on the gateway (breaker45 card-internal-host, nothing fired before)")
case("CL1-legal-gw-v10-card-rewritten-to-the-front",
     lambda: cards(FRONT),
     [],
     "the gateway rewrote the agent's url to the front the client fetched the card from: what a gateway must do (CARD-005)")
case("CL3-legal-gw-v10-card-rewritten-to-a-private-address-fetched-on-loopback",
     lambda: cards("http://10.1.2.3:8080"),
     [],
     "the gateway rewrote the agent's url to a private address: on a card fetched on loopback that may be this very host's LAN address, which the client reaches; only a service name (cluster-internal, compose) is told (GW-RESP-004)")
case("CL2-legal-gw-v10-agents-own-internal-url-passed-on",
     lambda: cards(INTERNAL, INTERNAL),
     [],
     "the agent's own card names its internal host and the gateway passed it on unchanged, fetched on loopback: no rewrite of the gateway's to blame (GW-RESP-004 is for a rewrite), and a loopback fetch may be a client inside the agent's network (unchanged by breaker45)")

# state-rewrite -----------------------------------------------------------------------------
case("S01-gw-v10-send-answer-state-rewritten",
     lambda: cards(FRONT) + call(1, "SendMessage", {"message": msg10()}, {"task": DONE},
                                 ok(1, {"task": task10(state="FAILED", artifacts=ART_T)})),
     [("GW-RESP-002", "error")],
     "the agent answered the send with its Task COMPLETED on the upstream leg; the gateway handed the client TASK_STATE_FAILED (RPC-002): GW-RESP-002 on the gateway, the agent's answer is not judged as what the client got (breaker45 state-rewrite, nothing fired before)")
case("SL4-legal-gw-v10-gettask-answer-part-text-rewritten",
     lambda: cards(FRONT) + call(1, "SendMessage", {"message": msg10()}, {"task": DONE}, ok(1, {"task": DONE}))
     + call(2, "GetTask", {"id": "t1"}, DONE,
            ok(2, task10(state="COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "RESULT"}]}]))),
     [],
     "the GetTask answer's artifact text was changed on the way, its task state kept: gateways legally rewrite members of an answer (a file part's url to their public host: b23x-UL1, a context id mapped both ways: b27x-GL5, text a content policy redacts), so only a changed task state is GW-RESP-002's")
case("SL1-legal-gw-v10-answer-members-reordered-id-restored",
     lambda: cards(FRONT) + call(1, "SendMessage", {"message": msg10()}, {"task": DONE},
                                 '{"result":{"task":{"artifacts":[{"parts":[{"text":"result"}],"artifactId":"a1"}],"status":{"timestamp":"%s","state":"TASK_STATE_COMPLETED"},"contextId":"c1","id":"t1"}},"id":1,"jsonrpc":"2.0"}' % (TS % 1),
                                 up_id="gw-7"),
     [],
     "the gateway renumbered the id upstream and restored it, and re-serialized the answer with its members in another order: the same answer (RPC-002 holds)")


def retried():
    body = rpc(1, "SendMessage", {"message": msg10()})
    second = task10(tid="t2", ctx="c2", state="COMPLETED", artifacts=ART_T)
    return cards(FRONT) + [
        req(FRONT + "/", body, headers=V10),
        req(AGENT + "/", body, headers=V10, **UP), resp(ok(1, {"task": DONE}), **UP),
        req(AGENT + "/", body, headers=V10, **UP), resp(ok(1, {"task": second}), **UP),
        resp(ok(1, {"task": second}))]


case("SL2-gw-v10-retried-send-second-answer-passed-on",
     retried,
     [("GW-REQ-001", "warning")],
     "the gateway sent the client's one send twice and passed on the agent's second answer: GW-REQ-001 tells the retry; the client's answer is one the agent gave, so no GW-RESP-002")


def translated():
    b03 = rpc(1, "message/send", {"message": msg03()})
    b10 = rpc(1, "SendMessage", {"message": msg10()})
    return cards(FRONT) + [
        req(FRONT + "/", b03, headers=J),
        req(AGENT + "/", b10, headers=V10, **UP), resp(ok(1, {"task": DONE}), **UP),
        resp(ok(1, task03(state="completed", artifacts=[{"artifactId": "a1", "parts": [{"kind": "text", "text": "result"}]}])))]


case("SL3-legal-gw-v03-to-v10-answer-translated",
     translated,
     [],
     "a translating gateway: 0.3 message/send on the client leg, 1.0 SendMessage upstream, the 1.0 Task translated back to a 0.3 Task: answers of two versions are not compared member by member")

write_cases(C, OUT)

"""Writes the b49 transcripts (breaker49, live round twenty-nine: tests/peers/misrouter49.py,
a MULTI-TENANT ROUTER in front of two a2a-sdk agents, one per tenant, each on its own
upstream listener of one recording, tests/cases/live49-predictions.json): one per verifier
bug the round found, with the faults the fix must still tell. The front serves a card per
tenant (`/{tenant}/.well-known/agent-card.json`), each listing the front's interfaces with its
tenant (CARD-008); the agents' own cards declare no tenant.

- tenant cards (T): CARD-URL-006 read the tenant of the newest card of the origin only, so
  every call of the tenant whose card came first was 'carries tenant alpha, the card
  declares beta'. Now the tenants every card of the origin declares for the URL count.
- same card, other tenant (C): two tenants' cards that differ only in the tenant were kept
  as one card fetched again (the second replaced the first): the same fault.
- tenant removed (R): a router that removes the tenant (params.tenant, the /{tenant}
  segment) before an agent whose card declares none drew GW-REQ-002 'without the client's
  tenant'. That agent serves one tenant and owes the call none (CARD-008 binds a client to
  the interface it calls); an agent whose card declares the tenant still gets it told.
- affinity (A): a task call routed to another agent on the same upstream leg than the one
  that created the task, answered TaskNotFoundError, drew ID-TASK-001 on the front ('the
  agent handed out that task id'): GW-RESP-005 now names the two agents of one leg, as it
  named two legs.
- ids per tenant (M): a router that mints ids per tenant (task-1 under each) had its ids
  learnt under the bare id, the second tenant's replacing the first's: a REST cancel under
  the first tenant drew GW-REQ-002 'task id in the path changed'. Now each id is learnt per
  tenant (agent scope) too.
Run from the repo root: python3 tests/cases/gen_b49.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker49 (live: misrouter49.py, a multi-tenant router in front of two a2a-sdk agents, each on its own upstream listener of one recording)"
C = {}
case = case_maker(C, "b49-", SRC)

FRONT = "http://127.0.0.1:8080"
AG = {"alpha": "http://127.0.0.1:9001", "beta": "http://127.0.0.1:9002"}
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c49\""}
H10 = {"content-type": "application/json", "a2a-version": "1.0"}
HR = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJSON = {"content-type": "application/a2a+json"}
G = {"accept": "application/json"}
WK = "/.well-known/agent-card.json"


def ifaces(base, tenant=None):
    out = [{"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
           {"url": base + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
    if tenant:
        for i in out:
            i["tenant"] = tenant
    return out


def tenant_cards(same=False, agent_tenants=False):
    """Each tenant's card through the front, built from its agent's card (fetched on the
    upstream leg); `same`: the two agents' cards alike but for the tenant; `agent_tenants`:
    each agent's own card declares its tenant too."""
    out = []
    for t in ("alpha", "beta"):
        name = "Demo" if same else f"{t} agent"
        out += [req(FRONT + f"/{t}" + WK, method="GET", headers=G),
                req(AG[t] + WK, method="GET", headers=G, **UP),
                resp(card10(ifaces=ifaces(AG[t], t if agent_tenants else None), name=name),
                     headers=CACHED, **UP),
                resp(card10(ifaces=ifaces(FRONT, t), name=name), headers=CACHED)]
    return out


def rpc_send(i, t, tid, ctx, client_tenant=None, up_tenant=None, client_tid=None, to=None):
    """A JSON-RPC SendMessage under tenant `t` (params.tenant `client_tenant`, default
    `t`), forwarded to agent `to` (default `t`'s) with params.tenant `up_tenant` (none by
    default); the agent answers a completed task `tid`, handed to the client as
    `client_tid` (default the same)."""
    mid = f"m{i}"
    cp = {"message": msg10("task hello", mid=mid), "tenant": client_tenant or t}
    upp = {"message": msg10("task hello", mid=mid)}
    if up_tenant:
        upp["tenant"] = up_tenant
    got = tsk("COMPLETED", tid=client_tid or tid, ctx=ctx)
    return [req(FRONT + "/", rpc(i, "SendMessage", cp), headers=H10),
            req(AG[to or t] + "/", rpc(i, "SendMessage", upp), headers=H10, **UP),
            resp(ok(i, {"task": tsk("COMPLETED", tid=tid, ctx=ctx)}), **UP),
            resp(ok(i, {"task": got}))]


def rest_send(t, tid, ctx, mid, up_path="/rest/message:send", client_tid=None, state="WORKING"):
    """An HTTP+JSON send under tenant `t` (/rest/{t}/message:send), forwarded to `t`'s agent
    at `up_path`; the agent answers task `tid` (handed to the client as `client_tid`)."""
    body = {"message": msg10("long job", mid=mid), "configuration": {"returnImmediately": True}}
    return [req(FRONT + f"/rest/{t}/message:send", body, headers=HR),
            req(AG[t] + up_path, body, headers=HR, **UP),
            resp({"task": tsk(state, tid=tid, ctx=ctx)}, headers=RJSON, **UP),
            resp({"task": tsk(state, tid=client_tid or tid, ctx=ctx)}, headers=RJSON)]


def rest_cancel(t, client_tid, up_tid, ctx, to=None):
    done = tsk("CANCELED", n=2, tid=up_tid, ctx=ctx)
    return [req(FRONT + f"/rest/{t}/tasks/{client_tid}:cancel", {}, headers=HR, late=True),
            req(AG[to or t] + f"/rest/tasks/{up_tid}:cancel", {}, headers=HR, **UP),
            resp(done, headers=RJSON, **UP),
            resp(dict(done, id=client_tid), headers=RJSON)]


# tenant cards --------------------------------------------------------------------------------
case("TL1-legal-router-card-per-tenant-calls-under-each-tenant",
     lambda: tenant_cards() + rpc_send(1, "alpha", "ta", "ca") + rpc_send(2, "beta", "tb", "cb"),
     [],
     "the front's card per tenant (alpha's, then beta's), each naming the front's JSON-RPC url with its own tenant; a SendMessage under each tenant, the tenant removed before each tenant's agent: each call carries a tenant a card of the origin declares for that url (was CARD-URL-006 'the card's interface declares tenant beta, yet the client's SendMessage carries tenant alpha': only the newest card was read; and GW-REQ-002 'without the client's params.tenant'; breaker49 tenant-route)")
case("T01-router-card-per-tenant-call-under-undeclared-tenant",
     lambda: tenant_cards() + rpc_send(1, "alpha", "ta", "ca", client_tenant="gamma"),
     [("CARD-URL-006", "error")],
     "control: the client's call names tenant gamma, which no card of the front declares: CARD-URL-006")


# same card, other tenant ---------------------------------------------------------------------
case("CL1-legal-router-cards-alike-but-the-tenant",
     lambda: tenant_cards(same=True) + rpc_send(1, "alpha", "ta", "ca") + rpc_send(2, "beta", "tb", "cb"),
     [],
     "the two tenants' cards alike but for the tenant (one agent product behind each tenant): two cards, not one fetched again; each tenant's call is right (was CARD-URL-006 for alpha's call: beta's card replaced alpha's; breaker49 card-wrong-tenant)")


# tenant removed before an agent that serves one ------------------------------------------------
case("RL1-legal-router-removes-tenant-before-agent-without-tenants",
     lambda: tenant_cards() + rest_send("alpha", "ta", "ca", "m1") + rest_send("beta", "tb", "cb", "m2"),
     [],
     "the router forwards /rest/alpha/message:send to alpha's agent as /rest/message:send: that agent's card declares no tenant (it serves one), so the call owes it none (CARD-008 binds a client to the interface it calls; was GW-REQ-002 'without the tenant segment /alpha the card declares'; breaker49 tenant-route)")
case("R01-router-removes-tenant-the-agent-declares",
     lambda: tenant_cards(agent_tenants=True) + rest_send("alpha", "ta", "ca", "m1"),
     [("GW-REQ-002", "error")],
     "control: alpha's agent's own card declares tenant alpha for /rest, and the router removes the /alpha segment: the agent looks the call up outside the tenant (GW-REQ-002)")


# a task call routed to another agent of the leg ---------------------------------------------
def routed_get(to):
    nf = err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))
    found = ok(2, tsk("COMPLETED", tid="ta", ctx="ca"))
    answer = found if to == "alpha" else nf
    return (tenant_cards() + rpc_send(1, "alpha", "ta", "ca")
            + [req(FRONT + "/", rpc(2, "GetTask", {"id": "ta", "tenant": "alpha"}), headers=H10),
               req(AG[to] + "/", rpc(2, "GetTask", {"id": "ta"}), headers=H10, **UP),
               resp(answer, **UP),
               resp(answer)])


case("AL1-legal-router-routes-get-task-to-the-tasks-agent",
     lambda: routed_get("alpha"),
     [],
     "alpha's GetTask reaches alpha's agent, which created the task: found")
case("A01-router-routes-get-task-to-the-other-tenants-agent",
     lambda: routed_get("beta"),
     [("GW-RESP-005", "error")],
     "alpha's GetTask reaches beta's agent (another upstream listener of the same leg), which never saw the task and rightly answers TaskNotFoundError: the router's routing, GW-RESP-005 naming both agents (was ID-TASK-001 on the front 'although it handed out that task id'; breaker49 task-ops-swapped)")


# ids per tenant ------------------------------------------------------------------------------
def native(lines):
    """`lines` (transcript lines) as a native recording of the proxy with its upstream
    listeners: each line's exchange on its leg (a response answers its leg's oldest open
    request). A client request line with `late: True` has its body recorded after the next
    request (its upstream copy), as the live round recorded a REST cancel: the proxy forwards
    the head at once, and the router's copy reached the upstream listener before the client's
    body was recorded."""
    out = [{"type": "recording", "format": 1, "tool": {"name": "gen_b49", "version": "1"},
            "startedAt": "2026-12-06T17:00:00.000Z", "mode": "reverse",
            "listen": ["127.0.0.1:8080", "127.0.0.1:9001", "127.0.0.1:9002"],
            "routes": [{"prefix": "/", "upstream": "http://127.0.0.1:7000"},
                       {"prefix": "/", "upstream": "http://127.0.0.1:7001", "leg": "upstream"},
                       {"prefix": "/", "upstream": "http://127.0.0.1:7002", "leg": "upstream"}],
            "redacted": False}]
    st = {"seq": 1, "t": 1000, "n": 0}
    open_ = {}
    late = []

    def ev(leg, **kw):
        d = {"seq": st["seq"], "t_us": st["t"]}
        if leg:
            d["leg"] = leg
        d.update(kw)
        out.append(d)
        st["seq"] += 1
        st["t"] += 1000

    for ln in lines:
        leg = ln.get("leg")
        if ln["dir"] == "req":
            st["n"] += 1
            x = f"e{st['n']}"
            open_.setdefault(leg, []).append((x, len(ln["body"])))
            ev(leg, exchange=x, type="request_head", method=ln["method"], url=ln["url"],
               version="HTTP/1.1", headers=[[k, v] for k, v in ln["headers"].items()],
               upstream=ln["url"])
            if ln["body"] and ln.get("late"):
                late.append((leg, x, ln["body"]))
                continue
            if ln["body"]:
                ev(leg, exchange=x, type="request_body", body=ln["body"])
            for lleg, lx, lb in late:
                ev(lleg, exchange=lx, type="request_body", body=lb)
            late.clear()
        else:
            x, n = open_[leg].pop(0)
            ev(leg, exchange=x, type="response_head", status=ln["status"], version="HTTP/1.1",
               headers=[[k, v] for k, v in ln["headers"].items()])
            if ln["body"]:
                ev(leg, exchange=x, type="response_chunk", body=ln["body"])
            ev(leg, exchange=x, type="exchange_end", outcome="complete", request_bytes=n,
               response_bytes=len(ln["body"]))
    return out


def per_tenant_ids(beta_cancel_to_alphas=False):  # noqa: C901
    """Each tenant's send answered task-1 by the router (alpha's agent: a-1, beta's: b-1),
    then a cancel of task-1 under each tenant, its body recorded after the router's copy
    (a native recording, [`native`]: the order of the live round)."""
    return native(tenant_cards()
                  + rest_send("alpha", "a-1", "ca", "m1", client_tid="task-1")
                  + rest_send("beta", "b-1", "cb", "m2", client_tid="task-1")
                  + rest_cancel("alpha", "task-1", "a-1", "ca")
                  + rest_cancel("beta", "task-1", "b-9" if beta_cancel_to_alphas else "b-1", "cb"))


case("ML1-legal-router-ids-per-tenant-cancel-under-each",
     lambda: per_tenant_ids(),
     [],
     "the router hands out task-1 under both tenants (its own ids, ID-001 per server and tenant) and maps each back to its own agent's id: the cancel under alpha names a-1 upstream, under beta b-1 (was GW-REQ-002 'with task id a-1 in the path instead of the client's task-1' for alpha: the ids were learnt by the bare id, beta's replacing alpha's; breaker49 ids-apart)")
case("M01-router-ids-per-tenant-cancel-mapped-to-unknown-id",
     lambda: per_tenant_ids(beta_cancel_to_alphas=True),
     [("GW-REQ-002", "error")],
     "control: beta's cancel of its task-1 forwarded naming b-9, an id no answer paired with task-1: the path's task id changed (GW-REQ-002)")

write_cases(C, OUT)

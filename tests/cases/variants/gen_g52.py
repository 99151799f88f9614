#!/usr/bin/env python3
"""gwmiss52: two gateway misses left from session 52.

g52-R*: b39m-1's retry shape (the agent answered the gateway's first upstream copy of a
send 500, the gateway retried, the agent answered the retry 200). The client's answer is
judged against the copy whose answer the gateway had when it answered (the retry), not the
failed first copy.

g52-C*: b40x-B27 / l52-H1's legs with the upstream copy's contextId dropped: GW-REQ-003 is
told for a relay and not for an orchestrator's own call (depth51's relay-or-own decision).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(stem):
    with open(os.path.join(HERE, stem + ".jsonl")) as f:
        return [json.loads(l) for l in f if l.strip()]


def write(stem, lines, expect):
    with open(os.path.join(HERE, stem + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(HERE, stem + ".expect.json"), "w") as f:
        json.dump(expect, f, indent=2)
        f.write("\n")


RETRY_SRC = "gwmiss52 (b39m-1's retry shape: the agent answered the first upstream copy 500, the gateway retried, the agent answered the retry 200)"
GW_REQ_001 = {"rule": "send-retried-by-proxy", "severity": "warning"}

# R1: the client got a plain 404 page of the gateway's own.
base = load("b39m-1-v10-rpc-retry-after-500")
m = [dict(l) for l in base]
last = m[-1]
assert last["dir"] == "resp" and "leg" not in last
last["status"] = 404
last["headers"] = {"content-type": "text/plain"}
last["body"] = "Not Found"
write(
    "g52-R1-v10-rpc-retry-200-client-got-404-page",
    m,
    {
        "findings": [
            {"rule": "answer-altered-by-proxy", "severity": "error"},
            GW_REQ_001,
        ],
        "source": RETRY_SRC,
        "note": "the gateway had the agent's 200 Task (the retry's answer) when it answered, and gave the client a plain-text 404 page instead: GW-RESP-002 against the retry's answer, not silence against the first copy's 500",
    },
)

# R2: the client got a JSON-RPC error of the gateway's own (HTTP 200, -32603).
m = [dict(l) for l in base]
last = m[-1]
last["body"] = json.dumps({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "upstream error"}})
write(
    "g52-R2-v10-rpc-retry-200-client-got-internal-error",
    m,
    {
        "findings": [
            {"rule": "answer-altered-by-proxy", "severity": "error"},
            GW_REQ_001,
        ],
        "source": RETRY_SRC,
        "note": "the agent answered the retry with a Task; the client got a JSON-RPC InternalError the agent did not send for the copy the gateway relayed (the first copy's 500 was answered before the retry went out)",
    },
)

# C1 (relay): b40x-B27 with the client's contextId, dropped on the upstream copy; the
# gateway relays the agent's 401.
b27 = load("b40x-B27-gw-authorization-stripped-401")
m = [dict(l) for l in b27]
n = 0
for l in m:
    if l["dir"] == "req" and l["method"] == "POST":
        b = json.loads(l["body"])
        if "leg" not in l:
            b["params"]["message"]["contextId"] = "c1"
        else:
            b["params"]["message"].pop("contextId", None)
        l["body"] = json.dumps(b)
        n += 1
assert n == 2
write(
    "g52-C1-gw-context-id-dropped-relays-401",
    m,
    {
        "findings": [
            {"rule": "message-ids-rewritten-by-proxy", "severity": "error"},
            {"rule": "proxy-stripped-credentials", "severity": "warning"},
        ],
        "source": "gwmiss52 (b40x-B27 with the upstream copy's contextId dropped; the gateway relays the agent's 401)",
        "note": "control: a relay that dropped the client's contextId (GW-REQ-003) and its Authorization (GW-HDR-002) is told both, now once the front's answer says it relayed",
    },
)

# C2 (orchestrator): l52-H1 with the delegate call's contextId dropped: the front's own
# call (its own messageId, its own failed task answered after the delegate's 401).
h1 = load("l52-H1-legal-orchestrator-own-call-refused-401-answers-its-own-failed-task")
m = [dict(l) for l in h1]
n = 0
for l in m:
    if l["dir"] == "req" and l["method"] == "POST" and l.get("leg"):
        b = json.loads(l["body"])
        b["params"]["message"].pop("contextId")
        l["body"] = json.dumps(b)
        n += 1
assert n == 1
write(
    "g52-C2-legal-orchestrator-own-call-without-the-clients-context-id-refused-401",
    m,
    {
        "findings": [],
        "source": "gwmiss52 (l52-H1 with the delegate call's contextId dropped)",
        "note": "legal: the front is an orchestrator (its own messageId, none of its client's credentials, its own failed task answered after its delegate's 401): its call to the delegate is its own, in a context of its own choosing (ID-002 is about the client's server, the front), so 'the gateway dropped the message's contextId' (GW-REQ-003) is no fault, as GW-HDR-002 is not",
    },
)

# C3 (orchestrator, unary): d51-OL7 (the front passes its client's words on under a
# messageId of its own on the `upstream` hop and answers with a task of its own) with the client's contextId, which
# the front's call to its delegate leaves out: the front's answer (in the client's context)
# names none of the delegate's ids, so the call was its own.
ol7 = load("d51-OL7-legal-orchestrator-unary-verbatim-words-upstream-leg-v10")
m = [dict(l) for l in ol7]
b = json.loads(m[0]["body"])
b["params"]["message"]["contextId"] = "c-user"
m[0]["body"] = json.dumps(b)
m[3]["body"] = m[3]["body"].replace("c-o1", "c-user")
assert "c-user" in m[3]["body"]
write(
    "g52-C3-legal-orchestrator-unary-own-call-without-the-clients-context-id-v10",
    m,
    {
        "findings": [],
        "source": "gwmiss52 (d51-OL7 with the client's contextId, which the orchestrator's call to its delegate leaves out)",
        "note": "legal: the front answers in its client's context with a task of its own (t-o1, status message om1), naming none of the delegate's ids (t-d1, c-d1, a1): its call to the delegate (under its own messageId m2) was its own, and it may leave its client's context out of it (the delegate's contexts are not the client's). GW-REQ-003 'dropped the message's contextId' is told only for a relay",
    },
)

# C4 (relay, unary): C3's legs, but the front relays the agent's answer (the client gets
# the delegate's task t-d1 in context c-d1 under its own JSON-RPC id): a gateway that
# dropped the client's contextId.
m = [dict(l) for l in ol7]
b = json.loads(m[0]["body"])
b["params"]["message"]["contextId"] = "c-user"
m[0]["body"] = json.dumps(b)
m[3]["body"] = m[2]["body"].replace('"id": 7,', '"id": 1,')
assert m[3]["body"] != m[2]["body"]
write(
    "g52-C4-gw-context-id-dropped-relays-the-agents-task-v10",
    m,
    {
        "findings": [
            {"rule": "message-ids-rewritten-by-proxy", "severity": "error"},
        ],
        "source": "gwmiss52 (C3's legs, the front relaying the agent's answer)",
        "note": "control: the client gets the agent's own task (t-d1, c-d1, a1): the front relayed the copy, so dropping the client's contextId c-user on it is the gateway's fault (GW-REQ-003), told once the answers say it relayed",
    },
)

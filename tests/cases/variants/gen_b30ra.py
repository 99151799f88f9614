"""Writes review30a's transcript variants (prefix b30r-a): python3 tests/cases/variants/gen_b30ra.py

Faults found reviewing session 30's merged verifier work. Each case names the rule it
pins and why; a `legal` name must give no error and no warning."""
import json, sys, os
# the directory to write into: the first argument, else the script's own (tests/cases/variants)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
H = "https://agent.example.test"
SKILL = {"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}
TS = "2026-03-02T10:15:00.000Z"
def card_doc(ifaces):
    return {"name": "Demo", "description": "Demo agent",
            "supportedInterfaces": [{"url": u, "protocolBinding": b, "protocolVersion": v} for u, b, v in ifaces],
            "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [SKILL]}
def serve_card(c, base=H):
    return [{"dir": "req", "method": "GET", "url": base + "/.well-known/agent-card.json", "headers": {"accept": "application/json"}, "body": "", "t": 0.01},
            {"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": "\"c1\""}, "body": json.dumps(c), "t": 0.02}]
def req(method, url, body=None, headers=None, t=0.03):
    h = {"content-type": "application/json"} if body is not None else {}
    h.update(headers or {})
    return {"dir": "req", "method": method, "url": url, "headers": h, "body": "" if body is None else json.dumps(body), "t": t}
def resp(status, body, t=0.04):
    return {"dir": "resp", "status": status, "headers": {"content-type": "application/json"}, "body": json.dumps(body), "t": t}
V10 = {"a2a-version": "1.0"}
MSG10 = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
def send_at(url, t=0.03):
    return [req("POST", url, {"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": MSG10}}, V10, t),
            resp(200, {"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}}, t + 0.01)]
CASES = []
def case(name, events, findings, note, source):
    CASES.append(name)
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": source, "note": note}, indent=2) + "\n")

SRC_B = "review30a: BIND-USE-003 (mine30b) blamed the client for skipping an earlier equal interface it could not reach or the recording could not see"

# B1: the card's first JSON-RPC 1.0 entry is the agent's loopback dev address; a remote client
# cannot reach it, so using the second (public) entry is no skipped preference. The card is at
# fault for advertising a loopback url (CARD-URL-003's error), not the client.
case("b30r-a-B1-v10-first-equal-interface-on-loopback-client-uses-public",
     serve_card(card_doc([("https://localhost:9443/a2a", "JSONRPC", "1.0"), (H + "/a2a", "JSONRPC", "1.0")])) + send_at(H + "/a2a"),
     [("card-url-internal-authority", "error")],
     "the first entry is https://localhost:9443/a2a, which a client reaching the card at agent.example.test cannot call: the card's loopback url is its fault (CARD-005), the client's use of the public entry is not BIND-USE-003",
     SRC_B)
# B2: control: both entries public, at two hosts, the client skips the first: still BIND-USE-003
# (a transcript holds every call of the client).
case("b30r-a-B2-v10-first-equal-interface-other-public-host-skipped",
     serve_card(card_doc([("https://eu.agent.example.test/a2a", "JSONRPC", "1.0"), (H + "/a2a", "JSONRPC", "1.0")])) + send_at(H + "/a2a"),
     [("client-skipped-preferred-interface", "warning")],
     "control: the earlier entry is a public host the client could call and the transcript holds no call to it: BIND-USE-003 still fires",
     SRC_B)

SRC_C = "review30a: cards recognised by their shape at any path (mine30c, State::card_at_own_path) were judged as the serving host's own card by CARD-URL-009"
def reg_card(url):
    c = card_doc([(url, "JSONRPC", "1.0")])
    c["name"] = "Foo"
    return c
def get_json(url, body, t=0.01):
    return [{"dir": "req", "method": "GET", "url": url, "headers": {"accept": "application/json"}, "body": "", "t": t},
            {"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300"}, "body": json.dumps(body), "t": t + 0.01}]
# C1: a local agent registry (localhost:8000) serves the card of agent foo, which listens on
# localhost:9999: the registry lists the agent, it is no front the card goes around.
case("b30r-a-C1-legal-v10-local-registry-serves-other-agents-card",
     get_json("http://localhost:8000/v0/agents/foo", reg_card("http://localhost:9999/a2a")),
     [],
     "legal: a registry or catalogue on the developer's machine lists agent foo's card at its own path; foo's url on another port of the same host is where foo listens, not a way around the registry (CARD-005 asks the card to name the agent's real URL, which it does)",
     SRC_C)
# C2: control: the same card at the well-known path of localhost:8000 is the agent's own card,
# naming another port of its host: still CARD-URL-009 (breaker16b T2).
case("b30r-a-C2-v10-well-known-card-names-other-local-port",
     get_json("http://localhost:8000/.well-known/agent-card.json", reg_card("http://localhost:9999/a2a")),
     [("card-url-bypasses-front", "warning")],
     "control: the agent's own card at localhost:8000 names localhost:9999: clients that follow it go around what served the card (CARD-005)",
     SRC_C)

print(f"{len(CASES)} cases written to {OUT}")

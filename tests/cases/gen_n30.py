"""Writes the newcomer30 variants (`n30-*`): an Agent Card with a gRPC interface on a port
of its own beside its HTTP one, the way the official Python SDK's gRPC agent serves it
(its gRPC server is a second listener: card and JSON-RPC on A2A_PORT, gRPC on
A2A_GRPC_PORT). A capture with no proxy of the user's in front (a transcript, a HAR) proves
no front the gRPC port goes around: no CARD-URL-009 (`-legal-`). An HTTP interface on
another loopback port of the card's host still is one (the control)."""
import json, os, sys, re
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "newcomer30 (the Python SDK gRPC agent, tests/peers/python/grpc_agent.py, a2a-sdk 1.3.0)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, getcard, card10, ...)
from blind_helpers import _t

C = {}
NAME = dict(re.findall(r"^\| \[`([A-Z]+(?:-[A-Z]+)*-\d{3})`\]\([^)]*\) \| ([a-z0-9-]+) \|",
                       open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "rules.md")).read(), re.M))


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["n30-" + name] = (lines(), [(NAME[r], s) for r, s in findings], SRC, note)


W = "warning"
L = "http://127.0.0.1:41660"


def sdk_card(grpc, http=L + "/", binding="JSONRPC"):
    return card10(ifaces=[
        {"url": grpc, "protocolBinding": "GRPC", "protocolVersion": "1.0"},
        {"url": http, "protocolBinding": binding, "protocolVersion": "1.0"}])


def call(url=L + "/"):
    return [req(url, rpc(1, "SendMessage", {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}}), headers=V10),
            resp(ok(1, {"message": {"messageId": "m2", "contextId": "c1", "role": "ROLE_AGENT", "parts": [{"text": "hi"}]}}), headers=V10)]


case("N1-legal-v10-card-grpc-target-on-its-own-port", lambda: getcard(sdk_card("127.0.0.1:41661"), base=L) + call(),
     [], "the SDK agent's card (fetched at :41660) names its gRPC server as the target 127.0.0.1:41661: a gRPC server listens on a port of its own, and no front is in this capture for it to go around (CARD-005 holds: clients reach both)")
case("N1-legal-v10-card-grpc-url-on-its-own-port", lambda: getcard(card10(ifaces=[
        {"url": "https://agent.example.test:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"},
        {"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])),
     [], "a card fetched at https://agent.example.test names its gRPC interface at port 50051 of the same host: the agent's gRPC listener, not a way around the https front")
case("N1-v10-card-http-interface-on-another-loopback-port", lambda: getcard(sdk_card("127.0.0.1:41661", http="http://127.0.0.1:9999/"), base=L),
     [("CARD-URL-009", W)], "control: the JSON-RPC interface (not the gRPC one) names another plain port of the loopback host the card came from: the agent's own listener behind what served the card")

write_cases(C, OUT)

"""Writes the newcomer31 variants (`n31-*`): an Agent Card naming the bind-all address its
server listens on (`http://0.0.0.0:PORT`), the way the official SDK test agents of
tests/peers serve it when started with A2A_HOST=0.0.0.0 (the Python SDK's hybrid card, the
JS SDK's 0.3-shaped card), fetched on the agent's own host (a local run, or this proxy on
loopback). It said nothing: CARD-URL-003 (the error) waits for a card fetched from another
host. Now CARD-URL-011 (a warning: it connects here, nowhere else). Controls: the same card
naming 127.0.0.1 is legal; fetched from a routable host it stays CARD-URL-003."""
import json, os, sys, re
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "newcomer31 (the SDK test agents of tests/peers started with A2A_HOST=0.0.0.0: a2a-sdk 1.3.0, @a2a-js/sdk 1.3.0; field: docker/docker-agent#1679, rossoctl/examples#139)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, getcard, card10, ...)
from blind_helpers import _t

C = {}
NAME = dict(re.findall(r"^\| \[`([A-Z]+(?:-[A-Z]+)*-\d{3})`\]\([^)]*\) \| ([a-z0-9-]+) \|",
                       open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "rules.md")).read(), re.M))


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["n31-" + name] = (lines(), [(NAME[r], s) for r, s in findings], SRC, note)


W, E = "warning", "error"
LOCAL = "http://127.0.0.1:41397"


def py_card(base):
    """The Python SDK agent's hybrid card as tests/peers/python/agent.py serves it (1.0
    supportedInterfaces for 1.0 and 0.3, plus the 0.3 url, preferredTransport,
    additionalInterfaces and protocolVersion), its skills cut to one."""
    return {"name": "a2a-interop Python test agent", "description": "Deterministic A2A test agent on a2a-sdk 1.3.0",
            "supportedInterfaces": [
                {"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                {"url": base + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
                {"url": base + "/", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
                {"url": base + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}],
            "version": "0.1.0", "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "echo", "name": "Echo", "description": "Replies with one Message echoing the text.", "tags": ["a2a-interop", "echo"], "examples": ["echo hello"]}],
            "additionalInterfaces": [{"transport": "HTTP+JSON", "url": base + "/rest"}],
            "preferredTransport": "JSONRPC", "protocolVersion": "0.3", "url": base + "/"}


def js_card03(base):
    """The JS SDK agent's card for a client without `A2A-Version: 1.0`: 0.3-shaped."""
    return card03(url=base + "/", additionalInterfaces=[
        {"url": base + "/", "transport": "JSONRPC"},
        {"url": base + "/rest/v1", "transport": "HTTP+JSON"}],
        capabilities={"streaming": True, "pushNotifications": False})


def send(base):
    return [req(base + "/", rpc(1, "SendMessage", {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "echo hi"}]}}), headers=V10),
            resp(ok(1, {"message": {"messageId": "m2", "contextId": "c1", "role": "ROLE_AGENT", "parts": [{"text": "echo: echo hi"}]}}), headers=V10)]


case("N5-v10-sdk-card-bind-all-fetched-on-loopback",
     lambda: getcard(py_card("http://0.0.0.0:41397"), base=LOCAL) + send(LOCAL),
     [("CARD-URL-011", W)],
     "the Python SDK agent started with A2A_HOST=0.0.0.0 advertises http://0.0.0.0:41397/ (and /rest) in its card; the client fetched it on the agent's host (127.0.0.1), where 0.0.0.0 connects by the kernel's grace, and called 127.0.0.1 itself: a client anywhere else cannot follow the card (CARD-005)")
case("N5-v03-js-card-bind-all-fetched-on-loopback",
     lambda: getcard(js_card03("http://0.0.0.0:41398"), base="http://127.0.0.1:41398"),
     [("CARD-URL-011", W)],
     "the JS SDK agent's 0.3-shaped card (url, additionalInterfaces) naming its bind-all listen address, fetched on loopback (CARD-006: url serves preferredTransport at an address clients can reach)")
case("N5-v10-card-bind-all-ipv6-fetched-on-localhost",
     lambda: getcard(card10(url="http://[::]:8080/a2a", capabilities={"streaming": True, "pushNotifications": False}), base="http://localhost:8080"),
     [("CARD-URL-011", W)],
     "the IPv6 bind-all address [::] (docker/docker-agent#1679) on a card fetched at localhost")
case("N5-legal-v10-sdk-card-loopback-fetched-on-loopback",
     lambda: getcard(py_card(LOCAL), base=LOCAL) + send(LOCAL),
     [], "control: the same SDK card started without A2A_HOST advertises 127.0.0.1, where it was fetched: a local run, nothing to say")
case("N5-v10-sdk-card-bind-all-fetched-from-a-routable-host",
     lambda: getcard(py_card("http://0.0.0.0:8000"), base="https://agent.example.test"),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)],
     "control: fetched from a routable host, the bind-all url is the error CARD-URL-003 (no client reaches it), not CARD-URL-011")

write_cases(C, OUT)

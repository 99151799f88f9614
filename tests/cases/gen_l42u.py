"""Writes the l42u transcripts (helper left42, item 3; breaker41 found no rule): an Agent Card
fetched over plain http that advertises https on the same host and port (CARD-URL-013,
CARD-005: an interface declares its real URL). One listener speaks TLS or not, so a client
that follows the card starts a TLS handshake against the port that just answered in
cleartext: the classic TLS-terminating load balancer whose `X-Forwarded-Proto: https` the
agent joined to its internal Host and port. Legal neighbours: the card request carries
`X-Forwarded-Proto: https` or `Forwarded: proto=https` (a TLS front before the recorded hop:
plausibly right), an https call answered at that very origin later (the port speaks both),
https on another port (the front's own port), the scheme the card was fetched with, and a
card fetched over https. The reverse (https fetch, http at the same port) is AUTH-TLS-004's
(a case here shows it is told).
Run from the repo root: python3 tests/cases/gen_l42u.py"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "left42 (breaker41: a card fetched over http advertising https on the same host:port had no rule)"
C = {}
case = case_maker(C, "l42u-", SRC)
P = "http://agent.example.test:8080"
S = "https://agent.example.test:8080"


def card_at(base, card, **h):
    lines = getcard(card, base=base)
    lines[0]["headers"].update(h)
    return lines


def call(url, i=1):
    return [RPC(i, "SendMessage", {"message": msg10(contextId="c1")}, url=url), resp(ok(i, {"task": tsk("COMPLETED", artifacts=ART)}))]


# ---------------------------------------------------------------- A: findings
case("A01-http-card-advertises-https-same-port", lambda: card_at(P, card10(url=S + "/a2a")),
     [("CARD-URL-013", W)], "the card fetched at http://agent.example.test:8080 names https://agent.example.test:8080/a2a; no call follows")
case("A02-http-card-advertises-https-same-port-v03", lambda: card_at(P, card03(url=S + "/a2a")),
     [("CARD-URL-013", W)], "a 0.3 card's url: https on the plain-http port it was served from")
case("A03-http-card-advertises-https-same-port-rest", lambda: card_at(P, card10(ifaces=[{"url": S, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])),
     [("CARD-URL-013", W)], "a 1.0 HTTP+JSON interface at https on the plain-http port")
case("A04-http-card-https-same-port-forwarded-host-only", lambda: card_at(P, card10(url=S + "/a2a"), **{"x-forwarded-host": "agent.example.test:8080"}),
     [("CARD-URL-013", W)], "the card request carries X-Forwarded-Host but no proto: no TLS front is shown")
case("A05-https-card-advertises-http-same-port", lambda: card_at("https://agent.example.test:8443", card10(url="http://agent.example.test:8443/a2a")),
     [("AUTH-TLS-004", W)], "the reverse: a card fetched over https names plain http at the same host and port (AUTH-TLS-004, told before left42 too)")

# ---------------------------------------------------------------- legal neighbours
case("L01-legal-x-forwarded-proto-https", lambda: card_at(P, card10(url=S + "/a2a"), **{"x-forwarded-proto": "https"}),
     [], "control: the card request carries X-Forwarded-Proto: https: a TLS front stood before the recorded hop, the card may name it")
case("L02-legal-forwarded-proto-https", lambda: card_at(P, card10(url=S + "/a2a"), forwarded="for=10.0.0.7;proto=https"),
     [], "control: RFC 7239 Forwarded: proto=https on the card request")
case("L03-legal-port-speaks-both", lambda: card_at(P, card10(url=S + "/a2a")) + call(S + "/a2a"),
     [], "control: an https SendMessage to https://agent.example.test:8080/a2a is answered after the card: that port speaks TLS too (port unification)")
case("L04-legal-https-on-another-port", lambda: card_at(P, card10(url="https://agent.example.test/a2a")),
     [], "control: the card over http at :8080 names https on port 443, the TLS front's own port")
case("L05-legal-same-scheme", lambda: card_at(P, card10(url=P + "/a2a")) + call(P + "/a2a"),
     [], "control: http card, http interface at the same origin")
case("L06-legal-https-card-https-interface", lambda: card_at("https://agent.example.test:8443", card10(url="https://agent.example.test:8443/a2a")),
     [], "control: https card, https interface at the same origin")

write_cases(C, OUT)

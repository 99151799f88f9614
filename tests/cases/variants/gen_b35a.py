"""Variants of miner mine35 (prefix b35a-): python3 tests/cases/variants/gen_b35a.py

Each proves a widening of session 35's round thirty-five (field cases f800-f819, the extended
card, card signatures, tenants and push delivery) on traffic the field cases do not hold, with
legal controls beside it:
K1: CARD-SIG-003 (card-changed-signature-kept): an agent's authenticated extended card that
    carries a JWS signature of its public card over other content (an extended card derived
    from the signed public card: ag2 PR #3111, the a2a-samples helloworld copy) went unjudged:
    the rule compared only two fetches of one card URL. Now the public card and the extended
    card of one origin are compared both ways (whichever came first), and two extended cards
    of the origin with it, on JSON-RPC, HTTP+JSON and 0.3's agent/getAuthenticatedExtendedCard.
    Quiet when each card has its own signature, when the extended card equals the public card,
    when only one of them is signed, and when the extended call is refused.
K2: CARD-SIG-004 (card-signature-key-url-not-https, new): a signed card whose protected
    header names its JWK Set (jku) over plain http off loopback went unjudged (ggcode PR
    #2503 fetches jku over https only; RFC 7515 §4.1.2 requires TLS). Now told for jku and
    x5u, in the protected or the unprotected header, on 1.0 and 0.3 cards. Quiet for https
    key URLs and for plain http to a loopback host (a local test set-up).
"""
import base64, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
def b64u(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
def prot(**h): return b64u(json.dumps(h, separators=(",", ":")).encode())
def sig(seed): return b64u(bytes((i * seed + 7) % 256 for i in range(64)))
ES = prot(alg="ES256", typ="JOSE", kid="ops-card-k1")
ES2 = prot(alg="ES256", typ="JOSE", kid="ops-card-k2")
BEARER = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
          "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
TOK = {"authorization": "Bearer ops-7781"}
XSKILL = {"id": "audit", "name": "Audit", "description": "Exports the audit log (staff only)", "tags": ["audit"]}
def card10(url=A + "/a2a", binding="JSONRPC", **kw):
    c = {"name": "Ops", "description": "Operations helper",
         "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}],
         "version": "2.1.0", "capabilities": {"streaming": False, "extendedAgentCard": True},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "status", "name": "Status", "description": "Service status", "tags": ["ops"]}]}
    c.update(BEARER); c.update(kw); return c
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
SRC = "https://github.com/ag2ai/ag2/pull/3111 (signs the public card and, separately, the extended card; verifies the extended card before it replaces the public one)"
PUB = card10(signatures=[{"protected": ES, "signature": sig(31)}])
REST_PUB = card10(A + "/api", "HTTP+JSON", signatures=[{"protected": ES, "signature": sig(33)}])

# --- K1 faults -------------------------------------------------------------------------------------
p03 = dict(card03(A + "/"), supportsAuthenticatedExtendedCard=True, signatures=[{"protected": ES, "signature": sig(35)}],
           securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("b35a-K1-v03-authenticated-extended-card-keeps-public-signature", get_card(0.0, p03) + [
    req(0.1, "POST", A + "/", rpc("e1", "agent/getAuthenticatedExtendedCard", {}), hdr=TOK),
    resp(0.12, 200, ok("e1", dict(p03, skills=p03["skills"] + [XSKILL]))),
], [("card-changed-signature-kept", "error")], SRC,
 "0.3: the authenticated extended card adds a skill and keeps the public card's JWS; one signature over the JCS of the card without signatures matches at most one of them (CARD-010)")

case("b35a-K1-v10-rest-extended-fetched-before-public", [
    req(0.0, "GET", A + "/api/extendedAgentCard", ver="1.0", hdr=TOK, accept=A2AJ),
    resp(0.01, 200, dict(REST_PUB, skills=REST_PUB["skills"] + [XSKILL]), ctype=A2AJ),
] + get_card(0.1, REST_PUB), [("card-changed-signature-kept", "error")], SRC,
 "the extended card is fetched first (the client had the public card cached), the public card after; the same JWS sits over both (CARD-010)")

case("b35a-K1-v10-extended-card-changed-between-calls", get_card(0.0, card10()) + [
    req(0.1, "POST", A + "/a2a", rpc("e1", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("e1", card10(skills=card10()["skills"] + [XSKILL], signatures=[{"protected": ES, "signature": sig(37)}]))),
    req(60.0, "POST", A + "/a2a", rpc("e2", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(60.02, 200, ok("e2", card10(skills=card10()["skills"] + [XSKILL, {"id": "rollback", "name": "Rollback", "description": "Rolls a release back", "tags": ["ops"]}],
        signatures=[{"protected": ES, "signature": sig(37)}]))),
], [("card-changed-signature-kept", "error")], SRC,
 "the public card is unsigned; the extended card gained a skill between two calls under one signature (CARD-010)")

case("b35a-K1-v10-extended-card-rotated-keeps-old-signature", get_card(0.0, PUB) + [
    req(0.1, "POST", A + "/a2a", rpc("e1", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("e1", card10(skills=card10()["skills"] + [XSKILL],
        signatures=[{"protected": ES2, "signature": sig(39)}, {"protected": ES, "signature": sig(31)}]))),
], [("card-changed-signature-kept", "error")], SRC,
 "the extended card has a signature of its own under the new key and still lists the public card's signature under the old one: that entry cannot verify the extended card (CARD-010: a verifier may try any entry)")

# --- K1 legal controls -----------------------------------------------------------------------------
case("b35a-K1-legal-v10-extended-card-own-signature", get_card(0.0, PUB) + [
    req(0.1, "POST", A + "/a2a", rpc("e1", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("e1", card10(skills=card10()["skills"] + [XSKILL], signatures=[{"protected": ES, "signature": sig(41)}]))),
], [], SRC, "legal: one key, two signatures, each over its own card (CARD-010)")

pub_reordered = {k: PUB[k] for k in reversed(list(PUB))}
case("b35a-K1-legal-v10-extended-card-equals-public-reordered", get_card(0.0, PUB) + [
    req(0.1, "POST", A + "/a2a", rpc("e1", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("e1", pub_reordered)),
], [], SRC, "legal: the extended card is the public card with its members in another order; JCS sorts members, so one signature fits both (CARD-010)")

case("b35a-K1-legal-v10-only-public-card-signed", get_card(0.0, PUB) + [
    req(0.1, "POST", A + "/a2a", rpc("e1", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("e1", card10(skills=card10()["skills"] + [XSKILL]))),
], [], SRC, "legal: signing is optional (CARD-010); an unsigned extended card shares no signature with the public card")

case("b35a-K1-legal-v10-rest-extended-card-refused-then-own-signature", get_card(0.0, REST_PUB) + [
    req(0.1, "GET", A + "/api/extendedAgentCard", ver="1.0", accept=A2AJ),
    resp(0.11, 401, {"error": {"code": 401, "status": "UNAUTHENTICATED", "message": "bearer token required"}}, ctype=A2AJ,
        hdr={"www-authenticate": 'Bearer realm="ops"'}),
    req(0.2, "GET", A + "/api/extendedAgentCard", ver="1.0", hdr=TOK, accept=A2AJ),
    resp(0.21, 200, dict(REST_PUB, skills=REST_PUB["skills"] + [XSKILL], signatures=[{"protected": ES, "signature": sig(43)}]), ctype=A2AJ),
] + get_card(0.3, REST_PUB), [], SRC,
 "legal: refused without credentials (AUTH-005), then served with its own signature; the public card fetched again is unchanged under its own")

# --- K2 faults -------------------------------------------------------------------------------------
SRC2 = "https://github.com/topcheer/ggcode/pull/2503 (jku JWKS URL resolved over https only; plain http restricted to loopback for local dev)"
case("b35a-K2-v10-jku-http-in-unprotected-header", get_card(0.0, card10(signatures=[{"protected": ES, "signature": sig(45),
        "header": {"jku": "http://pki.ops.example.test/jwks.json"}}])), [("card-signature-key-url-not-https", "warning")], SRC2,
 "the unprotected header names the JWK Set over plain http (RFC 7515 §4.1.2: TLS required)")
case("b35a-K2-v10-x5u-http", get_card(0.0, card10(signatures=[{"protected": prot(alg="RS256", typ="JOSE", kid="ops-rsa", x5u="http://pki.ops.example.test/ops-card.pem"), "signature": sig(47)}])),
 [("card-signature-key-url-not-https", "warning")], SRC2,
 "the protected header names the signing certificate at a plain-http x5u (RFC 7515 §4.1.5: TLS required)")
case("b35a-K2-v03-jku-http", get_card(0.0, dict(card03(A + "/"), signatures=[{"protected": prot(alg="ES256", typ="JOSE", kid="k3", jku="http://agent.example.test/jwks.json"), "signature": sig(49)}])),
 [("card-signature-key-url-not-https", "warning")], SRC2, "0.3 card signatures are JWS too; the key set is over plain http")

# --- K2 legal controls -----------------------------------------------------------------------------
case("b35a-K2-legal-v10-jku-https-and-x5u-https", get_card(0.0, card10(signatures=[{"protected": prot(alg="ES256", typ="JOSE", kid="k1", jku="https://agent.example.test/jwks.json", x5u="https://agent.example.test/card.pem"), "signature": sig(51)}])),
 [], SRC2, "legal: key URLs over https (RFC 7515 §4.1.2, §4.1.5)")
case("b35a-K2-legal-v10-jku-http-loopback", [
    req(0.0, "GET", "http://localhost:8000/.well-known/agent-card.json"),
    resp(0.01, 200, card10("http://localhost:8000/a2a", signatures=[{"protected": prot(alg="ES256", typ="JOSE", kid="dev", jku="http://localhost:8000/jwks.json"), "signature": sig(53)},
        {"protected": prot(alg="ES256", typ="JOSE", kid="dev2", jku="http://127.0.0.1:8000/jwks.json"), "signature": sig(55)}])),
], [], SRC2, "legal: a local test set-up on one machine; plain http to loopback is no finding")

write_cases(cases, HERE)

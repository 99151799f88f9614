"""Writes the b33x blind-adversary transcripts (breaker33, round thirteen): Agent Card
security schemes in both shapes (1.0 oneof wrappers and OAuth flows, 0.3 OpenAPI-style
`type` objects), security requirements as OR of ANDs applied to calls (API keys in a header,
query or cookie, bearer, Basic, mTLS, optional security), card signatures (JWS protected
headers, base64url, alg/kid/typ, a card changed under a kept signature, key order), error
mapping across bindings (1.0 google.rpc.Status code / status / ErrorInfo against the HTTP
status, JSON-RPC code against ErrorInfo reason, 0.3 error bodies), SSE framing at the close
(an event without its blank line, comment lines inside multi-line data, a bare `data`
line, `retry:`/`id:`/`event:`), and gateways rewriting paths, tenants, task ids and signed
cards. Faulty ones carry the finding the verifier must report; `-legal-` ones must stay
silent (but for notes). Run from the repo root: python3 tests/cases/gen_b33x.py [NAME...]"""
import json, os, sys, base64
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker33 (blind adversary, round thirteen)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, sse, rget, jws, case_maker, ...)

C = {}
case = case_maker(C, "b33x-", SRC)

js = json.dumps
P1 = {"message": msg10()}
done = lambda i=1: resp(ok(i, {"task": task10()}))

# ---------------------------------------------------------------- K: 1.0 security schemes and requirements in the card (CARD-SHAPE-006, AUTH-SCHEME-001, AUTH-TLS-001)
HTTPS = "https://auth.example.test"
BEAR = {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}
KEYH = {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}
KEYQ = {"apiKeySecurityScheme": {"location": "query", "name": "api_key"}}
KEYC = {"apiKeySecurityScheme": {"location": "cookie", "name": "sid"}}
AC = {"authorizationUrl": HTTPS + "/authorize", "tokenUrl": HTTPS + "/token", "scopes": {"a2a.read": "read tasks"}, "pkceRequired": True}
CC = {"tokenUrl": HTTPS + "/token", "scopes": {"a2a": "call the agent"}}
DC = {"deviceAuthorizationUrl": HTTPS + "/device", "tokenUrl": HTTPS + "/token", "scopes": {"a2a": "call the agent"}}
OA = lambda flows, **kw: {"oauth2SecurityScheme": {"flows": flows, **kw}}
OIDC = {"openIdConnectSecurityScheme": {"openIdConnectUrl": HTTPS + "/.well-known/openid-configuration"}}
MTLS = {"mtlsSecurityScheme": {"description": "client certificate issued by the partner CA"}}
REQ = lambda *names, scopes=None: {"schemes": {n: {"list": list(scopes or [])} for n in names}}


def sec10(schemes, reqs=None):
    """a 1.0 card with `schemes` and requirements (default: one alternative per scheme)."""
    return card10(securitySchemes=schemes, securityRequirements=reqs if reqs is not None else [REQ(n) for n in schemes])


KC = lambda schemes, reqs=None: lambda: getcard(sec10(schemes, reqs))
for n, (name, schemes, reqs, why) in enumerate([
    ("bearer", {"bearer": BEAR}, None, "httpAuthSecurityScheme Bearer with bearerFormat JWT"),
    ("api-key-header", {"key": KEYH}, None, "apiKeySecurityScheme in a header"),
    ("api-key-query", {"key": KEYQ}, None, "apiKeySecurityScheme in the query"),
    ("api-key-cookie", {"key": KEYC}, None, "apiKeySecurityScheme in a cookie"),
    ("oauth2-authorization-code-pkce", {"oauth": OA({"authorizationCode": AC})}, [REQ("oauth", scopes=["a2a.read"])], "OAuth 2.0 authorizationCode with pkceRequired and a scope"),
    ("oauth2-client-credentials", {"oauth": OA({"clientCredentials": CC})}, None, "OAuth 2.0 clientCredentials"),
    ("oauth2-device-code", {"oauth": OA({"deviceCode": DC})}, None, "OAuth 2.0 deviceCode (RFC 8628)"),
    ("oidc", {"oidc": OIDC}, None, "openIdConnectSecurityScheme with an https discovery url"),
    ("mtls", {"mtls": MTLS}, None, "mtlsSecurityScheme (description only: the proto message has no other member)"),
    ("bearer-lower-case", {"bearer": {"httpAuthSecurityScheme": {"scheme": "bearer"}}}, None, "scheme 'bearer': auth-scheme names are case-insensitive (RFC 9110 §11.1)"),
    ("basic", {"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}}, None, "HTTP Basic"),
    ("two-alternatives", {"bearer": BEAR, "key": KEYH}, None, "two requirements: bearer OR API key (AUTH-007)"),
    ("one-requirement-two-schemes", {"bearer": BEAR, "key": KEYH}, [REQ("bearer", "key")], "one requirement naming two schemes: bearer AND API key (AUTH-007)"),
    ("schemes-without-requirements", {"bearer": BEAR}, [], "securitySchemes defined, securityRequirements empty: nothing required"),
    ("oauth2-metadata-url", {"oauth": OA({"clientCredentials": CC}, oauth2MetadataUrl=HTTPS + "/.well-known/oauth-authorization-server")}, None, "oauth2MetadataUrl over https (RFC 8414)"),
    ("oauth2-refresh-url", {"oauth": OA({"authorizationCode": {**AC, "refreshUrl": HTTPS + "/refresh"}})}, None, "refreshUrl over https"),
    ("optional-security", {"bearer": BEAR}, [{"schemes": {}}, REQ("bearer")], "an empty requirement beside bearer: security is optional (OpenAPI 3.2 §4.8.30)"),
    ("descriptions", {"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key", "description": "Request a key at https://portal.example.test/keys"}}}, None, "a scheme description that says where to get a key, not the key"),
    ("three-schemes-scoped", {"bearer": BEAR, "oauth": OA({"clientCredentials": CC}), "mtls": MTLS}, [REQ("oauth", scopes=["a2a"]), REQ("bearer", "mtls")], "OAuth with a scope OR bearer AND mTLS"),
], 1):
    case("K%02d-legal-v10-scheme-%s" % (n, name), KC(schemes, reqs), [], why + " (1.0 proto SecurityScheme, AUTH-007)")

case("K20-legal-v10-skill-requirement", lambda: getcard(card10(securitySchemes={"bearer": BEAR, "oauth": OA({"clientCredentials": CC})}, securityRequirements=[REQ("bearer")],
                                                            skills=[{**SKILLS[0], "securityRequirements": [REQ("oauth", scopes=["a2a"])]}])),
     [], "a skill's own securityRequirements naming a scheme the card defines (proto AgentSkill.security_requirements)")
case("K21-legal-v10-loopback-token-url-on-loopback-card", lambda: getcard(card10(url="http://127.0.0.1:9999/a2a", securitySchemes={"oauth": OA({"clientCredentials": {"tokenUrl": "http://127.0.0.1:9999/token", "scopes": {}}})},
                                                                              securityRequirements=[REQ("oauth")]), base="http://127.0.0.1:9999"),
     [], "a local development agent: tokenUrl on the loopback host it is fetched from (AUTH-004 is for production)")

for n, (name, schemes, reqs, rule, why) in enumerate([
    ("two-members", {"x": {**BEAR, **KEYH}}, [REQ("x")], "CARD-SHAPE-006", "one SecurityScheme carries httpAuthSecurityScheme and apiKeySecurityScheme: `scheme` is a oneof"),
    ("empty-scheme", {"x": {}}, [REQ("x")], "CARD-SHAPE-006", "a SecurityScheme with no member: none of the oneof set"),
    ("v03-shape", {"bearer": {"type": "http", "scheme": "bearer"}}, None, "CARD-SHAPE-006", "the 0.3 {type: http, scheme} object in a 1.0 card (1.0 wraps it as httpAuthSecurityScheme)"),
    ("api-key-without-name", {"key": {"apiKeySecurityScheme": {"location": "header"}}}, None, "CARD-SHAPE-006", "apiKeySecurityScheme without name (REQUIRED)"),
    ("api-key-location-body", {"key": {"apiKeySecurityScheme": {"location": "body", "name": "key"}}}, None, "CARD-SHAPE-006", "apiKeySecurityScheme location 'body': valid values are query, header, cookie"),
    ("api-key-v03-in", {"key": {"apiKeySecurityScheme": {"in": "header", "name": "X-API-Key"}}}, None, "CARD-SHAPE-006", "apiKeySecurityScheme with 0.3's `in` instead of `location` (REQUIRED)"),
    ("http-without-scheme", {"bearer": {"httpAuthSecurityScheme": {"bearerFormat": "JWT"}}}, None, "CARD-SHAPE-006", "httpAuthSecurityScheme without scheme (REQUIRED)"),
    ("oauth2-without-flows", {"oauth": {"oauth2SecurityScheme": {"description": "OAuth"}}}, None, "CARD-SHAPE-006", "oauth2SecurityScheme without flows (REQUIRED)"),
    ("oauth2-two-flows", {"oauth": OA({"authorizationCode": AC, "clientCredentials": CC})}, None, "CARD-SHAPE-006", "OAuthFlows with authorizationCode and clientCredentials: `flow` is a oneof in 1.0 (0.3 allowed several)"),
    ("authorization-code-without-token-url", {"oauth": OA({"authorizationCode": {k: v for k, v in AC.items() if k != "tokenUrl"}})}, None, "CARD-SHAPE-006", "authorizationCode without tokenUrl (REQUIRED)"),
    ("client-credentials-without-token-url", {"oauth": OA({"clientCredentials": {"scopes": {"a2a": "x"}}})}, None, "CARD-SHAPE-006", "clientCredentials without tokenUrl (REQUIRED)"),
    ("device-code-without-device-url", {"oauth": OA({"deviceCode": {k: v for k, v in DC.items() if k != "deviceAuthorizationUrl"}})}, None, "CARD-SHAPE-006", "deviceCode without deviceAuthorizationUrl (REQUIRED)"),
    ("oidc-without-url", {"oidc": {"openIdConnectSecurityScheme": {"description": "OIDC"}}}, None, "CARD-SHAPE-006", "openIdConnectSecurityScheme without openIdConnectUrl (REQUIRED)"),
    ("requirement-v03-shape", {"bearer": BEAR}, [{"bearer": []}], "CARD-SHAPE-006", "securityRequirements in 0.3's {name: [scopes]} form instead of {schemes: {name: {list}}}"),
    ("requirement-list-unwrapped", {"bearer": BEAR}, [{"schemes": {"bearer": []}}], "CARD-SHAPE-006", "scopes as a bare array: a SecurityRequirement maps names to StringList {list: [...]}"),
    ("requirements-object", {"bearer": BEAR}, {"schemes": {"bearer": {"list": []}}}, "CARD-SHAPE-006", "securityRequirements as one object instead of a repeated field (array)"),
    ("requirement-undefined-scheme", {"bearer": BEAR}, [REQ("oauth")], "AUTH-SCHEME-001", "the requirement names 'oauth', securitySchemes defines only 'bearer'"),
    ("second-alternative-undefined", {"bearer": BEAR}, [REQ("bearer"), REQ("apikey")], "AUTH-SCHEME-001", "the second alternative names an undefined scheme 'apikey'"),
    ("requirement-name-case", {"bearer": BEAR}, [REQ("Bearer")], "AUTH-SCHEME-001", "the requirement names 'Bearer', the scheme is 'bearer': map keys are case-sensitive"),
    ("and-requirement-one-undefined", {"bearer": BEAR}, [REQ("bearer", "mtls")], "AUTH-SCHEME-001", "one requirement: bearer AND mtls; 'mtls' is not defined"),
    ("token-url-plain-http", {"oauth": OA({"clientCredentials": {**CC, "tokenUrl": "http://auth.example.test/token"}})}, None, "AUTH-TLS-001", "clientCredentials tokenUrl over plain http on a public host (RFC 6749 §3.2 requires TLS)"),
    ("oidc-url-plain-http", {"oidc": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "http://auth.example.test/.well-known/openid-configuration"}}}, None, "AUTH-TLS-001", "openIdConnectUrl over plain http"),
    ("device-url-plain-http", {"oauth": OA({"deviceCode": {**DC, "deviceAuthorizationUrl": "http://auth.example.test/device"}})}, None, "AUTH-TLS-001", "deviceAuthorizationUrl over plain http (RFC 8628 §3.1: TLS)"),
    ("authorization-url-plain-http", {"oauth": OA({"authorizationCode": {**AC, "authorizationUrl": "http://auth.example.test/authorize"}})}, None, "AUTH-TLS-001", "authorizationUrl over plain http (RFC 6749 §3.1)"),
    ("metadata-url-plain-http", {"oauth": OA({"clientCredentials": CC}, oauth2MetadataUrl="http://auth.example.test/.well-known/oauth-authorization-server")}, None, "AUTH-TLS-001", "oauth2MetadataUrl over plain http: the proto says 'TLS is required' (RFC 8414 §3)"),
    ("refresh-url-plain-http", {"oauth": OA({"authorizationCode": {**AC, "refreshUrl": "http://auth.example.test/refresh"}})}, None, "AUTH-TLS-001", "refreshUrl over plain http"),
    ("schemes-array", [{"httpAuthSecurityScheme": {"scheme": "Bearer"}}], [], "CARD-SHAPE-006", "securitySchemes as an array: it is a map<string, SecurityScheme>"),
    ("scope-not-string", {"oauth": OA({"clientCredentials": CC})}, [{"schemes": {"oauth": {"list": [1]}}}], "CARD-SHAPE-006", "a scope that is a number: StringList holds strings"),
    ("api-key-location-upper-case", {"key": {"apiKeySecurityScheme": {"location": "Header", "name": "X-API-Key"}}}, None, "CARD-SHAPE-006", "location 'Header': the valid values are the lower-case query, header, cookie"),
    ("mtls-as-string", {"mtls": {"mtlsSecurityScheme": "client-cert"}}, None, "CARD-SHAPE-006", "mtlsSecurityScheme as a string: it is a message (an object)"),
], 22):
    sev = W if rule == "AUTH-TLS-001" else E
    case("K%02d-v10-scheme-%s" % (n, name), KC(schemes, reqs), [(rule, sev)], why)

# the secret in the card (CARD-SECRET-001)
case("K52-v10-card-interface-url-api-key-query", lambda: getcard(card10(url=A + "?api_key=sk-live-4f9a8b7c6d5e", securitySchemes={"key": KEYQ}, securityRequirements=[REQ("key")])),
     [("CARD-SECRET-001", W)], "the advertised url carries the API key every client will send (AUTH-001: credentials are obtained out of band)")
case("K53-v10-card-docs-url-user-info", lambda: getcard(card10(documentationUrl="https://admin:s3cr3t-pass@docs.example.test/agent")),
     [("CARD-SECRET-001", W)], "documentationUrl with user:password in its authority")
case("K54-v10-card-icon-url-token-query", lambda: getcard(card10(iconUrl="https://cdn.example.test/icon.png?token=ghp_a1b2c3d4e5f6g7h8i9j0")),
     [("CARD-SECRET-001", W)], "iconUrl with a token query parameter")
case("K55-v10-card-scheme-description-holds-key", lambda: getcard(sec10({"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key", "description": "use X-API-Key: k-7d1e55a0c3b24f6f"}}})) +
     [RPC(1, "SendMessage", P1, h={**V10, "x-api-key": "k-7d1e55a0c3b24f6f"}), done()],
     [("CARD-SECRET-001", W)], "the scheme description prints the key value the client then sends")
case("K56-legal-v10-card-url-query-not-a-secret", lambda: getcard(card10(url=A + "?region=eu-west-1")),
     [], "a query parameter that is no credential")

# ---------------------------------------------------------------- Q: 0.3 security schemes (OpenAPI-style objects)
def sec03(schemes, security=None):
    return card03(securitySchemes=schemes, security=security if security is not None else [{n: []} for n in schemes])


QB = {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}
QK = {"type": "apiKey", "in": "header", "name": "X-API-Key"}
QO = {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": HTTPS + "/token", "scopes": {"a2a": "call"}}}}
for n, (name, schemes, security, why) in enumerate([
    ("bearer", {"bearer": QB}, None, "http bearer"),
    ("api-key-header", {"key": QK}, None, "apiKey in a header"),
    ("oauth2-two-flows", {"oauth": {"type": "oauth2", "flows": {"clientCredentials": QO["flows"]["clientCredentials"], "authorizationCode": {"authorizationUrl": HTTPS + "/authorize", "tokenUrl": HTTPS + "/token", "scopes": {}}}}}, None,
     "OAuth flows object with two flows: OpenAPI 3.0 (and 0.3's OAuthFlows) allows several"),
    ("oidc", {"oidc": {"type": "openIdConnect", "openIdConnectUrl": HTTPS + "/.well-known/openid-configuration"}}, None, "openIdConnect"),
    ("mutual-tls", {"mtls": {"type": "mutualTLS"}}, None, "mutualTLS (0.3)"),
    ("two-alternatives-scoped", {"bearer": QB, "oauth": QO}, [{"bearer": []}, {"oauth": ["a2a"]}], "bearer OR OAuth with a scope"),
    ("implicit-flow", {"oauth": {"type": "oauth2", "flows": {"implicit": {"authorizationUrl": HTTPS + "/authorize", "scopes": {}}}}}, None, "implicit flow with authorizationUrl and scopes"),
    ("api-key-cookie", {"key": {"type": "apiKey", "in": "cookie", "name": "sid", "description": "session cookie"}}, None, "apiKey in a cookie"),
], 1):
    case("Q%02d-legal-v03-scheme-%s" % (n, name), (lambda s=schemes, q=security: getcard(sec03(s, q))), [], why + " (0.3:schema SecurityScheme)")

for n, (name, schemes, security, rule, why) in enumerate([
    ("api-key-without-in", {"key": {"type": "apiKey", "name": "X-API-Key"}}, None, "CARD-SHAPE-006", "apiKey without `in` (0.3:schema required)"),
    ("api-key-in-body", {"key": {"type": "apiKey", "in": "body", "name": "key"}}, None, "CARD-SHAPE-006", "apiKey in 'body': one of query, header, cookie"),
    ("type-wrong-case", {"key": {"type": "APIKey", "in": "header", "name": "X-API-Key"}}, None, "CARD-SHAPE-006", "type 'APIKey': the schema's const is 'apiKey'"),
    ("http-without-scheme", {"bearer": {"type": "http"}}, None, "CARD-SHAPE-006", "http without scheme (0.3:schema required)"),
    ("oauth2-without-flows", {"oauth": {"type": "oauth2"}}, None, "CARD-SHAPE-006", "oauth2 without flows (0.3:schema required)"),
    ("oidc-without-url", {"oidc": {"type": "openIdConnect"}}, None, "CARD-SHAPE-006", "openIdConnect without openIdConnectUrl"),
    ("v10-shape", {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, None, "CARD-SHAPE-006", "the 1.0 oneof wrapper in a 0.3 card (no `type`)"),
    ("security-undefined", {"bearer": QB}, [{"oauth": []}], "AUTH-SCHEME-001", "security names 'oauth', not defined"),
    ("security-scopes-string", {"oauth": QO}, [{"oauth": "a2a"}], "CARD-SHAPE-006", "scopes as a string: security maps names to arrays of scopes"),
    ("token-url-plain-http", {"oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "http://auth.example.test/token", "scopes": {}}}}}, None, "AUTH-TLS-001", "tokenUrl over plain http"),
    ("type-missing", {"key": {"in": "header", "name": "X-API-Key"}}, None, "CARD-SHAPE-006", "no `type` discriminator"),
    ("authorization-code-without-authorization-url", {"oauth": {"type": "oauth2", "flows": {"authorizationCode": {"tokenUrl": HTTPS + "/token", "scopes": {}}}}}, None, "CARD-SHAPE-006", "authorizationCode without authorizationUrl (0.3:schema required)"),
], 10):
    sev = W if rule == "AUTH-TLS-001" else E
    case("Q%02d-v03-scheme-%s" % (n, name), (lambda s=schemes, q=security: getcard(sec03(s, q))), [(rule, sev)], why)

# ---------------------------------------------------------------- A: requirements applied to calls (AUTH-002, AUTH-007, AUTH-001)
CH401 = {"content-type": "application/json", "www-authenticate": "Bearer realm=\"a2a\""}
AK = lambda **h: {**V10, **h}
for n, (name, schemes, reqs, url, hdr, why) in enumerate([
    ("bearer-sent", {"bearer": BEAR}, None, A, AK(authorization=BEARER), "the bearer token the card asks for"),
    ("or-second-alternative", {"bearer": BEAR, "key": KEYH}, None, A, AK(**{"x-api-key": "k-1"}), "bearer OR API key: the API key alone satisfies the second alternative"),
    ("and-both-sent", {"bearer": BEAR, "key": KEYH}, [REQ("bearer", "key")], A, AK(authorization=BEARER, **{"x-api-key": "k-1"}), "bearer AND API key, both sent"),
    ("optional-security-anonymous", {"bearer": BEAR}, [{"schemes": {}}, REQ("bearer")], A, V10, "an empty requirement makes security optional: the anonymous call is allowed"),
    ("no-requirements-anonymous", {"bearer": BEAR}, [], A, V10, "a scheme defined but no requirement: nothing required"),
    ("mtls-only", {"mtls": MTLS}, None, A, V10, "mTLS only: the credential is the TLS client certificate, invisible in HTTP headers"),
    ("api-key-query", {"key": KEYQ}, None, A + "?api_key=k-1", V10, "the API key in the query parameter the scheme names"),
    ("api-key-cookie", {"key": KEYC}, None, A, AK(cookie="theme=dark; sid=s-1"), "the API key in the cookie the scheme names, beside another cookie"),
    ("api-key-header-name-case", {"key": KEYH}, None, A, AK(**{"x-api-KEY": "k-1"}), "the key header in other letter case: header names are case-insensitive (RFC 9110 §5.1)"),
    ("oauth2-bearer", {"oauth": OA({"clientCredentials": CC})}, None, A, AK(authorization=BEARER), "an OAuth 2.0 access token as a bearer token (RFC 6750)"),
    ("oidc-bearer", {"oidc": OIDC}, None, A, AK(authorization=BEARER), "an OpenID Connect token as a bearer token"),
    ("bearer-scheme-lower-case", {"bearer": BEAR}, None, A, AK(authorization="bearer abc.def.ghi"), "'bearer' in lower case: auth-scheme names are case-insensitive"),
    ("and-key-in-query", {"bearer": BEAR, "key": KEYQ}, [REQ("bearer", "key")], A + "?api_key=k-1", AK(authorization=BEARER), "bearer AND a query API key, both sent"),
    ("basic", {"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}}, None, A, AK(authorization="Basic dTE6cHc="), "HTTP Basic credentials"),
], 1):
    case("A%02d-legal-v10-call-%s" % (n, name), (lambda s=schemes, q=reqs, u=url, h=hdr: getcard(sec10(s, q)) + [req(u, rpc(1, "SendMessage", P1), headers=h), done()]), [], why + " (AUTH-002, AUTH-007)")

case("A15-v10-and-requirement-half-sent", lambda: getcard(sec10({"bearer": BEAR, "key": KEYH}, [REQ("bearer", "key")])) + [RPC(1, "SendMessage", P1, h=AK(authorization=BEARER)), done()],
     [("AUTH-OPEN-001", E)], "one requirement: bearer AND API key (AUTH-007: a requirement is an AND); only the bearer token came and the call was served")
case("A16-v10-and-requirement-key-only", lambda: getcard(sec10({"bearer": BEAR, "key": KEYH}, [REQ("bearer", "key")])) + [RPC(1, "SendMessage", P1, h=AK(**{"x-api-key": "k-1"})), done()],
     [("AUTH-OPEN-001", E)], "bearer AND API key required; only the key came and the call was served")
case("A17-v10-anonymous-call-served", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1), done()],
     [("AUTH-OPEN-001", E)], "bearer required, the anonymous call served (AUTH-002)")
case("A18-v10-anonymous-stream-served", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendStreamingMessage", P1, h=S10)] +
     sse([ev({"task": task10(state="WORKING")}), ev(st10(state="COMPLETED", n=2))]),
     [("AUTH-OPEN-001", E)], "bearer required, the anonymous stream served")
case("A19-v10-query-key-missing-served", lambda: getcard(sec10({"key": KEYQ})) + [RPC(1, "SendMessage", P1), done()],
     [("AUTH-OPEN-001", E)], "API key in the query required; the call without it served")
case("A20-v10-query-key-sent-as-header", lambda: getcard(sec10({"key": KEYQ})) + [RPC(1, "SendMessage", P1, h=AK(**{"api_key": "k-1"})), resp({"error": "missing api_key"}, status=401, headers=CH401)],
     [("AUTH-SCHEME-003", E)], "the scheme puts the key in the query (?api_key=); the client sent it as a header and was refused")
case("A21-v10-cookie-key-sent-as-header", lambda: getcard(sec10({"key": KEYC})) + [RPC(1, "SendMessage", P1, h=AK(**{"sid": "s-1"})), resp({"error": "no session"}, status=401, headers=CH401)],
     [("AUTH-SCHEME-003", E)], "the scheme puts the key in the cookie sid; the client sent it as a header named sid and was refused")
case("A22-v10-basic-scheme-bearer-sent", lambda: getcard(sec10({"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}})) + [RPC(1, "SendMessage", P1, h=AK(authorization=BEARER)), resp({"error": "bad credentials"}, status=401, headers={**J, "www-authenticate": "Basic realm=\"a2a\""})],
     [("AUTH-SCHEME-003", E)], "the card asks for HTTP Basic; the client sent a Bearer token and was refused")
case("A23-v10-401-without-challenge", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1), resp({"error": "unauthorized"}, status=401)],
     [("AUTH-CHALLENGE-001", W)], "401 without WWW-Authenticate (RFC 9110 §15.5.2 MUST; AUTH-003)")
case("A24-v10-403-to-anonymous-call", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1), resp({"error": "forbidden"}, status=403)],
     [("AUTH-CHALLENGE-001", W)], "403 to a call with no credential at all: 401 is the answer (ERR-006)")
case("A25-legal-v10-403-to-authenticated-call", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1, h=AK(authorization=BEARER)), resp({"error": "forbidden"}, status=403)],
     [], "403 to a call with a valid-looking credential: known caller without permission (ERR-006)")
case("A26-v10-rest-anonymous-get-served", lambda: getcard(card10(ifaces=RESTI, securitySchemes={"bearer": BEAR}, securityRequirements=[REQ("bearer")])) + [rget("/tasks/t1"), resp(task10(), headers=RJ)],
     [("AUTH-OPEN-001", E)], "HTTP+JSON GET /tasks/t1 without the bearer token the card requires, served")
case("A27-legal-v10-rest-get-with-bearer", lambda: getcard(card10(ifaces=RESTI, securitySchemes={"bearer": BEAR}, securityRequirements=[REQ("bearer")])) + [rget("/tasks/t1", h={**RJ, "authorization": BEARER}), resp(task10(), headers=RJ)],
     [], "HTTP+JSON GET /tasks/t1 with the bearer token")
case("A28-v03-anonymous-call-served", lambda: getcard(sec03({"bearer": QB})) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03()))],
     [("AUTH-OPEN-001", E)], "0.3 card requires bearer, the anonymous message/send served (0.3 §4.4)")
case("A29-legal-v03-anonymous-call-challenged", lambda: getcard(sec03({"bearer": QB})) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp({"error": "unauthorized"}, status=401, headers=CH401),
     req(A, rpc(2, "message/send", {"message": msg03()}), headers={**J03, "authorization": BEARER}), resp(ok(2, task03()))],
     [], "0.3: refused 401 with a challenge, then sent with the bearer token")
case("A30-v03-and-requirement-half-sent", lambda: getcard(sec03({"bearer": QB, "key": QK}, [{"bearer": [], "key": []}])) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J03, "authorization": BEARER}), resp(ok(1, task03()))],
     [("AUTH-OPEN-001", E)], "0.3 security [{bearer, key}] is one requirement (AND); only bearer came and the call was served")

# ---------------------------------------------------------------- S: card signatures (1.0 §8.4, RFC 7515)
SIGC = lambda sigs, **kw: card10(signatures=sigs, **kw)
STD = next(s for s in (base64.b64encode(json.dumps({"alg": "ES256", "kid": "key?" + "~" * k, "typ": "JOSE"}).encode()).decode() for k in range(1000))
           if ("+" in s or "/" in s) and s.endswith("="))
for n, (name, sigs, why) in enumerate([
    ("es256", [jws()], "ES256, kid, typ JOSE"),
    ("jku-and-unprotected-header", [jws({"alg": "ES256", "kid": "key-1", "typ": "JOSE", "jku": H + "/.well-known/jwks.json"}, header={"signedAt": "2026-12-02T10:00:00Z"})], "a jku and an unprotected header object"),
    ("two-signatures", [jws(), jws({"alg": "RS256", "kid": "key-2", "typ": "JOSE"})], "two signatures (ES256 and RS256)"),
    ("typ-lower-case", [jws({"alg": "ES256", "kid": "key-1", "typ": "jose"})], "typ 'jose': RFC 7515 §4.1.9 compares typ values case-insensitively"),
    ("empty-list", [], "signatures: [] (no signature)"),
    ("eddsa", [jws({"alg": "EdDSA", "kid": "ed-1", "typ": "JOSE"}, sig=b64u(bytes(range(64))))], "EdDSA (RFC 8037)"),
], 1):
    case("S%02d-legal-v10-signature-%s" % (n, name), (lambda s=sigs: getcard(SIGC(s))), [], why + " (1.0 §8.4, proto AgentCardSignature)")

for n, (name, sigs, rule, why) in enumerate([
    ("typ-missing", [jws({"alg": "ES256", "kid": "key-1"})], "CARD-SIG-002", "no typ in the protected header (1.0 §8.4.2 SHOULD 'JOSE')"),
    ("typ-jwt", [jws({"alg": "ES256", "kid": "key-1", "typ": "JWT"})], "CARD-SIG-002", "typ 'JWT': a card signature is no JWT"),
    ("alg-none", [jws({"alg": "none", "kid": "key-1", "typ": "JOSE"}, sig="")], "CARD-SIG-001", "alg none with an empty signature: an unsigned card dressed as signed"),
    ("alg-missing", [jws({"kid": "key-1", "typ": "JOSE"})], "CARD-SIG-001", "no alg in the protected header (RFC 7515 §4.1.1 MUST)"),
    ("kid-missing", [jws({"alg": "ES256", "typ": "JOSE"})], "CARD-SIG-001", "no kid: the client cannot look the key up (1.0 §8.4.2)"),
    ("protected-standard-base64", [jws(STD)], "CARD-SIG-001", "protected in standard base64 (+, /, = padding), not base64url"),
    ("protected-not-json", [jws(b64u("alg=ES256;kid=key-1"))], "CARD-SIG-001", "protected decodes to text that is no JSON"),
    ("protected-json-array", [jws(b64u(["ES256", "key-1"]))], "CARD-SIG-001", "protected decodes to a JSON array, not an object"),
    ("signature-empty", [jws(sig="")], "CARD-SIG-001", "empty signature"),
    ("signature-compact-jws", [jws(sig="eyJhbGciOiJFUzI1NiJ9..c2lnbmF0dXJl")], "CARD-SIG-001", "the whole compact JWS pasted as the signature (dots are no base64url)"),
    ("header-string", [jws(header="kid=key-1")], "CARD-SIG-001", "the unprotected header as a string: it is a JSON object"),
    ("protected-missing", [{"signature": b64u(bytes(range(64)))}], "CARD-SIG-001", "no protected member (REQUIRED)"),
    ("one-of-two-alg-none", [jws(), jws({"alg": "none", "kid": "key-2", "typ": "JOSE"}, sig="")], "CARD-SIG-001", "the second of two signatures is alg none"),
], 7):
    case("S%02d-v10-signature-%s" % (n, name), (lambda s=sigs: getcard(SIGC(s))), [(rule, W if rule == "CARD-SIG-002" else E)], why)

CARD_A = lambda **kw: card10(signatures=[jws()], **kw)
ETAG = lambda c: {**CH, "etag": "\"%s\"" % __import__("hashlib").sha1(d(c).encode()).hexdigest()[:12]}
etagged = lambda c: [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(c, headers=ETAG(c))]
twice = lambda c1, c2: etagged(c1) + etagged(c2)
case("S21-v10-card-changed-signature-kept", lambda: twice(CARD_A(), CARD_A(skills=SKILLS + [{"id": "s2", "name": "admin", "description": "Admin", "tags": ["admin"]}])),
     [("CARD-SIG-003", E)], "the second fetch lists another skill under the same signature: it can match one card only")
case("S22-v10-card-description-changed-signature-kept", lambda: twice(CARD_A(), CARD_A(description="Demo agent v2")),
     [("CARD-SIG-003", E)], "the description changed between fetches, the signature did not")
case("S23-legal-v10-card-reordered-signature-kept", lambda: getcard(CARD_A()) + getcard(dict(reversed(list(CARD_A().items())))),
     [], "the same card with its members in another order: JCS (RFC 8785) sorts them, the signature still matches")
case("S24-legal-v10-card-changed-new-signature", lambda: twice(CARD_A(), card10(description="Demo agent v2", signatures=[jws(sig=b64u(bytes(range(1, 65))))])),
     [], "the card changed and was re-signed")
case("S25-legal-v10-card-unprotected-header-changed", lambda: twice(card10(signatures=[jws(header={"n": 1})]), card10(signatures=[jws(header={"n": 2})])),
     [], "only the unprotected header of the signature differs: the signed content is the same")
case("S26-legal-v03-signature-without-kid-or-typ", lambda: getcard(card03(signatures=[jws({"alg": "ES256"})])),
     [], "0.3 card: kid and typ are 1.0 requirements")
case("S27-v03-signature-alg-none", lambda: getcard(card03(signatures=[jws({"alg": "none"}, sig="")])),
     [("CARD-SIG-001", E)], "0.3 card signed with alg none")
case("S28-v10-card-whitespace-only-change-then-version", lambda: etagged(CARD_A()) + etagged(json.dumps(CARD_A(), indent=2)) + etagged(CARD_A(version="1.0.1")),
     [("CARD-SIG-003", E)], "the second fetch differs only in whitespace (same JCS), the third changes version under the same signature")

# ---------------------------------------------------------------- E: error mapping across bindings (ERR-002, ERR-003, ERR-004)
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
RE = lambda http, body: resp(body, status=http, headers={"content-type": "application/json"})
GOT = lambda state="COMPLETED": [rget("/tasks/t1"), resp(task10(state=state), headers=RJ)]
for n, (name, lines, why) in enumerate([
    ("task-not-found-404", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task nope not found"))], "404 NOT_FOUND with ErrorInfo TASK_NOT_FOUND"),
    ("not-cancelable-400", lambda: GOT() + [rpost("/tasks/t1:cancel", {}), RE(400, rstatus(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed"))], "cancel of a completed task: 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE (1.0.1)"),
    ("error-info-metadata", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", details=[{**einfo("TASK_NOT_FOUND")[0], "metadata": {"taskId": "nope"}}]))], "ErrorInfo with string metadata"),
    ("subscribe-terminal-400", lambda: GOT() + [rpost("/tasks/t1:subscribe", {}, h={**RJ, "accept": "text/event-stream"}), RE(400, rstatus(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "task t1 is completed"))], "subscribe to a completed task: UnsupportedOperationError, 400 FAILED_PRECONDITION (TASK-004)"),
    ("version-not-supported-400", lambda: [rpost("/message:send", P1, h={**RJ, "a2a-version": "2.0"}), RE(400, rstatus(400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED", "version 2.0 not supported"))], "A2A-Version 2.0 refused 400 VERSION_NOT_SUPPORTED (VER-003)"),
    ("extra-detail-beside-error-info", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", details=einfo("TASK_NOT_FOUND") + [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "lookup t=3ms"}]))], "a DebugInfo detail beside the ErrorInfo"),
], 1):
    case("E%02d-legal-v10-rest-%s" % (n, name), (lambda l=lines: R10() + l()), [], why + " (ERR-002, ERR-003)")
case("E08-legal-v10-rest-push-not-supported-400", lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "pushNotifications": False})) +
     [rpost("/tasks/t1/pushNotificationConfigs", {"url": "https://hooks.example.test/cb"}), RE(400, rstatus(400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push not supported"))],
     [], "pushNotifications false: Create refused 400 PUSH_NOTIFICATION_NOT_SUPPORTED (PUSH-001)")
case("E09-legal-v03-rest-task-not-found", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [req(H + "/v1/tasks/nope", method="GET", headers={}), RE(404, {"code": -32001, "message": "Task not found"})],
     [], "0.3 /v1 route: the 0.3 A2A error object under 404 (REST-003)")
case("E10-legal-v10-jsonrpc-error-info-metadata", lambda: C10() + [RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", [{**einfo("TASK_NOT_FOUND")[0], "metadata": {"taskId": "nope"}}]))],
     [], "-32001 with ErrorInfo TASK_NOT_FOUND and string metadata (ERR-004)")
case("E11-legal-v10-jsonrpc-error-without-data", lambda: C10() + [RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found"))],
     [], "-32001 without data: ErrorInfo is a SHOULD in 1.0.1 (ERR-004)")
case("E12-legal-v10-both-bindings-not-found", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": H + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) +
     [RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND"))), rget("/rest/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND"))],
     [], "one agent, two bindings, the same error in each binding's form (BIND-001)")

for n, (name, lines, rule, sev, why) in enumerate([
    ("status-name-wrong", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "FAILED_PRECONDITION", "TASK_NOT_FOUND"))], "REST-ERROR-001", E, "HTTP 404 and code 404 under status FAILED_PRECONDITION: status is the google.rpc.Code of the HTTP status (NOT_FOUND)"),
    ("body-code-differs-from-http", lambda: [rget("/tasks/nope"), RE(404, rstatus(400, "NOT_FOUND", "TASK_NOT_FOUND"))], "REST-ERROR-001", E, "HTTP 404 with error.code 400: code is the HTTP status (1.0 §11.6)"),
    ("reason-against-status", lambda: [rget("/tasks/nope"), RE(400, rstatus(400, "FAILED_PRECONDITION", "TASK_NOT_FOUND"))], "REST-ERROR-001", E, "TASK_NOT_FOUND under 400 FAILED_PRECONDITION: TaskNotFoundError maps to 404 NOT_FOUND (ERR-002)"),
    ("domain-wrong", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", details=[{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a.dev"}]))], "REST-ERROR-001", E, "ErrorInfo domain 'a2a.dev' instead of a2a-protocol.org (ERR-003)"),
    ("details-missing", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", msg="task nope not found"))], "REST-ERROR-001", E, "an A2A error (404 to GetTask) without the ErrorInfo detail ERR-003 requires"),
    ("detail-without-type", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "NOT_FOUND", details=[{"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]))], "REST-ERROR-001", E, "the detail has no @type (ERR-003: each detail has @type)"),
    ("jsonrpc-envelope", lambda: [rget("/tasks/nope"), RE(404, {"jsonrpc": "2.0", "id": None, "error": {"code": -32001, "message": "Task not found"}})], "REST-ERROR-001", E, "a JSON-RPC error envelope as the body of an HTTP+JSON 404"),
    ("v03-error-object", lambda: [rget("/tasks/nope"), RE(404, {"code": -32001, "message": "Task not found"})], "REST-ERROR-001", E, "the 0.3 error object on a 1.0 route"),
    ("status-lower-case", lambda: [rget("/tasks/nope"), RE(404, rstatus(404, "not_found", "TASK_NOT_FOUND"))], "REST-ERROR-001", E, "status 'not_found': google.rpc.Code names are upper case"),
    ("code-as-string", lambda: [rget("/tasks/nope"), RE(404, rstatus("404", "NOT_FOUND", "TASK_NOT_FOUND"))], "REST-ERROR-001", E, "code as the string \"404\": google.rpc.Status.code is an int32"),
    ("unsupported-operation-501", lambda: GOT() + [rpost("/tasks/t1:subscribe", {}, h={**RJ, "accept": "text/event-stream"}), RE(501, rstatus(501, "UNIMPLEMENTED", "UNSUPPORTED_OPERATION"))], "REST-ERROR-002", N, "1.0.0's 501 UNIMPLEMENTED for UnsupportedOperationError (1.0.1: 400 FAILED_PRECONDITION)"),
    ("version-not-supported-501", lambda: [rpost("/message:send", P1, h={**RJ, "a2a-version": "2.0"}), RE(501, rstatus(501, "UNIMPLEMENTED", "VERSION_NOT_SUPPORTED"))], "REST-ERROR-002", N, "1.0.0's 501 for VersionNotSupportedError"),
    ("error-without-message", lambda: [rget("/tasks/nope"), RE(404, {"error": {"code": 404, "status": "NOT_FOUND", "details": einfo("TASK_NOT_FOUND")}})], "REST-ERROR-001", E, "google.rpc.Status without message: 1.0 §11.6's body has one (AIP-193: a developer-facing message)"),
    ("cancelable-reason-under-404", lambda: GOT() + [rpost("/tasks/t1:cancel", {}), RE(404, rstatus(404, "NOT_FOUND", "TASK_NOT_CANCELABLE"))], "REST-ERROR-001", E, "TASK_NOT_CANCELABLE under 404 NOT_FOUND (ERR-002: 400 FAILED_PRECONDITION)"),
], 13):
    case("E%02d-v10-rest-%s" % (n, name), (lambda l=lines: R10() + l()), [(rule, sev)], why)

case("E26-v10-jsonrpc-code-against-reason", lambda: C10() + [RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_CANCELABLE")))],
     [("RPC-ERROR-001", E)], "-32001 TaskNotFoundError carrying ErrorInfo TASK_NOT_CANCELABLE: code and reason name two errors (ERR-002)")
case("E27-v10-jsonrpc-error-info-domain", lambda: C10() + [RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", [{**einfo("TASK_NOT_FOUND")[0], "domain": "a2a.example"}]))],
     [("RPC-ERROR-002", E)], "ErrorInfo domain 'a2a.example' for an A2A reason (ERR-004)")
case("E28-v10-jsonrpc-error-details-member", lambda: C10() + [RPC(1, "GetTask", {"id": "nope"}), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Task not found", "details": einfo("TASK_NOT_FOUND")}})],
     [("RPC-ERROR-002", E)], "the ErrorInfo list under error.details (the HTTP+JSON Status name) instead of error.data")
case("E29-v10-jsonrpc-error-info-metadata-number", lambda: C10() + [RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", [{**einfo("TASK_NOT_FOUND")[0], "metadata": {"retryAfter": 30}}]))],
     [("RPC-ERROR-002", E)], "ErrorInfo metadata with a number: map<string, string>")
case("E30-v03-rest-google-status-body", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [req(H + "/v1/tasks/nope", method="GET", headers={}), RE(404, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND"))],
     [("REST-ERROR-001", E)], "a 0.3 /v1 route answered with 1.0's google.rpc.Status (REST-003: the 0.3 error object)")
case("E31-v10-jsonrpc-code-against-reason-stream", lambda: C10() + [RPC(1, "SubscribeToTask", {"id": "nope"}, h=S10), resp(err(1, -32004, "Unsupported", einfo("TASK_NOT_FOUND")))],
     [("RPC-ERROR-001", E)], "-32004 UnsupportedOperationError carrying TASK_NOT_FOUND")

# ---------------------------------------------------------------- F: SSE framing at the edges (RPC-005, REST-002; WHATWG HTML §9.2.6)
OPEN = lambda i=1: RPC(i, "SendStreamingMessage", P1, h=S10)
EV = lambda o, i=1: js(ok(i, o))
W1 = lambda: EV({"task": task10(state="WORKING")})
D1 = lambda: EV(st10(state="COMPLETED", n=2))
sstream = lambda chunks, close="eof": lambda: C10() + [OPEN()] + sse(chunks, close)
CUT = W1().index(', "id"') + 1  # after a comma between members: a line break there is JSON whitespace
for n, (name, chunks, why) in enumerate([
    ("data-without-space", ["data:" + W1() + "\n\n", "data:" + D1() + "\n\n"], "data: with no space after the colon (the space is optional)"),
    ("id-retry-event-fields", ["id: 1\nretry: 3000\nevent: message\ndata: " + W1() + "\n\n", "id: 2\ndata: " + D1() + "\n\n"], "id, retry and event: message fields beside data"),
    ("comment-inside-multiline-data", ["data: " + W1()[:CUT] + "\n: keep-alive\ndata: " + W1()[CUT:] + "\n\n", "data: " + D1() + "\n\n"], "a comment line between two data lines of one event: ignored, the data lines join"),
    ("bare-data-line", ["data\ndata: " + W1() + "\n\n", "data: " + D1() + "\n\n"], "a bare 'data' line (field data, empty value) before the JSON: the data is \"\\n{...}\", JSON with leading whitespace"),
    ("cr-cr-terminated", ["data: " + W1() + "\r\r", "data: " + D1() + "\r\r"], "events ended by CR CR"),
    ("mixed-line-ends", ["data: " + W1() + "\r\n\r\n", "data: " + D1() + "\n\n"], "CRLF for one event, LF for the next"),
    ("comments-between-events", [": ping\n\n", "data: " + W1() + "\n\n", ": ping\n\n", "data: " + D1() + "\n\n", ": bye\n\n"], "comment keep-alives between events and after the last"),
    ("empty-event-and-id-fields", ["event:\nid:\ndata: " + W1() + "\n\n", "data: " + D1() + "\n\n"], "empty event and id fields"),
    ("retry-not-a-number", ["retry: soon\ndata: " + W1() + "\n\n", "data: " + D1() + "\n\n"], "retry with a non-digit value: ignored"),
    ("trailing-empty-data-line", ["data: " + W1() + "\ndata:\n\n", "data: " + D1() + "\n\n"], "an empty data line after the JSON: data is the JSON plus a newline, still one JSON document"),
    ("bom-at-start", ["\ufeffdata: " + W1() + "\n\n", "data: " + D1() + "\n\n"], "a UTF-8 BOM before the first byte of the stream"),
    ("split-inside-field-name", ["da", "ta: " + W1()[:30], W1()[30:] + "\n", "\n", "data: " + D1() + "\n\n"], "an event split inside 'data', inside the JSON and between its two newlines"),
    ("whitespace-only-data-line", ["data: " + W1()[:CUT] + "\ndata:    \ndata: " + W1()[CUT:] + "\n\n", "data: " + D1() + "\n\n"], "a data line of spaces between two JSON halves: whitespace inside JSON"),
    ("last-event-in-closing-chunk", ["data: " + W1() + "\n\n"], "the last event arrives in the closing chunk (see the case)"),
], 1):
    if name == "last-event-in-closing-chunk":
        case("F%02d-legal-v10-sse-%s" % (n, name), lambda: C10() + [OPEN(), resp("", headers=SSE), chunk("data: " + W1() + "\n\n"), chunk("data: " + D1() + "\n\n", close="eof")],
             [], "the terminal event and the clean close in one read")
    else:
        case("F%02d-legal-v10-sse-%s" % (n, name), sstream(chunks), [], why + " (WHATWG SSE parsing)")

case("F15-legal-v10-rest-sse-crlf-no-space", lambda: getcard(card10(ifaces=RESTI)) + [rpost("/message:stream", P1, h={**RJ, "accept": "text/event-stream"})] +
     sse(["data:" + js({"task": task10(state="WORKING")}) + "\r\n\r\n", "data:" + js(st10(state="COMPLETED", n=2)) + "\r\n\r\n"]),
     [], "HTTP+JSON stream with CRLF and no space after data:")
case("F16-legal-v03-sse-comment-and-id", lambda: C03() + [req(A, rpc(1, "message/stream", {"message": msg03()}), headers={**J03, "accept": "text/event-stream"})] +
     sse([": hello\n\n", "id: a\ndata: " + js(ok(1, task03(state="working"))) + "\n\n", "id: b\ndata: " + js(ok(1, st03(state="completed", final=True, n=2))) + "\n\n"]),
     [], "0.3 stream with a comment and id fields")

for n, (name, lines, rule, why) in enumerate([
    ("last-event-single-newline", sstream(["data: " + W1() + "\n\n", "data: " + D1() + "\n"]), "SSE-FRAME-001", "the terminal event ends with one newline and the stream closes: a parser discards the unfinished event at EOF"),
    ("last-event-no-newline", sstream(["data: " + W1() + "\n\n", "data: " + D1()]), "SSE-FRAME-001", "the terminal event has no line end at all before the close"),
    ("last-event-single-crlf", sstream(["data: " + W1() + "\r\n\r\n", "data: " + D1() + "\r\n"]), "SSE-FRAME-001", "CRLF framing, the last event ends with one CRLF"),
    ("two-documents-one-event", sstream(["data: " + W1() + "\ndata: " + D1() + "\n\n"]), "SSE-FRAME-001", "two JSON documents in one event: the blank line that should end the first is missing"),
    ("space-before-colon", sstream(["data: " + W1() + "\n\n", "data : " + D1() + "\n\n"]), "SSE-FRAME-003", "'data :' : the field name is 'data ' and the line is ignored"),
    ("empty-data-keepalive", sstream(["data: " + W1() + "\n\n", "data:\n\n", "data: " + D1() + "\n\n"]), "SSE-FRAME-004", "an empty data: event as keep-alive"),
], 17):
    case("F%02d-v10-sse-%s" % (n, name), lines, [(rule, W if rule == "SSE-FRAME-004" else E)], why)
case("F23-v10-rest-sse-last-event-unterminated", lambda: getcard(card10(ifaces=RESTI)) + [rpost("/message:stream", P1, h={**RJ, "accept": "text/event-stream"})] +
     sse(["data: " + js({"task": task10(state="WORKING")}) + "\n\n", "data: " + js(st10(state="COMPLETED", n=2))]),
     [("SSE-FRAME-001", E)], "HTTP+JSON stream, the terminal event without its blank line at the close")
case("F24-v03-sse-final-event-unterminated", lambda: C03() + [req(A, rpc(1, "message/stream", {"message": msg03()}), headers={**J03, "accept": "text/event-stream"})] +
     sse(["data: " + js(ok(1, task03(state="working"))) + "\n\n", "data: " + js(ok(1, st03(state="completed", final=True, n=2))) + "\n"]),
     [("SSE-FRAME-001", E)], "0.3 stream, the final event ends with one newline at the close")
case("F25-v10-sse-subscribe-last-event-unterminated", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
     RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10)] + sse(["data: " + EV({"task": task10(state="WORKING")}, 2) + "\n\n", "data: " + EV(st10(state="COMPLETED", n=2), 2) + "\r"]),
     [("SSE-FRAME-001", E)], "SubscribeToTask stream, the terminal event ends with one CR at the close")

# ---------------------------------------------------------------- G: gateways rewriting paths, tenants, ids and cards (GW-REQ-002, GW-RESP-004, GW-RESP-007)
UP = "http://10.0.4.17:8080"
PUB = GW + "/agents/x"
GCARD = lambda tenant=None: getcard(card10(ifaces=[{"url": PUB, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", **({"tenant": tenant} if tenant else {})}]), base=GW)


REVISED46 = "revised46 (breaker46 colon-encoded; was legal: %s): RFC 3986 §2.2 makes a reserved character and its percent-encoding different URIs (§2.1 only defines the encoding), and an escaped ':' is data, not the custom verb's delimiter (google/api/http.proto; grpc-gateway's default unescaping keeps it escaped and finds no route): the gateway turned the client's route into another URI, GW-REQ-002"


def hop(method, cpath, upath, body="", answer=None, status=200, cbase=PUB, ubase=UP, h=RJ, uh=None, ubody=None):
    """client -> gateway `cpath` (id c), gateway -> agent `upath` (id u, leg upstream; `uh`
    headers added there, `ubody` the body as forwarded), one answer passed back."""
    ans = answer if answer is not None else {"task": task10()}
    hh = h if method != "GET" else {k: v for k, v in h.items() if k != "content-type"}
    return [req(cbase + cpath, body, method=method, headers=hh, id="c"),
            req(ubase + upath, body if ubody is None else ubody, method=method, headers={**hh, **(uh or {})}, leg="upstream", id="u"),
            resp(ans, status=status, headers=RJ, leg="upstream", id="u"), resp(ans, status=status, headers=RJ, id="c")]


for n, (name, lines, why) in enumerate([
    ("prefix-stripped", lambda: GCARD() + hop("POST", "/message:send", "/message:send", P1), "the public prefix /agents/x mapped to the agent's root"),
    ("cancel-verb-percent-encoded", lambda: GCARD() + hop("POST", "/tasks/t1:cancel", "/tasks/t1%3Acancel", {}, task10(state="CANCELED")), "':cancel' forwarded as '%3Acancel' (the same path, RFC 3986 §2.1)"),
    ("unreserved-escape-decoded", lambda: GCARD() + hop("GET", "/tasks/t%2D1", "/tasks/t-1", answer=task10(tid="t-1")), "'%2D' decoded to '-': an unreserved character, the same URI (RFC 3986 §6.2.2.2)"),
    ("escape-hex-case", lambda: GCARD() + hop("GET", "/tasks/a%2fb", "/tasks/a%2Fb", answer=task10(tid="a/b")), "'%2f' forwarded as '%2F': hex case is equivalent (RFC 3986 §6.2.2.1)"),
    ("other-base-path", lambda: GCARD() + hop("GET", "/tasks/t1", "/api/tasks/t1", answer=task10(), ubase=UP), "the public prefix mapped to the agent's /api base"),
    ("query-order", lambda: GCARD() + hop("GET", "/tasks?contextId=c1&pageSize=10", "/tasks?pageSize=10&contextId=c1", answer={"tasks": [task10()], "nextPageToken": "", "pageSize": 10, "totalSize": 1}), "query parameters forwarded in another order"),
    ("tenant-kept", lambda: GCARD("acme") + hop("GET", "/acme/tasks/t1", "/acme/tasks/t1", answer=task10()), "the tenant segment forwarded"),
    ("host-rewritten", lambda: GCARD() + hop("POST", "/message:send", "/message:send", P1, uh={"host": "10.0.4.17:8080", "x-forwarded-for": "203.0.113.7", "x-forwarded-host": "gw.example.test"}), "Host rewritten to the agent's address"),
], 1):
    if name == "cancel-verb-percent-encoded":
        # revised46 (breaker46): the escaped verb delimiter is another URI (RFC 3986 §2.2)
        case("G%02d-v10-gateway-%s" % (n, name), lines, [("GW-REQ-002", "error")], REVISED46 % json.dumps(why + " (GW-REQ-002's base-path mapping)"))
        continue
    case("G%02d-legal-v10-gateway-%s" % (n, name), lines, [], why + " (GW-REQ-002's base-path mapping)")

for n, (name, lines, why) in enumerate([
    ("cancel-verb-to-segment", lambda: GCARD() + hop("POST", "/tasks/t1:cancel", "/tasks/t1/cancel", {}, task10(state="CANCELED")), "':cancel' turned into a '/cancel' path segment"),
    ("stream-verb-to-segment", lambda: GCARD() + [req(PUB + "/message:stream", P1, headers={**RJ, "accept": "text/event-stream"}, id="c"), req(UP + "/message/stream", P1, headers={**RJ, "accept": "text/event-stream"}, leg="upstream", id="u")] +
     sse(["data: " + js({"task": task10(state="WORKING")}) + "\n\n", "data: " + js(st10(state="COMPLETED", n=2)) + "\n\n"], leg="upstream", id="u") +
     sse(["data: " + js({"task": task10(state="WORKING")}) + "\n\n", "data: " + js(st10(state="COMPLETED", n=2)) + "\n\n"], id="c"), "'/message:stream' forwarded as '/message/stream'"),
    ("tenant-dropped", lambda: GCARD("acme") + hop("GET", "/acme/tasks/t1", "/tasks/t1", answer=task10()), "the /acme tenant segment dropped upstream"),
    ("tenant-doubled", lambda: GCARD("acme") + hop("GET", "/acme/tasks/t1", "/acme/acme/tasks/t1", answer=task10()), "the tenant segment doubled upstream"),
    ("task-id-lower-cased", lambda: GCARD() + hop("GET", "/tasks/T1-Ab", "/tasks/t1-ab", answer=task10(tid="t1-ab")), "the task id lower-cased: ids are opaque and case-sensitive"),
    ("slash-escape-decoded", lambda: GCARD() + hop("GET", "/tasks/a%2Fb", "/tasks/a/b", answer=task10(tid="a/b")), "'%2F' decoded to '/': the id became two path segments, another route"),
    ("v1-added", lambda: GCARD() + hop("POST", "/message:send", "/v1/message:send", P1), "a 1.0 route moved under 0.3's /v1"),
], 9):
    case("G%02d-v10-gateway-%s" % (n, name), lines, [("GW-REQ-002", E)], why)

GJ = lambda: getcard(card10(url=GW + "/a2a", ifaces=[{"url": GW + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}]), base=GW)


def rhop(cparams, uparams, method="GetTask", answer=None):
    a = answer if answer is not None else task10()
    return [req(GW + "/a2a", rpc(1, method, cparams), headers=V10, id="c"), req(UP + "/a2a", rpc(1, method, uparams), headers=V10, leg="upstream", id="u"),
            resp(ok(1, a), leg="upstream", id="u"), resp(ok(1, a), id="c")]


case("G16-v10-gateway-jsonrpc-tenant-dropped", lambda: GJ() + rhop({"id": "t1", "tenant": "acme"}, {"id": "t1"}),
     [("GW-REQ-002", E)], "JSON-RPC params.tenant dropped upstream")
case("G17-v10-gateway-jsonrpc-task-id-case", lambda: GJ() + rhop({"id": "T1", "tenant": "acme"}, {"id": "t1", "tenant": "acme"}, answer=task10(tid="t1")),
     [("GW-REQ-002", E)], "JSON-RPC params.id lower-cased upstream")
case("G18-legal-v10-gateway-jsonrpc-id-renumbered", lambda: GJ() + [req(GW + "/a2a", rpc(7, "GetTask", {"id": "t1", "tenant": "acme"}), headers=V10, id="c"),
     req(UP + "/a2a", rpc(9001, "GetTask", {"id": "t1", "tenant": "acme"}), headers=V10, leg="upstream", id="u"), resp(ok(9001, task10()), leg="upstream", id="u"), resp(ok(7, task10()), id="c")],
     [], "the gateway renumbers the JSON-RPC id upstream and restores it on the client leg")

# the card through the gateway
GREQ = lambda: [req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}, id="c"),
                req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "x-forwarded-host": "gw.example.test", "x-forwarded-proto": "https"}, leg="upstream", id="u")]
gcard = lambda up, client: GREQ() + [resp(up, headers=CH, leg="upstream", id="u"), resp(client, headers=CH, id="c")]
UPC = lambda **kw: card10(url=UP + "/a2a", **kw)
case("G19-legal-v10-gateway-card-url-rewritten", lambda: gcard(UPC(), card10(url=GW + "/a2a")),
     [], "the gateway rewrites the internal url to its public one")
case("G20-v10-gateway-card-url-rewritten-internal", lambda: gcard(card10(url=GW + "/a2a"), card10(url=UP + "/a2a")),
     [("GW-RESP-004", E), ("AUTH-TLS-004", W)], "the agent advertised the public url (from X-Forwarded-Host); the gateway rewrote it to the agent's pod address")
case("G21-v10-gateway-card-url-plain-http", lambda: gcard(UPC(), card10(url="http://gw.example.test/a2a")),
     [("GW-RESP-004", E)], "rewritten to plain http on a card served over https")
case("G22-v10-gateway-signed-card-rewritten", lambda: gcard(UPC(signatures=[jws()]), card10(url=GW + "/a2a", signatures=[jws()])),
     [("GW-RESP-007", E)], "the gateway rewrote the url of a signed card and kept the agent's signature")
case("G23-legal-v10-gateway-signed-card-rewritten-unsigned", lambda: gcard(UPC(signatures=[jws()]), card10(url=GW + "/a2a")),
     [], "rewritten and the signatures removed")
case("G24-legal-v10-gateway-signed-card-re-signed", lambda: gcard(UPC(signatures=[jws()]), card10(url=GW + "/a2a", signatures=[jws({"alg": "ES256", "kid": "gw-1", "typ": "JOSE"}, sig=b64u(bytes(range(2, 66))))])),
     [], "rewritten and re-signed with the gateway's key")
case("G25-v10-gateway-signed-card-member-added", lambda: gcard(card10(url=GW + "/a2a", signatures=[jws()]), card10(url=GW + "/a2a", provider={"organization": "Gateway Inc", "url": GW}, signatures=[jws()])),
     [("GW-RESP-007", E)], "the gateway added a provider member to a signed card and kept the signature")
case("G26-legal-v10-gateway-signed-card-passed", lambda: gcard(card10(url=GW + "/a2a", signatures=[jws()]), card10(url=GW + "/a2a", signatures=[jws()])),
     [], "a signed card passed through unchanged")
case("G27-legal-v10-gateway-signed-card-reserialized", lambda: gcard(card10(url=GW + "/a2a", signatures=[jws()]), dict(reversed(list(card10(url=GW + "/a2a", signatures=[jws()]).items())))),
     [], "a signed card re-serialized with its members in another order: the same JCS, the signature still matches")

# ---------------------------------------------------------------- L: more legal controls beside the faults above
XCARD = lambda **kw: card10(ifaces=RESTI, capabilities={"streaming": True, "pushNotifications": True, "extendedAgentCard": True}, securitySchemes={"bearer": BEAR}, securityRequirements=[REQ("bearer")], **kw)
RB = {**RJ, "authorization": BEARER}
for n, (name, lines, why) in enumerate([
    ("rest-invalid-params-bad-request", lambda: R10() + [rget("/tasks/t1?historyLength=-1"), RE(400, rstatus(400, "INVALID_ARGUMENT", details=[{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "historyLength", "description": "must be >= 0"}]}]))],
     "historyLength -1 refused 400 INVALID_ARGUMENT with a BadRequest detail (ERR-006: no A2A error, no ErrorInfo needed)"),
    ("rest-cancel-unknown-404", lambda: R10() + [rpost("/tasks/nope:cancel", {}), RE(404, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND"))], "cancel of an unknown task: 404 TASK_NOT_FOUND"),
    ("rest-extended-card-not-configured", lambda: getcard(XCARD()) + [rget("/extendedAgentCard", h=RB), RE(400, rstatus(400, "FAILED_PRECONDITION", "EXTENDED_AGENT_CARD_NOT_CONFIGURED"))], "declared, not configured: 400 EXTENDED_AGENT_CARD_NOT_CONFIGURED (AUTH-005)"),
    ("rest-401-status-body", lambda: getcard(XCARD()) + [rget("/tasks/t1"), resp(rstatus(401, "UNAUTHENTICATED", msg="missing bearer token"), status=401, headers={"content-type": "application/json", "www-authenticate": "Bearer realm=\"a2a\""})],
     "401 UNAUTHENTICATED google.rpc.Status with a challenge and no ErrorInfo: no A2A error (ERR-006)"),
    ("rest-403-permission-denied", lambda: getcard(XCARD()) + [rget("/tasks/t1", h=RB), RE(403, rstatus(403, "PERMISSION_DENIED", msg="scope a2a.read missing"))], "403 PERMISSION_DENIED to an authenticated call (ERR-006)"),
    ("rest-push-get-unknown-config", lambda: R10() + GOT("WORKING") + [rget("/tasks/t1/pushNotificationConfigs/nope"), RE(404, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "config nope not found"))], "Get of an unknown config: 404 (PUSH-003)"),
    ("jsonrpc-subscribe-terminal", lambda: C10() + [RPC(1, "GetTask", {"id": "t1"}), resp(ok(1, task10())), RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10), resp(err(2, -32004, "Task t1 is completed", einfo("UNSUPPORTED_OPERATION")))],
     "SubscribeToTask on a completed task: -32004 UNSUPPORTED_OPERATION (TASK-004)"),
    ("jsonrpc-invalid-params-bad-request", lambda: C10() + [RPC(1, "GetTask", {"id": "t1", "historyLength": -1}), resp(err(1, -32602, "historyLength must be >= 0", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "historyLength", "description": "must be >= 0"}]}]))],
     "-32602 with a BadRequest detail (ERR-004: an array of @type'd objects)"),
    ("jsonrpc-cancel-terminal", lambda: C10() + [RPC(1, "GetTask", {"id": "t1"}), resp(ok(1, task10())), RPC(2, "CancelTask", {"id": "t1"}), resp(err(2, -32002, "Task t1 is completed", einfo("TASK_NOT_CANCELABLE")))],
     "cancel of a completed task: -32002 TASK_NOT_CANCELABLE (TASK-003)"),
    ("jsonrpc-version-not-supported", lambda: C10() + [RPC(1, "SendMessage", P1, h={**V10, "a2a-version": "2.0"}), resp(err(1, -32009, "Version 2.0 is not supported", einfo("VERSION_NOT_SUPPORTED")))],
     "A2A-Version 2.0 refused -32009 (VER-003)"),
    ("signature-rs512-x5t", lambda: getcard(SIGC([jws({"alg": "RS512", "kid": "rsa-1", "typ": "JOSE", "x5t#S256": b64u(bytes(32))})])), "RS512 with an x5t#S256 thumbprint"),
    ("signature-kid-in-both-headers", lambda: getcard(SIGC([jws(header={"kid": "key-1"})])), "kid in the protected header and repeated in the unprotected one"),
    ("signature-same-card-twice", lambda: twice(CARD_A(), CARD_A()), "the same signed card fetched twice"),
    ("signature-v03-typ-jose", lambda: getcard(card03(signatures=[jws()])), "0.3 card with a full protected header"),
    ("signature-ps256-jku", lambda: getcard(SIGC([jws({"alg": "PS256", "kid": "ps-1", "typ": "JOSE", "jku": "https://keys.example.test/jwks.json"})])), "PS256 with a jku on another https host"),
    ("gateway-jsonrpc-tenant-kept", lambda: GJ() + rhop({"id": "t1", "tenant": "acme"}, {"tenant": "acme", "id": "t1"}), "JSON-RPC params forwarded with their members in another order"),
    ("gateway-rest-body-reserialized", lambda: GCARD() + hop("POST", "/message:send", "/message:send", P1, ubody=json.dumps(P1, indent=2)), "the body forwarded re-indented: the same JSON"),
    ("gateway-space-escape-kept", lambda: GCARD() + hop("GET", "/tasks/t%201", "/tasks/t%201", answer=task10(tid="t 1")), "an id with an escaped space forwarded as it came"),
    ("gateway-tenant-push-config", lambda: GCARD("acme") + hop("GET", "/acme/tasks/t1/pushNotificationConfigs", "/acme/tasks/t1/pushNotificationConfigs", answer={"configs": [], "nextPageToken": ""}), "the tenant kept on a push config list"),
    ("gateway-card-passed-unsigned", lambda: gcard(card10(url=GW + "/a2a"), card10(url=GW + "/a2a")), "an unsigned card with the public url passed through"),
    ("call-rest-stream-bearer", lambda: getcard(XCARD()) + [rpost("/message:stream", P1, h={**RB, "accept": "text/event-stream"})] +
     sse(["data: " + js({"task": task10(state="WORKING")}) + "\n\n", "data: " + js(st10(state="COMPLETED", n=2)) + "\n\n"]), "HTTP+JSON stream with the bearer token"),
    ("call-stream-api-key", lambda: getcard(sec10({"key": KEYH})) + [RPC(1, "SendStreamingMessage", P1, h={**S10, "x-api-key": "k-1"})] + sse([ev({"task": task10(state="WORKING")}), ev(st10(state="COMPLETED", n=2))]),
     "a stream with the API key header"),
    ("call-v03-query-key", lambda: getcard(sec03({"key": {"type": "apiKey", "in": "query", "name": "key"}})) + [req(A + "?key=k-1", rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03()))],
     "0.3 apiKey in the query, sent there"),
    ("call-v03-or-second", lambda: getcard(sec03({"bearer": QB, "key": QK})) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J03, "x-api-key": "k-1"}), resp(ok(1, task03()))],
     "0.3 security [{bearer}, {key}]: the key alone"),
    ("call-get-task-bearer", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "GetTask", {"id": "t1"}, h=AK(authorization=BEARER)), resp(ok(1, task10()))], "GetTask with the bearer token"),
    ("call-401-then-bearer", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1), resp({"error": "unauthorized"}, status=401, headers=CH401), RPC(2, "SendMessage", P1, h=AK(authorization=BEARER)), done(2)],
     "refused 401 with a challenge, then sent with the bearer token"),
    ("sse-event-type-custom", sstream(["event: task\ndata: " + W1() + "\n\n", "event: status\ndata: " + D1() + "\n\n"]), "custom event types: A2A reads the data of every event"),
    ("sse-crlf-split-between-chunks", sstream(["data: " + W1() + "\r", "\n\r\n", "data: " + D1() + "\r\n\r\n"]), "a CRLF split between reads: one line end"),
    ("sse-leading-comment-and-retry", sstream([":" + " " * 2048 + "\n\n", "retry: 10000\n\n", "data: " + W1() + "\n\n", "data: " + D1() + "\n\n"]), "a 2 kB padding comment (proxy buffer flush) and a retry-only event"),
    ("sse-data-value-with-colons", sstream(["data: " + EV({"task": task10(state="WORKING", metadata={"note": "a: b: c"})}) + "\n\n", "data: " + D1() + "\n\n"]), "data whose value holds colons"),
    ("scheme-api-key-and-oauth-and", KC({"key": KEYH, "oauth": OA({"clientCredentials": CC})}, [REQ("key", "oauth", scopes=["a2a"])]), "API key AND OAuth with a scope in one requirement"),
    ("scheme-http-digest", KC({"digest": {"httpAuthSecurityScheme": {"scheme": "Digest"}}}), "HTTP Digest (IANA registered)"),
    ("scheme-oauth2-password-deprecated", KC({"oauth": OA({"password": {"tokenUrl": HTTPS + "/token", "scopes": {}}})}), "the deprecated password flow: still in the proto"),
    ("scheme-v03-oauth-scopes-empty", lambda: getcard(sec03({"oauth": QO}, [{"oauth": []}])), "0.3 OAuth requirement with no scopes"),
], 1):
    case("L%02d-legal-v10-%s" % (n, name) if not name.startswith(("signature-v03", "call-v03", "scheme-v03")) else "L%02d-legal-%s" % (n, name), lines, [], why)

# ---------------------------------------------------------------- round two: more variants and controls per kind the verifier missed
# oauth2MetadataUrl over plain http (K46)
case("M01-v10-oauth2-metadata-url-plain-http-authorization-code", KC({"oauth": OA({"authorizationCode": AC}, oauth2MetadataUrl="http://idp.example.test/.well-known/oauth-authorization-server")}),
     [("AUTH-TLS-001", W)], "authorizationCode over https, but the RFC 8414 metadata (which names the token endpoint) over plain http")
case("M02-v03-oauth2-metadata-url-plain-http", lambda: getcard(sec03({"oauth": {**QO, "oauth2MetadataUrl": "http://idp.example.test/.well-known/oauth-authorization-server"}})),
     [("AUTH-TLS-001", W)], "0.3 OAuth2SecurityScheme.oauth2MetadataUrl over plain http")
case("M03-legal-v10-oauth2-metadata-url-loopback", lambda: getcard(card10(url="http://127.0.0.1:9999/a2a", securitySchemes={"oauth": OA({"clientCredentials": {"tokenUrl": "http://127.0.0.1:9999/token", "scopes": {}}}, oauth2MetadataUrl="http://127.0.0.1:9999/.well-known/oauth-authorization-server")},
                                                                  securityRequirements=[REQ("oauth")]), base="http://127.0.0.1:9999"),
     [], "a local agent's metadata url on the loopback host it is fetched from")
case("M04-legal-v03-oauth2-metadata-url-https", lambda: getcard(sec03({"oauth": {**QO, "oauth2MetadataUrl": HTTPS + "/.well-known/oauth-authorization-server"}})),
     [], "0.3 oauth2MetadataUrl over https")
# typ compared as a media type (S04)
for n, typ in enumerate(["Jose", "application/jose", "APPLICATION/JOSE"], 5):
    case("M%02d-legal-v10-signature-typ-%s" % (n, typ.lower().replace("/", "-") + ("-upper" if typ.isupper() else "")), (lambda t=typ: getcard(SIGC([jws({"alg": "ES256", "kid": "key-1", "typ": t})]))),
         [], "typ %r: RFC 7515 §4.1.9 reads a typ without '/' as application/..., and media types compare case-insensitively: the media type JOSE" % typ)
case("M08-v10-signature-typ-application-jwt", lambda: getcard(SIGC([jws({"alg": "ES256", "kid": "key-1", "typ": "application/jwt"})])),
     [("CARD-SIG-002", W)], "control: typ application/jwt is another media type than JOSE")
# '=' padding in base64url: tolerated since breaker9d D5 (round one's S13 and round two's
# padded faults were the generator's: JOSE decoders strip it before decoding)
PADDED = lambda: b64u(bytes(range(64))) + "=="
case("M09-legal-v10-signature-protected-padded", lambda: getcard(SIGC([jws(b64u({"alg": "ES256", "kid": "key-1", "typ": "JOSE"}) + "=")])),
     [], "protected with '=' padding: RFC 7515 §2's base64url omits it, but the verifier tolerates it (breaker9d D5): JOSE decoders strip it")
case("M10-legal-v10-signature-value-padded", lambda: getcard(SIGC([jws(sig=PADDED())])),
     [], "the signature value with '==' padding (Java's Base64.getUrlEncoder() without withoutPadding()), tolerated")
case("M11-legal-v03-signature-protected-padded", lambda: getcard(card03(signatures=[jws(b64u({"alg": "ES256", "kid": "key-1", "typ": "JOSE"}) + "=")])),
     [], "0.3 card, protected with '=' padding, tolerated")
case("M12-legal-v10-signature-unpadded-lengths", lambda: getcard(SIGC([jws({"alg": "ES256", "kid": "k", "typ": "JOSE"}, sig=b64u(bytes(range(65)))), jws({"alg": "ES256", "kid": "k2", "typ": "JOSE"}, sig=b64u(bytes(range(66))))])),
     [], "signatures whose lengths would need one and two '=' in padded base64, written unpadded")
# the security containers' JSON types (K37, K48, Q18)
case("M13-v03-security-object", lambda: getcard(card03(securitySchemes={"bearer": QB}, security={"bearer": []})),
     [("CARD-SHAPE-006", E)], "0.3 security as one object instead of a list of requirements")
case("M14-v03-security-schemes-string", lambda: getcard(card03(securitySchemes="bearer", security=[])),
     [("CARD-SHAPE-006", E)], "0.3 securitySchemes as a string")
case("M15-v03-security-entry-string", lambda: getcard(card03(securitySchemes={"bearer": QB}, security=["bearer"])),
     [("CARD-SHAPE-006", E)], "0.3 security entry as the scheme's name instead of {bearer: []}")
case("M16-v03-security-scopes-null", lambda: getcard(card03(securitySchemes={"bearer": QB}, security=[{"bearer": None}])),
     [("CARD-SHAPE-006", E)], "0.3 requirement whose scopes are null: string[] (empty when none)")
case("M17-legal-v10-security-requirements-null", lambda: getcard(card10(securitySchemes={"bearer": BEAR}, securityRequirements=None)),
     [], "control: securityRequirements null is the unset repeated field (ProtoJSON)")
case("M18-legal-v03-security-empty-list", lambda: getcard(card03(securitySchemes={"bearer": QB}, security=[])),
     [], "control: 0.3 security [] (nothing required)")
# an escaped slash decoded by a gateway (G14)
case("M19-v10-gateway-slash-escape-decoded-cancel", lambda: GCARD() + hop("POST", "/tasks/a%2Fb:cancel", "/tasks/a/b:cancel", {}, task10(tid="a/b", state="CANCELED")),
     [("GW-REQ-002", E)], "the %2F of the id decoded on a cancel: /tasks/a/b:cancel is no route")
case("M20-v10-gateway-slash-escape-decoded-push-list", lambda: GCARD() + hop("GET", "/tasks/a%2Fb/pushNotificationConfigs", "/tasks/a/b/pushNotificationConfigs", answer={"configs": [], "nextPageToken": ""}),
     [("GW-REQ-002", E)], "the %2F of the id decoded on a push config list")
case("M21-v10-gateway-slash-escape-decoded-tenant", lambda: GCARD("org/team") + hop("GET", "/org%2Fteam/tasks/t1", "/org/team/tasks/t1", answer=task10()),
     [("GW-REQ-002", E)], "the tenant org/team travels as /org%2Fteam; the gateway decoded it into two segments")
case("M22-legal-v10-gateway-slash-escape-kept", lambda: GCARD() + hop("GET", "/tasks/a%2Fb", "/tasks/a%2Fb", answer=task10(tid="a/b")),
     [], "control: the %2F forwarded as it came")
# a gateway that changed the task id: GW-REQ-002 alone (G13, G17)
case("M23-v10-gateway-cancel-task-id-lower-cased", lambda: GCARD() + hop("POST", "/tasks/T1:cancel", "/tasks/t1:cancel", {}, task10(tid="t1", state="CANCELED")),
     [("GW-REQ-002", E)], "the task id lower-cased on a cancel; the agent answered the task it was asked for")
case("M24-v10-gateway-jsonrpc-cancel-task-id-case", lambda: GJ() + rhop({"id": "TaskA", "tenant": "acme"}, {"id": "taska", "tenant": "acme"}, method="CancelTask", answer=task10(tid="taska", state="CANCELED")),
     [("GW-REQ-002", E)], "JSON-RPC CancelTask with params.id lower-cased upstream")
case("M25-v10-get-task-answered-other-task-no-gateway", lambda: C10() + [RPC(1, "GetTask", {"id": "T1"}), resp(ok(1, task10(tid="t1")))],
     [("ID-TASK-003", E)], "control: no gateway, the agent itself answered GetTask T1 with t1")
# the credential in another place than the card's scheme puts it (A21, A22)
case("M26-v10-bearer-scheme-basic-sent", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1, h=AK(authorization="Basic dTE6cHc=")), resp({"error": "bad credentials"}, status=401, headers=CH401)],
     [("AUTH-SCHEME-003", E)], "the card asks for a Bearer token; the client sent HTTP Basic and was refused")
case("M27-v10-query-key-sent-as-named-header", lambda: getcard(sec10({"key": {"apiKeySecurityScheme": {"location": "query", "name": "key"}}})) + [RPC(1, "SendMessage", P1, h=AK(key="k-1")), resp({"error": "missing key"}, status=401, headers=CH401)],
     [("AUTH-SCHEME-003", E)], "the scheme puts the key in the query parameter key; the client sent a header named key")
case("M28-v03-cookie-key-sent-as-header", lambda: getcard(sec03({"key": {"type": "apiKey", "in": "cookie", "name": "session"}})) + [req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J03, "session": "s-1"}), resp({"error": "no session"}, status=401, headers=CH401)],
     [("AUTH-SCHEME-003", E)], "0.3: the cookie key sent as a header named session")
case("M29-legal-v10-bearer-lower-case-refused", lambda: getcard(sec10({"bearer": BEAR})) + [RPC(1, "SendMessage", P1, h=AK(authorization="bearer expired.token.x")), resp({"error": "token expired"}, status=401, headers={**J, "www-authenticate": "Bearer error=\"invalid_token\""})],
     [], "control: 'bearer' in lower case is the Bearer scheme; the agent refused the token's value, not its place")
case("M30-legal-v10-oauth2-dpop-refused", lambda: getcard(sec10({"oauth": OA({"clientCredentials": CC})})) + [RPC(1, "SendMessage", P1, h=AK(authorization="DPoP eyJ0eXAiOiJKV1QifQ.e30.sig")), resp({"error": "invalid dpop proof"}, status=401, headers={**J, "www-authenticate": "DPoP error=\"invalid_dpop_proof\""})],
     [], "control: an OAuth 2.0 access token under DPoP (RFC 9449) is in the Authorization header the scheme names; refused for its value")
case("M31-legal-v10-basic-scheme-basic-refused", lambda: getcard(sec10({"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}})) + [RPC(1, "SendMessage", P1, h=AK(authorization="Basic dTE6d3Jvbmc=")), resp({"error": "bad password"}, status=401, headers={**J, "www-authenticate": "Basic realm=\"a2a\""})],
     [], "control: Basic for a Basic card, refused for a wrong password")

write_cases(C, OUT)

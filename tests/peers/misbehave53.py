#!/usr/bin/env python3
"""misbehave53: breaker53's real A2A agent (Python stdlib, one thread per connection) for
AUTHENTICATION and SECRETS on all three wire generations: the card's securitySchemes and
security requirements (0.2 / 0.3 `security`, 1.0 `securityRequirements`), how the agent
checks the credential the card names (Bearer, Basic, an API key in a header, the query or a
cookie, OR and AND requirements), how it refuses a call without it (401 with or without a
WWW-Authenticate challenge, 403, a JSON-RPC error on HTTP 200, a redirect to a login page),
the authenticated extended card (0.2 GET /agent/authenticatedExtendedCard, 0.3
agent/getAuthenticatedExtendedCard, 1.0 GetExtendedAgentCard), and credentials echoed into
answers, task history, artifacts and push payloads.

    python3 misbehave53.py MODE=PUBLIC_URL [MODE=PUBLIC_URL ...]
    python3 misbehave53.py --list

Serves every named mode in this one process, each on its own loopback port, its card's url
being PUBLIC_URL (the recording proxy in front of it); prints one line `MODE PORT` per mode,
then `ready`, and serves until killed. `--list` prints each mode with its kind: `fault` (a
rule the verifier judges) or `legal` (no rule broken: the verifier must stay silent).

Every mode is a JSON-RPC agent of one wire generation (its name's prefix v02-, v03-, v10-)
whose card requires the credential of its `schemes` / `reqs`; a send completes at once with a
text artifact and an agent message; a send with an inline push config (the push modes) is
answered working and completed 0.3 s later, the completed task (0.x) or its status update
(1.0) delivered to the webhook with the config's token and credentials.
"""
import base64
import json
import socketserver
import sys
import threading
import time
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler

# Scheme kinds: ("bearer",), ("basic",), ("key", IN, NAME), ("oauth2", FLOWS), ("oidc", URL),
# ("mtls",). A mode: kind, what it does, and its options:
#   schemes  {name: kind} (default {"bearer": ("bearer",)})
#   reqs     [[names]] OR of ANDs (default [[first scheme]])
#   accept   how the agent checks: "declared" (default), "query-only" (an API key from the
#            query whatever the card says), "also-query" (header or query), "open" (no check),
#            "bearer-alone" (one half of an AND is enough), "also-basic" (Basic too)
#   refuse   "401" (challenge), "401-bare", "403", "rpc200", "redirect", "401-rpc-body"
#   ext      "auth" (default), "open", "public", "identity", "not-configured", "404"
#   leak     None, "error", "history", "artifact", "push", "metadata-header"
#   card     a function patching the public card
#   client   driver hints (read by misbehave53_drive.py from --list-json)
MODES = {
    # ---- legal: the verifier must stay silent ----------------------------------------------
    "v10-legal": ("legal", "1.0: http Bearer scheme, securityRequirements, 401 with a Bearer "
                           "challenge, extended card (more skills) to authenticated callers"),
    "v03-legal": ("legal", "0.3: {type: http, scheme: bearer}, security [{bearer: []}], "
                           "agent/getAuthenticatedExtendedCard 401 without credentials"),
    "v02-legal": ("legal", "0.2.6: card at /.well-known/agent.json, GET "
                           "/agent/authenticatedExtendedCard 401 without credentials"),
    "v10-key-header": ("legal", "1.0 apiKey in header X-Caller-Ref (a name no default "
                                "redaction list holds: learned from the card)"),
    "v03-key-query": ("legal", "0.3 apiKey in query `ak` (learned from the card)"),
    "v03-key-cookie": ("legal", "0.3 apiKey in cookie `sid`"),
    "v02-key-header": ("legal", "0.2 apiKey in header X-Caller-Ref"),
    "v10-basic": ("legal", "1.0 http Basic scheme; the client sends user:password"),
    "v10-bearer-error-params": ("legal", "the wrong token refused 401 with `Bearer "
                                         "realm=..., error=\"invalid_token\", "
                                         "error_description=...` (RFC 6750 §3)"),
    "v10-accept-both": ("legal", "card declares the API key in a header; the agent also "
                                 "takes it from the query (the client sends the header)"),
    "v03-403-anon": ("legal", "0.3 refuses a call without credentials with 403 (0.3 §4.4: "
                              "401 or 403)"),
    "v10-or-reqs": ("legal", "securityRequirements Bearer OR apiKey; the client sends the "
                             "API key only"),
    "v10-and-reqs": ("legal", "one requirement Bearer AND apiKey; the client sends both"),
    "v10-oauth2": ("legal", "oauth2 clientCredentials (https tokenUrl) and deviceCode flows; "
                            "Bearer tokens"),
    "v10-oidc": ("legal", "openIdConnect with an https discovery URL"),
    "v03-mtls-or-bearer": ("legal", "0.3 mutualTLS OR bearer; the client uses bearer"),
    "v03-401-rpc-body": ("legal", "0.3 401 with a challenge and a JSON-RPC error body"),
    "v10-push": ("legal", "inline push config (token and Bearer credentials) delivered with "
                          "both; no credential echoed"),
    "v03-push": ("legal", "0.3 inline push config with a token; delivered with it"),
    "v10-ext-more-interfaces": ("legal", "the extended card adds skills and a security "
                                         "scheme; name and interface as the public card"),
    "v10-scheme-odd-name": ("legal", "scheme named `🔑 key/1` (any map key) in both maps"),
    "v10-jwt-scoped": ("legal", "tasks scoped to the JWT subject: bob's GetTask of alice's "
                                "task is TaskNotFound"),
    # ---- faults ---------------------------------------------------------------------------
    "v10-401-bare": ("fault", "401 without WWW-Authenticate"),
    "v03-401-bare": ("fault", "0.3 401 without WWW-Authenticate"),
    "v02-401-bare": ("fault", "0.2 401 without WWW-Authenticate"),
    "v10-403-anon": ("fault", "1.0 refuses a call without credentials with 403"),
    "v10-rpc200": ("fault", "1.0 refuses with a JSON-RPC -32600 `Unauthorized` on HTTP 200"),
    "v03-rpc200": ("fault", "0.3 refuses with a JSON-RPC -32603 `unauthenticated` on 200"),
    "v02-rpc200": ("fault", "0.2 refuses with a JSON-RPC -32600 `invalid API key` on 200"),
    "v10-redirect": ("fault", "a call without credentials redirected 302 to /login"),
    "v10-ext-open": ("fault", "extended card served to a call without credentials"),
    "v03-ext-open": ("fault", "0.3 extended card served without credentials"),
    "v02-ext-open": ("fault", "0.2 GET /agent/authenticatedExtendedCard served without "
                              "credentials"),
    "v10-ext-public": ("fault", "the extended-card call without credentials answered with "
                                "the public card"),
    "v10-ext-not-configured": ("fault", "extendedAgentCard true, GetExtendedAgentCard "
                                        "answers -32007 with credentials"),
    "v10-open": ("fault", "card requires Bearer; the agent serves calls without it"),
    "v03-open": ("fault", "0.3 card requires an API key; the agent serves calls without it"),
    "v10-key-query-only": ("fault", "card declares the API key in a header, the agent reads "
                                    "the query only (the client retries in the query)"),
    "v10-and-partial": ("fault", "requirement Bearer AND apiKey; the agent serves a call with "
                                 "the Bearer token alone"),
    "v10-basic-for-bearer": ("fault", "card says Bearer; the agent takes a Basic credential"),
    "v10-scheme-undefined": ("fault", "securityRequirements names `oauth` that "
                                      "securitySchemes lacks"),
    "v03-scheme-undefined": ("fault", "0.3 security names `apikey` that securitySchemes "
                                      "lacks"),
    "v10-oauth-no-tokenurl": ("fault", "oauth2 clientCredentials flow without tokenUrl"),
    "v03-oauth-no-authurl": ("fault", "0.3 oauth2 authorizationCode flow without "
                                      "authorizationUrl"),
    "v10-oidc-no-url": ("fault", "openIdConnect scheme without openIdConnectUrl"),
    "v10-scheme-0x-shape": ("fault", "1.0 card with a 0.x {type: http} scheme"),
    "v10-oauth-http": ("fault", "oauth2 tokenUrl over plain http on a public host"),
    "v10-no-scheme-401": ("fault", "card declares no security; every call refused 401"),
    "v03-client-key-in-query": ("fault", "card declares the API key in a header; the client "
                                         "sends it in the query and is refused"),
    "v10-jwt-other-user": ("fault", "bob's GetTask of alice's task served"),
    "v10-jwt-other-user-403": ("fault", "bob's GetTask of alice's task refused 403"),
    "v10-leak-error": ("fault", "the wrong token refused with an error message quoting it"),
    "v03-leak-error": ("fault", "0.3: the wrong API key quoted in the 401's error message"),
    "v10-leak-history": ("fault", "the caller's Authorization kept in the task history "
                                  "(message metadata) and served back"),
    "v10-leak-artifact": ("fault", "the caller's API key written into an artifact's text"),
    "v03-leak-push": ("fault", "0.3 push payload carries the client's bearer token in the "
                               "task's metadata"),
    "v10-card-holds-key": ("fault", "the public card's scheme description quotes the API "
                                    "key the client sends"),
    "v10-security-0x-member": ("fault", "1.0 card names its requirement in 0.3's `security` "
                                        "instead of securityRequirements (a 1.0 client sees "
                                        "an open agent; every call is refused 401)"),
    "v03-requirements-1x-member": ("fault", "0.3 card names its requirement in 1.0's "
                                            "securityRequirements instead of `security`"),
    "v02-ext-404": ("fault", "supportsAuthenticatedExtendedCard true; GET "
                             "/agent/authenticatedExtendedCard answers 404 with credentials"),
}

OPTS = {
    "v10-key-header": {"schemes": {"key": ("key", "header", "X-Caller-Ref")}},
    "v02-key-header": {"schemes": {"key": ("key", "header", "X-Caller-Ref")}},
    "v03-key-query": {"schemes": {"key": ("key", "query", "ak")}},
    "v03-key-cookie": {"schemes": {"key": ("key", "cookie", "sid")}},
    "v10-basic": {"schemes": {"basic": ("basic",)}},
    "v10-accept-both": {"schemes": {"key": ("key", "header", "X-Caller-Ref")},
                        "accept": "also-query"},
    "v03-403-anon": {"refuse": "403"},
    "v10-or-reqs": {"schemes": {"bearer": ("bearer",),
                                "key": ("key", "header", "X-Caller-Ref")},
                    "reqs": [["bearer"], ["key"]], "client_req": 1},
    "v10-and-reqs": {"schemes": {"bearer": ("bearer",),
                                 "key": ("key", "header", "X-Caller-Ref")},
                     "reqs": [["bearer", "key"]]},
    "v10-oauth2": {"schemes": {"oauth": ("oauth2", {
        "clientCredentials": {"tokenUrl": "https://auth.example.com/token",
                              "scopes": {"a2a": "call the agent"}}})}},
    "v10-oidc": {"schemes": {"oidc": ("oidc", "https://auth.example.com/.well-known/"
                                              "openid-configuration")}},
    "v03-mtls-or-bearer": {"schemes": {"mtls": ("mtls",), "bearer": ("bearer",)},
                           "reqs": [["mtls"], ["bearer"]], "client_req": 1},
    "v03-401-rpc-body": {"refuse": "401-rpc-body"},
    "v10-push": {"push": True},
    "v03-push": {"push": True},
    "v10-ext-more-interfaces": {"ext": "more"},
    "v10-scheme-odd-name": {"schemes": {"🔑 key/1": ("bearer",)}},
    "v10-jwt-scoped": {"jwt": True},
    "v10-401-bare": {"refuse": "401-bare"},
    "v03-401-bare": {"refuse": "401-bare"},
    "v02-401-bare": {"refuse": "401-bare"},
    "v10-403-anon": {"refuse": "403"},
    "v10-rpc200": {"refuse": "rpc200", "rpc_error": (-32600, "Unauthorized: missing token")},
    "v03-rpc200": {"refuse": "rpc200", "rpc_error": (-32603, "unauthenticated")},
    "v02-rpc200": {"refuse": "rpc200", "rpc_error": (-32600, "invalid API key"),
                   "schemes": {"key": ("key", "header", "X-Caller-Ref")}},
    "v10-redirect": {"refuse": "redirect"},
    "v10-ext-open": {"ext": "open"},
    "v03-ext-open": {"ext": "open"},
    "v02-ext-open": {"ext": "open"},
    "v10-ext-public": {"ext": "public"},
    "v10-ext-not-configured": {"ext": "not-configured"},
    "v10-open": {"accept": "open"},
    "v03-open": {"accept": "open", "schemes": {"key": ("key", "header", "X-Caller-Ref")}},
    "v10-key-query-only": {"schemes": {"key": ("key", "header", "X-Caller-Ref")},
                           "accept": "query-only"},
    "v10-and-partial": {"schemes": {"bearer": ("bearer",),
                                    "key": ("key", "header", "X-Caller-Ref")},
                        "reqs": [["bearer", "key"]], "accept": "bearer-alone"},
    "v10-basic-for-bearer": {"accept": "also-basic"},
    "v10-scheme-undefined": {"reqs": [["bearer"], ["oauth"]]},
    "v03-scheme-undefined": {"reqs": [["bearer"], ["apikey"]]},
    "v10-oauth-no-tokenurl": {"schemes": {"oauth": ("oauth2", {
        "clientCredentials": {"scopes": {"a2a": "call the agent"}}})}},
    "v03-oauth-no-authurl": {"schemes": {"oauth": ("oauth2", {
        "authorizationCode": {"tokenUrl": "https://auth.example.com/token",
                              "scopes": {"a2a": "call the agent"}}})}},
    "v10-oidc-no-url": {"schemes": {"oidc": ("oidc", None)}},
    "v10-scheme-0x-shape": {"raw_schemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
    "v10-oauth-http": {"schemes": {"oauth": ("oauth2", {
        "clientCredentials": {"tokenUrl": "http://auth.example.com/token",
                              "scopes": {"a2a": "call the agent"}}})}},
    "v10-no-scheme-401": {"schemes": {}, "reqs": []},
    "v03-client-key-in-query": {"schemes": {"key": ("key", "header", "X-Caller-Ref")}},
    "v10-jwt-other-user": {"jwt": True, "scope": "none"},
    "v10-jwt-other-user-403": {"jwt": True, "scope": "403"},
    "v10-leak-error": {"leak": "error"},
    "v03-leak-error": {"leak": "error", "schemes": {"key": ("key", "header", "X-Caller-Ref")}},
    "v10-leak-history": {"leak": "history"},
    "v10-leak-artifact": {"leak": "artifact", "schemes": {"key": ("key", "header",
                                                                  "X-Caller-Ref")}},
    "v03-leak-push": {"leak": "push", "push": True},
    "v10-card-holds-key": {"leak": "card", "schemes": {"key": ("key", "header",
                                                               "X-Caller-Ref")}},
    "v10-security-0x-member": {"reqs_member": "security"},
    "v03-requirements-1x-member": {"reqs_member": "securityRequirements"},
    "v02-ext-404": {"ext": "404"},
}


def opts(mode):
    o = {"schemes": {"bearer": ("bearer",)}, "accept": "declared", "refuse": "401",
         "ext": "auth", "leak": None, "push": False, "jwt": False, "scope": "404"}
    o.update(OPTS.get(mode, {}))
    if "reqs" not in o:
        o["reqs"] = [[next(iter(o["schemes"]))]] if o["schemes"] else []
    return o


def now():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def scheme_json(kind, v10):
    """One securitySchemes entry of `kind` in the 1.0 (proto oneof) or 0.x (OpenAPI) shape."""
    k = kind[0]
    if k in ("bearer", "basic"):
        word = "Bearer" if k == "bearer" else "Basic"
        return ({"httpAuthSecurityScheme": {"scheme": word}} if v10
                else {"type": "http", "scheme": word.lower()})
    if k == "key":
        return ({"apiKeySecurityScheme": {"location": kind[1], "name": kind[2]}} if v10
                else {"type": "apiKey", "in": kind[1], "name": kind[2]})
    if k == "oauth2":
        return ({"oauth2SecurityScheme": {"flows": kind[1]}} if v10
                else {"type": "oauth2", "flows": kind[1]})
    if k == "oidc":
        inner = {} if kind[1] is None else {"openIdConnectUrl": kind[1]}
        return ({"openIdConnectSecurityScheme": inner} if v10
                else dict({"type": "openIdConnect"}, **inner))
    return {"mtlsSecurityScheme": {}} if v10 else {"type": "mutualTLS"}


def jwt(sub):
    """An unsigned-looking JWT (header.payload.signature) naming `sub` (the recorder reads the
    principal from its payload; the agent reads `sub` the same way)."""
    def b64(o):
        return base64.urlsafe_b64encode(json.dumps(o).encode()).rstrip(b"=").decode()
    return ".".join([b64({"alg": "HS256", "typ": "JWT"}),
                     b64({"iss": "https://idp.example.com", "sub": sub}), "c2lnbmF0dXJl"])


def jwt_sub(auth):
    try:
        p = auth.split(" ", 1)[1].split(".")[1]
        return json.loads(base64.urlsafe_b64decode(p + "=" * (-len(p) % 4))).get("sub")
    except (IndexError, ValueError, AttributeError):
        return None


class Agent:
    """One mode's agent: its card, credential check, tasks and push configs."""

    def __init__(self, mode, public):
        self.mode, self.public = mode, public.rstrip("/")
        self.o = opts(mode)
        self.v10 = mode.startswith("v10-")
        self.v02 = mode.startswith("v02-")
        self.lock = threading.Lock()
        self.tasks = {}
        self.n = 0

    # ---- the card -------------------------------------------------------------------------
    def card(self, extended=False):
        o, v10 = self.o, self.v10
        schemes = o.get("raw_schemes") or {n: scheme_json(k, v10)
                                           for n, k in o["schemes"].items()}
        if o["leak"] == "card":
            schemes["key"]["apiKeySecurityScheme"]["description"] = \
                f"send your key in X-Caller-Ref, e.g. {self.secret('key')}"
        skills = [{"id": "echo", "name": "echo", "description": "echoes", "tags": ["echo"]}]
        if extended:
            skills.append({"id": "admin", "name": "admin", "description": "signed-in only",
                           "tags": ["admin"]})
        if v10:
            c = {"name": "breaker53", "description": "breaker53 agent",
                 "supportedInterfaces": [{"url": self.public + "/", "protocolBinding": "JSONRPC",
                                          "protocolVersion": "1.0"}],
                 "version": "1.0.0",
                 "capabilities": {"streaming": False, "pushNotifications": o["push"],
                                  "extendedAgentCard": True},
                 "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                 "skills": skills}
            if schemes:
                c["securitySchemes"] = schemes
            if o["reqs"]:
                c["securityRequirements"] = [{"schemes": {n: {"list": []} for n in r}}
                                             for r in o["reqs"]]
        else:
            c = {"name": "breaker53", "description": "breaker53 agent",
                 "url": self.public + "/", "version": "1.0.0",
                 "protocolVersion": "0.2.6" if self.v02 else "0.3.0",
                 "capabilities": {"streaming": False, "pushNotifications": o["push"]},
                 "supportsAuthenticatedExtendedCard": True,
                 "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                 "skills": skills}
            if not self.v02:
                c["preferredTransport"] = "JSONRPC"
            if schemes:
                c["securitySchemes"] = schemes
            if o["reqs"]:
                c["security"] = [{n: [] for n in r} for r in o["reqs"]]
        if o.get("reqs_member") == "security" and "securityRequirements" in c:
            c["security"] = [{n: [] for n in r} for r in o["reqs"]]
            del c["securityRequirements"]
        if o.get("reqs_member") == "securityRequirements" and "security" in c:
            c["securityRequirements"] = [{"schemes": {n: {"list": []} for n in r}}
                                         for r in o["reqs"]]
            del c["security"]
        if extended and o["ext"] == "more":
            c["securitySchemes"] = dict(c["securitySchemes"], admin={
                "apiKeySecurityScheme": {"location": "header", "name": "X-Admin-Ref"}})
        return c

    def secret(self, what):
        """The credential values the driver sends (misbehave53_drive.secrets)."""
        return {"key": f"key-{self.mode}-53", "bearer": f"tok-{self.mode}-53"}[what]

    # ---- credentials ----------------------------------------------------------------------
    def have(self, h, q, kind):
        """Whether request headers `h` / query `q` carry `kind`'s credential as declared."""
        k = kind[0]
        auth = h.get("Authorization", "")
        if k in ("bearer", "oauth2", "oidc"):
            return auth.lower().startswith("bearer ") and len(auth) > 7 \
                and "wrong" not in auth
        if k == "basic":
            return auth.lower().startswith("basic ") and len(auth) > 6
        if k == "key":
            if kind[1] == "header":
                v = h.get(kind[2], "")
            elif kind[1] == "query":
                v = (q.get(kind[2]) or [""])[0]
            else:
                v = ""
                for c in h.get("Cookie", "").split(";"):
                    n, _, val = c.strip().partition("=")
                    if n == kind[2]:
                        v = val
            return bool(v) and "wrong" not in v
        return False

    def authed(self, h, q):
        o = self.o
        acc = o["accept"]
        if self.mode == "v10-no-scheme-401":
            return False
        if acc == "open":
            return True
        if acc == "query-only":
            return bool((q.get("X-Caller-Ref") or [""])[0])
        if acc == "also-query" and (q.get("X-Caller-Ref") or [""])[0]:
            return True
        if acc == "bearer-alone" and self.have(h, q, ("bearer",)):
            return True
        if acc == "also-basic" and h.get("Authorization", "").lower().startswith("basic "):
            return True
        for r in o["reqs"]:
            kinds = [o["schemes"].get(n) for n in r]
            if kinds and all(k is not None and self.have(h, q, k) for k in kinds):
                return True
        return False

    def refusal(self, rid, h, q):
        """The answer to a call without valid credentials: (status, headers, body)."""
        o = self.o
        first = next(iter(o["schemes"].values()), ("bearer",))
        word = {"basic": "Basic", "key": "ApiKey"}.get(first[0], "Bearer")
        ch = {"WWW-Authenticate": f'{word} realm="breaker53"'}
        if self.mode == "v10-bearer-error-params" and h.get("Authorization"):
            ch = {"WWW-Authenticate": 'Bearer realm="breaker53", error="invalid_token", '
                                      'error_description="The access token expired"'}
        msg = "authentication required"
        if o["leak"] == "error":
            sent = h.get("Authorization") or h.get("X-Caller-Ref") or ""
            msg = f"invalid credential {sent!r}"
        body = {"jsonrpc": "2.0", "id": rid, "error": {"code": -32600, "message": msg}}
        r = o["refuse"]
        if r == "401-bare":
            return 401, {}, {"error": msg}
        if r == "403":
            return 403, {}, {"error": "forbidden"}
        if r == "rpc200":
            code, m = o["rpc_error"]
            return 200, {}, {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": m}}
        if r == "redirect":
            return 302, {"Location": self.public + "/login?next=/"}, {"error": "login"}
        if r == "401-rpc-body":
            return 401, ch, body
        if o["leak"] == "error":
            return 401, ch, body
        return 401, ch, {"error": "unauthenticated"}

    # ---- tasks ----------------------------------------------------------------------------
    def msg(self, t, role, text, meta=None):
        if self.v10:
            m = {"messageId": str(uuid.uuid4()), "contextId": t["ctx"], "taskId": t["id"],
                 "role": "ROLE_AGENT" if role == "agent" else "ROLE_USER",
                 "parts": [{"text": text}]}
        else:
            m = {"kind": "message", "messageId": str(uuid.uuid4()), "contextId": t["ctx"],
                 "taskId": t["id"], "role": role, "parts": [{"kind": "text", "text": text}]}
        if meta:
            m["metadata"] = meta
        return m

    def task_json(self, t):
        st = {"state": ("TASK_STATE_" + t["state"].upper()) if self.v10 else t["state"],
              "timestamp": t["ts"]}
        o = {"id": t["id"], "contextId": t["ctx"], "status": st, "history": t["history"]}
        if t["artifacts"]:
            o["artifacts"] = t["artifacts"]
        if t.get("metadata"):
            o["metadata"] = t["metadata"]
        if not self.v10:
            o["kind"] = "task"
        return o

    def new_task(self, message, h, owner):
        with self.lock:
            self.n += 1
            tid = f"task-{self.mode}-{self.n}"
        t = {"id": tid, "ctx": f"ctx-{self.mode}-{self.n}", "state": "submitted", "ts": now(),
             "history": [], "artifacts": [], "owner": owner}
        m = dict(message, taskId=tid, contextId=t["ctx"])
        if self.o["leak"] == "history":
            m["metadata"] = {"received_headers": {"authorization": h.get("Authorization")}}
        t["history"].append(m)
        if self.o["leak"] == "push":
            t["metadata"] = {"caller": h.get("Authorization", "")}
        self.tasks[tid] = t
        return t

    def complete(self, t, h):
        text = "done"
        if self.o["leak"] == "artifact":
            text = f"done for caller {h.get('X-Caller-Ref', '')}"
        part = {"text": text} if self.v10 else {"kind": "text", "text": text}
        t["artifacts"] = [{"artifactId": f"a-{t['id']}", "parts": [part]}]
        t["history"].append(self.msg(t, "agent", "done"))
        t["state"], t["ts"] = "completed", now()

    def push(self, t, cfg):
        url = cfg.get("url")
        h = {"Content-Type": "application/a2a+json" if self.v10 else "application/json"}
        if cfg.get("token"):
            h["X-A2A-Notification-Token"] = cfg["token"]
        auth = cfg.get("authentication") or {}
        if auth.get("credentials"):
            scheme = auth.get("scheme") or (auth.get("schemes") or ["Bearer"])[0]
            h["Authorization"] = f"{scheme} {auth['credentials']}"
        if self.v10:
            body = {"statusUpdate": {"taskId": t["id"], "contextId": t["ctx"],
                                     "status": {"state": "TASK_STATE_COMPLETED",
                                                "timestamp": t["ts"]}}}
        else:
            body = self.task_json(t)
        try:
            urllib.request.urlopen(urllib.request.Request(url, json.dumps(body).encode(), h),
                                   timeout=10).read()
        except OSError:
            pass

    def run_push(self, t, cfg, h):
        time.sleep(0.3)
        with self.lock:
            self.complete(t, h)
        self.push(t, cfg)

    # ---- JSON-RPC -------------------------------------------------------------------------
    def rpc(self, req, h, q):
        """(status, headers, body) of one JSON-RPC call."""
        rid, meth, p = req.get("id"), req.get("method"), req.get("params") or {}
        o = self.o

        def ok(r):
            return 200, {}, {"jsonrpc": "2.0", "id": rid, "result": r}

        def err(code, message):
            e = {"code": code, "message": message}
            if self.v10:
                reason = {-32001: "TASK_NOT_FOUND", -32601: "METHOD_NOT_FOUND",
                          -32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED"}.get(code)
                if reason:
                    e["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                  "reason": reason, "domain": "a2a-protocol.org"}]
            return 200, {}, {"jsonrpc": "2.0", "id": rid, "error": e}

        ext = meth in ("GetExtendedAgentCard", "agent/getAuthenticatedExtendedCard")
        authed = self.authed(h, q)
        if ext:
            return self.ext_card(rid, h, q, authed, ok, err)
        if not authed:
            return self.refusal(rid, h, q)
        owner = jwt_sub(h.get("Authorization", "")) if o["jwt"] else None
        if meth in ("SendMessage", "message/send"):
            msg = p.get("message") or {}
            t = self.new_task(msg, h, owner)
            cfg = p.get("configuration") or {}
            push = cfg.get("taskPushNotificationConfig") or cfg.get("pushNotificationConfig")
            if push and o["push"]:
                t["state"] = "working"
                threading.Thread(target=self.run_push, args=(t, push, h), daemon=True).start()
                r = self.task_json(t)
            else:
                self.complete(t, h)
                r = self.task_json(t)
            return ok({"task": r} if self.v10 else r)
        if meth in ("GetTask", "tasks/get"):
            t = self.tasks.get(p.get("id"))
            if t is None:
                return err(-32001, "task not found")
            if o["jwt"] and t["owner"] != owner:
                if o["scope"] == "404":
                    return err(-32001, "task not found")
                if o["scope"] == "403":
                    return 403, {}, {"jsonrpc": "2.0", "id": rid,
                                     "error": {"code": -32600, "message": "forbidden"}}
            return ok(self.task_json(t))
        return err(-32601, "method not found")

    def ext_card(self, rid, h, q, authed, ok, err):
        e = self.o["ext"]
        if not authed and e not in ("open", "public"):
            return self.refusal(rid, h, q)
        if e == "public" and not authed:
            return ok(self.card())
        if e == "not-configured":
            return err(-32007, "extended agent card not configured")
        return ok(self.card(extended=True))


def handler_for(agent):
    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def send_json(self, status, obj, extra=None):
            b = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(b)))
            if "well-known" in self.path:
                self.send_header("Cache-Control", "max-age=60")
                self.send_header("ETag", '"card-53"')
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(b)

        def query(self):
            return urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)

        def do_GET(self):
            path = self.path.split("?")[0]
            if path == ("/.well-known/agent.json" if agent.v02
                        else "/.well-known/agent-card.json"):
                return self.send_json(200, agent.card())
            if agent.v02 and path == "/agent/authenticatedExtendedCard":
                authed = agent.authed(self.headers, self.query())
                if authed and agent.o["ext"] == "404":
                    return self.send_json(404, {"error": "not found"})
                if not authed and agent.o["ext"] != "open":
                    st, hd, body = agent.refusal(None, self.headers, self.query())
                    return self.send_json(st, body, hd)
                return self.send_json(200, agent.card(extended=True))
            self.send_json(404, {"error": "not found"})

        def do_POST(self):
            n = int(self.headers.get("Content-Length") or 0)
            try:
                req = json.loads(self.rfile.read(n))
            except ValueError:
                return self.send_json(200, {"jsonrpc": "2.0", "id": None,
                                            "error": {"code": -32700, "message": "parse"}})
            st, hd, body = agent.rpc(req, self.headers, self.query())
            self.send_json(st, body, hd)

    return H


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    if sys.argv[1:] == ["--list"]:
        for k, (kind, what) in MODES.items():
            print(f"{k}\t{kind}\t{what}")
        return
    servers = []
    for arg in sys.argv[1:]:
        mode, public = arg.split("=", 1)
        if mode not in MODES:
            sys.exit(f"unknown mode {mode}")
        s = Server(("127.0.0.1", 0), handler_for(Agent(mode, public)))
        threading.Thread(target=s.serve_forever, daemon=True).start()
        servers.append(s)
        print(mode, s.server_address[1], flush=True)
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()

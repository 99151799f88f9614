#!/usr/bin/env python3
"""misrouter49.py: a MULTI-TENANT ROUTER (stdlib only): a small real HTTP/1.1 reverse proxy
that puts one front in front of several A2A agents (the Python SDK agent, one per tenant:
JSON-RPC at `POST /`, HTTP+JSON 1.0 under `/rest`), told apart by tenant (A2A 1.0, CARD-008):

* a card per tenant at `/{tenant}/.well-known/agent-card.json`: the tenant's agent's card with
  its `supportedInterfaces` replaced by the front's (`{front}/` JSONRPC 1.0 and `{front}/rest`
  HTTP+JSON 1.0, each with `tenant`);
* a JSON-RPC call (`POST /`) goes to the agent of its `params.tenant`, the member removed
  (the agents' interfaces declare no tenant);
* an HTTP+JSON call `/rest/{tenant}/...` (the 1.0 `/{tenant}` route prefix after the
  interface base) goes to its tenant's agent as `/rest/...`.

--mode bends, or breaks, one thing of that routing (MODES: legal or fault).

    python3 misrouter49.py --mode MODE --agent alpha=http://127.0.0.1:P1 \
        --agent beta=http://127.0.0.1:P2 --public http://127.0.0.1:FRONT [--log FILE]
    python3 misrouter49.py --list

Prints its port on the first line of stdout, then serves until killed. --log appends one JSON
line per upstream answer the router read, its body as read (base64), so a driver can compare
it with what the recording proxy recorded on the upstream leg.
"""
import argparse
import base64
import http.client
import http.server
import json
import socket
import sys
import threading
import urllib.parse

MODES = {
    # legal routings: nothing may fire beyond the agents' own findings
    "tenant-route": ("legal", "per-tenant cards (each interface with its tenant); JSON-RPC routed by params.tenant, HTTP+JSON by the /{tenant} segment, the tenant removed before the agent (whose interfaces declare none)"),
    "tenant-kept-rpc": ("legal", "tenant-route, but a JSON-RPC call's params.tenant passed on to the agent unchanged (the agent ignores it)"),
    "path-prefix": ("legal", "tenants told apart by path: each tenant's card lists {front}/{tenant} (JSONRPC) and {front}/{tenant}/rest (HTTP+JSON) with no tenant member; the prefix removed before the agent"),
    "ids-apart": ("legal", "tenant-route, every task and context id mapped to the router's own per-tenant counter (task-1, ctx-1 under both tenants: the same id under two tenants), mapped back by tenant and id"),
    "ids-prefixed": ("legal", "tenant-route, every task and context id handed out as {tenant}.{agent's id} and split back (a stateless router)"),
    # faults of the router
    "card-wrong-tenant": ("fault", "tenant beta's card built from tenant alpha's agent's card (its name, skills), interfaces naming tenant beta; beta's calls still reach beta's agent"),
    "card-no-tenant": ("fault", "the cards declare no tenant while the router requires one: every call without a tenant answered 404"),
    "card-tenant-unrouted": ("fault", "the HTTP+JSON /{tenant} segment forwarded to the agent unchanged (/rest/alpha/message:send), where the agent (whose interface declares no tenant) answers 404"),
    "tenant-doubled": ("fault", "the HTTP+JSON /{tenant} segment doubled on forwarding (/rest/alpha/alpha/message:send)"),
    "task-ops-swapped": ("fault", "GetTask, CancelTask and SubscribeToTask routed to the OTHER tenant's agent (a routing table keyed wrong for task calls)"),
    "push-wrong-agent": ("fault", "push notification config calls (Create, List) routed to the other tenant's agent"),
    "stream-other-tenant": ("fault", "tenant beta's SendStreamingMessage routed to tenant alpha's agent: a stream of alpha's agent delivered under tenant beta"),
    "get-leak": ("fault", "task calls (GetTask, CancelTask, SubscribeToTask) routed by the task id's owner, whatever the call's tenant: tenant beta reads tenant alpha's task"),
    "list-merged": ("fault", "ListTasks under one tenant answered with both agents' tasks merged"),
    "ids-collide-mixed": ("fault", "ids-apart, but the map back keyed by the router's id alone (the last tenant to get task-1 wins): a call under tenant alpha on task-1 reaches tenant beta's task"),
}

HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
       "upgrade", "host", "content-length"}
MAPPED = ("ids-apart", "ids-prefixed", "ids-collide-mixed")
TASK_OPS = ("GetTask", "CancelTask", "SubscribeToTask")
PUSH_OPS = ("CreateTaskPushNotificationConfig", "GetTaskPushNotificationConfig",
            "ListTaskPushNotificationConfigs", "DeleteTaskPushNotificationConfig")


class Ids:
    """The router's task and context ids (modes in MAPPED)."""

    def __init__(self, mode):
        self.mode = mode
        self.out, self.back, self.n = {}, {}, {}
        self.owner = {}  # agent task id -> tenant (get-leak)
        self.lock = threading.Lock()

    def to_client(self, tenant, kind, v):
        if not isinstance(v, str) or self.mode not in MAPPED:
            return v
        with self.lock:
            if self.mode == "ids-prefixed":
                return f"{tenant}.{v}"
            k = (tenant, v)
            if k not in self.out:
                n = self.n.get((tenant, kind), 0) + 1
                self.n[(tenant, kind)] = n
                g = f"{kind}-{n}"
                self.out[k] = g
                if self.mode == "ids-collide-mixed":
                    self.back[g] = (tenant, v)
                else:
                    self.back[(tenant, g)] = v
            return self.out[k]

    def to_agent(self, tenant, v):
        """(agent id, the tenant whose agent holds it) of the client's id `v`."""
        if not isinstance(v, str) or self.mode not in MAPPED:
            return v, tenant
        with self.lock:
            if self.mode == "ids-prefixed":
                t, _, rest = v.partition(".")
                return (rest, tenant) if t == tenant and rest else (v, tenant)
            if self.mode == "ids-collide-mixed":
                t, a = self.back.get(v, (tenant, v))
                return a, t
            return self.back.get((tenant, v), v), tenant

    def walk_out(self, tenant, o):
        if isinstance(o, list):
            return [self.walk_out(tenant, x) for x in o]
        if not isinstance(o, dict):
            return o
        is_task = "status" in o and "id" in o and "contextId" in o
        out = {}
        for k, v in o.items():
            if k == "contextId":
                out[k] = self.to_client(tenant, "ctx", v)
            elif k == "taskId" or (k == "id" and is_task):
                out[k] = self.to_client(tenant, "task", v)
            else:
                out[k] = self.walk_out(tenant, v)
        return out

    def walk_in(self, tenant, o, route):
        """Every id the client names in `o`, as the agent knows it; `route` gets the tenant
        whose agent holds a named task."""
        if isinstance(o, list):
            return [self.walk_in(tenant, x, route) for x in o]
        if not isinstance(o, dict):
            return o
        out = {}
        for k, v in o.items():
            if k in ("id", "taskId", "contextId") and isinstance(v, str):
                a, t = self.to_agent(tenant, v)
                if k != "contextId":
                    route[0] = t
                out[k] = a
            else:
                out[k] = self.walk_in(tenant, v, route)
        return out


class Router(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "tenant-route"
    agents = {}
    public = ""
    log = None
    ids = None
    lock = threading.Lock()

    def log_message(self, *a):
        pass

    do_GET = do_POST = do_DELETE = do_HEAD = lambda self: self.route()

    # ---- plumbing ----
    def log_upstream(self, data):
        if not self.log:
            return
        line = json.dumps({"method": self.command, "path": self.path,
                           "body": base64.b64encode(bytes(data)).decode()})
        with self.lock, open(self.log, "a") as f:
            f.write(line + "\n")

    def read_body(self):
        n = self.headers.get("Content-Length")
        if n is not None:
            return self.rfile.read(int(n))
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            out = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return out
                out += self.rfile.read(size)
                self.rfile.readline()
        return b""

    def answer(self, status, ctype, body, extra=()):
        self.send_response_only(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for k, v in extra:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.wfile.flush()

    def not_found(self, why):
        self.answer(404, "application/json", json.dumps(
            {"error": {"code": 404, "status": "NOT_FOUND", "message": why}}).encode())

    def upstream_call(self, tenant, method, path, body):
        u = urllib.parse.urlsplit(self.agents[tenant])
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
        h = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        h["Host"] = u.netloc
        if body is not None:
            h["Content-Length"] = str(len(body))
        c.request(method, path, body=body, headers=h)
        return c, c.getresponse()

    def other(self, tenant):
        return next(t for t in self.agents if t != tenant)

    # ---- dispatch ----
    def route(self):
        body = self.read_body()
        split = urllib.parse.urlsplit(self.path)
        segs = [s for s in split.path.split("/") if s]
        if self.command == "GET" and split.path.endswith("/.well-known/agent-card.json") \
                and len(segs) == 3 and segs[0] in self.agents:
            return self.card(segs[0])
        rpc = None
        if self.command == "POST" and body:
            try:
                rpc = json.loads(body)
            except ValueError:
                rpc = None
        if isinstance(rpc, dict) and "jsonrpc" in rpc and isinstance(rpc.get("method"), str):
            if self.mode == "path-prefix":
                tenant = segs[0] if len(segs) == 1 else None
            else:
                tenant = (rpc.get("params") or {}).get("tenant") if segs == [] else None
            if tenant not in self.agents:
                return self.not_found(f"no tenant {tenant!r} at {split.path}")
            return self.rpc(tenant, rpc)
        if self.mode == "path-prefix":
            ok = len(segs) >= 3 and segs[0] in self.agents and segs[1] == "rest"
            tenant, tail = (segs[0], segs[2:]) if ok else (None, [])
        else:
            ok = len(segs) >= 3 and segs[0] == "rest" and segs[1] in self.agents
            tenant, tail = (segs[1], segs[2:]) if ok else (None, [])
        if tenant is None:
            return self.not_found(f"no tenant route at {split.path}")
        return self.rest(tenant, tail, split.query, body)

    def card(self, tenant):
        src = "alpha" if self.mode == "card-wrong-tenant" and tenant == "beta" else tenant
        c, resp = self.upstream_call(src, "GET", "/.well-known/agent-card.json", None)
        data = resp.read()
        c.close()
        self.log_upstream(data)
        card = json.loads(data)
        front = self.public.rstrip("/")
        if self.mode == "path-prefix":
            ifs = [{"url": f"{front}/{tenant}", "protocolBinding": "JSONRPC",
                    "protocolVersion": "1.0"},
                   {"url": f"{front}/{tenant}/rest", "protocolBinding": "HTTP+JSON",
                    "protocolVersion": "1.0"}]
        else:
            ifs = [{"url": f"{front}/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                   {"url": f"{front}/rest", "protocolBinding": "HTTP+JSON",
                    "protocolVersion": "1.0"}]
            if self.mode != "card-no-tenant":
                for i in ifs:
                    i["tenant"] = tenant
        card["supportedInterfaces"] = ifs
        # a 1.0 card of the front: the agent's 0.3 members (url, additionalInterfaces) name
        # the agent's own address
        for k in ("url", "additionalInterfaces", "preferredTransport", "protocolVersion"):
            card.pop(k, None)
        extra = [(k, v) for k, v in resp.getheaders()
                 if k.lower() not in HOP and k.lower() != "content-type"]
        self.answer(resp.status, resp.getheader("Content-Type", "application/json"),
                    json.dumps(card).encode(), extra)

    def target(self, tenant, op, owner):
        """The tenant whose agent gets operation `op` of a call under `tenant`."""
        m = self.mode
        if m == "task-ops-swapped" and op in TASK_OPS:
            return self.other(tenant)
        if m == "push-wrong-agent" and op in PUSH_OPS:
            return self.other(tenant)
        if m == "stream-other-tenant" and op == "SendStreamingMessage" and tenant == "beta":
            return "alpha"
        if m == "get-leak" and op in TASK_OPS and owner:
            return owner
        if m == "ids-collide-mixed" and owner:
            return owner
        return tenant

    def note_owner(self, tenant, doc):
        """get-leak: every task id an answer names belongs to `tenant`."""
        if isinstance(doc, list):
            for x in doc:
                self.note_owner(tenant, x)
        elif isinstance(doc, dict):
            for k, v in doc.items():
                if k in ("id", "taskId") and isinstance(v, str):
                    self.ids.owner.setdefault(v, tenant)
                else:
                    self.note_owner(tenant, v)

    # ---- JSON-RPC ----
    def rpc(self, tenant, rpc):
        method = rpc["method"]
        params = dict(rpc.get("params") or {})
        if self.mode != "tenant-kept-rpc":
            params.pop("tenant", None)
        route = [None]
        params = self.ids.walk_in(tenant, params, route)
        owner = route[0] if self.mode == "ids-collide-mixed" else None
        if self.mode == "get-leak":
            owner = self.ids.owner.get(params.get("id"))
        to = self.target(tenant, method, owner)
        if method == "ListTasks" and self.mode == "list-merged":
            return self.rpc_list_merged(tenant, rpc, params)
        out = dict(rpc, params=params)
        data = json.dumps(out).encode()
        self.forward(to, tenant, "POST", "/", data)

    def rpc_list_merged(self, tenant, rpc, params):
        tasks, first = [], None
        for t in [tenant, self.other(tenant)]:
            data = json.dumps(dict(rpc, params=params)).encode()
            c, resp = self.upstream_call(t, "POST", "/", data)
            raw = resp.read()
            c.close()
            self.log_upstream(raw)
            doc = json.loads(raw)
            first = first or doc
            tasks += ((doc.get("result") or {}).get("tasks") or [])
        res = dict(first.get("result") or {}, tasks=tasks, totalSize=len(tasks))
        self.answer(200, "application/json", json.dumps(dict(first, result=res)).encode())

    # ---- HTTP+JSON ----
    def rest(self, tenant, tail, query, body):
        m = self.mode
        op = None
        if tail == ["message:send"]:
            op = "SendMessage"
        elif tail == ["message:stream"]:
            op = "SendStreamingMessage"
        elif tail == ["tasks"]:
            op = "ListTasks"
        elif len(tail) == 2 and tail[0] == "tasks":
            op = {"cancel": "CancelTask", "subscribe": "SubscribeToTask"}.get(
                tail[1].rpartition(":")[2] if ":" in tail[1] else "", "GetTask")
        elif len(tail) >= 3 and tail[0] == "tasks" and tail[2] == "pushNotificationConfigs":
            op = "ListTaskPushNotificationConfigs" if self.command == "GET" and len(tail) == 3 \
                else "CreateTaskPushNotificationConfig"
        tail = list(tail)
        route = [None]
        if len(tail) >= 2 and tail[0] == "tasks":
            tid, colon, verb = urllib.parse.unquote(tail[1]).partition(":")
            if op in ("CancelTask", "SubscribeToTask") or not colon:
                a, t = self.ids.to_agent(tenant, tid)
                route[0] = t
                tail[1] = urllib.parse.quote(a, safe="") + (colon + verb if colon else "")
        if body:
            try:
                b = json.loads(body)
                body = json.dumps(self.ids.walk_in(tenant, b, route)).encode() \
                    if m in MAPPED else body
            except ValueError:
                pass
        owner = route[0] if m == "ids-collide-mixed" else None
        if m == "get-leak" and len(tail) >= 2:
            owner = self.ids.owner.get(urllib.parse.unquote(tail[1]).partition(":")[0])
        to = self.target(tenant, op, owner)
        if m == "card-tenant-unrouted":
            path = f"/rest/{tenant}/" + "/".join(tail)
        elif m == "tenant-doubled":
            path = f"/rest/{tenant}/{tenant}/" + "/".join(tail)
        else:
            path = "/rest/" + "/".join(tail)
        if query:
            path += "?" + query
        if op == "ListTasks" and m == "list-merged":
            return self.rest_list_merged(tenant, path)
        self.forward(to, tenant, self.command, path, body if self.command != "GET" else None)

    def rest_list_merged(self, tenant, path):
        tasks, first = [], None
        for t in [tenant, self.other(tenant)]:
            c, resp = self.upstream_call(t, "GET", path, None)
            raw = resp.read()
            c.close()
            self.log_upstream(raw)
            doc = json.loads(raw)
            first = first or doc
            tasks += doc.get("tasks") or []
        self.answer(200, "application/a2a+json",
                    json.dumps(dict(first, tasks=tasks, totalSize=len(tasks))).encode())

    # ---- forwarding ----
    def forward(self, to, tenant, method, path, data):
        """The call to `to`'s agent; its answer back, ids mapped for the client under
        `tenant` (modes in MAPPED)."""
        try:
            c, resp = self.upstream_call(to, method, path, data if data else None)
        except OSError as e:
            return self.answer(502, "text/plain", f"upstream: {e}\n".encode())
        try:
            ctype = resp.getheader("Content-Type", "") or ""
            extra = [(k, v) for k, v in resp.getheaders()
                     if k.lower() not in HOP and k.lower() != "content-type"]
            if "text/event-stream" in ctype:
                return self.pipe_stream(resp, to, tenant, ctype, extra)
            raw = resp.read()
            self.log_upstream(raw)
            out = raw
            if self.mode == "get-leak":
                try:
                    self.note_owner(to, json.loads(raw))
                except ValueError:
                    pass
            if self.mode in MAPPED:
                try:
                    out = json.dumps(self.ids.walk_out(tenant, json.loads(raw))).encode()
                except ValueError:
                    pass
            self.answer(resp.status, ctype, out, extra)
        finally:
            c.close()

    def pipe_stream(self, resp, to, tenant, ctype, extra):
        self.send_response_only(resp.status)
        self.send_header("Content-Type", ctype)
        for k, v in extra:
            self.send_header(k, v)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        seen, pending = bytearray(), b""

        def chunk(b):
            if b:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(b), b))
                self.wfile.flush()

        while True:
            try:
                d = resp.read1(65536)
            except (OSError, http.client.HTTPException):
                d = b""
            if not d:
                break
            seen.extend(d)
            if self.mode not in MAPPED and self.mode != "get-leak":
                chunk(d)
                continue
            pending += d.replace(b"\r\n", b"\n")
            out = b""
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                data = b"\n".join(ln[5:].lstrip(b" ") for ln in block.split(b"\n")
                                  if ln.startswith(b"data:"))
                try:
                    ev = json.loads(data)
                except ValueError:
                    out += block + b"\n\n"
                    continue
                if self.mode == "get-leak":
                    self.note_owner(to, ev)
                    out += block + b"\n\n"
                else:
                    out += b"data: " + json.dumps(self.ids.walk_out(tenant, ev)).encode() \
                        + b"\n\n"
            chunk(out)
        self.log_upstream(seen)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="tenant-route")
    ap.add_argument("--agent", action="append", default=[], help="TENANT=URL (repeatable)")
    ap.add_argument("--public", default="")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--log")
    a = ap.parse_args()
    if a.list:
        for k, (kind, what) in MODES.items():
            print(f"{k:20} {kind:5} {what}")
        return
    if a.mode not in MODES:
        sys.exit(f"unknown mode {a.mode}; --list")
    Router.mode = a.mode
    Router.agents = dict(x.split("=", 1) for x in a.agent)
    Router.public = a.public
    Router.log = a.log
    Router.ids = Ids(a.mode)

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def finish_request(self, request, client_address):
            request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().finish_request(request, client_address)

    srv = Server(("127.0.0.1", a.port), Router)
    print(srv.server_address[1], flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""misgateway48.py: a BINDING-BRIDGING gateway (stdlib only): a small real HTTP/1.1 reverse
proxy in front of an A2A agent that serves both bindings (the Python SDK agent: JSON-RPC at
`POST /`, HTTP+JSON 1.0 under `/rest`). Every call is forwarded in the OTHER binding:

* a 1.0 JSON-RPC call (SendMessage, SendStreamingMessage, GetTask, CancelTask,
  SubscribeToTask) goes upstream as its HTTP+JSON 1.0 route (`POST /rest/message:send`,
  `GET /rest/tasks/{id}?historyLength=`, `POST /rest/tasks/{id}:cancel`, ...), the REST
  answer wrapped back into a JSON-RPC response (errors: google.rpc.Status -> the A2A code
  of its ErrorInfo reason, the details kept as `error.data`), REST SSE events into JSON-RPC
  result envelopes;
* a 0.3 JSON-RPC call (message/send, tasks/get, ...) goes upstream as the same 1.0 HTTP+JSON
  route (binding AND version changed), the answer translated back into 0.3 (kind, states,
  roles, final);
* an HTTP+JSON 1.0 call under `/rest` goes upstream as 1.0 JSON-RPC at `/` (A2A-Version:
  1.0), the JSON-RPC answer unwrapped (errors: the A2A code -> HTTP status + google.rpc.Status
  per 1.0.1's table), JSON-RPC SSE envelopes unwrapped into bare StreamResponses.

--mode bends, or breaks, one thing of that bridge (MODES: legal or fault).

    python3 misgateway48.py --mode MODE --upstream http://127.0.0.1:PORT \
        --public http://127.0.0.1:FRONT [--port N] [--log FILE]
    python3 misgateway48.py --list

Prints its port on the first line of stdout, then serves until killed. The Agent Card (a GET
of a path ending in `agent-card.json`) is read whole and its upstream base rewritten to
--public (card modes change which interfaces it lists). --log appends one JSON line per
upstream answer, its body as read (base64), so a driver can compare what the gateway read
with what the recording proxy recorded on the upstream leg.
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
import uuid

MODES = {
    # legal: a correct bridge; nothing may fire on either leg beyond the agent's own
    "bridge": ("legal", "JSON-RPC 1.0 calls forwarded as HTTP+JSON 1.0 and HTTP+JSON 1.0 calls as JSON-RPC 1.0; answers, errors (code <-> HTTP status + google.rpc.Status) and streams (envelopes <-> bare events) translated back"),
    "bridge-03": ("legal", "bridge, and a 0.3 JSON-RPC client's calls forwarded as HTTP+JSON 1.0 (binding and version changed), its answers translated back into 0.3"),
    "ids-mapped": ("legal", "bridge, every task and context id the agent minted replaced by the gateway's own (gw-...) in answers and events, consistently, and mapped back on every call (GetTask, CancelTask, SubscribeToTask, the input answer's taskId)"),
    "card-rpc-only": ("legal", "the front speaks JSON-RPC only (the agent reached over HTTP+JSON): the card rewritten to list only the JSONRPC 1.0 interface at the front"),
    "subscribe-get": ("legal", "bridge, SubscribeToTask forwarded as GET /tasks/{id}:subscribe (the proto's verb) instead of POST"),
    # faults of the gateway, on the leg it speaks
    "card-not-rewritten": ("fault", "the front speaks JSON-RPC only, but the card lists only the agent's binding (HTTP+JSON 1.0) at the front's /rest, where the gateway answers 404"),
    "error-500": ("fault", "a TaskNotFoundError (-32001) handed to the HTTP+JSON client as HTTP 500 INTERNAL (google.rpc.Status code 500, ErrorInfo TASK_NOT_FOUND kept)"),
    "error-rpc-in-200": ("fault", "an A2A error handed to the HTTP+JSON client as HTTP 200 with the agent's JSON-RPC response object as its body"),
    "error-html-404": ("fault", "an A2A error handed to the HTTP+JSON client as HTTP 404 with an HTML page"),
    "error-internal": ("fault", "the agent's REST 404 TaskNotFound handed to the JSON-RPC client as -32603 InternalError"),
    "cancel-get": ("fault", "CancelTask forwarded as GET /rest/tasks/{id}:cancel (no body) instead of POST"),
    "cancel-slash": ("fault", "CancelTask forwarded as POST /rest/tasks/{id}/cancel (the custom verb as a path segment)"),
    "v1-added": ("fault", "the 1.0 REST routes forwarded under the 0.3 /v1 prefix: /rest/v1/message:send ..."),
    "history-dropped": ("fault", "GetTask's historyLength not put on the upstream query: GET /rest/tasks/{id} (the agent's default history reaches the client)"),
    "ctx-per-answer": ("fault", "ids mapped, but the contextId replaced by a fresh uuid in every answer and event to the client"),
    "id-leaked": ("fault", "ids mapped, but one artifact-update event of each stream passed on with the agent's own taskId"),
    "id-wrong-leg": ("fault", "ids mapped on answers, but GetTask forwarded with the gateway's own task id (not mapped back): the agent answers TaskNotFound"),
    "stream-envelope-kept": ("fault", "the agent's JSON-RPC SSE envelopes passed to the HTTP+JSON client unwrapped ({jsonrpc, id, result} per event)"),
    "stream-bare": ("fault", "the agent's bare REST SSE events passed to the JSON-RPC client without the JSON-RPC result envelope"),
    "stream-unframed": ("fault", "a REST stream answered to the JSON-RPC client as one application/json body: the events' envelopes in a JSON array"),
}

HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
       "upgrade", "host", "content-length"}
CODE_OF_REASON = {"TASK_NOT_FOUND": -32001, "TASK_NOT_CANCELABLE": -32002,
                  "PUSH_NOTIFICATION_NOT_SUPPORTED": -32003, "UNSUPPORTED_OPERATION": -32004,
                  "CONTENT_TYPE_NOT_SUPPORTED": -32005, "INVALID_AGENT_RESPONSE": -32006,
                  "EXTENDED_AGENT_CARD_NOT_CONFIGURED": -32007,
                  "EXTENSION_SUPPORT_REQUIRED": -32008, "VERSION_NOT_SUPPORTED": -32009}
REASON_OF_CODE = {v: k for k, v in CODE_OF_REASON.items()}
# 1.0.1's table (ERR-002): A2A code -> (HTTP status, google.rpc code name)
HTTP_OF_CODE = {-32001: (404, "NOT_FOUND"), -32002: (400, "FAILED_PRECONDITION"),
                -32003: (400, "FAILED_PRECONDITION"), -32004: (400, "FAILED_PRECONDITION"),
                -32005: (400, "INVALID_ARGUMENT"), -32006: (500, "INTERNAL"),
                -32007: (400, "FAILED_PRECONDITION"), -32008: (400, "FAILED_PRECONDITION"),
                -32009: (400, "FAILED_PRECONDITION"), -32700: (400, "INVALID_ARGUMENT"),
                -32600: (400, "INVALID_ARGUMENT"), -32601: (404, "NOT_FOUND"),
                -32602: (400, "INVALID_ARGUMENT"), -32603: (500, "INTERNAL")}
CODE_OF_HTTP = {400: -32602, 404: -32001, 405: -32601, 415: -32005, 500: -32603}
TO10 = {"message/send": "SendMessage", "message/stream": "SendStreamingMessage",
        "tasks/get": "GetTask", "tasks/cancel": "CancelTask",
        "tasks/resubscribe": "SubscribeToTask"}
ST03 = {"TASK_STATE_SUBMITTED": "submitted", "TASK_STATE_WORKING": "working",
        "TASK_STATE_INPUT_REQUIRED": "input-required", "TASK_STATE_AUTH_REQUIRED": "auth-required",
        "TASK_STATE_COMPLETED": "completed", "TASK_STATE_CANCELED": "canceled",
        "TASK_STATE_FAILED": "failed", "TASK_STATE_REJECTED": "rejected"}
FINAL = ("TASK_STATE_COMPLETED", "TASK_STATE_CANCELED", "TASK_STATE_FAILED",
         "TASK_STATE_REJECTED", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_AUTH_REQUIRED")
RPC_ONLY = ("card-rpc-only", "card-not-rewritten")
MAPPED = ("ids-mapped", "ctx-per-answer", "id-leaked", "id-wrong-leg")


class Ids:
    """The gateway's own task and context ids (modes in MAPPED): agent id <-> gateway id."""

    def __init__(self, mode):
        self.mode = mode
        self.out, self.back = {}, {}
        self.lock = threading.Lock()

    def to_client(self, key, v):
        if not isinstance(v, str):
            return v
        if self.mode == "ctx-per-answer" and key == "contextId":
            return str(uuid.uuid4())
        if self.mode not in MAPPED:
            return v
        with self.lock:
            if v not in self.out:
                g = "gw-" + uuid.uuid4().hex[:20]
                self.out[v], self.back[g] = g, v
            return self.out[v]

    def to_agent(self, v):
        with self.lock:
            return self.back.get(v, v) if isinstance(v, str) else v

    def walk_out(self, o, task_like=False):
        """Every taskId / contextId (and a Task's id) in answer `o` as the client gets it."""
        if isinstance(o, list):
            return [self.walk_out(x) for x in o]
        if not isinstance(o, dict):
            return o
        is_task = "status" in o and "id" in o and "contextId" in o
        out = {}
        for k, v in o.items():
            if k in ("taskId", "contextId") or (k == "id" and is_task):
                out[k] = self.to_client("contextId" if k == "contextId" else "taskId", v)
            else:
                out[k] = self.walk_out(v)
        return out

    def walk_in(self, o):
        """Every id the client names in call `o`, as the agent knows it."""
        if isinstance(o, list):
            return [self.walk_in(x) for x in o]
        if not isinstance(o, dict):
            return o
        return {k: (self.to_agent(v) if k in ("id", "taskId", "contextId") else self.walk_in(v))
                for k, v in o.items()}


class V03:
    """0.3 JSON-RPC <-> 1.0 ProtoJSON for the bridge-03 client (binding and version)."""

    @staticmethod
    def part10(p):
        if p.get("kind") == "file" or "file" in p:
            f = p.get("file", {})
            out = {"url": f["uri"]} if "uri" in f else {"raw": f.get("bytes", "")}
            if "mimeType" in f:
                out["mediaType"] = f["mimeType"]
            if "name" in f:
                out["filename"] = f["name"]
            return out
        if p.get("kind") == "data":
            return {"data": p.get("data")}
        return {"text": p.get("text", "")}

    @classmethod
    def params10(cls, p):
        p = dict(p or {})
        m = p.get("message")
        if isinstance(m, dict):
            m = {k: v for k, v in m.items() if k != "kind"}
            m["role"] = {"user": "ROLE_USER", "agent": "ROLE_AGENT"}.get(m.get("role"), m.get("role"))
            m["parts"] = [cls.part10(x) for x in m.get("parts", [])]
            p["message"] = m
        c = p.get("configuration")
        if isinstance(c, dict):
            c = dict(c)
            if "blocking" in c:
                c["returnImmediately"] = not c.pop("blocking")
            p["configuration"] = c
        return p

    @staticmethod
    def part03(p):
        if "text" in p:
            return {"kind": "text", "text": p["text"]}
        if "data" in p:
            return {"kind": "data", "data": p["data"]}
        f = {}
        if "url" in p:
            f["uri"] = p["url"]
        if "raw" in p:
            f["bytes"] = p["raw"]
        if "mediaType" in p:
            f["mimeType"] = p["mediaType"]
        if "filename" in p:
            f["name"] = p["filename"]
        return {"kind": "file", "file": f}

    @classmethod
    def msg03(cls, m):
        out = dict(m, kind="message",
                   role={"ROLE_USER": "user", "ROLE_AGENT": "agent"}.get(m.get("role"), m.get("role")),
                   parts=[cls.part03(p) for p in m.get("parts", [])])
        return out

    @classmethod
    def status03(cls, s):
        out = dict(s, state=ST03.get(s.get("state"), "unknown"))
        if isinstance(s.get("message"), dict):
            out["message"] = cls.msg03(s["message"])
        return out

    @classmethod
    def task03(cls, t):
        out = dict(t, kind="task", status=cls.status03(t.get("status", {})))
        if "artifacts" in t:
            out["artifacts"] = [dict(a, parts=[cls.part03(p) for p in a.get("parts", [])])
                                for a in t["artifacts"]]
        if "history" in t:
            out["history"] = [cls.msg03(m) for m in t["history"]]
        return out

    @classmethod
    def result03(cls, r):
        """A 1.0 answer (a SendMessage result, a StreamResponse or a bare Task) in 0.3."""
        if not isinstance(r, dict):
            return r
        if "task" in r:
            return cls.task03(r["task"])
        if "message" in r:
            return cls.msg03(r["message"])
        if "statusUpdate" in r:
            u = r["statusUpdate"]
            return dict(u, kind="status-update", status=cls.status03(u.get("status", {})),
                        final=u.get("status", {}).get("state") in FINAL)
        if "artifactUpdate" in r:
            u = r["artifactUpdate"]
            a = u.get("artifact", {})
            return dict(u, kind="artifact-update", append=bool(u.get("append")),
                        lastChunk=bool(u.get("lastChunk")),
                        artifact=dict(a, parts=[cls.part03(p) for p in a.get("parts", [])]))
        if "id" in r and "status" in r:
            return cls.task03(r)
        return r


class Gateway(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "bridge"
    ids = None
    upstream = None
    public = ""
    log = None
    lock = threading.Lock()

    def log_message(self, *a):
        pass

    do_GET = do_POST = do_DELETE = do_HEAD = lambda self: self.forward()

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

    def upstream_call(self, method, path, body, headers):
        u = self.upstream
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
        h = dict(headers)
        h["Host"] = u.netloc
        if body is not None:
            h["Content-Length"] = str(len(body))
        c.request(method, path, body=body, headers=h)
        return c, c.getresponse()

    def client_headers(self, drop=("content-type", "accept")):
        return [(k, v) for k, v in self.headers.items()
                if k.lower() not in HOP and k.lower() not in drop]

    # ---- dispatch ----
    def forward(self):
        body = self.read_body()
        path = self.path.split("?")[0]
        if self.command == "GET" and path.endswith("agent-card.json"):
            return self.card()
        rpc = None
        if self.command == "POST" and body:
            try:
                rpc = json.loads(body)
            except ValueError:
                rpc = None
        if isinstance(rpc, dict) and "jsonrpc" in rpc and isinstance(rpc.get("method"), str):
            return self.rpc_to_rest(rpc)
        if path.startswith("/rest/") and self.mode not in RPC_ONLY:
            return self.rest_to_rpc(path, body)
        self.answer(404, "application/json", b'{"detail":"Not Found"}')

    def card(self):
        c, resp = self.upstream_call("GET", self.path, None, self.client_headers(drop=()))
        data = resp.read()
        c.close()
        self.log_upstream(data)
        u = self.upstream
        front = self.public.rstrip("/")
        text = data.decode("utf-8").replace(f"{u.scheme}://{u.netloc}", front)
        card = json.loads(text)
        ifs = card.get("supportedInterfaces", [])
        if self.mode == "card-rpc-only":
            ifs = [i for i in ifs if i.get("protocolBinding") == "JSONRPC"
                   and i.get("protocolVersion") == "1.0"]
        elif self.mode == "card-not-rewritten":
            ifs = [i for i in ifs if i.get("protocolBinding") == "HTTP+JSON"
                   and i.get("protocolVersion") == "1.0"]
        card["supportedInterfaces"] = ifs
        extra = [(k, v) for k, v in resp.getheaders()
                 if k.lower() not in HOP and k.lower() != "content-type"]
        self.answer(resp.status, resp.getheader("Content-Type", "application/json"),
                    json.dumps(card).encode(), extra)

    # ---- JSON-RPC client -> HTTP+JSON agent ----
    def rpc_to_rest(self, rpc):
        mode, ids = self.mode, self.ids
        v03 = rpc["method"] in TO10
        method = TO10.get(rpc["method"], rpc["method"])
        params = rpc.get("params") or {}
        if v03:
            params = V03.params10(params)
        if mode == "id-wrong-leg" and method == "GetTask":
            pass  # the gateway's own id goes upstream
        else:
            params = ids.walk_in(params)
        base = "/rest/v1" if mode == "v1-added" else "/rest"
        tid = urllib.parse.quote(str(params.get("id", "")), safe="")
        verb, body, stream = "POST", None, False
        if method == "SendMessage":
            route, body = base + "/message:send", params
        elif method == "SendStreamingMessage":
            route, body, stream = base + "/message:stream", params, True
        elif method == "GetTask":
            route, verb = f"{base}/tasks/{tid}", "GET"
            if "historyLength" in params and mode != "history-dropped":
                route += f"?historyLength={params['historyLength']}"
        elif method == "CancelTask":
            route, body = f"{base}/tasks/{tid}:cancel", {k: v for k, v in params.items() if k != "id"}
            if mode == "cancel-get":
                verb, body = "GET", None
            elif mode == "cancel-slash":
                route = f"{base}/tasks/{tid}/cancel"
        elif method == "SubscribeToTask":
            route, stream = f"{base}/tasks/{tid}:subscribe", True
            if mode == "subscribe-get":
                verb = "GET"
            else:
                body = {}
        else:
            return self.rpc_answer(rpc, error={"code": -32601, "message": "Method not found"})
        headers = self.client_headers()
        headers = [(k, v) for k, v in headers if k.lower() != "a2a-version"]
        headers.append(("A2A-Version", "1.0"))
        if body is not None:
            headers.append(("Content-Type", "application/a2a+json"))
        if stream:
            headers.append(("Accept", "text/event-stream"))
        data = json.dumps(body).encode() if body is not None else None
        try:
            c, resp = self.upstream_call(verb, route, data, headers)
        except OSError as e:
            return self.answer(502, "text/plain", f"upstream: {e}\n".encode())
        try:
            ctype = resp.getheader("Content-Type", "") or ""
            if "text/event-stream" in ctype:
                return self.rest_stream_to_rpc(resp, rpc, v03)
            raw = resp.read()
            self.log_upstream(raw)
            try:
                doc = json.loads(raw)
            except ValueError:
                doc = None
            if resp.status < 300 and doc is not None:
                r = ids.walk_out(doc)
                return self.rpc_answer(rpc, result=V03.result03(r) if v03 else r)
            return self.rpc_answer(rpc, error=self.rest_error_to_rpc(resp.status, doc, v03))
        finally:
            c.close()

    def rest_error_to_rpc(self, status, doc, v03):
        e = doc.get("error") if isinstance(doc, dict) else None
        details = e.get("details") if isinstance(e, dict) and isinstance(e.get("details"), list) else []
        reason = next((d.get("reason") for d in details if isinstance(d, dict)
                       and str(d.get("@type", "")).endswith("google.rpc.ErrorInfo")), None)
        code = CODE_OF_REASON.get(reason) or CODE_OF_HTTP.get(status, -32603)
        msg = e.get("message") if isinstance(e, dict) else None
        if self.mode == "error-internal":
            return {"code": -32603, "message": "Internal error"}
        out = {"code": code, "message": msg or f"upstream HTTP {status}"}
        if details and not v03:
            out["data"] = details
        return out

    def rpc_answer(self, rpc, result=None, error=None):
        doc = {"jsonrpc": "2.0", "id": rpc.get("id")}
        if error is not None:
            doc["error"] = error
        else:
            doc["result"] = result
        self.answer(200, "application/json", json.dumps(doc).encode())

    def rest_stream_to_rpc(self, resp, rpc, v03):
        if self.mode == "stream-unframed":
            raw = resp.read()
            self.log_upstream(raw)
            out = []
            for ev in self.sse_events(raw):
                out.append({"jsonrpc": "2.0", "id": rpc.get("id"),
                            "result": self.ids.walk_out(ev)})
            return self.answer(200, "application/json", json.dumps(out).encode())

        def one(ev, n):
            r = self.event_ids(ev, n)
            if self.mode == "stream-bare":
                return r
            return {"jsonrpc": "2.0", "id": rpc.get("id"),
                    "result": V03.result03(r) if v03 else r}
        self.pipe_stream(resp, one)

    def event_ids(self, ev, n):
        """A stream event's ids as the client gets them (id-leaked: one artifact-update of
        each stream keeps the agent's taskId)."""
        out = self.ids.walk_out(ev)
        if self.mode == "id-leaked" and isinstance(ev, dict):
            au = ev.get("artifactUpdate") or (ev.get("result") or {}).get("artifactUpdate")
            if au is not None and n[0] == 0:
                n[0] += 1
                dst = out.get("artifactUpdate") or out["result"]["artifactUpdate"]
                dst["taskId"] = au["taskId"]
        return out

    # ---- HTTP+JSON client -> JSON-RPC agent ----
    def rest_to_rpc(self, path, body):
        mode, ids = self.mode, self.ids
        q = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
        tail = path[len("/rest"):]
        try:
            b = json.loads(body) if body else {}
        except ValueError:
            b = {}
        b = ids.walk_in(b)
        stream = False
        if tail == "/message:send" and self.command == "POST":
            method, params = "SendMessage", b
        elif tail == "/message:stream" and self.command == "POST":
            method, params, stream = "SendStreamingMessage", b, True
        elif tail.startswith("/tasks/") and tail.endswith(":cancel") and self.command == "POST":
            tid = urllib.parse.unquote(tail[len("/tasks/"):-len(":cancel")])
            method, params = "CancelTask", dict(b, id=ids.to_agent(tid))
        elif tail.startswith("/tasks/") and tail.endswith(":subscribe"):
            tid = urllib.parse.unquote(tail[len("/tasks/"):-len(":subscribe")])
            method, params, stream = "SubscribeToTask", {"id": ids.to_agent(tid)}, True
        elif tail.startswith("/tasks/") and self.command == "GET" and "/" not in tail[7:]:
            method, params = "GetTask", {"id": ids.to_agent(urllib.parse.unquote(tail[7:]))}
            if "historyLength" in q:
                params["historyLength"] = int(q["historyLength"][0])
        else:
            return self.answer(404, "application/json", b'{"detail":"Not Found"}')
        rpc_id = str(uuid.uuid4())
        headers = [(k, v) for k, v in self.client_headers() if k.lower() != "a2a-version"]
        headers += [("A2A-Version", "1.0"), ("Content-Type", "application/json")]
        if stream:
            headers.append(("Accept", "text/event-stream"))
        data = json.dumps({"jsonrpc": "2.0", "id": rpc_id, "method": method,
                           "params": params}).encode()
        try:
            c, resp = self.upstream_call("POST", "/", data, headers)
        except OSError as e:
            return self.answer(502, "text/plain", f"upstream: {e}\n".encode())
        try:
            ctype = resp.getheader("Content-Type", "") or ""
            if "text/event-stream" in ctype:
                def one(ev, n):
                    if mode == "stream-envelope-kept":
                        return self.event_ids(ev, n)
                    if isinstance(ev, dict) and "error" in ev:
                        return {"error": self.rpc_error_to_rest(ev["error"])[1]["error"]}
                    return self.event_ids(ev.get("result", ev) if isinstance(ev, dict) else ev, n)
                return self.pipe_stream(resp, one)
            raw = resp.read()
            self.log_upstream(raw)
            try:
                doc = json.loads(raw)
            except ValueError:
                doc = {}
            if isinstance(doc, dict) and "result" in doc:
                return self.answer(200, "application/a2a+json",
                                   json.dumps(ids.walk_out(doc["result"])).encode())
            err = doc.get("error") if isinstance(doc, dict) else None
            if mode == "error-rpc-in-200":
                return self.answer(200, "application/a2a+json", raw)
            if mode == "error-html-404":
                return self.answer(404, "text/html; charset=utf-8",
                                   b"<html><body><h1>404 Not Found</h1></body></html>\n")
            status, out = self.rpc_error_to_rest(err if isinstance(err, dict) else {})
            self.answer(status, "application/a2a+json", json.dumps(out).encode())
        finally:
            c.close()

    def rpc_error_to_rest(self, e):
        code = e.get("code", -32603)
        status, name = HTTP_OF_CODE.get(code, (500, "INTERNAL"))
        data = e.get("data") if isinstance(e.get("data"), list) else []
        if not data and code in REASON_OF_CODE:
            data = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                     "reason": REASON_OF_CODE[code], "domain": "a2a-protocol.org"}]
        if self.mode == "error-500" and code == -32001:
            status, name = 500, "INTERNAL"
        return status, {"error": {"code": status, "status": name,
                                  "message": e.get("message", ""), "details": data}}

    # ---- streams ----
    @staticmethod
    def sse_events(raw):
        out = []
        for block in raw.replace(b"\r\n", b"\n").split(b"\n\n"):
            data = b"\n".join(ln[5:].lstrip(b" ") for ln in block.split(b"\n")
                              if ln.startswith(b"data:"))
            if data:
                try:
                    out.append(json.loads(data))
                except ValueError:
                    pass
        return out

    def pipe_stream(self, resp, one):
        """The agent's SSE stream, event by event, each event's data through `one`."""
        self.send_response_only(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        seen, pending, n = bytearray(), b"", [0]

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
            pending += d.replace(b"\r\n", b"\n")
            out = b""
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                for ev in self.sse_events(block + b"\n\n"):
                    out += b"data: " + json.dumps(one(ev, n)).encode() + b"\n\n"
            chunk(out)
        self.log_upstream(seen)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="bridge")
    ap.add_argument("--upstream")
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
    Gateway.mode = a.mode
    Gateway.ids = Ids(a.mode)
    Gateway.upstream = urllib.parse.urlsplit(a.upstream)
    Gateway.public = a.public
    Gateway.log = a.log

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def finish_request(self, request, client_address):
            request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().finish_request(request, client_address)

    srv = Server(("127.0.0.1", a.port), Gateway)
    print(srv.server_address[1], flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()

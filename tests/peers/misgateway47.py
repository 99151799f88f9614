#!/usr/bin/env python3
"""misgateway47.py: a VERSION-BRIDGING gateway (stdlib only): a small real HTTP/1.1 reverse
proxy in front of an A2A agent that serves both generations on JSON-RPC (the Python SDK
agent: 1.0 under `A2A-Version: 1.0`, 0.3 without it). Every JSON-RPC call is forwarded in the
OTHER generation: a 0.3 call (message/send, message/stream, tasks/get, tasks/cancel) goes
upstream as its 1.0 twin under `A2A-Version: 1.0`, a 1.0 call (SendMessage, ...) as its 0.3
twin without the header; the answer (a JSON body, or an event stream event by event) is
translated back into the client's generation. So one run holds both bridges: a 0.3 client
in front of a 1.0 agent and a 1.0 client in front of a 0.3 agent. --mode bends, or breaks,
one thing of that translation (MODES: legal or fault).

    python3 misgateway47.py --mode MODE --upstream http://127.0.0.1:PORT \
        --public http://127.0.0.1:FRONT [--port N] [--log FILE]
    python3 misgateway47.py --list

Prints its port on the first line of stdout, then serves until killed. The Agent Card (a GET
of a path ending in `agent-card.json`) is read whole and its upstream base rewritten to
--public. --log appends one JSON line per upstream answer, its body as read (base64), so a
driver can compare what the gateway read with what the recording proxy recorded.
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
    # legal: a correct bridge; nothing may fire on either leg (beyond the agent's own)
    "bridge": ("legal", "0.3 calls to 1.0 upstream and 1.0 calls to 0.3, every answer and stream event translated back (kind, states, roles, parts, final, oneof wrappers, ErrorInfo)"),
    "bridge-header-03": ("legal", "bridge, with A2A-Version: 0.3 sent on the 0.3 calls upstream instead of no header"),
    "bridge-card-dual": ("legal", "bridge, and the card given 0.3's top-level url, preferredTransport, protocolVersion and additionalInterfaces beside supportedInterfaces"),
    "bridge-ids-mapped": ("legal", "bridge, task and context ids the agent minted mapped to the gateway's own (gw-...) in every answer and mapped back on every call"),
    "bridge-buffered": ("fault", "bridge, each translated stream read whole from the agent and sent at once"),
    # faults of the translation: the gateway's, on the leg it speaks
    "state-underscore": ("fault", "1.0 states mapped to 0.3 by lower-casing the enum: TASK_STATE_INPUT_REQUIRED -> input_required"),
    "state-cancelled": ("fault", "canceled spelt with two l: TASK_STATE_CANCELED -> cancelled (0.3), canceled -> TASK_STATE_CANCELLED (1.0, the 0.3 gRPC name)"),
    "state-shifted": ("fault", "the interrupted states swapped: input-required <-> TASK_STATE_AUTH_REQUIRED, TASK_STATE_INPUT_REQUIRED -> auth-required"),
    "kind-kept": ("fault", "0.3 answers translated to 1.0 keep their kind members (Task, Message, parts, events)"),
    "kind-dropped": ("fault", "1.0 answers translated to 0.3 without kind (Task, Message, parts, events)"),
    "role-unmapped": ("fault", "roles in answers passed untranslated: ROLE_AGENT to 0.3 clients, agent to 1.0 clients"),
    "part-file-nested": ("fault", "a 0.3 file part sent upstream in 1.0 as {file: {uri, mimeType}} (0.3 nesting kept) instead of {url, mediaType}"),
    "final-dropped": ("fault", "0.3 status-update events without final"),
    "final-invented": ("fault", "final: true on every 0.3 status-update, the working one included"),
    "append-lost": ("fault", "artifact-update append and lastChunk dropped in 1.0 -> 0.3 (each chunk then replaces the artifact)"),
    "ctx-per-answer": ("fault", "contextId replaced by a fresh uuid in every answer and event to the client (no mapping)"),
    "error-remapped": ("fault", "A2A errors re-mapped to -32603 InternalError (TaskNotFound -32001 included)"),
    "error-data-null": ("fault", "a 0.3 agent's error handed to the 1.0 client with its data: null (no ErrorInfo)"),
    "oneof-kept": ("fault", "the 1.0 SendMessage {task}/{message} wrapper left on the 0.3 answer (its inside translated)"),
    "oneof-missing": ("fault", "the 1.0 client's SendMessage answered with a bare Task / Message (no {task}/{message} wrapper)"),
    "header-kept": ("fault", "A2A-Version passed as the client sent it: 1.0 on the translated 0.3 calls, none on the translated 1.0 calls"),
}

HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
       "upgrade", "host", "content-length"}
TO10 = {"message/send": "SendMessage", "message/stream": "SendStreamingMessage",
        "tasks/get": "GetTask", "tasks/cancel": "CancelTask", "tasks/resubscribe": "SubscribeToTask"}
TO03 = {v: k for k, v in TO10.items()}
ST10 = {"submitted": "TASK_STATE_SUBMITTED", "working": "TASK_STATE_WORKING",
        "input-required": "TASK_STATE_INPUT_REQUIRED", "auth-required": "TASK_STATE_AUTH_REQUIRED",
        "completed": "TASK_STATE_COMPLETED", "canceled": "TASK_STATE_CANCELED",
        "failed": "TASK_STATE_FAILED", "rejected": "TASK_STATE_REJECTED",
        "unknown": "TASK_STATE_UNSPECIFIED"}
ST03 = {v: k for k, v in ST10.items()}
REASONS = {-32001: "TASK_NOT_FOUND", -32002: "TASK_NOT_CANCELABLE",
           -32003: "PUSH_NOTIFICATION_NOT_SUPPORTED", -32004: "UNSUPPORTED_OPERATION",
           -32005: "CONTENT_TYPE_NOT_SUPPORTED", -32006: "INVALID_AGENT_RESPONSE",
           -32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED"}
ID_KEYS = ("id", "taskId", "contextId")


class Bridge:
    """The translation of one mode: 0.3 <-> 1.0 JSON-RPC payloads, with the mode's fault."""

    def __init__(self, mode):
        self.mode = mode
        self.ids = {}  # agent id -> gateway id (bridge-ids-mapped)
        self.back = {}  # gateway id -> agent id
        self.lock = threading.Lock()

    # ---- ids (bridge-ids-mapped, ctx-per-answer) ----
    def out_id(self, key, v):
        """An id of the agent's answer as the client gets it."""
        if not isinstance(v, str):
            return v
        if self.mode == "ctx-per-answer" and key == "contextId":
            return str(uuid.uuid4())
        if self.mode != "bridge-ids-mapped":
            return v
        with self.lock:
            if v not in self.ids:
                g = "gw-" + uuid.uuid4().hex[:16]
                self.ids[v], self.back[g] = g, v
            return self.ids[v]

    def in_id(self, v):
        """An id of the client's call as the agent gets it."""
        with self.lock:
            return self.back.get(v, v) if isinstance(v, str) else v

    def ids_in(self, o):
        for k in ID_KEYS:
            if k in o:
                o[k] = self.in_id(o[k])
        return o

    def ids_out(self, o):
        for k in ID_KEYS:
            if k in o:
                o[k] = self.out_id(k, o[k])
        return o

    # ---- 0.3 -> 1.0 ----
    def part10(self, p):
        k = p.get("kind")
        if k == "file" or "file" in p:
            f = p.get("file", {})
            if self.mode == "part-file-nested":
                out = {"file": {x: f[x] for x in ("uri", "bytes", "mimeType", "name") if x in f}}
            else:
                out = {"url": f["uri"]} if "uri" in f else {"raw": f.get("bytes", "")}
                if "mimeType" in f:
                    out["mediaType"] = f["mimeType"]
                if "name" in f:
                    out["filename"] = f["name"]
        elif k == "data" or "data" in p:
            out = {"data": p.get("data")}
        else:
            out = {"text": p.get("text", "")}
        if "metadata" in p:
            out["metadata"] = p["metadata"]
        if self.mode == "kind-kept" and k:
            out["kind"] = k
        return out

    def role10(self, r):
        if self.mode == "role-unmapped":
            return r
        return {"agent": "ROLE_AGENT", "user": "ROLE_USER"}.get(r, r)

    def msg10(self, m, answer=True):
        out = {"messageId": m.get("messageId"), "role": self.role10(m.get("role")) if answer
               else {"agent": "ROLE_AGENT", "user": "ROLE_USER"}.get(m.get("role"), m.get("role")),
               "parts": [self.part10(p) for p in m.get("parts", [])]}
        for k in ("contextId", "taskId", "metadata", "extensions", "referenceTaskIds"):
            if k in m:
                out[k] = m[k]
        if self.mode == "kind-kept" and "kind" in m:
            out["kind"] = m["kind"]
        return self.ids_out(out) if answer else self.ids_in(out)

    def state10(self, s):
        if self.mode == "state-cancelled" and s == "canceled":
            return "TASK_STATE_CANCELLED"
        if self.mode == "state-shifted" and s == "input-required":
            return "TASK_STATE_AUTH_REQUIRED"
        return ST10.get(s, "TASK_STATE_UNSPECIFIED")

    def status10(self, s):
        out = {"state": self.state10(s.get("state"))}
        if "message" in s:
            out["message"] = self.msg10(s["message"])
        if "timestamp" in s:
            out["timestamp"] = s["timestamp"]
        return out

    def artifact10(self, a):
        out = {k: v for k, v in a.items() if k != "parts"}
        out["parts"] = [self.part10(p) for p in a.get("parts", [])]
        return out

    def task10(self, t):
        out = {"id": t.get("id"), "contextId": t.get("contextId"),
               "status": self.status10(t.get("status", {}))}
        if "artifacts" in t:
            out["artifacts"] = [self.artifact10(a) for a in t["artifacts"]]
        if "history" in t:
            out["history"] = [self.msg10(m) for m in t["history"]]
        if "metadata" in t:
            out["metadata"] = t["metadata"]
        if self.mode == "kind-kept":
            out["kind"] = "task"
        return self.ids_out(out)

    def event10(self, r):
        """A 0.3 result (Task, Message, status-update, artifact-update) as a 1.0
        StreamResponse member."""
        k = r.get("kind")
        if k == "task":
            return {"task": self.task10(r)}
        if k == "message":
            return {"message": self.msg10(r)}
        if k == "status-update":
            u = {"taskId": r.get("taskId"), "contextId": r.get("contextId"),
                 "status": self.status10(r.get("status", {}))}
            if "metadata" in r:
                u["metadata"] = r["metadata"]
            if self.mode == "kind-kept":
                u["kind"] = k
            return {"statusUpdate": self.ids_out(u)}
        if k == "artifact-update":
            u = {"taskId": r.get("taskId"), "contextId": r.get("contextId"),
                 "artifact": self.artifact10(r.get("artifact", {}))}
            for f in ("append", "lastChunk"):
                if r.get(f):
                    u[f] = True
            if self.mode == "kind-kept":
                u["kind"] = k
            return {"artifactUpdate": self.ids_out(u)}
        return r

    def result10(self, method, r):
        """The 0.3 agent's result to the 0.3 twin of 1.0 `method`, in 1.0."""
        if not isinstance(r, dict):
            return r
        if method in ("GetTask", "CancelTask"):
            return self.task10(r)
        ev = self.event10(r)
        if method == "SendMessage" and self.mode == "oneof-missing":
            return next(iter(ev.values()))
        return ev

    def error10(self, e):
        out = dict(e)
        if self.mode == "error-remapped" and out.get("code") in REASONS:
            return {"code": -32603, "message": "Internal error"}
        if self.mode == "error-data-null":
            return out
        code = out.get("code")
        if not isinstance(out.get("data"), list):
            out.pop("data", None)
            if code in REASONS:
                out["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                "reason": REASONS[code], "domain": "a2a-protocol.org"}]
        return out

    def params03_to_10(self, method, p):
        p = dict(p or {})
        if "message" in p:
            p["message"] = self.msg10(p["message"], answer=False)
        if "id" in p:
            p["id"] = self.in_id(p["id"])
        c = p.get("configuration")
        if isinstance(c, dict):
            c = dict(c)
            if "blocking" in c:
                c["returnImmediately"] = not c.pop("blocking")
            if "pushNotificationConfig" in c:
                c["taskPushNotificationConfig"] = c.pop("pushNotificationConfig")
            p["configuration"] = c
        return p

    # ---- 1.0 -> 0.3 ----
    def part03(self, p):
        if "text" in p:
            out = {"kind": "text", "text": p["text"]}
        elif "data" in p:
            out = {"kind": "data", "data": p["data"]}
        else:
            f = {}
            if "url" in p:
                f["uri"] = p["url"]
            if "raw" in p:
                f["bytes"] = p["raw"]
            if "mediaType" in p:
                f["mimeType"] = p["mediaType"]
            if "filename" in p:
                f["name"] = p["filename"]
            out = {"kind": "file", "file": f}
        if "metadata" in p:
            out["metadata"] = p["metadata"]
        if self.mode == "kind-dropped":
            out.pop("kind")
        return out

    def role03(self, r):
        if self.mode == "role-unmapped":
            return r
        return {"ROLE_AGENT": "agent", "ROLE_USER": "user"}.get(r, r)

    def msg03(self, m, answer=True):
        out = {"kind": "message", "messageId": m.get("messageId"),
               "role": self.role03(m.get("role")) if answer
               else {"ROLE_AGENT": "agent", "ROLE_USER": "user"}.get(m.get("role"), m.get("role")),
               "parts": [self.part03(p) for p in m.get("parts", [])]}
        for k in ("contextId", "taskId", "metadata", "extensions", "referenceTaskIds"):
            if k in m:
                out[k] = m[k]
        if self.mode == "kind-dropped" and answer:
            out.pop("kind")
        return self.ids_out(out) if answer else self.ids_in(out)

    def state03(self, s):
        if self.mode == "state-underscore" and isinstance(s, str) and s.startswith("TASK_STATE_"):
            return s[len("TASK_STATE_"):].lower()
        if self.mode == "state-cancelled" and s == "TASK_STATE_CANCELED":
            return "cancelled"
        if self.mode == "state-shifted" and s == "TASK_STATE_INPUT_REQUIRED":
            return "auth-required"
        return ST03.get(s, "unknown")

    def status03(self, s):
        out = {"state": self.state03(s.get("state"))}
        if "message" in s:
            out["message"] = self.msg03(s["message"])
        if "timestamp" in s:
            out["timestamp"] = s["timestamp"]
        return out

    def artifact03(self, a):
        out = {k: v for k, v in a.items() if k != "parts"}
        out["parts"] = [self.part03(p) for p in a.get("parts", [])]
        return out

    def task03(self, t):
        out = {"kind": "task", "id": t.get("id"), "contextId": t.get("contextId"),
               "status": self.status03(t.get("status", {}))}
        if "artifacts" in t:
            out["artifacts"] = [self.artifact03(a) for a in t["artifacts"]]
        if "history" in t:
            out["history"] = [self.msg03(m) for m in t["history"]]
        if "metadata" in t:
            out["metadata"] = t["metadata"]
        if self.mode == "kind-dropped":
            out.pop("kind")
        return self.ids_out(out)

    def event03(self, r):
        """A 1.0 StreamResponse (or SendMessage result) as its 0.3 object."""
        if "task" in r:
            return self.task03(r["task"])
        if "message" in r:
            return self.msg03(r["message"])
        if "statusUpdate" in r:
            u = r["statusUpdate"]
            st = self.status03(u.get("status", {}))
            out = {"kind": "status-update", "taskId": u.get("taskId"),
                   "contextId": u.get("contextId"), "status": st,
                   "final": u.get("status", {}).get("state") in (
                       "TASK_STATE_COMPLETED", "TASK_STATE_CANCELED", "TASK_STATE_FAILED",
                       "TASK_STATE_REJECTED", "TASK_STATE_INPUT_REQUIRED",
                       "TASK_STATE_AUTH_REQUIRED")}
            if self.mode == "final-dropped":
                out.pop("final")
            if self.mode == "final-invented":
                out["final"] = True
            if "metadata" in u:
                out["metadata"] = u["metadata"]
            if self.mode == "kind-dropped":
                out.pop("kind")
            return self.ids_out(out)
        if "artifactUpdate" in r:
            u = r["artifactUpdate"]
            out = {"kind": "artifact-update", "taskId": u.get("taskId"),
                   "contextId": u.get("contextId"), "artifact": self.artifact03(u.get("artifact", {})),
                   "append": bool(u.get("append")), "lastChunk": bool(u.get("lastChunk"))}
            if self.mode == "append-lost":
                del out["append"], out["lastChunk"]
            if self.mode == "kind-dropped":
                out.pop("kind")
            return self.ids_out(out)
        if "id" in r and "status" in r:
            return self.task03(r)
        return r

    def result03(self, method, r):
        """The 1.0 agent's result to the 1.0 twin of 0.3 `method`, in 0.3."""
        if not isinstance(r, dict):
            return r
        out = self.event03(r)
        if method == "message/send" and self.mode == "oneof-kept":
            return {("task" if "task" in r else "message"): out}
        return out

    def error03(self, e):
        if self.mode == "error-remapped" and e.get("code") in REASONS:
            return {"code": -32603, "message": "Internal error"}
        return e

    def params10_to_03(self, method, p):
        p = dict(p or {})
        if "message" in p:
            p["message"] = self.msg03(p["message"], answer=False)
        if "id" in p:
            p["id"] = self.in_id(p["id"])
        c = p.get("configuration")
        if isinstance(c, dict):
            c = dict(c)
            if "returnImmediately" in c:
                c["blocking"] = not c.pop("returnImmediately")
            if "taskPushNotificationConfig" in c:
                c["pushNotificationConfig"] = c.pop("taskPushNotificationConfig")
            p["configuration"] = c
        p.pop("tenant", None)
        return p


class Gateway(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    bridge = None
    upstream = None
    public = ""
    log = None
    lock = threading.Lock()

    def log_message(self, *a):
        pass

    def log_upstream(self, data):
        if not self.log:
            return
        line = json.dumps({"method": self.command, "path": self.path,
                           "body": base64.b64encode(bytes(data)).decode()})
        with self.lock, open(self.log, "a") as f:
            f.write(line + "\n")

    do_GET = do_POST = do_DELETE = do_HEAD = lambda self: self.forward()

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

    def answer(self, status, headers, body):
        self.send_response_only(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.wfile.flush()

    def forward(self):
        body = self.read_body()
        mode = self.bridge.mode
        headers = [(k, v) for k, v in self.headers.items() if k.lower() not in HOP]
        rpc, to = None, None
        if self.command == "POST" and body:
            try:
                rpc = json.loads(body)
            except ValueError:
                rpc = None
        if isinstance(rpc, dict) and rpc.get("method") in TO10:
            to = "1.0"
            method = TO10[rpc["method"]]
            params = self.bridge.params03_to_10(method, rpc.get("params"))
        elif isinstance(rpc, dict) and rpc.get("method") in TO03:
            to = "0.3"
            method = TO03[rpc["method"]]
            params = self.bridge.params10_to_03(method, rpc.get("params"))
        if to:
            body = json.dumps(dict(rpc, method=method, params=params)).encode()
            if mode != "header-kept":
                headers = [(k, v) for k, v in headers if k.lower() != "a2a-version"]
                if to == "1.0":
                    headers.append(("A2A-Version", "1.0"))
                elif mode == "bridge-header-03":
                    headers.append(("A2A-Version", "0.3"))
        u = self.upstream
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
        h = dict(headers)
        h["Host"] = u.netloc
        if body or self.command == "POST":
            h["Content-Length"] = str(len(body))
        try:
            c.request(self.command, self.path, body=body or None, headers=h)
            resp = c.getresponse()
        except OSError as e:
            return self.answer(502, [("Content-Type", "text/plain")], f"upstream: {e}\n".encode())
        try:
            self.relay(resp, rpc.get("method") if to else None, to)
        finally:
            c.close()

    def resp_headers(self, resp):
        return [(k, v) for k, v in resp.getheaders() if k.lower() not in HOP]

    def translate(self, client_method, to, doc):
        """A JSON-RPC response object from the agent (in `to`) in the client's version."""
        if not isinstance(doc, dict):
            return doc
        b = self.bridge
        out = dict(doc)
        if to == "1.0":  # the client speaks 0.3
            if "result" in doc:
                out["result"] = b.result03(client_method, doc["result"])
            if "error" in doc and isinstance(doc["error"], dict):
                out["error"] = b.error03(doc["error"])
        else:  # the client speaks 1.0
            if "result" in doc:
                out["result"] = b.result10(client_method, doc["result"])
            if "error" in doc and isinstance(doc["error"], dict):
                out["error"] = b.error10(doc["error"])
        return out

    def relay(self, resp, client_method, to):
        ctype = resp.getheader("Content-Type", "") or ""
        path = self.path.split("?")[0]
        if self.command == "GET" and path.endswith("agent-card.json"):
            return self.relay_card(resp)
        if to and "text/event-stream" in ctype:
            return self.relay_stream(resp, client_method, to)
        data = resp.read()
        self.log_upstream(data)
        headers = self.resp_headers(resp)
        if to and "json" in ctype:
            try:
                doc = json.loads(data)
            except ValueError:
                doc = None
            if doc is not None:
                data = json.dumps(self.translate(client_method, to, doc)).encode()
        self.answer(resp.status, headers, data)

    def relay_card(self, resp):
        data = resp.read()
        self.log_upstream(data)
        u = self.upstream
        text = data.decode("utf-8").replace(f"{u.scheme}://{u.netloc}", self.public.rstrip("/"))
        if self.bridge.mode == "bridge-card-dual":
            card = json.loads(text)
            base = self.public.rstrip("/") + "/"
            card = dict({"protocolVersion": "0.3.0", "url": base, "preferredTransport": "JSONRPC",
                         "additionalInterfaces": [{"url": base, "transport": "JSONRPC"}]}, **card)
            text = json.dumps(card)
        self.answer(resp.status, self.resp_headers(resp), text.encode("utf-8"))

    def relay_stream(self, resp, client_method, to):
        headers = self.resp_headers(resp)
        buffered = self.bridge.mode == "bridge-buffered"
        self.send_response_only(resp.status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        seen, pending, held = bytearray(), b"", b""

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
            pending += d
            out = b""
            while True:
                ends = [i for i in (pending.find(b"\r\n\r\n"), pending.find(b"\n\n")) if i >= 0]
                if not ends:
                    break
                i = min(ends)
                sep = 4 if pending[i:i + 4] == b"\r\n\r\n" else 2
                ev, pending = pending[:i], pending[i + sep:]
                out += self.event(ev, client_method, to)
            if buffered:
                held += out
            else:
                chunk(out)
        self.log_upstream(seen)
        chunk(held)
        chunk(pending)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def event(self, ev, client_method, to):
        """One SSE event (without its blank line) translated, ended by a blank line."""
        lines = ev.decode("utf-8").splitlines()
        data = "\n".join(ln[5:].lstrip(" ") for ln in lines if ln.startswith("data:"))
        other = [ln for ln in lines if not ln.startswith("data:")]
        if not data:
            return ev + b"\n\n"
        try:
            doc = json.loads(data)
        except ValueError:
            return ev + b"\n\n"
        out = "".join(ln + "\n" for ln in other)
        out += "data: " + json.dumps(self.translate(client_method, to, doc)) + "\n\n"
        return out.encode("utf-8")


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
            print(f"{k:18} {kind:5} {what}")
        return
    if a.mode not in MODES:
        sys.exit(f"unknown mode {a.mode}; --list")
    Gateway.bridge = Bridge(a.mode)
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

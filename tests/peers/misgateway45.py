#!/usr/bin/env python3
"""misgateway45.py: a small real HTTP/1.1 reverse proxy (a gateway) that sits in front of an
A2A agent and breaks, or legally bends, what passes through it in one --mode at a time
(stdlib only; threads, one upstream connection per request).

    python3 misgateway45.py --mode MODE --upstream http://127.0.0.1:PORT \
        --public http://127.0.0.1:FRONT [--port N] [--log FILE]
    python3 misgateway45.py --list

Prints its port on the first line of stdout, then serves until killed. `--upstream -`: the
gateway binds first and learns where it goes afterwards: once its port is printed it reads
one stdin line `UPSTREAM_URL [PUBLIC_URL]` (a recording proxy started on port 0 behind and in
front of it names both in its ready line), then serves. Every request goes to
--upstream with the same method, path and body (hop-by-hop headers dropped, Host set to the
upstream's); answers come back unbuffered (each piece the upstream sends is written to the
client as one chunk as it arrives). The Agent Card (a GET of a path ending in `agent-card.json`
or `agent.json`) is read whole and its upstream base URL rewritten to --public, the URL clients
reach the gateway at, as a gateway in front of an agent does. The modes change one thing on
top of that (MODES says what, and whether it is a fault or a legal bend).
"""
import argparse
import base64
import gzip
import http.client
import http.server
import json
import queue
import socket
import sys
import threading
import time
import urllib.parse
import zlib

MODES = {
    # legal bends: nothing may fire, the recording proxy forwards them untouched
    "pass": ("legal", "a faithful gateway: card url rewritten to the public base, all else forwarded"),
    "sse-split": ("legal", "every SSE piece from the agent re-sent in chunks of 7 bytes, 2 ms apart"),
    "sse-coalesce": ("legal", "SSE pieces that arrive within 40 ms of each other sent as one chunk"),
    "gzip": ("legal", "answers gzip'd for clients that accept gzip (streams with a sync flush per piece)"),
    "xfwd-via": ("legal", "X-Forwarded-For/-Proto/-Host, Forwarded and Via added upstream; Via on answers"),
    "id-restore": ("legal", "JSON-RPC ids renumbered upstream (gw-N), the client's id restored on the answer"),
    "auth-terminated": ("legal", "Authorization checked and removed at the gateway (the card declares no security)"),
    "translate-ok": ("legal", "0.3 JSON-RPC calls translated to 1.0 upstream, the 1.0 answers back to 0.3"),
    "json-rechunk": ("legal", "JSON answers re-sent chunked, 64 bytes a chunk, not with Content-Length"),
    # faults: the gateway's, to be charged on the gateway, not the agent
    "card-internal-host": ("fault", "card urls rewritten to the cluster-internal service host"),
    "card-upstream-port": ("fault", "card passed without rewrite: its urls name the agent's own port"),
    "card-doubled-path": ("fault", "card urls get the public prefix /api/a2a glued onto /api/a2a"),
    "calls-404": ("fault", "card served 200, every POST answered 404 by the gateway (an HTML page)"),
    "sse-buffered": ("fault", "event streams read whole, then sent at once with Content-Length"),
    "sse-cut": ("fault", "event streams ended after 2 events with a clean chunked end"),
    "drop-version": ("fault", "A2A-Version dropped on the way upstream"),
    "drop-extension": ("fault", "A2A-Extensions dropped on the way upstream"),
    "version-forced-10": ("fault", "A2A-Version: 1.0 added upstream to calls that sent none (0.3 calls)"),
    "id-rewrite": ("fault", "JSON-RPC ids renumbered upstream and the gateway's id handed back"),
    "state-rewrite": ("fault", "TASK_STATE_COMPLETED in JSON answers rewritten to TASK_STATE_FAILED"),
    "part-rewrite": ("fault", "text of artifact parts in stream events upper-cased"),
    "error-html-502": ("fault", "a JSON-RPC error answer replaced by an HTML 502 Bad Gateway page"),
    "retry-dup": ("fault", "message sends (non-streaming) sent upstream twice, the second answer returned"),
    "stream-relabel": ("fault", "event streams relabelled Content-Type: application/octet-stream"),
    "translate-wrong": ("fault", "0.3 calls translated to 1.0 upstream, the 1.0 answers handed back untranslated"),
}

HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
       "upgrade", "proxy-authorization", "proxy-authenticate", "host", "content-length"}
INTERNAL = "http://a2a-agent.agents.svc.cluster.local:8080"
PREFIX = "/api/a2a"

STATES = {"TASK_STATE_SUBMITTED": "submitted", "TASK_STATE_WORKING": "working",
          "TASK_STATE_INPUT_REQUIRED": "input-required", "TASK_STATE_COMPLETED": "completed",
          "TASK_STATE_CANCELED": "canceled", "TASK_STATE_FAILED": "failed",
          "TASK_STATE_REJECTED": "rejected", "TASK_STATE_AUTH_REQUIRED": "auth-required",
          "TASK_STATE_UNSPECIFIED": "unknown"}
METHODS_03_10 = {"message/send": "SendMessage", "message/stream": "SendStreamingMessage",
                 "tasks/get": "GetTask", "tasks/cancel": "CancelTask"}


def part_03_to_10(p):
    if p.get("kind") == "text" or "text" in p:
        out = {"text": p.get("text", "")}
    elif p.get("kind") == "data":
        out = {"data": p.get("data")}
    else:
        out = {k: v for k, v in p.items() if k != "kind"}
    if p.get("metadata"):
        out["metadata"] = p["metadata"]
    return out


def part_10_to_03(p):
    if "text" in p:
        out = {"kind": "text", "text": p["text"]}
    elif "data" in p:
        out = {"kind": "data", "data": p["data"]}
    else:
        out = dict(p, kind="file")
    if p.get("metadata"):
        out["metadata"] = p["metadata"]
    return out


def msg_03_to_10(m):
    out = {"role": "ROLE_AGENT" if m.get("role") == "agent" else "ROLE_USER",
           "parts": [part_03_to_10(p) for p in m.get("parts", [])]}
    for k in ("messageId", "contextId", "taskId", "metadata", "extensions", "referenceTaskIds"):
        if k in m:
            out[k] = m[k]
    return out


def msg_10_to_03(m):
    out = {"kind": "message", "role": "agent" if m.get("role") == "ROLE_AGENT" else "user",
           "parts": [part_10_to_03(p) for p in m.get("parts", [])]}
    for k in ("messageId", "contextId", "taskId", "metadata", "extensions", "referenceTaskIds"):
        if k in m:
            out[k] = m[k]
    return out


def status_10_to_03(s):
    out = {"state": STATES.get(s.get("state"), "unknown")}
    if "message" in s:
        out["message"] = msg_10_to_03(s["message"])
    if "timestamp" in s:
        out["timestamp"] = s["timestamp"]
    return out


def artifact_10_to_03(a):
    out = {k: v for k, v in a.items() if k != "parts"}
    out["parts"] = [part_10_to_03(p) for p in a.get("parts", [])]
    return out


def task_10_to_03(t):
    out = {"kind": "task", "id": t.get("id"), "contextId": t.get("contextId"),
           "status": status_10_to_03(t.get("status", {}))}
    if "artifacts" in t:
        out["artifacts"] = [artifact_10_to_03(a) for a in t["artifacts"]]
    if "history" in t:
        out["history"] = [msg_10_to_03(m) for m in t["history"]]
    if "metadata" in t:
        out["metadata"] = t["metadata"]
    return out


def result_10_to_03(r):
    """A 1.0 result (SendMessage's oneof wrapper, a stream event, or a bare Task) in 0.3."""
    if not isinstance(r, dict):
        return r
    if "task" in r:
        return task_10_to_03(r["task"])
    if "message" in r:
        return msg_10_to_03(r["message"])
    if "statusUpdate" in r:
        u = r["statusUpdate"]
        st = status_10_to_03(u.get("status", {}))
        return {"kind": "status-update", "taskId": u.get("taskId"), "contextId": u.get("contextId"),
                "status": st, "final": st["state"] in ("completed", "canceled", "failed", "rejected",
                                                       "input-required", "auth-required")}
    if "artifactUpdate" in r:
        u = r["artifactUpdate"]
        out = {"kind": "artifact-update", "taskId": u.get("taskId"), "contextId": u.get("contextId"),
               "artifact": artifact_10_to_03(u.get("artifact", {}))}
        for k in ("append", "lastChunk"):
            if k in u:
                out[k] = u[k]
        return out
    if "id" in r and "status" in r:
        return task_10_to_03(r)
    return r


class Gateway(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "pass"
    upstream = None  # urllib.parse.SplitResult
    public = ""
    counter = [0]
    lock = threading.Lock()
    log = None  # --log: a JSON line per upstream answer, its body as the gateway read it

    def log_upstream(self, data):
        """Appends the upstream answer body `data` (as read, before any change of the mode)
        to --log: {"method", "path", "status", "body" (base64)}."""
        if not self.log:
            return
        line = json.dumps({"method": self.command, "path": self.path, "body":
                           base64.b64encode(bytes(data)).decode()})
        with self.lock, open(self.log, "a") as f:
            f.write(line + "\n")

    def log_message(self, *a):
        pass

    def do_GET(self):
        self.forward()

    def do_POST(self):
        self.forward()

    def do_HEAD(self):
        self.forward()

    def do_DELETE(self):
        self.forward()

    def do_OPTIONS(self):
        self.forward()

    # ---- request side ----
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

    def upstream_headers(self):
        h = [(k, v) for k, v in self.headers.items() if k.lower() not in HOP]
        m = self.mode
        if m == "drop-version":
            h = [(k, v) for k, v in h if k.lower() != "a2a-version"]
        if m == "drop-extension":
            h = [(k, v) for k, v in h if k.lower() not in ("a2a-extensions", "x-a2a-extensions")]
        if m == "auth-terminated":
            h = [(k, v) for k, v in h if k.lower() != "authorization"]
        if m == "version-forced-10" and not any(k.lower() == "a2a-version" for k, _ in h):
            h.append(("A2A-Version", "1.0"))
        if m == "xfwd-via":
            peer = self.client_address[0]
            host = self.headers.get("Host", "")
            h += [("X-Forwarded-For", peer), ("X-Forwarded-Proto", "http"),
                  ("X-Forwarded-Host", host), ("Forwarded", f"for={peer};proto=http;host={host}"),
                  ("Via", "1.1 misgateway45")]
        return h

    def send_upstream(self, method, path, headers, body):
        u = self.upstream
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
        hdrs = dict(headers)
        hdrs["Host"] = u.netloc
        if body or method in ("POST", "PUT", "PATCH"):
            hdrs["Content-Length"] = str(len(body))
        c.request(method, path, body=body if body else None, headers=hdrs)
        return c, c.getresponse()

    def forward(self):
        body = self.read_body()
        path = self.path
        m = self.mode
        if self.command == "POST" and m == "calls-404":
            page = b"<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n"
            return self.answer(404, [("Content-Type", "text/html")], page)
        if m == "card-doubled-path" and path.startswith(PREFIX):
            path = path[len(PREFIX):] or "/"
        rpc = None
        translated = False
        if body and "json" in self.headers.get("Content-Type", ""):
            try:
                rpc = json.loads(body)
            except ValueError:
                rpc = None
        client_id = None
        if isinstance(rpc, dict) and "method" in rpc:
            client_id = rpc.get("id")
            if m in ("id-restore", "id-rewrite"):
                with self.lock:
                    self.counter[0] += 1
                    rpc = dict(rpc, id=f"gw-{self.counter[0]}")
                body = json.dumps(rpc).encode()
            if m in ("translate-ok", "translate-wrong") and rpc.get("method") in METHODS_03_10 \
                    and not self.headers.get("A2A-Version"):
                params = dict(rpc.get("params") or {})
                if "message" in params:
                    params["message"] = msg_03_to_10(params["message"])
                rpc = dict(rpc, method=METHODS_03_10[rpc["method"]], params=params)
                body = json.dumps(rpc).encode()
                translated = True
        headers = self.upstream_headers()
        if translated:
            headers = [(k, v) for k, v in headers if k.lower() != "a2a-version"] + [("A2A-Version", "1.0")]
        try:
            conn, resp = self.send_upstream(self.command, path, headers, body)
            if m == "retry-dup" and isinstance(rpc, dict) and rpc.get("method") in ("SendMessage", "message/send"):
                self.log_upstream(resp.read())  # "timed out": the gateway tries again
                conn.close()
                conn, resp = self.send_upstream(self.command, path, headers, body)
        except OSError as e:
            return self.answer(502, [("Content-Type", "text/plain")], f"upstream: {e}\n".encode())
        try:
            self.relay(resp, client_id, translated)
        finally:
            conn.close()

    # ---- response side ----
    def resp_headers(self, resp, drop=()):
        out = []
        for k, v in resp.getheaders():
            if k.lower() in HOP or k.lower() in drop:
                continue
            out.append((k, v))
        if self.mode == "xfwd-via":
            out.append(("Via", "1.1 misgateway45"))
        return out

    def answer(self, status, headers, body):
        self.send_response_only(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.wfile.flush()

    def accepts_gzip(self):
        return "gzip" in self.headers.get("Accept-Encoding", "")

    def relay(self, resp, client_id, translated):
        m = self.mode
        ctype = resp.getheader("Content-Type", "") or ""
        path = self.path.split("?")[0]
        if self.command == "GET" and (path.endswith("agent-card.json") or path.endswith("agent.json")):
            return self.relay_card(resp)
        if "text/event-stream" in ctype:
            return self.relay_stream(resp, client_id, translated)
        data = resp.read()
        self.log_upstream(data)
        status = resp.status
        headers = self.resp_headers(resp)
        if data and "json" in ctype:
            try:
                doc = json.loads(data)
            except ValueError:
                doc = None
            if isinstance(doc, dict):
                changed = False
                if m == "id-restore" and "id" in doc:
                    doc["id"] = client_id
                    changed = True
                if m == "translate-ok" and translated and "result" in doc:
                    doc["result"] = result_10_to_03(doc["result"])
                    changed = True
                if m == "state-rewrite" and "TASK_STATE_COMPLETED" in data.decode("utf-8", "replace"):
                    data = data.replace(b'"TASK_STATE_COMPLETED"', b'"TASK_STATE_FAILED"')
                if m == "error-html-502" and "error" in doc:
                    page = (b"<html><head><title>502 Bad Gateway</title></head><body><center>"
                            b"<h1>502 Bad Gateway</h1></center><hr><center>misgateway45</center>"
                            b"</body></html>\n")
                    return self.answer(502, [("Content-Type", "text/html")], page)
                if changed:
                    data = json.dumps(doc).encode()
        if m == "gzip" and data and self.accepts_gzip() and not resp.getheader("Content-Encoding"):
            data = gzip.compress(data)
            headers += [("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")]
        if m != "json-rechunk" or self.command == "HEAD":
            return self.answer(status, headers, data)
        self.send_response_only(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for i in range(0, len(data), 64):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data[i:i + 64]), data[i:i + 64]))
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def relay_card(self, resp):
        data = resp.read()
        self.log_upstream(data)
        u = self.upstream
        base = f"{u.scheme}://{u.netloc}"
        m = self.mode
        if m != "card-upstream-port":
            text = data.decode("utf-8")
            if m == "card-internal-host":
                new = INTERNAL
            elif m == "card-doubled-path":
                new = self.public.rstrip("/") + PREFIX + PREFIX
            else:
                new = self.public.rstrip("/")
            data = text.replace(base, new).encode("utf-8")
        headers = self.resp_headers(resp)
        if m == "gzip" and self.accepts_gzip() and not resp.getheader("Content-Encoding"):
            data = gzip.compress(data)
            headers += [("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")]
        self.answer(resp.status, headers, data)

    def relay_stream(self, resp, client_id, translated):
        m = self.mode
        drop = ("content-type",) if m == "stream-relabel" else ()
        headers = self.resp_headers(resp, drop)
        if m == "stream-relabel":
            headers.append(("Content-Type", "application/octet-stream"))
        pieces = queue.Queue()
        seen = bytearray()  # what the gateway read from the agent

        def reader():
            try:
                while True:
                    d = resp.read1(65536)
                    if not d:
                        break
                    seen.extend(d)
                    pieces.put(d)
            except (OSError, http.client.HTTPException):
                pass
            pieces.put(None)

        threading.Thread(target=reader, daemon=True).start()
        if m == "sse-buffered":
            data = b""
            while True:
                d = pieces.get()
                if d is None:
                    break
                data += d
            self.log_upstream(seen)
            return self.answer(resp.status, headers, data)
        gz = None
        if m == "gzip" and self.accepts_gzip() and not resp.getheader("Content-Encoding"):
            gz = zlib.compressobj(6, zlib.DEFLATED, 31)
            headers += [("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")]
        self.send_response_only(resp.status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

        def chunk(b):
            if b:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(b), b))
                self.wfile.flush()

        pending = b""  # bytes of an event not yet ended by a blank line (event-wise modes)
        events = 0
        eventwise = m in ("sse-cut", "part-rewrite", "id-restore") or translated and m == "translate-ok"
        while True:
            d = pieces.get()
            if d is None:
                break
            if m == "sse-coalesce":
                while True:
                    try:
                        more = pieces.get(timeout=0.04)
                    except queue.Empty:
                        break
                    if more is None:
                        pieces.put(None)
                        break
                    d += more
            if eventwise:
                pending += d
                out = b""
                while True:
                    ends = [i for i in (pending.find(b"\r\n\r\n"), pending.find(b"\n\n")) if i >= 0]
                    if not ends:
                        break
                    i = min(ends)
                    sep = 4 if pending[i:i + 4] == b"\r\n\r\n" else 2
                    ev, pending = pending[:i + sep], pending[i + sep:]
                    out += self.rewrite_event(ev, client_id)
                    events += 1
                    if m == "sse-cut" and events == 2:
                        self.log_upstream(seen)
                        chunk(out)
                        self.wfile.write(b"0\r\n\r\n")
                        self.wfile.flush()
                        resp.close()
                        return
                d = out
            if m == "sse-split":
                for i in range(0, len(d), 7):
                    chunk(d[i:i + 7])
                    time.sleep(0.002)
                continue
            if gz is not None:
                d = gz.compress(d) + gz.flush(zlib.Z_SYNC_FLUSH)
            chunk(d)
        self.log_upstream(seen)
        if gz is not None:
            chunk(gz.flush())
        chunk(pending)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def rewrite_event(self, ev, client_id):
        """One SSE event (ended by its blank line), as the mode sends it on."""
        m = self.mode
        if m == "sse-cut":
            return ev
        text = ev.decode("utf-8")
        lines = text.splitlines(keepends=True)
        out = []
        for ln in lines:
            if ln.startswith("data:"):
                raw = ln[5:].strip()
                try:
                    doc = json.loads(raw)
                except ValueError:
                    out.append(ln)
                    continue
                if m == "part-rewrite":
                    r = doc.get("result", doc)
                    au = r.get("artifactUpdate") or (r if r.get("kind") == "artifact-update" else None)
                    if au:
                        for p in au.get("artifact", {}).get("parts", []):
                            if "text" in p:
                                p["text"] = p["text"].upper()
                if m == "id-restore" and "id" in doc:
                    doc["id"] = client_id
                if m == "translate-ok" and "result" in doc:
                    doc["result"] = result_10_to_03(doc["result"])
                eol = "\r\n" if ln.endswith("\r\n") else "\n"
                out.append("data: " + json.dumps(doc) + eol)
            else:
                out.append(ln)
        return "".join(out).encode("utf-8")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="pass")
    ap.add_argument("--upstream")
    ap.add_argument("--public", default="")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--log", help="append a JSON line per upstream answer (body as read) here")
    a = ap.parse_args()
    if a.list:
        for k, (kind, what) in MODES.items():
            print(f"{k:20} {kind:5} {what}")
        return
    if a.mode not in MODES:
        sys.exit(f"unknown mode {a.mode}; --list")
    Gateway.mode = a.mode
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
    if a.upstream == "-":
        words = sys.stdin.readline().split()
        if not words:
            sys.exit("--upstream -: no UPSTREAM_URL line on stdin")
        Gateway.upstream = urllib.parse.urlsplit(words[0])
        if len(words) > 1:
            Gateway.public = words[1]
    srv.serve_forever()


if __name__ == "__main__":
    main()

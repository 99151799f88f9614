#!/usr/bin/env python3
"""misgateway46.py: a small real HTTP/1.1 reverse proxy (a gateway) in front of an A2A agent's
HTTP+JSON (REST) binding that breaks, or legally bends, what passes through it in one --mode
at a time (stdlib only; threads, one upstream connection per request).

    python3 misgateway46.py --mode MODE --upstream http://127.0.0.1:PORT \
        --public http://127.0.0.1:FRONT [--port N] [--log FILE]
    python3 misgateway46.py --list

Prints its port on the first line of stdout, then serves until killed. Every request goes to
--upstream with the same method, path, query and body (hop-by-hop headers dropped, Host set
to the upstream's); answers come back unbuffered: each piece the upstream sends is written
to the client as one chunk as it arrives. The Agent Card (a GET of a path ending in
`agent-card.json`) is read whole and the upstream base URL in it rewritten to --public, as a
gateway in front of an agent does. Each mode changes one thing on top of that (MODES: what,
and whether the spec makes it a fault or allows it). Session 46 (breaker46): the REST routes
of A2A 1.0 (`/message:send`, `/tasks/{id}`, `/tasks/{id}:cancel`, ...) and 0.3 (`/v1/...`).
"""
import argparse
import base64
import http.client
import http.server
import json
import queue
import re
import socket
import sys
import threading
import urllib.parse
import zlib

MODES = {
    # legal bends: nothing may fire; the recording proxy forwards them untouched
    "pass": ("legal", "a faithful gateway: card urls rewritten to the public base, all else forwarded"),
    "media-json": ("legal", "Content-Type application/a2a+json rewritten to application/json on requests and answers"),
    "prefix-strip": ("legal", "the agent published under /a2a: card urls get /a2a, the gateway strips it upstream"),
    "cors-preflight": ("legal", "CORS preflights (OPTIONS with Origin) answered by the gateway; Access-Control-Allow-Origin on answers"),
    "card-cache": ("legal", "Cache-Control: max-age=300 and an ETag added to the card"),
    "rechunk": ("legal", "JSON answers re-sent chunked (64-byte chunks); request bodies sent upstream chunked"),
    "sse-reframe": ("legal", "REST SSE events re-framed: CRLF, `data:` without its space, the JSON over two data lines, a comment"),
    # faults: the gateway's, to be charged on the gateway, not the agent
    "colon-encoded": ("fault", "the `:` of a custom verb sent upstream percent-encoded (/message%3Asend)"),
    "verb-slash": ("fault", "custom verbs turned into path segments upstream (/message/send, /tasks/{id}/cancel)"),
    "prefix-doubled": ("fault", "the /rest prefix doubled upstream (/rest/rest/message:send: a tenant `rest` added)"),
    "v1-dropped": ("fault", "the 0.3 /v1 segment dropped upstream (/rest/v1/message:send -> /rest/message:send)"),
    "query-dropped": ("fault", "the query string of GETs dropped upstream (historyLength, pageSize)"),
    "query-snake": ("fault", "query parameter names sent upstream in snake_case (history_length, page_size)"),
    "post-to-get": ("fault", "a POST :cancel sent upstream as a GET without its body (an internal 303 followed)"),
    "ct-text-plain": ("fault", "request Content-Type rewritten to text/plain upstream"),
    "drop-version": ("fault", "A2A-Version dropped on the way upstream"),
    "error-own-json": ("fault", "an A2A error answer (google.rpc.Status) replaced by the gateway's own JSON error"),
    "error-html": ("fault", "an A2A error answer replaced by an HTML error page of the same status"),
    "status-500": ("fault", "the HTTP status of an A2A error answer changed to 500, body kept"),
    "status-200": ("fault", "the HTTP status of an A2A error answer changed to 200, body kept"),
    "sse-buffered": ("fault", "REST event streams read whole, then sent at once with Content-Length"),
    "sse-envelope": ("fault", "each REST SSE event wrapped in a JSON-RPC envelope (jsonrpc, id null, result)"),
    "card-internal-rest": ("fault", "the card's HTTP+JSON urls rewritten to the cluster-internal service host"),
    "cancel-retry": ("fault", "a REST cancel sent upstream twice, the second answer returned"),
}

HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer",
       "upgrade", "proxy-authorization", "proxy-authenticate", "host", "content-length"}
INTERNAL = "http://a2a-agent.agents.svc.cluster.local:8080"
PUBLIC_PREFIX = "/a2a"
VERB = re.compile(r":(send|stream|cancel|subscribe)$")


def is_card(path):
    return path.split("?")[0].endswith("agent-card.json")


class Gateway(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    mode = "pass"
    upstream = None
    public = ""
    log = None
    lock = threading.Lock()

    def log_message(self, *a):
        pass

    def log_upstream(self, method, path, data):
        if self.log:
            with self.lock, open(self.log, "a") as f:
                f.write(json.dumps({"method": method, "path": path,
                                    "body": base64.b64encode(bytes(data)).decode()}) + "\n")

    def do_GET(self):
        self.forward()

    def do_POST(self):
        self.forward()

    def do_DELETE(self):
        self.forward()

    def do_HEAD(self):
        self.forward()

    def do_OPTIONS(self):
        if self.mode == "cors-preflight" and self.headers.get("Origin") \
                and self.headers.get("Access-Control-Request-Method"):
            self.read_body()
            return self.answer(204, [
                ("Access-Control-Allow-Origin", self.headers["Origin"]),
                ("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS"),
                ("Access-Control-Allow-Headers", self.headers.get(
                    "Access-Control-Request-Headers", "content-type, a2a-version")),
                ("Access-Control-Max-Age", "600"), ("Vary", "Origin")], b"")
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

    def upstream_path(self):
        """The request target the mode sends upstream."""
        m = self.mode
        path, _, query = self.path.partition("?")
        if m == "prefix-strip" and path.startswith(PUBLIC_PREFIX + "/"):
            path = path[len(PUBLIC_PREFIX):]
        if path.startswith("/rest"):
            if m == "colon-encoded":
                path = path.replace(":", "%3A")
            elif m == "verb-slash":
                path = VERB.sub(r"/\1", path)
            elif m == "prefix-doubled":
                path = "/rest" + path
            elif m == "v1-dropped" and path.startswith("/rest/v1/"):
                path = path[len("/rest/v1"):]
                path = "/rest" + path
            if m == "query-dropped" and self.command == "GET":
                query = ""
            elif m == "query-snake":
                query = re.sub(r"(?<=[a-z])([A-Z])", lambda x: "_" + x.group(1).lower(), query)
        return path + ("?" + query if query else "")

    def upstream_headers(self):
        h = [(k, v) for k, v in self.headers.items() if k.lower() not in HOP]
        m = self.mode
        if m == "drop-version":
            h = [(k, v) for k, v in h if k.lower() != "a2a-version"]
        if m in ("media-json", "ct-text-plain"):
            new = "application/json" if m == "media-json" else "text/plain"
            h = [(k, new if k.lower() == "content-type" and (m == "ct-text-plain" or "a2a+json" in v) else v)
                 for k, v in h]
        return h

    def send_upstream(self, method, path, headers, body):
        u = self.upstream
        c = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
        hdrs = dict(headers)
        hdrs["Host"] = u.netloc
        if self.mode == "rechunk" and body:
            pieces = [body[i:i + 64] for i in range(0, len(body), 64)]
            hdrs["Transfer-Encoding"] = "chunked"
            c.request(method, path, body=iter(pieces), headers=hdrs, encode_chunked=True)
        else:
            if body or method in ("POST", "PUT", "PATCH"):
                hdrs["Content-Length"] = str(len(body))
            c.request(method, path, body=body if body else None, headers=hdrs)
        return c, c.getresponse()

    def forward(self):
        body = self.read_body()
        m = self.mode
        method, path = self.command, self.upstream_path()
        if m == "post-to-get" and method == "POST" and path.split("?")[0].endswith(":cancel"):
            method, body = "GET", b""
        headers = self.upstream_headers()
        if method != self.command:  # the body went with the method: its Content-Type too
            headers = [(k, v) for k, v in headers if k.lower() != "content-type"]
        try:
            conn, resp = self.send_upstream(method, path, headers, body)
            if m == "cancel-retry" and method == "POST" and path.endswith(":cancel"):
                self.log_upstream(method, path, resp.read())  # "timed out": the gateway tries again
                conn.close()
                conn, resp = self.send_upstream(method, path, headers, body)
        except OSError as e:
            return self.answer(502, [("Content-Type", "text/plain")], f"upstream: {e}\n".encode())
        try:
            self.relay(resp, method, path)
        finally:
            conn.close()

    # ---- response side ----
    def resp_headers(self, resp, drop=()):
        out = [(k, v) for k, v in resp.getheaders() if k.lower() not in HOP and k.lower() not in drop]
        m = self.mode
        if m == "media-json":
            out = [(k, v.replace("application/a2a+json", "application/json")
                    if k.lower() == "content-type" else v) for k, v in out]
        if m == "cors-preflight" and self.headers.get("Origin"):
            out += [("Access-Control-Allow-Origin", self.headers["Origin"]), ("Vary", "Origin")]
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

    def chunked_head(self, status, headers):
        self.send_response_only(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def chunk(self, b):
        if b:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(b), b))
            self.wfile.flush()

    def relay(self, resp, method, path):
        m = self.mode
        ctype = resp.getheader("Content-Type", "") or ""
        if self.command == "GET" and is_card(self.path):
            return self.relay_card(resp, method, path)
        if "text/event-stream" in ctype:
            return self.relay_stream(resp, method, path)
        data = resp.read()
        self.log_upstream(method, path, data)
        status = resp.status
        headers = self.resp_headers(resp)
        if status >= 400 and "json" in ctype and b'"error"' in data:
            if m == "error-own-json":
                own = json.dumps({"message": "An invalid response was received from the upstream server",
                                  "request_id": "gw46-0001"}).encode()
                headers = [(k, v) for k, v in headers if k.lower() != "content-type"]
                return self.answer(status, headers + [("Content-Type", "application/json")], own)
            if m == "error-html":
                page = (b"<html><head><title>%d</title></head><body><center><h1>%d %s</h1></center>"
                        b"<hr><center>misgateway46</center></body></html>\n"
                        % (status, status, resp.reason.encode()))
                headers = [(k, v) for k, v in headers if k.lower() != "content-type"]
                return self.answer(status, headers + [("Content-Type", "text/html")], page)
            if m == "status-500":
                status = 500
            if m == "status-200":
                status = 200
        if m != "rechunk" or self.command == "HEAD":
            return self.answer(status, headers, data)
        self.chunked_head(status, headers)
        for i in range(0, len(data), 64):
            self.chunk(data[i:i + 64])
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def relay_card(self, resp, method, path):
        data = resp.read()
        self.log_upstream(method, path, data)
        u = self.upstream
        base = f"{u.scheme}://{u.netloc}"
        m = self.mode
        pub = self.public.rstrip("/")
        try:
            card = json.loads(data)
        except ValueError:
            card = None
        if isinstance(card, dict):
            def fix(url, binding):
                if not isinstance(url, str) or not url.startswith(base):
                    return url
                rest = url[len(base):]
                if m == "card-internal-rest" and binding == "HTTP+JSON":
                    return INTERNAL + rest
                if m == "prefix-strip":
                    return pub + PUBLIC_PREFIX + rest
                return pub + rest
            for i in card.get("supportedInterfaces") or []:
                if isinstance(i, dict):
                    i["url"] = fix(i.get("url"), i.get("protocolBinding"))
            if "url" in card:
                card["url"] = fix(card["url"], card.get("preferredTransport"))
            for i in card.get("additionalInterfaces") or []:
                if isinstance(i, dict):
                    i["url"] = fix(i.get("url"), i.get("transport"))
            data = json.dumps(card).encode()
        headers = self.resp_headers(resp)
        if m == "card-cache":
            headers += [("Cache-Control", "public, max-age=300"),
                        ("ETag", '"gw46-%08x"' % zlib.crc32(data))]
        self.answer(resp.status, headers, data)

    def relay_stream(self, resp, method, path):
        m = self.mode
        headers = self.resp_headers(resp)
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
            self.log_upstream(method, path, seen)
            return self.answer(resp.status, headers, data)
        self.chunked_head(resp.status, headers)
        eventwise = m in ("sse-reframe", "sse-envelope")
        pending = b""
        while True:
            d = pieces.get()
            if d is None:
                break
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
                    out += self.rewrite_event(ev)
                d = out
            self.chunk(d)
        self.log_upstream(method, path, seen)
        self.chunk(pending)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def rewrite_event(self, ev):
        """One SSE event (ended by its blank line), as the mode sends it on."""
        text = ev.decode("utf-8")
        data = [ln[5:].lstrip(" ") for ln in text.splitlines() if ln.startswith("data:")]
        other = [ln for ln in text.splitlines() if ln and not ln.startswith("data:")]
        if not data:
            return ev
        doc_text = "\n".join(data)
        if self.mode == "sse-envelope":
            try:
                doc = json.loads(doc_text)
            except ValueError:
                return ev
            out = other + ["data: " + json.dumps({"jsonrpc": "2.0", "id": None, "result": doc})]
            return ("\n".join(out) + "\n\n").encode("utf-8")
        # sse-reframe: the same JSON document, framed another legal way (W3C SSE: data lines
        # joined with LF; a JSON text may hold an LF wherever it may hold a space)
        cut = doc_text.find(", ")
        lines = [": misgateway46"] + other
        if cut > 0:
            lines += ["data:" + doc_text[:cut + 1], "data:" + doc_text[cut + 2:]]
        else:
            lines += ["data:" + doc_text]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8")


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
    srv.serve_forever()


if __name__ == "__main__":
    main()

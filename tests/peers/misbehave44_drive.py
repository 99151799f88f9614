#!/usr/bin/env python3
"""Drive misbehave44.py (one mode or all) through the real `a2a-interop proxy --record
--report --lossless` with curl as the client, then compare the findings with
tests/cases/live44-predictions.json. misbehave43_drive.py's round, table and byte check
(imported, not copied), with misbehave44's agent and a client whose card fetch does what
each card mode needs: a HEAD and two OPTIONS preflights (card-head-options), a redirect
followed through the proxy (card-redirect-*), a revalidation with If-None-Match
(v10-card-304), the 0.2 path after a 404 (v10-card-02-path-only); a 3 s patience on the
stream of sse-stall-resume; two calls on one kept-alive client connection
(close-on-reuse).

    python3 misbehave44_drive.py BIN OUTDIR [MODE...]

Writes OUTDIR/MODE.json and prints one line per mode (OK / MISS, predicted, got, flags:
ONLINE!=OFFLINE, PROXY rc, BYTES when a client answer differs from what the proxy recorded).
"""
import http.client
import json
import os
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave43_drive as d43  # noqa: E402
import misbehave_drive as d  # noqa: E402

d.AGENT = os.path.join(HERE, "misbehave44.py")
d43.PRED = os.path.join(HERE, "..", "cases", "live44-predictions.json")
CURL = d.curl
PATIENCE = [15]


def curl(url, body=None, headers=(), timeout=15, method=None):
    """misbehave_drive.curl, with the stream calls' patience of the mode."""
    streams = isinstance(body, dict) and (
        body.get("method") in ("message/stream", "SendStreamingMessage")
        or url.endswith("/message:stream"))
    return CURL(url, body, headers, PATIENCE[0] if streams else timeout, method)


d.curl = curl


def card_steps(base, mode, log):
    """The card fetch of `mode`, each request a step of `log`."""
    url = base + "/.well-known/agent-card.json"
    if mode in ("card-head-options", "gzip-bodiless"):
        log.append(("card-head", curl(url, method="HEAD")))
    if mode == "card-head-options":
        pre = ["Origin: https://app.example", "Access-Control-Request-Method: GET"]
        log.append(("card-options", curl(url, headers=pre, method="OPTIONS")))
        pre = ["Origin: https://app.example", "Access-Control-Request-Method: POST",
               "Access-Control-Request-Headers: content-type, a2a-version"]
        log.append(("rpc-options", curl(base + "/", headers=pre, method="OPTIONS")))
    # a client whose cache kept the card of an earlier run revalidates its first fetch
    warm = ['If-None-Match: "m44-1"'] if mode == "v10-card-304-first" else []
    r = curl(url, headers=warm)
    log.append(("card", r))
    if 300 <= r["status"] < 400 and r["headers"].get("location"):
        log.append(("card-follow", curl(urllib.parse.urljoin(url, r["headers"]["location"]))))
    if r["status"] == 404:
        log.append(("card-0.2-path", curl(base + "/.well-known/agent.json")))
    if mode in ("v10-card-304", "v10-card-304-first", "gzip-bodiless"):
        etag = r["headers"].get("etag", "")
        log.append(("card-revalidate", curl(url, headers=[f"If-None-Match: {etag}"])))


def kept_alive(base, log):
    """One client connection kept alive for two calls (Python's http.client): the card,
    then a message/send on the same connection, each a step of `log`. The proxy keeps one
    upstream connection per client connection, so the agent sees the second call on the
    first's connection (curl opens a connection per call: the agent never sees one reused)."""
    u = urllib.parse.urlsplit(base)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=15)
    body = json.dumps({"jsonrpc": "2.0", "id": 100, "method": "message/send",
                       "params": {"message": d.message(False, "task kept alive")}})
    for step, method, path, data in (
            ("kept-alive-card", "GET", "/.well-known/agent-card.json", None),
            ("kept-alive-send", "POST", "/", body)):
        t0 = time.monotonic()
        hdrs = {"Content-Type": "application/json"} if data else {}
        try:
            c.request(method, path, body=data, headers=hdrs)
            r = c.getresponse()
            got = r.read()
            log.append((step, {"status": r.status, "body": got, "err": "", "rc": 0,
                               "headers": {k.lower(): v for k, v in r.getheaders()},
                               "times": [(round(time.monotonic() - t0, 3), got)]}))
        except (OSError, http.client.HTTPException) as e:
            log.append((step, {"status": 0, "headers": {}, "body": b"", "times": [],
                               "err": repr(e), "rc": 1}))
    c.close()


def client(base, mode):
    d.ACCEPT = "gzip, deflate, br"
    PATIENCE[0] = 3 if mode == "sse-stall-resume" else 15
    log = []
    card_steps(base, mode, log)
    if mode == "close-on-reuse":
        kept_alive(base, log)
    if mode.startswith("rest-"):
        d43.rest_client(base, mode, log)
    else:
        d43.rpc_client(base, mode, log)
    return log


d.client = client

if __name__ == "__main__":
    d43.main()

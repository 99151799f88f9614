#!/usr/bin/env python3
"""Drive misbehave44.py (one mode or all) through the real `a2a-interop proxy --record
--report --lossless` with curl as the client, then compare the findings with
tests/cases/live44-predictions.json. misbehave43_drive.py's round, table and byte check
(imported, not copied), with misbehave44's agent and a client whose card fetch does what
each card mode needs: a HEAD and two OPTIONS preflights (card-head-options), a redirect
followed through the proxy (card-redirect-*), a revalidation with If-None-Match
(v10-card-304), the 0.2 path after a 404 (v10-card-02-path-only); a 3 s patience on the
stream of sse-stall-resume.

    python3 misbehave44_drive.py BIN OUTDIR [MODE...]

Writes OUTDIR/MODE.json and prints one line per mode (OK / MISS, predicted, got, flags:
ONLINE!=OFFLINE, PROXY rc, BYTES when a client answer differs from what the proxy recorded).
"""
import json
import os
import sys
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
    if mode == "card-head-options":
        log.append(("card-head", curl(url, method="HEAD")))
        pre = ["Origin: https://app.example", "Access-Control-Request-Method: GET"]
        log.append(("card-options", curl(url, headers=pre, method="OPTIONS")))
        pre = ["Origin: https://app.example", "Access-Control-Request-Method: POST",
               "Access-Control-Request-Headers: content-type, a2a-version"]
        log.append(("rpc-options", curl(base + "/", headers=pre, method="OPTIONS")))
    r = curl(url)
    log.append(("card", r))
    if 300 <= r["status"] < 400 and r["headers"].get("location"):
        log.append(("card-follow", curl(urllib.parse.urljoin(url, r["headers"]["location"]))))
    if r["status"] == 404:
        log.append(("card-0.2-path", curl(base + "/.well-known/agent.json")))
    if mode == "v10-card-304":
        etag = r["headers"].get("etag", "")
        log.append(("card-revalidate", curl(url, headers=[f"If-None-Match: {etag}"])))


def client(base, mode):
    d.ACCEPT = "gzip, deflate, br"
    PATIENCE[0] = 3 if mode == "sse-stall-resume" else 15
    log = []
    card_steps(base, mode, log)
    if mode.startswith("rest-"):
        d43.rest_client(base, mode, log)
    else:
        d43.rpc_client(base, mode, log)
    return log


d.client = client

if __name__ == "__main__":
    d43.main()

#!/usr/bin/env python3
"""Drive misbehave.py (one mode or all) through the real `a2a-interop proxy` with curl, and
with `a2a-interop probe` directly, then compare the findings with the predictions.

    python3 misbehave_drive.py BIN OUTDIR [MODE...]

MISBEHAVE_NO_PROBE=1 leaves the probe round out (tests/live_breaker41.rs);
MISBEHAVE_CLIENT=sdk-py drives the proxy with the a2a-sdk client of tests/peers/python
instead of curl (no byte check, no probe round).

For each mode: the agent behind `proxy --record --report` (online findings: the --report
JSON and the stderr lines), curl as the client (card, send, stream, get, a follow-up and a
cancel on the completed task, an unknown task, a long task canceled); then `verify` of the
recording (offline: must equal online), the bytes curl got against the bytes the proxy
recorded from the agent (untouched), the stream's events' arrival times (unbuffered), and
`probe` of a second agent instance with `verify` of its recording (active = passive).
Writes OUTDIR/MODE.json and prints one line per mode; predictions come from
tests/cases/live41-predictions.json (rule ids, any severity).
"""
import gzip
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "misbehave.py")
PRED = os.path.join(HERE, "..", "cases", "live41-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


READY = "  ready: "


class PortTaken(Exception):
    """The proxy exited at start because a port it was given was taken (another process bound
    it between the driver's free_port() probe and the proxy's bind), or because a peer the
    driver started on port 0 was given one of the ports the driver had picked for the proxy
    (the proxy then refuses an --upstream naming its own listen address, a request loop):
    start again on others."""


def parse_ready(line):
    """The proxy banner's ready line (`  ready: listen=IP:PORT
    listener=LEG@IP:PORT ...`) as {"listen": port, "listeners": [(leg, port), ...]}; None
    for any other line."""
    if not line.startswith(READY):
        return None
    words = line[len(READY):].split()
    out = {"listen": int(words[0].split("=", 1)[1].rsplit(":", 1)[1]), "listeners": []}
    for w in words[1:]:
        leg, addr = w.split("=", 1)[1].split("@", 1)
        out["listeners"].append((leg, int(addr.rsplit(":", 1)[1])))
    return out


def start_proxy(bin_, args, errpath, env=None):
    """`BIN proxy ARGS` (`--listen 127.0.0.1:0` and `--listener LEG@127.0.0.1:0=URL` where no
    one must know the port first), its stderr copied to `errpath`; returns (process, ready)
    once the banner's ready line says every listener is bound (ready as parse_ready gives
    it). A proxy that exits before that raises PortTaken when a port it was given was in use
    (another process took a free_port() before the proxy bound it), RuntimeError otherwise:
    the driver never talks to a port the proxy does not hold (CI 146: a port wait saw another
    test's listener)."""
    proxy = subprocess.Popen([bin_, "proxy"] + args, stderr=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, text=True,
                             env=env or dict(os.environ, NO_COLOR="1"))
    errf = open(errpath, "w")
    seen, ready = [], None
    for line in proxy.stderr:
        errf.write(line)
        errf.flush()
        seen.append(line)
        ready = parse_ready(line.rstrip("\n"))
        if ready:
            break

    def copy_rest():
        for line in proxy.stderr:
            errf.write(line)
            errf.flush()
        errf.close()

    if ready is None:
        proxy.wait()
        errf.close()
        text = "".join(seen)
        if "address already in use" in text or "(a request loop)" in text:
            raise PortTaken(text)
        raise RuntimeError(f"the proxy exited before its ready line: {text}")
    # joined (stop_proxy) before the stderr file is read
    proxy.copier = threading.Thread(target=copy_rest, daemon=True)
    proxy.copier.start()
    return proxy, ready


def stop_proxy(proxy, secs=60):
    """SIGTERM to a start_proxy() process: its exit status ("hung" when it had not exited
    `secs` later, then killed), once its stderr is all in its file."""
    proxy.send_signal(signal.SIGTERM)
    try:
        rc = proxy.wait(secs)
    except subprocess.TimeoutExpired:
        proxy.kill()
        proxy.wait()
        rc = "hung"
    proxy.copier.join()
    return rc


def start_agent(mode, public=None):
    args = [sys.executable, AGENT, "--mode", mode]
    if public:
        args += ["--public", public]
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = int(p.stdout.readline())
    return p, port


def rules_in(obj, out=None):
    """Rule ids of a JSON report: every `rule` / `ruleId` member."""
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("rule", "ruleId", "rule_id") and isinstance(v, str) and RULE.fullmatch(v):
                out.add(v)
            else:
                rules_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            rules_in(v, out)
    return out


def decode(body, headers):
    enc = headers.get("content-encoding", "").lower()
    try:
        if enc == "gzip":
            return gzip.decompress(body)
        if enc == "deflate":
            return zlib.decompress(body)
        if enc == "br":
            return brotli_stored_decode(body)
    except Exception:
        return body
    return body


def brotli_stored_decode(b):
    """Inverse of misbehave.brotli_stored (stored meta-blocks only)."""
    out, i = bytearray(), 0
    # header byte layout: bit0 WBITS=0, bit1 ISLAST, bits2-3 MNIBBLES, 16 bits MLEN-1, 1 bit
    # ISUNCOMPRESSED, pad: 3 bytes in all for the first block; later blocks start byte-aligned
    first = True
    while i < len(b):
        bits = int.from_bytes(b[i:i + 4], "little")
        shift = 1 if first else 0
        if (bits >> shift) & 1:
            break
        mlen = ((bits >> (shift + 3)) & 0xFFFF) + 1
        i += 3
        out += b[i:i + mlen]
        i += mlen
        first = False
    return bytes(out)


ACCEPT = "gzip, deflate, br"


def curl(url, body=None, headers=(), timeout=15, method=None):
    """(status, headers dict, body bytes, [(t, line)] of a streamed body) of one call;
    transfer decoding by curl, content encoding kept (no --compressed). `method` HEAD sends
    a HEAD (curl --head), any other names the request method (curl -X)."""
    hfile = f"/tmp/breaker41-h-{uuid.uuid4()}"
    args = ["curl", "-sS", "-N", "-D", hfile, "--max-time", str(timeout),
            "-H", f"Accept-Encoding: {ACCEPT}"]
    if method == "HEAD":
        args += ["--head", "-o", "/dev/null"]
    elif method:
        args += ["-X", method]
    for h in headers:
        args += ["-H", h]
    if body is not None:
        args += ["-H", "Content-Type: application/json", "--data-binary", json.dumps(body)]
    args.append(url)
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    data, times = b"", []
    while True:
        line = p.stdout.readline()
        if not line:
            break
        data += line
        times.append((round(time.monotonic() - t0, 3), line))
    err = p.stderr.read().decode(errors="replace")
    p.wait()
    status, hdrs = 0, {}
    try:
        with open(hfile, "rb") as f:
            for ln in f.read().decode("latin-1").split("\r\n"):
                if ln.startswith("HTTP/"):
                    status, hdrs = int(ln.split()[1]), {}
                elif ":" in ln:
                    k, v = ln.split(":", 1)
                    hdrs[k.strip().lower()] = v.strip()
        os.unlink(hfile)
    except (OSError, ValueError, IndexError):
        pass
    return {"status": status, "headers": hdrs, "body": data, "times": times, "err": err,
            "rc": p.returncode}


def json_results(resp):
    """JSON-RPC objects of an answer: one JSON body, or each SSE event's data."""
    body = decode(resp["body"], resp["headers"])
    try:
        return [json.loads(body)]
    except ValueError:
        pass
    out, data = [], []
    for ln in re.split(rb"\r\n|\r|\n", body):
        if ln.startswith(b"data:"):
            data.append(ln[5:].strip())
        elif not ln and data:
            try:
                out.append(json.loads(b"\n".join(data)))
            except ValueError:
                pass
            data = []
    if data:
        try:
            out.append(json.loads(b"\n".join(data)))
        except ValueError:
            pass
    return out


def task_id(objs):
    for o in objs:
        r = o.get("result") if isinstance(o, dict) else None
        if not isinstance(r, dict):
            continue
        r = r.get("task", r)
        if isinstance(r, dict) and isinstance(r.get("id"), str):
            return r["id"]
        if isinstance(r, dict) and isinstance(r.get("taskId"), str):
            return r["taskId"]
    return None


def message(v10, text, task=None):
    m = {"role": "ROLE_USER" if v10 else "user", "messageId": str(uuid.uuid4()),
         "parts": [{"text": text} if v10 else {"kind": "text", "text": text}]}
    if not v10:
        m["kind"] = "message"
    if task:
        m["taskId"] = task
    return m


def client(base, mode):
    """curl as an A2A client that follows the card (when its url is on the proxy)."""
    global ACCEPT
    # httpx without the brotli package asks for these two only
    ACCEPT = "gzip, deflate" if mode == "br-unasked" else "gzip, deflate, br"
    log = []
    v10 = mode.startswith("v10-") or mode == "control-10"
    card_path = "/.well-known/agent.json" if mode == "control-02" else \
        "/.well-known/agent-card.json"
    r = curl(base + card_path)
    log.append(("card", r))
    url = base + "/"
    try:
        c = json.loads(decode(r["body"], r["headers"]))
        u = c["supportedInterfaces"][0]["url"] if v10 else c["url"]
        if u.startswith(base):
            url = u
    except (ValueError, KeyError, IndexError, TypeError):
        pass
    hdr = ["A2A-Version: 1.0"] if v10 else []
    names = {"send": "SendMessage", "stream": "SendStreamingMessage", "get": "GetTask",
             "cancel": "CancelTask"} if v10 else {
        "send": "message/send", "stream": "message/stream", "get": "tasks/get",
        "cancel": "tasks/cancel"}
    n = [0]

    def call(what, params, step, h=None):
        n[0] += 1
        r = curl(url, {"jsonrpc": "2.0", "id": n[0], "method": names.get(what, what),
                       "params": params}, hdr if h is None else h)
        log.append((step, r))
        return json_results(r)

    t2 = task_id(call("send", {"message": message(v10, "task hello")}, "send"))
    call("stream", {"message": message(v10, "task streamed")}, "stream")
    if t2:
        call("get", {"id": t2}, "get")
        call("send", {"message": message(v10, "task again", t2)}, "follow-up-terminal")
        call("cancel", {"id": t2}, "cancel-terminal")
    call("get", {"id": "no-such-task"}, "get-unknown")
    t8 = task_id(call("send", {"message": message(v10, "long job"), "configuration": (
        {"returnImmediately": True} if v10 else {"blocking": False})}, "send-long"))
    if t8:
        call("cancel", {"id": t8}, "cancel-working")
    if mode in ("v10-dual", "v10-serves-03"):
        call("message/send", {"message": message(False, "task in 0.3")}, "send-03", h=[])
    return log


def run_proxy_round(bin_, out, mode):
    rec, rep = os.path.join(out, f"{mode}.proxy.jsonl"), os.path.join(out, f"{mode}.report.json")
    errpath = os.path.join(out, f"{mode}.proxy.stderr")
    for attempt in range(1, 6):
        # the agent's card advertises the proxy's address, so its port is picked before the
        # proxy starts; a port taken before the proxy binds it is a PortTaken: other ports
        pport = free_port()
        base = f"http://127.0.0.1:{pport}"
        agent, aport = start_agent(mode, base)
        for f in (rec, rep):
            if os.path.exists(f):
                os.unlink(f)
        try:
            proxy, _ = start_proxy(bin_, ["--listen", f"127.0.0.1:{pport}", "--upstream",
                                          f"http://127.0.0.1:{aport}", "--record", rec,
                                          "--report", rep, "--lossless"], errpath)
            break
        except PortTaken:
            agent.kill()
            agent.wait()
            if attempt == 5:
                raise
    if os.environ.get("MISBEHAVE_CLIENT") == "sdk-py":
        # the a2a-sdk client of tests/peers (JSON-RPC 0.3): its STEP lines, no byte check
        py = os.path.join(HERE, ".venv", "bin", "python")
        r = subprocess.run([py, "client.py", base, "--binding", "JSONRPC",
                            "--protocol-version", "1.0" if mode.startswith("v10") else "0.3"],
                           cwd=os.path.join(HERE, "python"), capture_output=True, text=True,
                           timeout=120)
        log = []
        sdk = [ln for ln in r.stdout.splitlines() if ln.startswith(("STEP", "RESULT"))]
    else:
        log, sdk = client(base, mode), None
    alive = proxy.poll() is None
    rc = stop_proxy(proxy)
    agent.kill()
    agent.wait()
    online = set()
    try:
        online = rules_in(json.load(open(rep)))
    except (OSError, ValueError):
        pass
    stderr_rules = set(RULE.findall(open(os.path.join(out, f"{mode}.proxy.stderr")).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = rules_in(json.loads(v.stdout))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    untouched = compare_bytes(rec, log)
    return {"online": sorted(online), "stderr": sorted(stderr_rules),
            "offline": sorted(offline), "proxy_alive": alive, "proxy_rc": rc,
            "untouched": untouched, "sdk": sdk,
            "steps": [(s, r["status"], r["rc"], [t for t, _ in r["times"]][:8]) for s, r in log]}


def compare_bytes(rec, log):
    """Each client answer body against the agent's response chunks the proxy recorded, in
    order: [step, 'same' | 'differs' | 'missing']."""
    bodies = {}
    order = []
    try:
        for ln in open(rec):
            e = json.loads(ln)
            if e.get("type") == "request_head":
                order.append(e["exchange"])
                bodies[e["exchange"]] = b""
            if e.get("type") == "exchange_end" and str(e.get("error", "")).startswith(
                    "redaction: response body left out"):
                bodies[e["exchange"]] = None  # withheld by the redactor, said in the note
            if e.get("type") == "response_chunk" and bodies.get(e["exchange"], b"") is not None:
                d = e.get("body", "")
                if e.get("encoding") == "base64":
                    import base64
                    d = base64.b64decode(d)
                else:
                    d = d.encode()
                bodies[e["exchange"]] = bodies.get(e["exchange"], b"") + d
    except (OSError, ValueError, KeyError):
        return "unreadable"
    out = []
    for i, (step, r) in enumerate(log):
        if i >= len(order):
            out.append((step, "missing"))
            continue
        got = bodies.get(order[i], b"")
        if got is None:
            out.append((step, "same"))  # not recorded on purpose (redaction's note)
            continue
        out.append((step, "same" if got == r["body"] else f"differs {len(got)}/{len(r['body'])}"))
    return out


def run_probe_round(bin_, out, mode):
    agent, aport = start_agent(mode)
    rec, rep = os.path.join(out, f"{mode}.probe.jsonl"), os.path.join(out, f"{mode}.probe.json")
    for f in (rec, rep):
        if os.path.exists(f):
            os.unlink(f)
    p = subprocess.run([bin_, "probe", f"http://127.0.0.1:{aport}", "--record", rec,
                        "--format", "json", "-o", rep, "--timeout", "8s", "-q"],
                       capture_output=True, timeout=300)
    agent.kill()
    agent.wait()
    try:
        online = rules_in(json.load(open(rep)))
    except (OSError, ValueError):
        online = {"PROBE-FAILED"}
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = rules_in(json.loads(v.stdout))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    return {"probe": sorted(online), "probe_offline": sorted(offline), "probe_rc": p.returncode,
            "probe_err": p.stderr.decode(errors="replace")[-600:]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"]
    modes = sys.argv[3:] or list(pred)
    for mode in modes:
        res = {"mode": mode}
        res.update(run_proxy_round(bin_, out, mode))
        if os.environ.get("MISBEHAVE_CLIENT") != "sdk-py" and not os.environ.get(
                "MISBEHAVE_NO_PROBE"):
            res.update(run_probe_round(bin_, out, mode))
        else:
            res.update({"probe": [], "probe_offline": []})
        want = set(pred.get(mode, {}).get("predict", []))
        res["predicted"] = sorted(want)
        res["as_predicted"] = set(res["online"]) == want
        json.dump(res, open(os.path.join(out, f"{mode}.json"), "w"), indent=1, default=str)
        flags = []
        if set(res["online"]) != set(res["offline"]):
            flags.append("ONLINE!=OFFLINE")
        if set(res["probe"]) != set(res["probe_offline"]):
            flags.append("PROBE!=VERIFY")
        if not res["proxy_alive"] or res["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={res['proxy_rc']} alive={res['proxy_alive']}")
        if any(u != "same" for _, u in res["untouched"]) if isinstance(res["untouched"], list) \
                else True:
            flags.append("BYTES")
        if res.get("sdk"):
            flags.append("sdk: " + " ".join(ln.split(" ", 3)[1] + ":" + ln.split(" ", 3)[2]
                                            for ln in res["sdk"] if ln.startswith("STEP")))
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {mode:22} pred={sorted(want)} "
              f"got={res['online']} probe={res['probe']} {' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()

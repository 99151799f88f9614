#!/usr/bin/env python3
"""Drive misbehave43.py (one mode or all) through the real `a2a-interop proxy --record
--report --lossless` with curl as the client, then compare the findings with
tests/cases/live43-predictions.json. misbehave_drive.py's proxy round, byte check and rule
reading, with misbehave43's agent and a client that also speaks the 1.0 HTTP+JSON binding.

    python3 misbehave43_drive.py BIN OUTDIR [MODE...]

Writes OUTDIR/MODE.json and prints one line per mode (OK / MISS, predicted, got, flags:
ONLINE!=OFFLINE, PROXY rc, BYTES when a client answer differs from what the proxy recorded).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402

d.AGENT = os.path.join(HERE, "misbehave43.py")
PRED = os.path.join(HERE, "..", "cases", "live43-predictions.json")


def message(v10, text, task=None):
    return d.message(v10, text, task)


def rest_client(base, mode, log):
    h = ["A2A-Version: 1.0"]

    def call(step, method, path, body=None):
        r = d.curl(base + path, body, h) if method == "POST" else d.curl(base + path, None, h)
        log.append((step, r))
        objs = d.json_results(r)
        for o in objs:
            if isinstance(o, dict):
                t = o.get("task", o)
                if isinstance(t, dict) and isinstance(t.get("id"), str):
                    return t["id"]
        return None

    t2 = call("send", "POST", "/message:send", {"message": message(True, "task hello")})
    call("stream", "POST", "/message:stream", {"message": message(True, "task streamed")})
    if t2:
        call("get", "GET", f"/tasks/{t2}")
        call("follow-up-terminal", "POST", "/message:send",
             {"message": message(True, "task again", t2)})
        call("cancel-terminal", "POST", f"/tasks/{t2}:cancel", {})
        call("subscribe-terminal", "POST", f"/tasks/{t2}:subscribe", {})
    call("get-unknown", "GET", "/tasks/no-such-task")
    t8 = call("send-long", "POST", "/message:send", {
        "message": message(True, "long job"), "configuration": {"returnImmediately": True}})
    if t8:
        call("cancel-working", "POST", f"/tasks/{t8}:cancel", {})


def rpc_client(base, mode, log):
    v10 = mode.startswith("v10-")
    hdr = ["A2A-Version: 1.0"] if v10 else []
    names = {"send": "SendMessage", "stream": "SendStreamingMessage", "get": "GetTask",
             "cancel": "CancelTask", "subscribe": "SubscribeToTask"} if v10 else {
        "send": "message/send", "stream": "message/stream", "get": "tasks/get",
        "cancel": "tasks/cancel", "subscribe": "tasks/resubscribe"}
    # json-bends: ids a double cannot hold (2^53 + 1), negative, zero and unicode strings
    ids = [9007199254740993, "ид-🙂-1", -7, 0, "ü", 18446744073709551615, "x", 12] \
        if mode == "json-bends" else list(range(1, 20))
    n = [0]

    def call(what, params, step):
        rid = ids[n[0] % len(ids)]
        n[0] += 1
        r = d.curl(base + "/", {"jsonrpc": "2.0", "id": rid, "method": names[what],
                                "params": params}, hdr)
        log.append((step, r))
        return d.task_id(d.json_results(r))

    t2 = call("send", {"message": message(v10, "task hello")}, "send")
    call("stream", {"message": message(v10, "task streamed")}, "stream")
    if t2:
        call("get", {"id": t2}, "get")
        call("send", {"message": message(v10, "task again", t2)}, "follow-up-terminal")
        call("cancel", {"id": t2}, "cancel-terminal")
        if mode == "resubscribe-after-terminal":
            call("subscribe", {"id": t2}, "resubscribe-terminal")
    call("get", {"id": "no-such-task"}, "get-unknown")
    t8 = call("send", {"message": message(v10, "long job"), "configuration": (
        {"returnImmediately": True} if v10 else {"blocking": False})}, "send-long")
    if t8:
        call("cancel", {"id": t8}, "cancel-working")
    if mode == "v10-close-input-required":
        call("stream", {"message": message(v10, "input please")}, "stream-input")


def client(base, mode):
    d.ACCEPT = "gzip, deflate, br"
    log = []
    log.append(("card", d.curl(base + "/.well-known/agent-card.json")))
    if mode.startswith("rest-"):
        rest_client(base, mode, log)
    else:
        rpc_client(base, mode, log)
    return log


d.client = client


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"]
    modes = sys.argv[3:] or list(pred)
    agreed = 0
    for mode in modes:
        res = {"mode": mode}
        res.update(d.run_proxy_round(bin_, out, mode))
        # CARD-URL-005 (a note): the card names the agent's own address, how the run is set up
        for k in ("online", "offline", "stderr"):
            res[k] = sorted(set(res[k]) - {"CARD-URL-005"})
        want = set(pred.get(mode, {}).get("predict", []))
        res["predicted"] = sorted(want)
        res["as_predicted"] = set(res["online"]) == want
        agreed += res["as_predicted"]
        json.dump(res, open(os.path.join(out, f"{mode}.json"), "w"), indent=1, default=str)
        flags = []
        if set(res["online"]) != set(res["offline"]):
            flags.append(f"ONLINE!=OFFLINE offline={res['offline']}")
        if not res["proxy_alive"] or res["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={res['proxy_rc']} alive={res['proxy_alive']}")
        if not isinstance(res["untouched"], list) or any(
                u != "same" for _, u in res["untouched"]):
            flags.append(f"BYTES {res['untouched']}")
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {mode:28} pred={sorted(want)} "
              f"got={res['online']} {' '.join(flags)}", flush=True)
    print(f"{agreed}/{len(modes)} as predicted", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Drive misbehave56.py's modes (one agent process serving every mode on its own gRPC port,
each mode behind its own real `a2a-interop proxy --record --report --lossless`, started by
misbehave_drive.start_proxy on a port the proxy picks; all modes at once) with a hand-written
grpcio client of the mode's generation (generic calls, raw bytes: 1.0 `lf.a2a.v1.A2AService`
for `g10-` modes, 0.3 `a2a.v1.A2AService` for `g03-`), over h2c through the proxy; then
`verify` each recording offline and compare the rules with tests/cases/live56-predictions.json.

    python3 misbehave56_drive.py BIN OUTDIR [MODE...]

The proxy routes `/.well-known` to the agent's card port (HTTP/1.1) and everything else to the
mode's gRPC port (h2c: the proxy speaks HTTP/2 upstream to an HTTP/2 client). The client's
steps: the card (GET through the proxy); SendMessage `quick one` (T1, completed) and `quick
hi`; SendStreamingMessage `stream two` (T2); GetTask T1 and T2; SendMessage `long job` (T3,
working: 1.0 returnImmediately, 0.3 blocking false); CancelTask T3 and GetTask T3; CancelTask
of the completed T1; GetTask of a task no one handed out; `long job two` (T4), a subscription
to T4 and GetTask T4; a follow-up SendMessage naming T1; CreateTaskPushNotificationConfig on
T4; a subscription to the finished T1. 1.0 calls carry `a2a-version: 1.0` metadata; some modes
add a GetTask of T1 without it (`get-noversion`) or with `a2a-version: 9.9` (`get-v99`).

Writes OUTDIR/MODE.json (online / offline / stderr rules, findings, the proxy's exit, steps as
[name, gRPC status name]) and prints one line per mode.
"""
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "misbehave56.py")
PRED = os.path.join(HERE, "..", "cases", "live56-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
PY = os.path.join(HERE, ".venv", "bin", "python")
if os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(HERE, ".venv")) and \
        os.path.exists(PY):
    # grpcio and the a2a-sdk's protobuf classes live in tests/peers/.venv
    os.execv(PY, [PY, os.path.abspath(__file__)] + sys.argv[1:])
sys.path.insert(0, HERE)
import misbehave_drive  # noqa: E402

import grpc  # noqa: E402  (tests/peers/.venv: this driver runs under its python)
from a2a.compat.v0_3 import a2a_v0_3_pb2 as pb03  # noqa: E402
from a2a.types import a2a_pb2 as pb10  # noqa: E402

# modes whose client adds a call (name -> extra steps)
EXTRA = {
    "g10-legal": ["get-v99"],
    "g10-version-required": ["get-noversion"],
    "g10-noversion-served": ["get-noversion"],
    "g10-version-ignored": ["get-v99"],
}


class Client:
    """One mode's grpcio client: generic calls with raw bytes, each logged as a step."""

    def __init__(self, mode, target, base, log):
        self.mode, self.log, self.base = mode, log, base
        self.v10 = mode.startswith("g10-")
        self.pb = pb10 if self.v10 else pb03
        self.svc = "lf.a2a.v1.A2AService" if self.v10 else "a2a.v1.A2AService"
        self.ch = grpc.insecure_channel(target, options=[("grpc.enable_http_proxy", 0)])
        self.held = []

    def md(self, version="1.0"):
        return (("a2a-version", version),) if self.v10 and version else ()

    def unary(self, step, method, req, version="1.0"):
        call = self.ch.unary_unary(f"/{self.svc}/{method}")
        try:
            raw = call(req.SerializeToString(), metadata=self.md(version), timeout=20)
            self.log.append((step, "OK"))
            return raw
        except grpc.RpcError as e:
            self.log.append((step, e.code().name))
            return None

    def stream(self, step, method, req, hold=False):
        """A server-streaming call's messages; `hold`: return once a terminal status arrived
        (the call stays open, read on in a thread until it ends)."""
        call = self.ch.unary_stream(f"/{self.svc}/{method}")
        it = call(req.SerializeToString(), metadata=self.md(), timeout=30)
        got, seen = [], threading.Event()

        def read():
            try:
                for raw in it:
                    got.append(raw)
                    try:
                        ev = self.pb.StreamResponse.FromString(raw)
                        if ev.HasField("status_update") and self.pb.TaskState.Name(
                                ev.status_update.status.state) == "TASK_STATE_COMPLETED":
                            seen.set()
                    except Exception:  # noqa: BLE001  (undecodable on purpose)
                        pass
                self.log.append((step, "OK"))
            except grpc.RpcError as e:
                self.log.append((step, e.code().name))
            seen.set()

        if hold:
            th = threading.Thread(target=read, daemon=True)
            th.start()
            seen.wait(15)
            self.held.append(it)
            if not th.is_alive():
                return got
            self.log.append((step, "HELD"))
            return got
        read()
        return got

    def message(self, text, tid=None, ctx=None):
        m = self.pb.Message(message_id=str(uuid.uuid4()), role=self.pb.ROLE_USER)
        (m.parts if self.v10 else m.content).append(self.pb.Part(text=text))
        if tid:
            m.task_id = tid
        if ctx:
            m.context_id = ctx
        return m

    def send_req(self, text, tid=None, ctx=None):
        m = self.message(text, tid, ctx)
        if self.v10:
            r = self.pb.SendMessageRequest(message=m)
            if text.startswith("long"):
                r.configuration.return_immediately = True
        else:
            r = self.pb.SendMessageRequest(request=m)
            r.configuration.accepted_output_modes.append("text/plain")
            r.configuration.blocking = not text.startswith("long")
        return r

    def send(self, step, text, tid=None, ctx=None):
        raw = self.unary(step, "SendMessage", self.send_req(text, tid, ctx))
        try:
            r = self.pb.SendMessageResponse.FromString(raw or b"")
            if r.HasField("task"):
                return r.task.id, r.task.context_id
        except Exception:  # noqa: BLE001
            pass
        return None, None

    def task_req(self, cls, tid):
        if self.v10:
            return getattr(self.pb, cls)(id=tid)
        return getattr(self.pb, cls)(name=f"tasks/{tid}")

    def get(self, step, tid, version="1.0"):
        return self.unary(step, "GetTask", self.task_req("GetTaskRequest", tid), version)

    def cancel(self, step, tid):
        return self.unary(step, "CancelTask", self.task_req("CancelTaskRequest", tid))

    def subscribe(self, step, tid):
        if self.v10:
            return self.stream(step, "SubscribeToTask", self.task_req("SubscribeToTaskRequest",
                                                                      tid))
        return self.stream(step, "TaskSubscription", self.task_req("TaskSubscriptionRequest",
                                                                   tid))

    def push_create(self, step, tid):
        url = "https://hooks.example.com/a2a"
        if self.v10:
            req = self.pb.TaskPushNotificationConfig(task_id=tid, id="cfg-1", url=url)
        else:
            req = self.pb.CreateTaskPushNotificationConfigRequest(
                parent=f"tasks/{tid}", config_id="cfg-1",
                config=self.pb.TaskPushNotificationConfig(
                    name=f"tasks/{tid}/pushNotificationConfigs/cfg-1",
                    push_notification_config=self.pb.PushNotificationConfig(id="cfg-1",
                                                                             url=url)))
        return self.unary(step, "CreateTaskPushNotificationConfig", req)

    def run(self):
        try:
            with urllib.request.urlopen(self.base + "/.well-known/agent-card.json",
                                        timeout=30) as r:
                r.read()  # the whole card: a client that closes early aborts the exchange
                self.log.append(("card", str(r.status)))
        except OSError as e:
            self.log.append(("card", repr(e)))
        t1, c1 = self.send("send-quick-1", "quick one")
        self.send("send-quick-hi", "quick hi")
        t2 = None
        for raw in self.stream("stream", "SendStreamingMessage", self.send_req("stream two"),
                               hold=self.mode == "g10-stream-held-open"):
            try:
                ev = self.pb.StreamResponse.FromString(raw)
            except Exception:  # noqa: BLE001
                continue
            if ev.HasField("task") and not t2:
                t2 = ev.task.id
        if t1:
            self.get("get-t1", t1)
        if t2:
            self.get("get-t2", t2)
        t3, _ = self.send("send-long", "long job", ctx=c1)
        if t3:
            self.cancel("cancel-working", t3)
            self.get("get-t3", t3)
        if t1:
            self.cancel("cancel-completed", t1)
        self.get("get-unknown", f"task-no-one-handed-out-{self.mode}")
        t4, _ = self.send("send-long-2", "long job two")
        if t4:
            self.subscribe("sub-working", t4)
            self.get("get-t4", t4)
        if t1:
            self.send("follow-up-terminal", "quick more", tid=t1, ctx=c1)
        if t4:
            self.push_create("push-create", t4)
        if t1:
            self.subscribe("sub-finished", t1)
        for extra in EXTRA.get(self.mode, []):
            if extra == "get-noversion" and t1:
                self.get(extra, t1, version=None)
            if extra == "get-v99" and t1:
                self.get(extra, t1, version="9.9")
        # cards60: a stream held open is judged 2 s or more after its terminal event
        # (STREAM-END-003 shares STREAM-END-009's grace): the capture runs on past it
        if self.held:
            time.sleep(2.5)

    def close(self):
        for it in self.held:
            it.cancel()
        self.ch.close()


# modes run at once, at most this many (a proxy, a client thread and a gRPC server each, on
# two shared cores)
AT_ONCE = threading.BoundedSemaphore(32)


def run_mode(bin_, out, mode, gport, hport, res):
    try:
        with AT_ONCE:
            run_mode1(bin_, out, mode, gport, hport, res)
    except Exception as e:  # noqa: BLE001  (told in the mode's result)
        res[mode] = {"mode": mode, "error": repr(e), "online": ["DRIVER-ERROR"],
                     "offline": [], "stderr": [], "steps": [], "findings": [],
                     "proxy_alive": False, "proxy_rc": None}


def run_mode1(bin_, out, mode, gport, hport, res):
    rec, rep = os.path.join(out, f"{mode}.jsonl"), os.path.join(out, f"{mode}.report.json")
    errp = os.path.join(out, f"{mode}.proxy.stderr")
    for f in (rec, rep):
        if os.path.exists(f):
            os.unlink(f)
    try:
        proxy, ready = misbehave_drive.start_proxy(
            bin_, ["--listen", "127.0.0.1:0", "--upstream", f"http://127.0.0.1:{gport}",
                   "--route", f"/.well-known=http://127.0.0.1:{hport}/{mode}/.well-known",
                   "--record", rec, "--report", rep, "--lossless"], errp)
    except (RuntimeError, OSError) as e:
        res[mode] = {"mode": mode, "error": str(e), "online": ["NO-PROXY"], "offline": [],
                     "stderr": [], "steps": [], "findings": [], "proxy_alive": False,
                     "proxy_rc": None}
        return
    target = f"127.0.0.1:{ready['listen']}"
    base = f"http://{target}"
    # the card names the proxy: told to the agent on its card port (no A2A traffic)
    urllib.request.urlopen(urllib.request.Request(
        f"http://127.0.0.1:{hport}/__public/{mode}", target.encode(), method="POST"),
        timeout=30).read()
    log = []
    c = Client(mode, target, base, log)
    try:
        c.run()
    except Exception as e:  # noqa: BLE001  (a client crash is a result of the mode)
        log.append(("client-error", repr(e)))
    alive = proxy.poll() is None
    rc = misbehave_drive.stop_proxy(proxy)
    c.close()
    try:
        report = json.load(open(rep))
    except (OSError, ValueError):
        report = {}
    online = misbehave_drive.rules_in(report.get("findings", report))
    stderr_rules = set(RULE.findall(open(errp).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    open(os.path.join(out, f"{mode}.verify.json"), "wb").write(v.stdout)
    try:
        offline = misbehave_drive.rules_in(json.loads(v.stdout).get("findings", []))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    res[mode] = {"mode": mode, "online": sorted(online), "offline": sorted(offline),
                 "stderr": sorted(stderr_rules), "proxy_alive": alive, "proxy_rc": rc,
                 "steps": log,
                 "findings": [{k: f.get(k) for k in ("rule", "severity", "message", "leg")}
                              for f in report.get("findings", [])]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"]
    modes = sys.argv[3:] or list(pred)
    ag = subprocess.Popen([PY, AGENT] + modes, stdout=subprocess.PIPE, text=True)
    ports = {}
    for _ in modes:
        m, p = ag.stdout.readline().split()
        ports[m] = int(p)
    hport = int(ag.stdout.readline().split()[1])
    ag.stdout.readline()  # ready
    res = {}
    ths = [threading.Thread(target=run_mode, args=(bin_, out, m, ports[m], hport, res))
           for m in modes]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    ag.kill()
    ag.wait()
    for m in modes:
        r = res[m]
        p = pred.get(m, {})
        want = sorted(p.get("predict", []))
        r["predicted"] = want
        r["kind"] = p.get("kind")
        json.dump(r, open(os.path.join(out, f"{m}.json"), "w"), indent=1, default=str)
        flags = []
        if r["online"] != r["offline"]:
            flags.append(f"OFFLINE={r['offline']}")
        if r["stderr"] != r["online"]:
            flags.append(f"STDERR={r['stderr']}")
        if not r["proxy_alive"] or r["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={r['proxy_rc']} alive={r['proxy_alive']}")
        ok = r["online"] == want
        print(f"{'OK  ' if ok else 'MISS'} {m:40} pred={want} got={r['online']} "
              f"{' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()

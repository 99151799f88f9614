#!/usr/bin/env python3
"""misbehave52: breaker52's real A2A agent (Python stdlib, one thread per connection) for the
less-travelled features on all three wire generations: push notification configs (set /
create, get, list, delete) and the agent's own webhook POSTs, the authenticated extended card
(0.2 GET /agent/authenticatedExtendedCard, 0.3 agent/getAuthenticatedExtendedCard, 1.0
GetExtendedAgentCard), tasks/resubscribe / SubscribeToTask, 1.0 ListTasks paging, tenant,
historyLength and acceptedOutputModes. Every mode is a JSON-RPC agent of one wire generation
(its name's prefix: v02-, v03-, v10-) that answers as the spec asks except where its mode
says otherwise.

    python3 misbehave52.py MODE=PUBLIC_URL [MODE=PUBLIC_URL ...]
    python3 misbehave52.py --list

Serves every named mode in this one process, each on its own loopback port, its card's url
being PUBLIC_URL (the recording proxy in front of it); prints one line `MODE PORT` per mode,
then `ready`, and serves until killed. `--list` prints each mode with its kind: `fault` (a
rule the verifier judges) or `legal` (no rule broken: the verifier must stay silent).

The agent: a card requiring a bearer token (any non-empty one) with streaming, push
notifications and the extended card declared; a send whose text is `job` makes a task that
works for JOB_SECONDS, then completes with one artifact (its stream and every live push
config of the task told); any other send completes at once with a text part (an agent
message in history). Push deliveries go to each live config's url: 1.0 one StreamResponse
(statusUpdate / artifactUpdate) as application/a2a+json with the config's token
(X-A2A-Notification-Token) and `Authorization: <scheme> <credentials>`; 0.x the Task with the
token.

Two control paths on each mode's own port, for the driver only (it calls the agent there, not
through the proxy, so they are in no recording): `POST /_drive/polled/TASK_ID` tells the agent
the client has read the poll that showed the task ended (v10-push-artifact-after-polled-end
pushes its late artifact only then), and `GET /_drive/settled/TASK_ID` answers once the task's
job and every push delivery of it have finished (each delivery answered), 60 s at most:
`{"settled": true|false}`. The driver waits on these events, not on time.
"""
import json
import socketserver
import sys
import threading
import time
import urllib.request
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler

JOB_SECONDS = 4.0

MODES = {
    # ---- legal: the verifier must stay silent ----------------------------------------------
    "v10-legal": ("legal", "1.0 JSON-RPC: everything as the spec asks (push with token and "
                           "Authorization, extended card 401 without credentials)"),
    "v03-legal": ("legal", "0.3 JSON-RPC: push POSTs the Task with X-A2A-Notification-Token, "
                           "agent/getAuthenticatedExtendedCard refused 401 without credentials"),
    "v02-legal": ("legal", "0.2.6 JSON-RPC, card at /.well-known/agent.json, extended card at "
                           "GET /agent/authenticatedExtendedCard (401 without credentials)"),
    "v10-push-twice": ("legal", "every push delivered twice (PUSH-004: at-least-once; the "
                                "receiver de-duplicates)"),
    "v10-list-token-omitted": ("legal", "ListTasks' last page leaves nextPageToken out (proto3 "
                                        "JSON omits an empty string: the same as \"\")"),
    "v03-resub-status-first": ("legal", "0.3 tasks/resubscribe stream opens with a status-update "
                                        "event, not the Task (0.x sets no first event)"),
    "v10-history-lower": ("legal", "GetTask historyLength 1 answered with no history (DATA-006: "
                                   "the server MAY apply a lower limit)"),
    "v10-mode-params": ("legal", "acceptedOutputModes [text/plain] answered with a text part of "
                                 "mediaType `text/plain; charset=utf-8` (the same media type)"),
    "v10-tenant": ("legal", "the card's interface declares tenant `acme`; the client sends it "
                            "on every call (push configs, ListTasks, extended card too) and "
                            "the agent echoes it in push configs"),
    "v10-push-scheme-case": ("legal", "1.0 push Authorization scheme written `bearer` for the "
                                      "config's `Bearer` (RFC 9110 §11.1: case-insensitive)"),
    "v10-push-json-charset": ("legal", "1.0 push Content-Type `application/json; "
                                       "charset=utf-8` (1.0.0's media type, a parameter)"),
    "v10-mode-case": ("legal", "acceptedOutputModes [text/plain] answered with a text part of "
                               "mediaType `TEXT/PLAIN` (media types are case-insensitive)"),
    "v03-push-status-event": ("legal", "0.3 push POSTs the status-update event instead of the "
                                       "Task (0.x leaves the payload open, PUSH-005)"),
    "v10-push-retry": ("legal", "the webhook answers the first delivery 503 and the agent "
                                "delivers it again (PUSH-004: retries MAY, at-least-once)"),
    "v10-push-token-withheld": ("legal", "push config answers (create, get, list) leave the "
                                         "token and credentials out (a secret not echoed)"),
    "v10-ext-card-no-flag": ("legal", "the extended card leaves capabilities.extendedAgentCard "
                                      "out (the public card declares it); the client asks "
                                      "for the extended card again"),
    "v10-push-inline": ("legal", "the job's send carries an inline push config (webhook "
                                 "/hook/c), delivered like the others"),
    "v03-push-inline": ("legal", "0.3: the job's send carries configuration."
                                 "pushNotificationConfig (webhook /hook/c)"),
    "v03-push-auth-creds": ("legal", "0.3 configs with authentication {schemes: [Bearer], "
                                     "credentials}: delivered with Authorization and token"),
    "v03-push-get-by-task": ("legal", "the CLIENT gets a 0.3 push config by task id only "
                                      "(pushNotificationConfigId is optional in 0.3); the "
                                      "agent answers the task's first config"),
    "v10-push-list-token-omitted": ("legal", "ListTaskPushNotificationConfigs leaves "
                                             "nextPageToken out (proto3 JSON: \"\")"),
    "v10-subscribe-final-snapshot": ("legal", "SubscribeToTask repeats one final Task snapshot "
                                              "after the terminal status update (1.0 allows it)"),
    # ---- faults ------------------------------------------------------------------------------
    "v10-push-no-auth": ("fault", "1.0 push without the Authorization the config's "
                                  "authentication asks (PUSH-004: PUSH-AUTH-001)"),
    "v03-push-wrong-token": ("fault", "0.3 push with a token other than the config's "
                                      "(PUSH-005: PUSH-AUTH-002)"),
    "v02-push-no-token": ("fault", "0.2 push without the config's token (PUSH-005 SHOULD: "
                                   "PUSH-AUTH-003)"),
    "v10-push-bare-task": ("fault", "1.0 push body a bare Task, no StreamResponse wrapper "
                                    "(PUSH-004: PUSH-BODY-001)"),
    "v10-push-text-plain": ("fault", "1.0 push with Content-Type text/plain (PUSH-004: "
                                     "PUSH-DELIV-002)"),
    "v10-push-put": ("fault", "1.0 push by PUT (PUSH-004: PUSH-DELIV-001)"),
    "v10-push-other-task": ("fault", "1.0 push of the job's completion names the client's "
                                     "other task (PUSH-004: PUSH-BODY-002)"),
    "v03-push-after-delete": ("fault", "0.3 push also to the config the client deleted "
                                       "(PUSH-003: PUSH-CFG-002)"),
    "v10-push-get-other": ("fault", "1.0 GetTaskPushNotificationConfig of config A answered "
                                    "with config B (PUSH-003: PUSH-CFG-005)"),
    "v03-push-list-misses": ("fault", "0.3 tasks/pushNotificationConfig/list leaves out a live "
                                      "config (PUSH-003: PUSH-CFG-006)"),
    "v02-push-get-after-delete": ("fault", "0.2 get of the deleted config still answers it "
                                           "(PUSH-003: PUSH-CFG-004)"),
    "v10-push-undeclared": ("fault", "1.0 card without pushNotifications, configs accepted "
                                     "(PUSH-001: CAP-PUSH-001)"),
    "v10-ext-unauth": ("fault", "1.0 GetExtendedAgentCard served without credentials "
                                "(AUTH-005: AUTH-EXT-001)"),
    "v03-ext-unauth": ("fault", "0.3 agent/getAuthenticatedExtendedCard served without "
                                "credentials (AUTH-005: AUTH-EXT-001)"),
    "v10-ext-undeclared": ("fault", "1.0 card without capabilities.extendedAgentCard, the "
                                    "extended card served anyway (AUTH-005: CAP-CARD-001)"),
    "v02-ext-declared-false": ("fault", "0.2 card supportsAuthenticatedExtendedCard false, the "
                                        "extended card served (AUTH-005: CAP-CARD-002)"),
    "v10-subscribe-other-task": ("fault", "1.0 SubscribeToTask of the job streams the client's "
                                          "other (completed) task (ID-001, TASK-009)"),
    "v03-resub-other-task": ("fault", "0.3 tasks/resubscribe of the job streams the client's "
                                      "other task's events (ID-001)"),
    "v10-history-oldest": ("fault", "GetTask historyLength 1 keeps the oldest message "
                                    "(DATA-006: DATA-HISTORY-003)"),
    "v10-list-history-ignored": ("fault", "ListTasks historyLength 1 answered with every "
                                          "history message (DATA-006: DATA-HISTORY-001); "
                                          "GetTask and the send trim it"),
    "v10-send-history-ignored": ("fault", "a send with configuration.historyLength 0 answered "
                                          "with the task's history (DATA-006: "
                                          "DATA-HISTORY-001)"),
    "v03-ext-not-configured": ("fault", "0.3 card declares supportsAuthenticatedExtendedCard; "
                                        "the call answered -32007 (AUTH-005: CAP-CARD-003)"),
    "v10-push-delete-again-refused": ("fault", "a second DeleteTaskPushNotificationConfig of "
                                               "the deleted config answered -32603 "
                                               "InternalError (PUSH-003: Delete is "
                                               "idempotent; success or not found is due)"),
    "v10-push-artifact-after-final": ("fault", "1.0 push of the artifact update after the "
                                               "terminal status update (PUSH-004, TASK-001: "
                                               "STREAM-END-001)"),
    "v10-tenant-client-omits": ("fault", "the card's interface declares tenant `acme`; the "
                                         "CLIENT (the driver) sends no tenant (CARD-008: "
                                         "CARD-URL-006)"),
    "v03-push-auth-creds-dropped": ("fault", "0.3 configs with authentication credentials: "
                                             "delivered with the token and no Authorization "
                                             "(PUSH-005: PUSH-AUTH-001)"),
    "v10-push-no-terminal": ("fault", "1.0 push of the artifact update only: the terminal "
                                      "status update never delivered (PUSH-004: "
                                      "PUSH-DELIV-003)"),
    "v03-push-no-terminal": ("fault", "0.3: the working Task pushed when a config is set, "
                                      "the completed one never (PUSH-004: PUSH-DELIV-003)"),
    "v10-push-wrong-context": ("fault", "1.0 push names the job with another contextId "
                                        "(ID-006: ID-CTX-002)"),
    "v10-list-repeat": ("fault", "ListTasks' pageToken ignored: page 2 repeats page 1 "
                                 "(DATA-007: DATA-LIST-004)"),
    "v10-list-oldest-first": ("fault", "ListTasks oldest first (DATA-007: DATA-LIST-002)"),
    "v10-subscribe-cut": ("fault", "SubscribeToTask stream closed after the Task snapshot, "
                                   "the job still working (STREAM-003: STREAM-END-002)"),
    "v10-push-swapped-creds": ("fault", "push to config A's webhook with config B's token and "
                                        "credentials (PUSH-004: PUSH-AUTH-002)"),
    "v10-push-wrong-scheme": ("fault", "push Authorization `Basic <credentials>` for a Bearer "
                                       "config (PUSH-004: PUSH-AUTH-002)"),
    "v03-resub-after-final": ("fault", "0.3 tasks/resubscribe sends the Task after the "
                                       "final status-update (0.x: nothing after final: "
                                       "STREAM-END-001)"),
    "v10-push-artifact-after-polled-end": ("fault", "the client polls the job to its end "
                                                    "(no terminal push yet), then the agent "
                                                    "pushes an artifact the finished task "
                                                    "never listed (TASK-001: "
                                                    "STREAM-END-001)"),
    "v10-modes-ignored": ("fault", "acceptedOutputModes [text/plain] answered with an "
                                   "application/json data part (DATA-004 SHOULD: CAP-MODE-001)"),
}


REASONS = {-32001: "TASK_NOT_FOUND", -32002: "TASK_NOT_CANCELABLE",
           -32004: "UNSUPPORTED_OPERATION"}


def now():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


STATE10 = {"submitted": "TASK_STATE_SUBMITTED", "working": "TASK_STATE_WORKING",
           "completed": "TASK_STATE_COMPLETED"}


class Agent:
    """One mode's agent: its tasks, push configs and dialect."""

    def __init__(self, mode, public):
        self.mode, self.public = mode, public.rstrip("/")
        self.v10 = mode.startswith("v10-")
        self.v02 = mode.startswith("v02-")
        self.lock = threading.Condition()
        self.tasks = {}  # id -> dict(ctx, state, history, artifacts, ts, events)
        self.order = []  # task ids, oldest first
        self.configs = {}  # task id -> {config id: config (wire shape of its set / create)}
        self.deleted = {}  # task id -> [deleted config]
        self.n = 0

    # ---- wire shapes ---------------------------------------------------------------------------
    def card(self, extended=False):
        m = self.mode
        if self.v10:
            iface = {"url": self.public + "/", "protocolBinding": "JSONRPC",
                     "protocolVersion": "1.0"}
            if m in ("v10-tenant", "v10-tenant-client-omits"):
                iface["tenant"] = "acme"
            caps = {"streaming": True, "pushNotifications": m != "v10-push-undeclared"}
            if m != "v10-ext-undeclared":
                caps["extendedAgentCard"] = True
            c = {"name": "breaker52", "description": "breaker52 agent",
                 "supportedInterfaces": [iface], "version": "1.0.0", "capabilities": caps,
                 "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                 "securityRequirements": [{"schemes": {"bearer": {"list": []}}}],
                 "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                 "skills": [{"id": "job", "name": "job", "description": "a job",
                             "tags": ["job"]}]}
        else:
            c = {"name": "breaker52", "description": "breaker52 agent",
                 "url": self.public + "/", "version": "1.0.0",
                 "protocolVersion": "0.2.6" if self.v02 else "0.3.0",
                 "capabilities": {"streaming": True, "pushNotifications": True},
                 "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
                 "security": [{"bearer": []}],
                 "supportsAuthenticatedExtendedCard": m != "v02-ext-declared-false",
                 "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                 "skills": [{"id": "job", "name": "job", "description": "a job",
                             "tags": ["job"]}]}
            if not self.v02:
                c["preferredTransport"] = "JSONRPC"
        if extended and m == "v10-ext-card-no-flag":
            c["capabilities"] = {k: v for k, v in c["capabilities"].items()
                                 if k != "extendedAgentCard"}
        if extended:
            c["skills"] = c["skills"] + [{"id": "admin", "name": "admin",
                                          "description": "for signed-in callers",
                                          "tags": ["admin"]}]
        return c

    def msg(self, t, role, text):
        if self.v10:
            return {"messageId": str(uuid.uuid4()), "contextId": t["ctx"], "taskId": t["id"],
                    "role": "ROLE_AGENT" if role == "agent" else "ROLE_USER",
                    "parts": [{"text": text}]}
        return {"kind": "message", "messageId": str(uuid.uuid4()), "contextId": t["ctx"],
                "taskId": t["id"], "role": role, "parts": [{"kind": "text", "text": text}]}

    def status(self, t):
        if self.v10:
            return {"state": STATE10[t["state"]], "timestamp": t["ts"]}
        return {"state": t["state"], "timestamp": t["ts"]}

    def task(self, t, history_length=None, artifacts=True, call=None):
        hist = list(t["history"])
        ignored = {"v10-list-history-ignored": "list", "v10-send-history-ignored": "send"}
        if history_length is not None and not (call and ignored.get(self.mode) == call):
            if self.mode == "v10-history-lower":
                hist = []
            elif self.mode == "v10-history-oldest":
                hist = hist[:history_length]
            else:
                hist = hist[len(hist) - history_length:] if history_length else []
        o = {"id": t["id"], "contextId": t["ctx"], "status": self.status(t)}
        if artifacts and t["artifacts"]:
            o["artifacts"] = t["artifacts"]
        if hist or not self.v10:
            o["history"] = hist
        if not self.v10:
            o["kind"] = "task"
        return o

    def status_event(self, t, final):
        e = {"taskId": t["id"], "contextId": t["ctx"], "status": self.status(t)}
        if self.v10:
            return {"statusUpdate": e}
        e.update({"kind": "status-update", "final": final})
        return e

    def artifact_event(self, t, a):
        e = {"taskId": t["id"], "contextId": t["ctx"], "artifact": a, "lastChunk": True}
        if self.v10:
            return {"artifactUpdate": e}
        e["kind"] = "artifact-update"
        return e

    def part(self, text, accepted):
        if self.v10:
            if self.mode == "v10-modes-ignored" and accepted:
                return {"data": {"answer": text}, "mediaType": "application/json"}
            if self.mode == "v10-mode-params" and accepted:
                return {"text": text, "mediaType": "text/plain; charset=utf-8"}
            if self.mode == "v10-mode-case" and accepted:
                return {"text": text, "mediaType": "TEXT/PLAIN"}
            return {"text": text}
        return {"kind": "text", "text": text}

    # ---- the tasks -----------------------------------------------------------------------------
    def new_task(self, message, ctx=None):
        with self.lock:
            self.n += 1
            tid = f"task-{self.mode}-{self.n}"
            t = {"id": tid, "ctx": ctx or f"ctx-{self.n}", "state": "submitted", "ts": now(),
                 "history": [], "artifacts": [], "events": [], "kick": threading.Event(),
                 "polled": threading.Event(), "busy": 0}
            m = dict(message)
            m["taskId"], m["contextId"] = tid, t["ctx"]
            t["history"].append(m)
            self.tasks[tid] = t
            self.order.append(tid)
            return t

    def set_state(self, t, state, note=None):
        with self.lock:
            t["state"], t["ts"] = state, now()
            if note:
                t["history"].append(self.msg(t, "agent", note))
            self.lock.notify_all()

    def spawn(self, t, fn, *args):
        """Run `fn(*args)` on a thread counted as `t`'s work until it returns (the
        settled control path waits for none to be left)."""
        with self.lock:
            t["busy"] += 1

        def work():
            try:
                fn(*args)
            finally:
                with self.lock:
                    t["busy"] -= 1
                    self.lock.notify_all()

        threading.Thread(target=work, daemon=True).start()

    def settled(self, t, secs=60.0):
        """True once no job nor delivery of `t` is under way (False after `secs`)."""
        end = time.monotonic() + secs
        with self.lock:
            while t["busy"]:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.lock.wait(left)
        return True

    def run_job(self, t):
        # v03-push-after-delete: the job ends right after its resubscribe arrives, so the
        # deleted config's delivery comes well inside PUSH-CFG-002's 2 s race grace
        if t["kick"].wait(JOB_SECONDS):
            time.sleep(0.3)
        a = {"artifactId": "a1", "name": "result", "parts": [self.part("job done", False)]}
        with self.lock:
            t["artifacts"].append(a)
            t["events"].append(self.artifact_event(t, a))
            self.lock.notify_all()
        late = self.mode == "v10-push-artifact-after-final"
        if self.mode == "v10-push-artifact-after-polled-end":
            t["artifacts"].remove(a)  # the finished task lists no artifact ...
            self.set_state(t, "completed")
            with self.lock:
                t["events"].append(self.status_event(t, True))
                self.lock.notify_all()
            # ... the client reads it (the driver says so once its poll's answer is read:
            # the answer is in the recording before the push), then a new one is pushed
            if t["polled"].wait(60):
                self.push(t, self.artifact_event(t, dict(a, artifactId="a-late")))
            return
        if not late:
            self.push(t, self.artifact_event(t, a))
        self.set_state(t, "completed")
        with self.lock:
            t["events"].append(self.status_event(t, True))
            self.lock.notify_all()
        if self.mode != "v10-push-no-terminal":
            self.push(t, self.status_event(t, True))
        if late:
            self.push(t, self.artifact_event(t, a))

    # ---- push ---------------------------------------------------------------------------------
    def push(self, t, event):
        """Deliver `event` (1.0) or the Task (0.x) to every live config of `t` (and, in
        v03-push-after-delete, to the deleted ones too)."""
        if self.mode == "v03-push-no-terminal" and t["state"] != "working":
            return
        with self.lock:
            cfgs = list(self.configs.get(t["id"], {}).values())
            every = cfgs + self.deleted.get(t["id"], [])
            if self.mode == "v03-push-after-delete":
                cfgs += self.deleted.get(t["id"], [])
        if self.v10:
            if self.mode == "v10-push-bare-task":
                body = self.task(t, artifacts=True)
            elif self.mode == "v10-push-other-task":
                other = self.tasks[self.order[0]]
                body = json.loads(json.dumps(event).replace(t["id"], other["id"]).replace(
                    t["ctx"], other["ctx"]))
            elif self.mode == "v10-push-wrong-context":
                body = json.loads(json.dumps(event).replace(t["ctx"], "ctx-other"))
            else:
                body = event
        else:
            if not ("final" in event or "status" in event):
                return  # 0.x: the Task once per state change, not per artifact
            body = event if self.mode == "v03-push-status-event" else self.task(t)
        for c in cfgs:
            url = c.get("url") if self.v10 else c["pushNotificationConfig"].get("url")
            if not isinstance(url, str):
                continue
            token = c.get("token") if self.v10 else c["pushNotificationConfig"].get("token")
            auth = c.get("authentication") if self.v10 else \
                c["pushNotificationConfig"].get("authentication")
            if auth and not self.v10:
                auth = None if self.mode == "v03-push-auth-creds-dropped" else {
                    "scheme": (auth.get("schemes") or ["Bearer"])[0],
                    "credentials": auth.get("credentials")}
            h = {"Content-Type": "text/plain" if self.mode == "v10-push-text-plain"
                 else "application/a2a+json" if self.v10 else "application/json"}
            if token and self.mode != "v02-push-no-token":
                h["X-A2A-Notification-Token"] = (
                    "not-" + token if self.mode == "v03-push-wrong-token" else token)
            if auth and auth.get("credentials") and self.mode != "v10-push-no-auth":
                scheme = auth["scheme"].lower() if self.mode == "v10-push-scheme-case" \
                    else auth["scheme"]
                h["Authorization"] = f"{scheme} {auth['credentials']}"
            if self.mode == "v10-push-json-charset":
                h["Content-Type"] = "application/json; charset=utf-8"
            tries = 2 if self.mode in ("v10-push-twice", "v10-push-retry") else 1
            if self.mode == "v10-push-swapped-creds":
                o = next((x for x in every if x.get("id") != c.get("id")), None)
                if o is not None:
                    h["X-A2A-Notification-Token"] = o.get("token", "")
                    h["Authorization"] = "Bearer " + o["authentication"]["credentials"]
            if self.mode == "v10-push-wrong-scheme" and auth:
                h["Authorization"] = f"Basic {auth['credentials']}"
            for _ in range(tries):
                req = urllib.request.Request(url, json.dumps(body).encode(), h,
                                             method="PUT" if self.mode == "v10-push-put"
                                             else "POST")
                try:
                    urllib.request.urlopen(req, timeout=10).read()
                    if self.mode == "v10-push-retry":
                        break  # delivered: no retry
                except OSError:
                    time.sleep(0.05)

    def config_out(self, c):
        """A stored config as the agent answers it (v10-push-token-withheld: no secrets)."""
        if self.mode != "v10-push-token-withheld":
            return c
        c = dict(c)
        c.pop("token", None)
        if "authentication" in c:
            c["authentication"] = {"scheme": c["authentication"].get("scheme")}
        return c

    # ---- JSON-RPC --------------------------------------------------------------------------------
    def rpc(self, req, authed, stream_out):
        """The JSON-RPC answer to `req` (a dict): ('json', obj) or ('stream', iterator of
        objs) or ('http', status, headers, body)."""
        mid, meth, p = req.get("id"), req.get("method"), req.get("params") or {}

        def ok(r):
            return ("json", {"jsonrpc": "2.0", "id": mid, "result": r})

        def err(code, message):
            e = {"code": code, "message": message}
            if self.v10 and code in REASONS:
                e["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                              "reason": REASONS[code], "domain": "a2a-protocol.org"}]
            return ("json", {"jsonrpc": "2.0", "id": mid, "error": e})

        m = self.mode
        names = {"SendMessage": "send", "message/send": "send",
                 "SendStreamingMessage": "stream", "message/stream": "stream",
                 "GetTask": "get", "tasks/get": "get", "CancelTask": "cancel",
                 "tasks/cancel": "cancel", "SubscribeToTask": "sub",
                 "tasks/resubscribe": "sub", "ListTasks": "list",
                 "CreateTaskPushNotificationConfig": "pset",
                 "tasks/pushNotificationConfig/set": "pset",
                 "GetTaskPushNotificationConfig": "pget",
                 "tasks/pushNotificationConfig/get": "pget",
                 "ListTaskPushNotificationConfigs": "plist",
                 "tasks/pushNotificationConfig/list": "plist",
                 "DeleteTaskPushNotificationConfig": "pdel",
                 "tasks/pushNotificationConfig/delete": "pdel",
                 "GetExtendedAgentCard": "ext", "agent/getAuthenticatedExtendedCard": "ext"}
        op = names.get(meth)
        if op is None:
            return err(-32601, "method not found")
        if op == "ext":
            if m == "v03-ext-not-configured" and authed:
                return err(-32007, "authenticated extended card not configured")
            if not authed and m not in ("v10-ext-unauth", "v03-ext-unauth"):
                return ("http", 401, {"WWW-Authenticate": 'Bearer realm="breaker52"'},
                        b'{"error":"unauthenticated"}')
            return ok(self.card(extended=True))
        if not authed:
            return ("http", 401, {"WWW-Authenticate": 'Bearer realm="breaker52"'},
                    b'{"error":"unauthenticated"}')
        if op in ("send", "stream"):
            msg = p.get("message") or {}
            cfg = p.get("configuration") or {}
            text = " ".join(x.get("text", "") for x in msg.get("parts", []))
            t = self.new_task(msg, msg.get("contextId"))
            inline = cfg.get("taskPushNotificationConfig") if self.v10 else \
                cfg.get("pushNotificationConfig")
            if isinstance(inline, dict) and inline.get("url"):
                if self.v10:
                    c = dict(inline, taskId=t["id"])
                    c["id"] = c.get("id") or t["id"]
                    cid = c["id"]
                else:
                    pc = dict(inline)
                    pc["id"] = pc.get("id") or t["id"]
                    c, cid = {"taskId": t["id"], "pushNotificationConfig": pc}, pc["id"]
                with self.lock:
                    self.configs.setdefault(t["id"], {})[cid] = c
            if text == "job":
                self.set_state(t, "working", "started")
                self.spawn(t, self.run_job, t)
            else:
                a = {"artifactId": "a1", "name": "answer",
                     "parts": [self.part("hello back", bool(cfg.get("acceptedOutputModes")))]}
                t["artifacts"].append(a)
                self.set_state(t, "completed", "done")
            hl = cfg.get("historyLength")
            out = self.task(t, hl, call="send")
            if op == "stream":
                return ("stream", iter([{"jsonrpc": "2.0", "id": mid,
                                         "result": {"task": out} if self.v10 else out}]))
            return ok({"task": out} if self.v10 else out)
        # 1.0 push calls and the 0.x set name the task `taskId`; the others `id`
        tid = p.get("taskId") if (op.startswith("p") and (self.v10 or op == "pset")) \
            else p.get("id")
        if op == "list":
            size = int(p.get("pageSize") or 50)
            ids = list(self.order) if m == "v10-list-oldest-first" else \
                list(reversed(self.order))
            start = int(p["pageToken"][1:]) if str(p.get("pageToken", "")).startswith("p") \
                else 0
            page = ids[start:start + size]
            nxt = f"p{start + size}" if start + size < len(ids) else ""
            if m == "v10-list-repeat" and start:
                page, nxt = ids[:size], ""
            r = {"tasks": [self.task(self.tasks[i], p.get("historyLength"), False, "list")
                           for i in page], "pageSize": size, "totalSize": len(ids)}
            if nxt or m != "v10-list-token-omitted":
                r["nextPageToken"] = nxt
            return ok(r)
        t = self.tasks.get(tid)
        if t is None:
            return err(-32001, "task not found")
        if op == "get":
            return ok(self.task(t, p.get("historyLength")))
        if op == "cancel":
            return err(-32002, "task not cancelable")
        if op == "sub":
            if t["state"] == "completed":
                return err(-32004, "task is terminal")
            return ("stream", self.subscribe(t, mid))
        # push configs
        if op == "pset":
            if self.v10:
                c = {k: v for k, v in p.items() if k != "tenant"}
                c["id"] = c.get("id") or f"cfg-{uuid.uuid4().hex[:8]}"
                c["taskId"] = tid
                if m == "v10-tenant" and p.get("tenant"):
                    c["tenant"] = p["tenant"]
                cid = c["id"]
            else:
                pc = dict(p.get("pushNotificationConfig") or {})
                pc["id"] = pc.get("id") or f"cfg-{uuid.uuid4().hex[:8]}"
                c = {"taskId": tid, "pushNotificationConfig": pc}
                cid = pc["id"]
            with self.lock:
                self.configs.setdefault(tid, {})[cid] = c
            if m == "v03-push-no-terminal" and t["state"] == "working":
                self.spawn(t, self.push, t, self.status_event(t, False))
            return ok(self.config_out(c))
        cfgs = self.configs.get(tid, {})
        if op == "plist":
            items = list(cfgs.values())
            if m == "v03-push-list-misses":
                items = items[:1]
            items = [self.config_out(c) for c in items]
            if self.v10:
                r = {"configs": items}
                if m != "v10-push-list-token-omitted":
                    r["nextPageToken"] = ""
                return ok(r)
            return ok(items)
        cid = p.get("id") if self.v10 else p.get("pushNotificationConfigId")
        if op == "pget":
            c = cfgs.get(cid) if cid or self.v10 else next(iter(cfgs.values()), None)
            if c is None and m == "v02-push-get-after-delete":
                c = next((d for d in self.deleted.get(tid, [])
                          if d["pushNotificationConfig"]["id"] == cid), None)
            if c is None:
                return err(-32001, "push notification config not found")
            if m == "v10-push-get-other":
                other = [v for k, v in cfgs.items() if k != cid]
                if other:
                    c = other[0]
            return ok(self.config_out(c))
        if op == "pdel":
            with self.lock:
                c = cfgs.pop(cid, None)
            # session 56 (left56): a repeat answered not found is legal (the config stays
            # gone, RFC 9110 9.2.2); an internal error to it is not
            if c is None and m == "v10-push-delete-again-refused":
                return err(-32603, "push notification config already deleted")
            with self.lock:
                if c is not None:
                    self.deleted.setdefault(tid, []).append(c)
            return ok({} if self.v10 else None)
        return err(-32601, "method not found")

    def subscribe(self, t, mid):
        """The events of a subscribe stream on `t`: 1.0 the Task first; 0.3 the Task (or a
        status-update in v03-resub-status-first) first; then each new event to the end."""
        src = t
        if self.mode == "v03-push-after-delete":
            t["kick"].set()
        if self.mode in ("v10-subscribe-other-task", "v03-resub-other-task"):
            src = self.tasks[self.order[0]]

        # the snapshot and the events it already holds, taken together (the job may end
        # meanwhile: its events then follow the snapshot, never precede it)
        with self.lock:
            if self.mode == "v03-resub-status-first":
                first = self.status_event(t, False)
            else:
                first = {"task": self.task(src)} if self.v10 else self.task(src)
            start = len(t["events"])

        def gen():
            yield {"jsonrpc": "2.0", "id": mid, "result": first}
            if self.mode == "v10-subscribe-cut" or t["state"] == "completed" and \
                    start == len(t["events"]) and src is t:
                return
            seen = start
            while True:
                with self.lock:
                    while len(t["events"]) <= seen:
                        self.lock.wait(5)
                    evs = t["events"][seen:]
                    seen = len(t["events"])
                for e in evs:
                    if src is not t:
                        e = json.loads(json.dumps(e).replace(t["id"], src["id"]).replace(
                            t["ctx"], src["ctx"]))
                    yield {"jsonrpc": "2.0", "id": mid, "result": e}
                    if "final" in e or "statusUpdate" in e:
                        if self.mode in ("v10-subscribe-final-snapshot",
                                         "v03-resub-after-final"):
                            snap = self.task(t)
                            yield {"jsonrpc": "2.0", "id": mid,
                                   "result": {"task": snap} if self.v10 else snap}
                        return

        return gen()


def handler_for(agent):
    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def authed(self):
            return self.headers.get("Authorization", "").lower().startswith("bearer ") \
                and len(self.headers.get("Authorization", "")) > 7

        def send_json(self, status, obj, extra=None):
            b = obj if isinstance(obj, bytes) else json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(b)))
            if "well-known" in self.path:
                self.send_header("Cache-Control", "max-age=60")
                self.send_header("ETag", '"card-52"')
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(b)

        def control(self, path):
            """The driver's control paths (see the module docstring); False for others."""
            for verb in ("polled", "settled"):
                pre = f"/_drive/{verb}/"
                if not path.startswith(pre):
                    continue
                t = agent.tasks.get(path[len(pre):])
                if t is None:
                    self.send_json(404, {"error": "no such task"})
                elif verb == "polled":
                    t["polled"].set()
                    self.send_json(200, {"polled": True})
                else:
                    self.send_json(200, {"settled": agent.settled(t)})
                return True
            return False

        def do_GET(self):
            path = self.path.split("?")[0]
            if self.control(path):
                return
            if path == ("/.well-known/agent.json" if agent.v02
                        else "/.well-known/agent-card.json"):
                return self.send_json(200, agent.card())
            if agent.v02 and path == "/agent/authenticatedExtendedCard":
                if not self.authed():
                    return self.send_json(401, {"error": "unauthenticated"},
                                          {"WWW-Authenticate": 'Bearer realm="breaker52"'})
                return self.send_json(200, agent.card(extended=True))
            self.send_json(404, {"error": "not found"})

        def do_POST(self):
            n = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(n)
            if self.control(self.path.split("?")[0]):
                return
            try:
                req = json.loads(raw)
            except ValueError:
                return self.send_json(200, {"jsonrpc": "2.0", "id": None,
                                            "error": {"code": -32700, "message": "parse"}})
            ans = agent.rpc(req, self.authed(), None)
            if ans[0] == "json":
                return self.send_json(200, ans[1])
            if ans[0] == "http":
                return self.send_json(ans[1], ans[3], ans[2])
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for obj in ans[1]:
                d = f"data: {json.dumps(obj)}\n\n".encode()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(d), d))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    return H


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    if sys.argv[1:] == ["--list"]:
        for k, (kind, what) in MODES.items():
            print(f"{k}\t{kind}\t{what}")
        return
    servers = []
    for arg in sys.argv[1:]:
        mode, public = arg.split("=", 1)
        if mode not in MODES:
            sys.exit(f"unknown mode {mode}")
        s = Server(("127.0.0.1", 0), handler_for(Agent(mode, public)))
        threading.Thread(target=s.serve_forever, daemon=True).start()
        servers.append(s)
        print(mode, s.server_address[1], flush=True)
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()

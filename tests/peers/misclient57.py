#!/usr/bin/env python3
"""breaker57: A2A clients that break the PROTOCOL (not the HTTP framing, misclient.py's
round) in front of the real Python SDK agent (tests/peers/python/agent.py, a2a-sdk 1.3.0,
push notifications on), each mode behind its own real
`a2a-interop proxy --record --report --lossless` (misbehave_drive.start_proxy: the proxy
picks its port and says it in its ready line), all modes at once against one agent process.

    python3 misclient57.py BIN OUTDIR [MODE[@js]...]

`MODE@js` runs the mode against the JS SDK agent (tests/peers/js/agent.mjs, @a2a-js/sdk 1.3.0,
push notifications on) instead, a second agent process serving every such mode.

A mode is a short client session in one generation and binding, named by its prefix:
`v10-` JSON-RPC 1.0 (A2A-Version: 1.0), `v03-` JSON-RPC 0.3 (no header), `v02-` a 0.2-era
client, `r10-` HTTP+JSON 1.0 (`/rest/...`, A2A-Version: 1.0), `r03-` HTTP+JSON 0.3
(`/rest/v1/...`). It makes the tasks it needs with legal sends (a completed `task ...`, an
input-required `input ...`, a working `long ...` canceled), then does its one fault or legal
bend (the `steps` below). Predictions: tests/cases/live57-predictions.json (rules that must
appear, rules that must not, the side blamed).

Writes OUTDIR/MODE.json (online / offline / stderr rules, findings, the proxy's exit, steps
with the agent's HTTP status and JSON-RPC error code or REST status) and prints one line per
mode. CARD-URL-005 (the agent's card names the agent, which sits behind the proxy) and
CARD-CACHE-001 (the SDK serves its card without Cache-Control), the same in every mode (how this
round is set up, not a mode's doing), are left out of the rule lists.
"""
import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
PRED = os.path.join(HERE, "..", "cases", "live57-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
# How this round is set up, the same in every mode: the card names the agent behind the
# proxy (CARD-URL-005) and comes without Cache-Control (CARD-CACHE-001, the SDK's card route).
TOKEN = re.compile(rb'("token":\s*")[^"]*(")')
SETUP_NOTES = {"CARD-URL-005", "CARD-CACHE-001"}
sys.path.insert(0, HERE)
import misbehave_drive  # noqa: E402
import misclient_drive  # noqa: E402

HOOK = "https://hooks.example.com/a2a"


def call(url, data=None, headers=None, method=None):
    """(status, Content-Type, body text) of one call; `data` is bytes (sent as given)."""
    req = urllib.request.Request(url, data, dict(headers or {}),
                                 method=method or ("POST" if data is not None else "GET"))
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read().decode(errors="replace")
    except OSError as e:
        return 0, "", str(e)


def objects(ctype, text):
    """The JSON objects of a body: the body, or each SSE event's data."""
    if "event-stream" in ctype:
        out = []
        for ln in text.splitlines():
            if ln.startswith("data:"):
                try:
                    out.append(json.loads(ln[5:].strip()))
                except ValueError:
                    pass
        return out
    try:
        return [json.loads(text)]
    except ValueError:
        return []


class Client:
    """One mode's client. Every call is logged as [step, HTTP status, outcome], the outcome
    the JSON-RPC error code, "result", "stream" or the REST error status name."""

    def __init__(self, mode, base, log):
        self.mode, self.base, self.log = mode, base, log
        self.gen = mode[1:3]
        self.rest_binding = mode.startswith("r")
        self.v10 = self.gen == "10"
        self.n = 0
        # every request body sent, as bytes (compared with the recording's request bodies)
        self.sent = []

    # ---- wire --------------------------------------------------------------------------
    def hdrs(self):
        return {"A2A-Version": "1.0"} if self.v10 else {}

    def post_raw(self, step, path, data, headers):
        self.sent.append(data)
        st, ct, text = call(self.base + path, data, headers)
        objs = objects(ct, text)
        out = "stream" if "event-stream" in ct else "none"
        if objs and isinstance(objs[0], dict):
            o = objs[0]
            if isinstance(o.get("error"), dict):
                e = o["error"]
                out = e.get("status") or e.get("code")
            elif "result" in o:
                out = "result" if out != "stream" else out
            elif not self.rest_binding or "error" not in o:
                out = "result" if out != "stream" else out
        elif objs and isinstance(objs[0], list):
            out = "batch"
        self.log.append([step, st, out])
        return st, objs

    def rpc(self, step, method, params, headers=None, rid="auto", ctype="application/json",
            envelope=None, accept=None):
        """One JSON-RPC call to `/`: (status, [objects]). `rid` "auto" numbers it, "absent"
        leaves the id out (a notification), anything else is the id; `envelope` replaces
        the whole body."""
        if envelope is None:
            body = {"jsonrpc": "2.0", "method": method, "params": params}
            if rid == "auto":
                self.n += 1
                body["id"] = self.n
            elif rid != "absent":
                body["id"] = rid
        else:
            body = envelope
        h = self.hdrs() if headers is None else dict(headers)
        h["Content-Type"] = ctype
        if accept:
            h["Accept"] = accept
        return self.post_raw(step, "/", json.dumps(body).encode(), h)

    def rest(self, step, verb, path, body=None, headers=None, ctype="application/json"):
        """One HTTP+JSON call under `/rest` (1.0) or `/rest/v1` (0.3)."""
        url = "/rest" + ("" if self.v10 else "/v1") + path
        h = self.hdrs() if headers is None else dict(headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = ctype
            self.sent.append(data)
        st, ct, text = call(self.base + url, data, h, verb)
        objs = objects(ct, text)
        out = "stream" if "event-stream" in ct else "result"
        if objs and isinstance(objs[0], dict) and isinstance(objs[0].get("error"), dict):
            out = objs[0]["error"].get("status") or objs[0]["error"].get("code")
        if st >= 400 and out == "result":
            out = "error"
        self.log.append([step, st, out])
        return st, objs

    # ---- A2A ---------------------------------------------------------------------------
    def card(self):
        st, _, _ = call(self.base + "/.well-known/agent-card.json")
        self.log.append(["card", st, "card"])

    def msg(self, text, **kw):
        """A message of the mode's generation and binding; kw members override."""
        if self.v10:
            m = {"messageId": str(uuid.uuid4()), "role": "ROLE_USER", "parts": [{"text": text}]}
        elif self.rest_binding:
            m = {"messageId": str(uuid.uuid4()), "role": "ROLE_USER", "content": [{"text": text}]}
        else:
            m = {"kind": "message", "messageId": str(uuid.uuid4()), "role": "user",
                 "parts": [{"kind": "text", "text": text}]}
        for k, v in kw.items():
            if v is None:
                m.pop(k, None)
            else:
                m[k] = v
        return m

    def send_params(self, m, immediate=False):
        p = {"message": m}
        if immediate:
            p["configuration"] = ({"returnImmediately": True} if self.v10
                                  else {"blocking": False, "acceptedOutputModes": ["text/plain"]})
        return p

    def send_msg(self, step, m, immediate=False, headers=None, ctype="application/json",
                 params=None):
        p = params if params is not None else self.send_params(m, immediate)
        if self.rest_binding:
            return self.rest(step, "POST", "/message:send", p, headers, ctype)
        return self.rpc(step, "SendMessage" if self.v10 else "message/send", p, headers,
                        ctype=ctype)

    def send(self, step, text, immediate=False, **kw):
        """A send of a fresh message; (task id, contextId) of its answer's task."""
        _, objs = self.send_msg(step, self.msg(text, **kw), immediate)
        return task_of(objs)

    def get(self, step, tid, history="unset", headers=None):
        if self.rest_binding:
            q = "" if history == "unset" else f"?historyLength={history}"
            return self.rest(step, "GET", f"/tasks/{tid}{q}", headers=headers)
        p = {"id": tid}
        if history != "unset":
            p["historyLength"] = history
        return self.rpc(step, "GetTask" if self.v10 else "tasks/get", p, headers)

    def cancel(self, step, tid):
        if self.rest_binding:
            return self.rest(step, "POST", f"/tasks/{tid}:cancel", {})
        return self.rpc(step, "CancelTask" if self.v10 else "tasks/cancel", {"id": tid})

    def subscribe(self, step, tid):
        if self.rest_binding:
            return self.rest(step, "GET", f"/tasks/{tid}:subscribe")
        return self.rpc(step, "SubscribeToTask" if self.v10 else "tasks/resubscribe",
                        {"id": tid})

    def push_create(self, step, tid, cfg):
        """cfg: the config members (url, id, token, ...) of the mode's generation."""
        if self.v10:
            c = dict(cfg, taskId=tid)
            if self.rest_binding:
                return self.rest(step, "POST", f"/tasks/{tid}/pushNotificationConfigs", c)
            return self.rpc(step, "CreateTaskPushNotificationConfig", c)
        if self.rest_binding:
            return self.rest(step, "POST", f"/tasks/{tid}/pushNotificationConfigs",
                             {"name": f"tasks/{tid}/pushNotificationConfigs",
                              "pushNotificationConfig": cfg})
        return self.rpc(step, "tasks/pushNotificationConfig/set",
                        {"taskId": tid, "pushNotificationConfig": cfg})

    def completed(self):
        """A completed task of this session: (id, contextId)."""
        return self.send("send-completed", "task make a completed one")

    def waiting(self):
        """A task waiting in input-required: (id, contextId)."""
        return self.send("send-input", "input please ask me")

    def canceled(self):
        tid, ctx = self.send("send-long", "long job", immediate=True)
        self.cancel("cancel-long", tid)
        return tid, ctx


def task_of(objs):
    """(id, contextId) of the first task in objs (a 1.0 {task}, a 0.x bare Task)."""
    for o in objs:
        if not isinstance(o, dict):
            continue
        r = o.get("result", o)
        if isinstance(r, dict) and isinstance(r.get("task"), dict):
            r = r["task"]
        if isinstance(r, dict) and "id" in r and "status" in r:
            return r["id"], r.get("contextId")
    return None, None


# ---- the modes -------------------------------------------------------------------------
# Each is `def NAME(c)`, run after the card fetch. The prefix (v10, v03, v02, r10, r03)
# chooses the generation and binding of c's helpers.

MODES = {}


def mode(*names):
    def put(f):
        for n in names:
            MODES[n] = f
        return f
    return put


@mode("v10-legal", "v03-legal", "r10-legal", "r03-legal")
def legal(c):
    """A correct session: a completed task read back, an input-required task followed up
    with its taskId and contextId, read back with historyLength."""
    t1, _ = c.completed()
    c.get("get-completed", t1)
    t2, ctx = c.waiting()
    c.send("follow-up", "friday", taskId=t2, contextId=ctx)
    c.get("get-followed-up", t2, history=1)


@mode("v10-follow-up-task-id-only", "v03-follow-up-task-id-only", "r10-follow-up-task-id-only",
      "r03-follow-up-task-id-only")
def follow_up_tid_only(c):
    """LEGAL on the client's side (ID-003: the context is inferred from the task): the
    input-required task followed up with taskId alone, then read back. The SDK agent stamps
    its new status message with a contextId it mints for the request (not the task's)."""
    t2, _ = c.waiting()
    c.send("follow-up", "friday", taskId=t2)
    c.get("get-followed-up", t2)


@mode("v10-no-message-id", "v03-no-message-id", "r10-no-message-id", "r03-no-message-id")
def no_message_id(c):
    """A message without its REQUIRED messageId (DATA-005)."""
    c.send_msg("send-no-message-id", c.msg("task no id", messageId=None))


@mode("v10-no-role", "v03-no-role", "r10-no-role")
def no_role(c):
    """A message without its REQUIRED role (DATA-005)."""
    c.send_msg("send-no-role", c.msg("task no role", role=None))


@mode("v10-role-0x-user", "r10-role-0x-user")
def role_0x(c):
    """A 1.0 message whose role is the 0.x enum value "user" (DATA-001: ROLE_USER)."""
    c.send_msg("send-role-user", c.msg("task role user", role="user"))


@mode("v03-role-1x-user")
def role_1x(c):
    """A 0.3 JSON-RPC message whose role is the 1.0 enum value ROLE_USER."""
    c.send_msg("send-role-ROLE_USER", c.msg("task role enum", role="ROLE_USER"))


@mode("v10-role-agent", "v03-role-agent", "r10-role-agent")
def role_agent(c):
    """A client's message with the agent role (DATA-005: the client speaks as the user),
    then its task read back: the history holds the client's message as sent."""
    tid, _ = c.send("send-role-agent", "task as agent",
                    role=("ROLE_AGENT" if c.v10 or c.rest_binding else "agent"))
    if tid:
        c.get("get-role-agent", tid)


@mode("v10-reused-message-id", "v03-reused-message-id", "r10-reused-message-id")
def reused_mid(c):
    """Two sends under one messageId with other content (ID-007: the creator's id)."""
    mid = f"dup-{uuid.uuid4()}"
    t1, _ = c.send("send-first", "task first content", messageId=mid)
    t2, _ = c.send("send-reused", "task other content", messageId=mid)
    for i, t in enumerate((t1, t2)):
        if t:
            c.get(f"get-{i + 1}", t)


@mode("v10-retry-same-message-id")
def retry_same(c):
    """LEGAL: a retry of the same message under its messageId (ID-007: the agent MAY dedupe;
    a second task is its choice)."""
    m = c.msg("task retried")
    c.send_msg("send", m)
    c.send_msg("send-retry", m)


@mode("v10-no-version-header", "r10-no-version-header")
def no_version(c):
    """A 1.0 call (SendMessage, /message:send with 1.0 parts) without A2A-Version (VER-001
    MUST on the client; VER-003: missing = 0.3)."""
    c.send_msg("send-no-header", c.msg("task no header"), headers={})


@mode("v10-version-unsupported", "r10-version-unsupported")
def version_unsupported(c):
    """A2A-Version 9.9, which the card does not declare (VER-002)."""
    c.send_msg("send-version-9.9", c.msg("task nine"), headers={"A2A-Version": "9.9"})


@mode("v10-version-patch")
def version_patch(c):
    """A2A-Version 1.0.1 (VER-001: Major.Minor)."""
    c.send_msg("send-version-1.0.1", c.msg("task patch"), headers={"A2A-Version": "1.0.1"})


@mode("v10-version-0.3-pascal")
def version_03_pascal(c):
    """SendMessage (1.0 shape) under A2A-Version 0.3, as the 1.0 spec's own examples do
    (trap 3)."""
    c.send_msg("send-0.3-header", c.msg("task pascal"), headers={"A2A-Version": "0.3"})


@mode("v10-kind-part", "r10-kind-part")
def kind_part(c):
    """A 0.3 kind-tagged part ({kind: text, text}) in a 1.0 send (DATA-001: no kind)."""
    c.send_msg("send-kind-part", c.msg("task kind", parts=[{"kind": "text", "text": "task kind"}]))


@mode("v10-0x-method-under-1.0")
def method_0x(c):
    """message/send (0.3 method, 0.3 message) under A2A-Version 1.0 (RPC-003: 1.0 names)."""
    m = {"kind": "message", "messageId": str(uuid.uuid4()), "role": "user",
         "parts": [{"kind": "text", "text": "task old method"}]}
    c.rpc("send-0.3-method", "message/send", {"message": m})


@mode("v03-1x-method-no-header")
def method_1x_no_header(c):
    """GetTask (1.0 method) with no A2A-Version, after a legal 0.3 send."""
    t, _ = c.completed()
    c.rpc("get-pascal-no-header", "GetTask", {"id": t})


@mode("v10-unknown-task-id", "v03-unknown-task-id", "r10-unknown-task-id")
def unknown_task(c):
    """A message naming a taskId the agent never issued (ID-001: TaskNotFoundError)."""
    c.send("send-unknown-task", "task continue", taskId=f"never-issued-{uuid.uuid4()}")


@mode("v10-context-mismatch", "v03-context-mismatch", "r10-context-mismatch")
def ctx_mismatch(c):
    """The follow-up to an input-required task with another contextId than the task's
    (ID-003: the agent rejects)."""
    t, _ = c.waiting()
    c.send("follow-up-other-ctx", "friday", taskId=t, contextId=f"other-{uuid.uuid4()}")
    c.get("get-waiting", t)


@mode("v10-to-completed", "v03-to-completed", "r10-to-completed")
def to_completed(c):
    """A message continuing a completed task (TASK-001/-002)."""
    t, ctx = c.completed()
    c.send("send-to-completed", "task more", taskId=t, contextId=ctx)


@mode("v10-to-canceled")
def to_canceled(c):
    """A message continuing a task the client canceled (TASK-001/-002)."""
    t, ctx = c.canceled()
    c.get("get-canceled", t)
    c.send("send-to-canceled", "task more", taskId=t)


@mode("v10-history-negative", "v03-history-negative", "r10-history-negative")
def hist_neg(c):
    """GetTask with historyLength -1 (DATA-006)."""
    t, _ = c.completed()
    c.get("get-history--1", t, history=-1)


@mode("v10-history-word", "r10-history-word")
def hist_word(c):
    """GetTask with historyLength "abc" (a string that is no number)."""
    t, _ = c.completed()
    c.get("get-history-abc", t, history="abc")


@mode("v10-history-numeric-string")
def hist_numstr(c):
    """LEGAL: GetTask with historyLength "1" (ProtoJSON reads an int32 from a decimal
    string)."""
    t, _ = c.completed()
    c.get("get-history-\"1\"", t, history="1")


@mode("v10-cancel-completed")
def cancel_completed(c):
    """LEGAL: a cancel of a finished task (TASK-003: TaskNotCancelableError)."""
    t, _ = c.completed()
    c.cancel("cancel-completed", t)


@mode("v10-subscribe-finished", "v03-resubscribe-finished")
def sub_finished(c):
    """LEGAL: a (re)subscription to a finished task (TASK-004: UnsupportedOperation; 0.3
    trap 6)."""
    t, _ = c.completed()
    c.subscribe("subscribe-finished", t)


@mode("v10-id-object", "v03-id-object")
def id_object(c):
    """A JSON-RPC id that is an object (RPC-001: string or integer)."""
    c.completed()
    c.rpc("get-id-object", "GetTask" if c.v10 else "tasks/get", {"id": "x"}, rid={"n": 1})


@mode("v10-id-float")
def id_float(c):
    """A JSON-RPC id that is a fraction."""
    c.rpc("get-id-float", "GetTask", {"id": "x"}, rid=1.5)


@mode("v03-id-null")
def id_null(c):
    """A JSON-RPC id null on a request."""
    c.rpc("get-id-null", "tasks/get", {"id": "x"}, rid=None)


@mode("v10-notification")
def notification(c):
    """A JSON-RPC call without id (a notification) to GetTask."""
    t, _ = c.completed()
    c.rpc("get-no-id", "GetTask", {"id": t}, rid="absent")


@mode("v10-batch")
def batch(c):
    """A JSON-RPC batch of one GetTask (JSON-RPC 2.0 §6; A2A names no batch)."""
    t, _ = c.completed()
    c.rpc("batch-get", None, None, envelope=[{"jsonrpc": "2.0", "id": 7, "method": "GetTask",
                                             "params": {"id": t}}])


@mode("v10-params-array", "v03-params-array", "r10-params-array")
def params_array(c):
    """params (HTTP+JSON: the body) as an array (RPC-001: an object)."""
    if c.rest_binding:
        c.rest("send-array-body", "POST", "/message:send", [c.msg("task arr")])
    else:
        c.rpc("send-params-array", "SendMessage" if c.v10 else "message/send",
              [c.msg("task arr")])


@mode("v10-unknown-method")
def unknown_method(c):
    """A method no version has (RPC-003: -32601)."""
    c.rpc("call-unknown", "DoSomethingElse", {})


@mode("v10-text-plain", "v03-text-plain", "r10-text-plain", "r03-text-plain")
def text_plain(c):
    """The send's JSON under Content-Type text/plain (RPC-001 / REST-001)."""
    c.send_msg("send-text-plain", c.msg("task plain"), ctype="text/plain")


@mode("v10-stream-accept-json")
def stream_accept_json(c):
    """SendStreamingMessage with Accept: application/json only."""
    c.rpc("stream-accept-json", "SendStreamingMessage", {"message": c.msg("task stream")},
          accept="application/json")


@mode("v10-push-http-url", "r10-push-http-url")
def push_http(c):
    """LEGAL (loopback test; PUSH-006 is the agent's SHOULD): a push config with an http://
    webhook."""
    t, _ = c.send("send-long", "long job", immediate=True)
    c.push_create("push-create-http", t, {"url": "http://hooks.example.com/a2a",
                                          "token": "tok-1"})
    c.cancel("cancel-long", t)


@mode("v10-push-no-url", "v03-push-no-url", "r10-push-no-url")
def push_no_url(c):
    """A push config without its REQUIRED url (PUSH-002)."""
    t, _ = c.send("send-long", "long job", immediate=True)
    c.push_create("push-create-no-url", t, {"id": "cfg-no-url", "token": "tok-1"})
    c.cancel("cancel-long", t)


@mode("v10-metadata-not-object", "v03-metadata-not-object", "r10-metadata-not-object")
def meta_str(c):
    """message.metadata a string (DATA-005: an object / Struct)."""
    c.send_msg("send-metadata-string", c.msg("task meta", metadata="priority=high"))


@mode("v10-extra-members", "v03-extra-members", "r10-extra-members", "r03-extra-members")
def extra_members(c):
    """LEGAL (DATA-003 ignore unknown fields): unknown members in params, the message and a
    part, and metadata objects everywhere the schema has them."""
    m = c.msg("task extras", metadata={"trace": {"span": "a1"}}, xClientBuild="2026.12")
    key = "parts" if "parts" in m else "content"
    m[key][0]["xHint"] = 1
    p = c.send_params(m)
    p["metadata"] = {"tenantHint": "blue"}
    p["xRequestTag"] = "r-1"
    _, objs = c.send_msg("send-extras", None, params=p)
    t, _ = task_of(objs)
    if t:
        c.get("get-extras", t)


@mode("v10-string-ids")
def string_ids(c):
    """LEGAL: JSON-RPC ids as strings of any form (empty, spaces, unicode, digits), a
    messageId of unicode, a 0 and a negative integer id."""
    for rid in ["", "  spaced id  ", "идентификатор-✓", "0042", 0, -7]:
        c.rpc(f"send-id-{rid!r}", "SendMessage",
              {"message": c.msg("task ids", messageId=f"m ✓ {uuid.uuid4()}")}, rid=rid)


@mode("v10-reference-finished", "v03-reference-finished")
def ref_finished(c):
    """LEGAL: referenceTaskIds naming a finished task, in a new message of its context."""
    t, ctx = c.completed()
    c.send("send-referencing", "task follow on", contextId=ctx, referenceTaskIds=[t])


@mode("v10-new-task-in-terminal-context", "r10-new-task-in-terminal-context")
def new_in_ctx(c):
    """LEGAL (ID-008, TASK-001): a new message in a completed task's context, no taskId: a
    new task in the same context."""
    t, ctx = c.completed()
    c.send("send-same-context", "task again", contextId=ctx)


@mode("v10-optional-absent")
def optional_absent(c):
    """LEGAL: a part with text only, no configuration, no metadata, a message with only its
    REQUIRED members, GetTask with id only."""
    t, _ = c.send("send-minimal", "task minimal")
    c.get("get-minimal", t)


@mode("v10-task-id-as-context")
def tid_as_ctx(c):
    """A message whose contextId is a task id the agent handed out, no taskId."""
    t, _ = c.completed()
    c.send("send-tid-as-ctx", "task in that", contextId=t)


@mode("v02-tasks-send")
def v02_tasks_send(c):
    """The 0.1 method tasks/send (with 0.1 {type: text} parts) from an old client."""
    c.rpc("tasks-send", "tasks/send",
          {"id": str(uuid.uuid4()), "message": {"role": "user",
                                                "parts": [{"type": "text", "text": "task"}]}})


@mode("v02-message-send")
def v02_message_send(c):
    """LEGAL: a 0.2 client's message/send (the same wire as 0.3) with
    acceptedOutputModes, which 0.2.0-0.2.5 require."""
    m = c.msg("task from 0.2")
    c.rpc("message-send", "message/send",
          {"message": m, "configuration": {"acceptedOutputModes": ["text/plain"],
                                           "blocking": True}})


@mode("v03-kind-missing")
def kind_missing(c):
    """A 0.3 message without kind (0.3 schema: REQUIRED)."""
    c.send_msg("send-no-kind", c.msg("task kindless", kind=None))


@mode("r03-parts-1x")
def r03_parts(c):
    """A 0.3 HTTP+JSON send whose message carries 1.0's `parts` instead of `content`."""
    m = c.msg("task parts", content=None)
    m["parts"] = [{"text": "task parts"}]
    c.send_msg("send-parts", m)


@mode("r10-wrong-verb")
def wrong_verb(c):
    """GET /message:send (REST-001: POST)."""
    c.rest("get-message-send", "GET", "/message:send")


def stream_msg(c, step, m):
    """A streaming send of message m (SendStreamingMessage, message/stream, /message:stream)."""
    p = {"message": m}
    if c.rest_binding:
        return c.rest(step, "POST", "/message:stream", p)
    return c.rpc(step, "SendStreamingMessage" if c.v10 else "message/stream", p,
                 accept="text/event-stream")


@mode("v10-stream-to-completed", "v03-stream-to-completed", "r10-stream-to-completed")
def stream_to_completed(c):
    """A streaming message continuing a completed task (TASK-001/-002)."""
    t, ctx = c.completed()
    stream_msg(c, "stream-to-completed", c.msg("task more", taskId=t, contextId=ctx))


@mode("v10-stream-no-message-id")
def stream_no_mid(c):
    """A streaming send whose message has no messageId (DATA-005)."""
    stream_msg(c, "stream-no-message-id", c.msg("task streamed", messageId=None))


@mode("v10-stream-context-mismatch", "r10-stream-context-mismatch")
def stream_ctx_mismatch(c):
    """The streaming follow-up to an input-required task under another contextId (ID-003)."""
    t, _ = c.waiting()
    stream_msg(c, "stream-other-ctx", c.msg("friday", taskId=t, contextId=f"other-{uuid.uuid4()}"))


@mode("v10-subscribe-unknown")
def subscribe_unknown(c):
    """A subscription to a task id the agent never issued (TASK-009: TaskNotFoundError)."""
    c.subscribe("subscribe-unknown", f"never-issued-{uuid.uuid4()}")


# ---- the driver -----------------------------------------------------------------------

def run_mode(bin_, out, key, agent_url, res):
    """One mode (`key`: MODE, or MODE@js for the JS SDK agent) behind its own proxy."""
    mode_ = key
    rec, rep = os.path.join(out, f"{mode_}.jsonl"), os.path.join(out, f"{mode_}.report.json")
    errp = os.path.join(out, f"{mode_}.proxy.stderr")
    try:
        proxy, ready = misbehave_drive.start_proxy(
            bin_, ["--listen", "127.0.0.1:0", "--upstream", agent_url, "--record", rec,
                   "--report", rep, "--lossless"], errp)
    except (RuntimeError, OSError) as e:
        res[mode_] = {"mode": mode_, "error": str(e), "online": ["NO-PROXY"], "offline": [],
                      "stderr": [], "steps": [], "findings": [], "proxy_alive": False,
                      "proxy_rc": None}
        return
    base = f"http://127.0.0.1:{ready['listen']}"
    log = []
    c = Client(key.partition("@")[0], base, log)
    try:
        c.card()
        MODES[c.mode](c)
    except Exception as e:  # noqa: BLE001  (a client crash is a result of the mode)
        log.append(["client-error", 0, repr(e)])
    alive = proxy.poll() is None
    rc = misbehave_drive.stop_proxy(proxy)
    try:
        report = json.load(open(rep))
    except (OSError, ValueError):
        report = {}
    online = misbehave_drive.rules_in(report.get("findings", report)) - SETUP_NOTES
    stderr_rules = set(RULE.findall(open(errp).read())) - SETUP_NOTES
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = misbehave_drive.rules_in(json.loads(v.stdout).get("findings", [])) - SETUP_NOTES
    except ValueError:
        offline = {"VERIFY-FAILED"}
    # the agent got each body as the client sent it: every body the client sent is one
    # request body of the recording, byte for byte (the proxy forwards what it records)
    # (secrets are redacted in the recording by default: a push config's token is compared
    # as a token only)
    bodies, ends = misclient_drive.recorded(rec)
    got = {TOKEN.sub(rb'\1*\2', b) for b in bodies.values()}
    forwarded = [i for i, b in enumerate(c.sent) if TOKEN.sub(rb'\1*\2', b) not in got]
    res[mode_] = {"mode": mode_, "online": sorted(online), "offline": sorted(offline),
                  "stderr": sorted(stderr_rules), "proxy_alive": alive, "proxy_rc": rc,
                  "steps": log, "bodies_sent": len(c.sent), "bodies_not_recorded": forwarded,
                  "exchange_ends": sorted({str(e[0]) for e in ends.values()}),
                  "findings": [{k: f.get(k) for k in ("rule", "severity", "message")}
                               for f in report.get("findings", [])
                               if f.get("rule") not in SETUP_NOTES]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"] if os.path.exists(PRED) else {}
    modes = sys.argv[3:] or list(pred) or list(MODES)
    unknown = [m for m in modes if m.partition("@")[0] not in MODES]
    if unknown:
        raise SystemExit(f"no such mode: {unknown}")
    # push notifications on (the push config modes); the SDK agents read it at start
    os.environ["A2A_PUSH"] = "1"
    agents = {}
    res = {}
    try:
        for which in sorted({m.partition("@")[2] or "py" for m in modes}):
            agents[which] = misclient_drive.start_agent(bin_, which)
        ths = [threading.Thread(target=run_mode,
                                args=(bin_, out, m, agents[m.partition("@")[2] or "py"][1], res))
               for m in modes]
        for th in ths:
            th.start()
        for th in ths:
            th.join()
    finally:
        for agent, _ in agents.values():
            try:
                os.killpg(agent.pid, 15)
            except OSError:
                pass
            agent.wait()
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
        if r.get("bodies_not_recorded"):
            flags.append(f"BODIES-NOT-RECORDED={r['bodies_not_recorded']}")
        if not r["proxy_alive"] or r["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={r['proxy_rc']} alive={r['proxy_alive']}")
        steps = " ".join(f"{s[0]}={s[1]}/{s[2]}" for s in r["steps"][1:])
        ok = r["online"] == want
        print(f"{'OK  ' if ok else 'MISS'} {m:34} pred={want} got={r['online']} "
              f"{' '.join(flags)} | {steps}", flush=True)


if __name__ == "__main__":
    main()

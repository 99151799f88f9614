#!/usr/bin/env python3
"""misbehave56: breaker56's real A2A agent on the gRPC BINDING (GRPC-001): a grpcio (grpc.aio)
server per mode, with generic handlers and raw-bytes serializers, answering the A2A 1.0
service `lf.a2a.v1.A2AService` (`g10-` modes) or the 0.3 service `a2a.v1.A2AService` (`g03-`
modes). Messages are built with the a2a-sdk's generated protobuf classes used as a library
(`a2a.types.a2a_pb2`, `a2a.compat.v0_3.a2a_v0_3_pb2`, `google.rpc.status_pb2` /
`error_details_pb2`), or as hand-made bytes for the malformed ones; the SDK's servicers are
not used. Errors are `google.rpc.Status` in `grpc-status-details-bin` with a
`google.rpc.ErrorInfo {reason, domain: "a2a-protocol.org"}` (ERR-002, ERR-005).

    python3 misbehave56.py MODE [MODE ...]
    python3 misbehave56.py --list

Serves every named mode in this one process, each on its own loopback gRPC port (h2c), plus
one HTTP/1.1 port for the cards: `GET /MODE/.well-known/agent-card.json` (the driver routes
the proxy's `/.well-known` there) and `POST /__public/MODE` (the proxy's host:port, told by the
driver on this port, never through the proxy). Prints `MODE PORT` per mode, `http PORT`, then
`ready`, and serves until killed. `--list` prints each mode with its kind: `fault` (a rule
the verifier judges) or `legal` (the verifier must stay silent).

Skills, by the first word of a send's text: `quick` completes at once with an artifact;
`long` stays working (a subscription runs it to completion, a cancel ends it canceled);
`stream` (SendStreamingMessage) streams the Task (submitted), a working status, an artifact
and the completed status. A follow-up to a finished task is refused UnsupportedOperation
(FAILED_PRECONDITION), a cancel of a finished task TaskNotCancelable (FAILED_PRECONDITION), an
unknown task TaskNotFound (NOT_FOUND), a push config call PushNotificationNotSupported
(FAILED_PRECONDITION: the card declares no push). Each mode bends one answer.
"""
import asyncio
import json
import sys
import threading
import time
import uuid
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import grpc
from a2a.compat.v0_3 import a2a_v0_3_pb2 as pb03
from a2a.types import a2a_pb2 as pb10
from google.protobuf import any_pb2, json_format
from google.rpc import error_details_pb2, status_pb2

SC = grpc.StatusCode

MODES = {
    # ---- legal: the verifier must stay silent --------------------------------------------
    "g10-legal": ("legal", "1.0 gRPC: sends, a stream, get, cancels, an unknown task, a "
                           "subscription, a follow-up to a finished task, a push config call"),
    "g03-legal": ("legal", "0.3 gRPC (a2a.v1): the same round"),
    "g10-errors-with-headers": ("legal", "every error sent after initial metadata (headers, "
                                         "then grpc-status in trailers), not Trailers-Only"),
    "g10-errorinfo-extra-metadata": ("legal", "ErrorInfo with metadata {taskId, hint} "
                                              "(map<string,string>)"),
    "g10-details-extra": ("legal", "grpc-status-details-bin holding a google.rpc.DebugInfo-less "
                                   "LocalizedMessage before the ErrorInfo"),
    "g10-empty-initial-metadata": ("legal", "every OK answer sends its (empty) initial "
                                            "metadata on its own before the messages"),
    "g10-gzip-answers": ("legal", "every answer gzip-compressed (grpc-encoding: gzip, which "
                                  "the client accepts)"),
    "g10-version-required": ("legal", "a GetTask without a2a-version metadata refused "
                                      "VERSION_NOT_SUPPORTED (FAILED_PRECONDITION): no header "
                                      "means 0.3, which the 1.0-only card does not offer"),
    "g10-message-reply": ("legal", "the quick send answered with a Message, no task"),
    "g10-stream-status-messages": ("legal", "stream status updates carry an agent message "
                                            "with the task's ids"),
    "g03-unimplemented-not-cancelable": ("legal", "0.3: TaskNotCancelable and "
                                                  "PushNotificationNotSupported as UNIMPLEMENTED "
                                                  "(a2a-python 0.3.x)"),
    "g03-no-errorinfo": ("legal", "0.3: errors without grpc-status-details-bin (ERR-005 is "
                                  "1.0's)"),
    "g03-sub-finished-task": ("legal", "0.3: TaskSubscription of a finished task answered "
                                       "with the Task, then OK (digest trap 6)"),
    # ---- faults: error codes and ErrorInfo (ERR-002, ERR-005) -----------------------------
    "g10-notfound-internal": ("fault", "unknown task: INTERNAL with ErrorInfo TASK_NOT_FOUND"),
    "g10-notfound-unknown-noinfo": ("fault", "unknown task: UNKNOWN, no details"),
    "g10-unsupported-invalid-arg": ("fault", "follow-up to a finished task: INVALID_ARGUMENT "
                                             "with ErrorInfo UNSUPPORTED_OPERATION"),
    "g10-notcancelable-as-notfound": ("fault", "cancel of the completed task: NOT_FOUND with "
                                               "ErrorInfo TASK_NOT_CANCELABLE"),
    "g10-notfound-no-details": ("fault", "unknown task: NOT_FOUND without "
                                         "grpc-status-details-bin"),
    "g10-errorinfo-wrong-domain": ("fault", "unknown task: ErrorInfo domain example.com"),
    "g10-errorinfo-foreign-reason": ("fault", "unknown task: NOT_FOUND with ErrorInfo reason "
                                              "NO_SUCH_TASK (no A2A reason)"),
    "g10-notfound-reason-not-cancelable": ("fault", "unknown task: NOT_FOUND with reason "
                                                    "TASK_NOT_CANCELABLE"),
    "g10-stacktrace-message": ("fault", "unknown task: grpc-message carries a Python "
                                        "traceback"),
    "g10-details-garbage": ("fault", "grpc-status-details-bin bytes are no google.rpc.Status"),
    "g10-details-code-differs": ("fault", "unknown task: grpc-status NOT_FOUND, the Status in "
                                          "grpc-status-details-bin says INTERNAL"),
    "g10-push-unimplemented-noinfo": ("fault", "push config create: FAILED_PRECONDITION "
                                               "without ErrorInfo"),
    "g03-notfound-internal": ("fault", "0.3 unknown task: INTERNAL with ErrorInfo "
                                       "TASK_NOT_FOUND"),
    "g03-stacktrace-message": ("fault", "0.3 unknown task: grpc-message with a traceback"),
    # ---- faults: task states (TASK-001, TASK-003, TASK-008) --------------------------------
    "g10-cancel-completed-ok": ("fault", "cancel of the completed task answered OK, still "
                                         "completed"),
    "g10-cancel-completed-canceled": ("fault", "cancel of the completed task answered OK with "
                                               "the task canceled"),
    "g10-get-after-terminal-working": ("fault", "GetTask of the completed task says working"),
    "g10-state-unspecified": ("fault", "GetTask answer in TASK_STATE_UNSPECIFIED"),
    "g10-state-unknown-enum": ("fault", "GetTask answer with state enum number 42"),
    "g10-followup-terminal-accepted": ("fault", "follow-up to the completed task answered OK "
                                                "with the task working again"),
    "g03-cancel-completed-ok": ("fault", "0.3 cancel of the completed task answered OK"),
    "g03-state-unspecified": ("fault", "0.3 GetTask answer in TASK_STATE_UNSPECIFIED"),
    # ---- faults: streams (STREAM-002/003/007, ID-005/006) ---------------------------------
    "g10-stream-first-status": ("fault", "send stream opens with a status update, no Task"),
    "g10-stream-event-after-terminal": ("fault", "send stream: a working status after the "
                                                 "completed one"),
    "g10-stream-other-task": ("fault", "send stream: the artifact update names another task"),
    "g10-stream-other-context": ("fault", "send stream: the working status names another "
                                          "context"),
    "g10-stream-missing-task-id": ("fault", "send stream: the working status has no taskId"),
    "g10-stream-error-after-terminal": ("fault", "send stream ends INTERNAL after the "
                                                 "completed status"),
    "g10-stream-ok-before-terminal": ("fault", "send stream ends OK after working"),
    "g10-stream-error-before-terminal": ("fault", "send stream ends INTERNAL after working"),
    "g10-stream-held-open": ("fault", "send stream stays open after the completed status "
                                      "until the capture stops"),
    "g03-stream-held-open": ("fault", "0.3 send stream stays open after the completed "
                                      "(final) status until the client leaves (grpc58)"),
    "g10-stream-message-after-task": ("fault", "send stream: a Message event after the Task"),
    "g10-sub-first-status": ("fault", "subscription opens with a status update, no Task"),
    "g10-sub-other-task": ("fault", "subscription's completed status names another task"),
    "g10-sub-finished-opened": ("fault", "1.0 subscription to the completed task answered with "
                                         "the Task and OK (1.0: UnsupportedOperation)"),
    "g03-stream-event-after-terminal": ("fault", "0.3 send stream: a working status after the "
                                                 "completed (final) one"),
    "g03-stream-final-false": ("fault", "0.3 send stream: the completed status has final "
                                        "false"),
    "g03-stream-other-task": ("fault", "0.3 send stream: the artifact update names another "
                                       "task"),
    "g03-stream-ok-before-terminal": ("fault", "0.3 send stream ends OK after working"),
    # ---- faults: bytes and versions (GRPC-001, VER-002) -----------------------------------
    "g10-undecodable-answer": ("fault", "GetTask answer bytes are no protobuf"),
    "g10-undecodable-stream-event": ("fault", "the stream's artifact event bytes are no "
                                              "protobuf"),
    "g10-answers-03-shapes": ("fault", "1.0 service answered with 0.3 messages (a2a.v1 "
                                       "Artifact/Part field numbers)"),
    "g10-noversion-served": ("fault", "a GetTask without a2a-version metadata (asking 0.3) "
                                      "served in 1.0 by an agent whose card offers 1.0 only"),
    "g10-version-ignored": ("fault", "a GetTask asking a2a-version 9.9 answered OK"),
    "g10-version-refused": ("fault", "a2a-version 1.0 refused VERSION_NOT_SUPPORTED on every "
                                     "call though the card declares 1.0"),
    "g03-undecodable-answer": ("fault", "0.3 GetTask answer bytes are no protobuf"),
    # ---- faults, second batch (predicted before their own first run) ---------------------
    "g10-sub-finished-not-found": ("fault", "subscription to the completed task refused "
                                            "NOT_FOUND TASK_NOT_FOUND"),
    "g10-get-handed-out-not-found": ("fault", "GetTask of the completed task it handed out "
                                              "answered NOT_FOUND TASK_NOT_FOUND"),
    "g10-cancel-working-ignored": ("fault", "cancel of the working task answered OK with the "
                                            "task still working, and it stays working"),
    "g10-blocking-returns-working": ("fault", "a blocking SendMessage (no returnImmediately) "
                                              "answered with the task working; GetTask then "
                                              "shows it completed"),
    "g10-stream-append-without-base": ("fault", "send stream's first artifact chunk has "
                                                "append true"),
    "g03-answers-10-shapes": ("fault", "0.3 service answered with 1.0 messages (lf.a2a.v1 "
                                       "Artifact field numbers)"),
    # ---- faults: the card (CARD-005, CARD-006) --------------------------------------------
    "g10-card-grpc-internal-host": ("fault", "card's GRPC interface at a cluster-internal "
                                             "host"),
    "g10-card-grpc-other-port": ("fault", "card's GRPC interface at the proxy's host, another "
                                          "port"),
}

TERMINAL = {"TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED",
            "TASK_STATE_CANCELLED", "TASK_STATE_REJECTED"}


def now_ts(msg):
    msg.FromMilliseconds(int(time.time() * 1000))


class Agent:
    """One mode's agent: its task store and its answers (raw bytes in, raw bytes out)."""

    def __init__(self, mode):
        self.mode = mode
        self.v10 = mode.startswith("g10-")
        self.pb = pb10 if self.v10 else pb03
        self.svc = "lf.a2a.v1.A2AService" if self.v10 else "a2a.v1.A2AService"
        self.tasks = {}  # id -> Task message
        self.public = None

    # ---- message building ----------------------------------------------------------------
    def state(self, name):
        if not self.v10 and name == "TASK_STATE_CANCELED":
            name = "TASK_STATE_CANCELLED"
        return self.pb.TaskState.Value(name)

    def text_part(self, text):
        return self.pb.Part(text=text)

    def agent_msg(self, text, tid, ctx):
        m = self.pb.Message(message_id=str(uuid.uuid4()), context_id=ctx, task_id=tid,
                            role=self.pb.ROLE_AGENT)
        (m.parts if self.v10 else m.content).append(self.text_part(text))
        return m

    def status(self, state, msg=None):
        st = self.pb.TaskStatus(state=self.state(state))
        if msg is not None:
            (st.message if self.v10 else st.update).CopyFrom(msg)
        now_ts(st.timestamp)
        return st

    def artifact(self, text):
        a = self.pb.Artifact(artifact_id="a-" + str(uuid.uuid4())[:8], name="result")
        a.parts.append(self.text_part(text))
        return a

    def status_event(self, tid, ctx, state, final=False, msg=None):
        ev = self.pb.TaskStatusUpdateEvent(task_id=tid, context_id=ctx,
                                           status=self.status(state, msg))
        if not self.v10:
            ev.final = final
        return self.pb.StreamResponse(status_update=ev)

    def artifact_event(self, tid, ctx, text):
        ev = self.pb.TaskArtifactUpdateEvent(task_id=tid, context_id=ctx,
                                             artifact=self.artifact(text), last_chunk=True)
        return self.pb.StreamResponse(artifact_update=ev)

    def new_task(self, user, state, text=None):
        tid = str(uuid.uuid4())
        ctx = user.context_id or str(uuid.uuid4())
        u = self.pb.Message()
        u.CopyFrom(user)
        u.task_id, u.context_id = tid, ctx
        t = self.pb.Task(id=tid, context_id=ctx, status=self.status(state))
        t.history.append(u)
        if text:
            t.artifacts.append(self.artifact(text))
        self.tasks[tid] = t
        return t

    # ---- errors --------------------------------------------------------------------------
    async def fail(self, context, code, reason, message, **kw):
        """Ends the call with `code` and, unless `details` is False, a google.rpc.Status
        holding ErrorInfo(reason, domain) in grpc-status-details-bin; the mode bends it."""
        m = self.mode
        domain = kw.get("domain", "a2a-protocol.org")
        st = status_pb2.Status(code=kw.get("status_code", code.value[0]), message=message)
        if m == "g10-details-extra":
            lm = error_details_pb2.LocalizedMessage(locale="en-US", message=message)
            a = any_pb2.Any()
            a.Pack(lm)
            st.details.append(a)
        info = error_details_pb2.ErrorInfo(reason=reason, domain=domain)
        if m == "g10-errorinfo-extra-metadata":
            info.metadata["hint"] = "see the agent card"
            info.metadata["requestId"] = "r-1"
        a = any_pb2.Any()
        a.Pack(info)
        st.details.append(a)
        trailing = ()
        if kw.get("details", True):
            raw = st.SerializeToString()
            if kw.get("garbage"):
                raw = b"\xff\xfe not a google.rpc.Status \x07"
            trailing = (("grpc-status-details-bin", raw),)
        if m == "g10-errors-with-headers":
            await context.send_initial_metadata(())
        await context.abort(code, message, trailing_metadata=trailing)

    async def not_found(self, context, tid):
        m = self.mode
        msg = f"Task {tid} not found"
        if m in ("g10-notfound-internal", "g03-notfound-internal"):
            await self.fail(context, SC.INTERNAL, "TASK_NOT_FOUND", msg)
        if m == "g10-notfound-unknown-noinfo":
            await self.fail(context, SC.UNKNOWN, "TASK_NOT_FOUND", msg, details=False)
        if m in ("g10-notfound-no-details", "g03-no-errorinfo"):
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", msg, details=False)
        if m == "g10-errorinfo-wrong-domain":
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", msg, domain="example.com")
        if m == "g10-errorinfo-foreign-reason":
            await self.fail(context, SC.NOT_FOUND, "NO_SUCH_TASK", msg)
        if m == "g10-notfound-reason-not-cancelable":
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_CANCELABLE", msg)
        if m in ("g10-stacktrace-message", "g03-stacktrace-message"):
            tb = ("Traceback (most recent call last):\n"
                  "  File \"/srv/agent/app/handlers.py\", line 88, in get_task\n"
                  "    return self.store[request.id]\n"
                  f"KeyError: '{tid}'")
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", tb)
        if m == "g10-details-garbage":
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", msg, garbage=True)
        if m == "g10-details-code-differs":
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", msg, status_code=13)
        await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", msg)

    async def unsupported(self, context, why):
        if self.mode == "g10-unsupported-invalid-arg":
            await self.fail(context, SC.INVALID_ARGUMENT, "UNSUPPORTED_OPERATION", why)
        if self.mode == "g03-no-errorinfo":
            await self.fail(context, SC.FAILED_PRECONDITION, "UNSUPPORTED_OPERATION", why,
                            details=False)
        await self.fail(context, SC.FAILED_PRECONDITION, "UNSUPPORTED_OPERATION", why)

    async def not_cancelable(self, context, tid):
        why = f"Task {tid} is in a terminal state and cannot be canceled"
        m = self.mode
        if m == "g10-notcancelable-as-notfound":
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_CANCELABLE", why)
        if m == "g03-unimplemented-not-cancelable":
            await self.fail(context, SC.UNIMPLEMENTED, "TASK_NOT_CANCELABLE", why)
        if m == "g03-no-errorinfo":
            await self.fail(context, SC.FAILED_PRECONDITION, "TASK_NOT_CANCELABLE", why,
                            details=False)
        await self.fail(context, SC.FAILED_PRECONDITION, "TASK_NOT_CANCELABLE", why)

    # ---- request reading -----------------------------------------------------------------
    def task_id_of(self, req):
        if self.v10:
            return req.id
        return req.name.split("/", 1)[1] if req.name.startswith("tasks/") else req.name

    async def version_gate(self, context, method):
        """The a2a-version metadata: refused, required or ignored by mode; None to go on."""
        if not self.v10:
            return
        md = dict(context.invocation_metadata() or ())
        v = md.get("a2a-version")
        m = self.mode
        if m == "g10-version-refused":
            await self.fail(context, SC.FAILED_PRECONDITION, "VERSION_NOT_SUPPORTED",
                            f"A2A version {v} is not supported")
        if m == "g10-version-required" and v is None:
            await self.fail(context, SC.FAILED_PRECONDITION, "VERSION_NOT_SUPPORTED",
                            "A2A-Version 0.3 (no a2a-version metadata) is not supported; "
                            "send a2a-version: 1.0")
        if m != "g10-version-ignored" and v not in (None, "1.0"):
            await self.fail(context, SC.FAILED_PRECONDITION, "VERSION_NOT_SUPPORTED",
                            f"A2A version {v} is not supported")

    def out(self, msg, context):
        """A response message's bytes, as the mode sends them."""
        if self.mode == "g10-answers-03-shapes":
            return to_03_bytes(msg)
        if self.mode == "g03-answers-10-shapes":
            return to_10_bytes(msg)
        return msg.SerializeToString()

    async def head(self, context):
        if self.mode == "g10-gzip-answers":
            # before the initial metadata (grpcio sends grpc-encoding in it)
            context.set_compression(grpc.Compression.Gzip)
        if self.mode == "g10-empty-initial-metadata":
            await context.send_initial_metadata(())

    # ---- methods -------------------------------------------------------------------------
    async def send_message(self, raw, context):
        await self.version_gate(context, "SendMessage")
        req = self.pb.SendMessageRequest.FromString(raw)
        user = req.message if self.v10 else req.request
        # grpc58: a send without a message (no messageId, no parts) is refused as the SDK
        # refuses it, InvalidParamsError (1.0: message, its messageId and parts are
        # required); before, every mode stored it as a task whose history held the empty
        # message, which the probe's errors.invalid-params showed (DATA-SHAPE-001), and no
        # mode's bent answer is that
        if not req.HasField("message" if self.v10 else "request") or not user.message_id or \
                not (user.parts if self.v10 else user.content):
            await self.fail(context, SC.INVALID_ARGUMENT, "INVALID_PARAMS",
                            "message with messageId and parts is required")
        text = (user.parts if self.v10 else user.content)[0].text
        m = self.mode
        if user.task_id:
            t = self.tasks.get(user.task_id)
            if t is None:
                await self.not_found(context, user.task_id)
            if self.pb.TaskState.Name(t.status.state) in TERMINAL:
                if m == "g10-followup-terminal-accepted":
                    t.status.CopyFrom(self.status("TASK_STATE_WORKING"))
                    await self.head(context)
                    return self.out(self.pb.SendMessageResponse(task=t), context)
                await self.unsupported(context, f"Task {t.id} is in a terminal state")
        await self.head(context)
        if m == "g10-message-reply" and text.startswith("quick hi"):
            reply = self.agent_msg("done: " + text, "", user.context_id or str(uuid.uuid4()))
            reply.ClearField("task_id")
            return self.out(self.pb.SendMessageResponse(message=reply), context)
        if text.startswith("long"):
            t = self.new_task(user, "TASK_STATE_WORKING")
        elif m == "g10-blocking-returns-working" and text == "quick one":
            # answered before the work is done; the store completes it just after
            t = self.new_task(user, "TASK_STATE_WORKING")
            snap = self.pb.Task()
            snap.CopyFrom(t)
            t.status.CopyFrom(self.status("TASK_STATE_COMPLETED"))
            t.artifacts.append(self.artifact("done: " + text))
            return self.out(self.pb.SendMessageResponse(task=snap), context)
        else:
            t = self.new_task(user, "TASK_STATE_COMPLETED", "done: " + text)
        if self.v10:
            return self.out(self.pb.SendMessageResponse(task=t), context)
        return self.out(self.pb.SendMessageResponse(task=t), context)

    async def send_streaming(self, raw, context):
        await self.version_gate(context, "SendStreamingMessage")
        req = self.pb.SendMessageRequest.FromString(raw)
        user = req.message if self.v10 else req.request
        text = (user.parts if self.v10 else user.content)[0].text
        m = self.mode
        await self.head(context)
        t = self.new_task(user, "TASK_STATE_SUBMITTED")
        tid, ctx = t.id, t.context_id
        events = []
        if m != "g10-stream-first-status":
            first = self.pb.Task()
            first.CopyFrom(t)
            events.append(self.pb.StreamResponse(task=first))
        if m == "g10-stream-message-after-task":
            events.append(self.pb.StreamResponse(**{
                "message" if self.v10 else "msg": self.agent_msg("on it", tid, ctx)}))
        wmsg = self.agent_msg("working on it", tid, ctx) if m == "g10-stream-status-messages" \
            else None
        working = self.status_event(tid, "other-ctx-" + ctx[:8] if
                                    m == "g10-stream-other-context" else ctx,
                                    "TASK_STATE_WORKING", msg=wmsg)
        if m == "g10-stream-missing-task-id":
            working.status_update.task_id = ""
        events.append(working)
        art = self.artifact_event("other-task-" + tid[:8] if m in (
            "g10-stream-other-task", "g03-stream-other-task") else tid, ctx, "done: " + text)
        if m == "g10-stream-append-without-base":
            art.artifact_update.append = True
        events.append(art)
        cut = m in ("g10-stream-ok-before-terminal", "g10-stream-error-before-terminal",
                    "g03-stream-ok-before-terminal")
        if cut:
            events.remove(art)
        else:
            cmsg = self.agent_msg("done", tid, ctx) if m == "g10-stream-status-messages" \
                else None
            events.append(self.status_event(tid, ctx, "TASK_STATE_COMPLETED",
                                            final=m != "g03-stream-final-false", msg=cmsg))
        if m in ("g10-stream-event-after-terminal", "g03-stream-event-after-terminal"):
            events.append(self.status_event(tid, ctx, "TASK_STATE_WORKING"))
        # the store follows what the stream said last
        last = [e for e in events if e.HasField("status_update")]
        if last:
            t.status.CopyFrom(last[-1].status_update.status)
        if not cut:
            t.artifacts.append(art.artifact_update.artifact)
        for e in events:
            data = self.out(e, context)
            if m == "g10-undecodable-stream-event" and e is art:
                data = b"\xff\xff\xff\x0f\x99 not protobuf"
            yield data
            await asyncio.sleep(0.02)
        if m in ("g10-stream-error-after-terminal", "g10-stream-error-before-terminal"):
            await context.abort(SC.INTERNAL, "stream worker crashed")
        if m in ("g10-stream-held-open", "g03-stream-held-open"):
            await asyncio.sleep(120)

    async def get_task(self, raw, context):
        await self.version_gate(context, "GetTask")
        req = self.pb.GetTaskRequest.FromString(raw)
        tid = self.task_id_of(req)
        t = self.tasks.get(tid)
        if t is None:
            await self.not_found(context, tid)
        m = self.mode
        if m == "g10-get-handed-out-not-found" and \
                self.pb.TaskState.Name(t.status.state) == "TASK_STATE_COMPLETED":
            await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", f"Task {tid} not found")
        await self.head(context)
        out = self.pb.Task()
        out.CopyFrom(t)
        # grpc58: historyLength honoured (1.0 §3.1.3: at most that many of the latest
        # messages, 0 none; unset all; 0.3's int32 has no presence, 0 means unset): every
        # mode returned the whole history, which the probe's lifecycle.history-length showed
        # (DATA-HISTORY-001), and no mode's bent answer is that
        n = req.history_length
        limited = req.HasField("history_length") if self.v10 else n > 0
        if limited:
            keep = list(out.history)[-n:] if n > 0 else []
            del out.history[:]
            out.history.extend(keep)
        finished = self.pb.TaskState.Name(t.status.state) == "TASK_STATE_COMPLETED"
        if finished and m == "g10-get-after-terminal-working":
            out.status.state = self.state("TASK_STATE_WORKING")
        if finished and m in ("g10-state-unspecified", "g03-state-unspecified"):
            out.status.state = 0
        if finished and m == "g10-state-unknown-enum":
            out.status.state = 42
        if finished and m in ("g10-undecodable-answer", "g03-undecodable-answer"):
            return b"\x0a\xff\xff\xff\xff\x0f broken"
        return self.out(out, context)

    async def cancel_task(self, raw, context):
        await self.version_gate(context, "CancelTask")
        req = self.pb.CancelTaskRequest.FromString(raw)
        tid = self.task_id_of(req)
        t = self.tasks.get(tid)
        if t is None:
            await self.not_found(context, tid)
        m = self.mode
        if self.pb.TaskState.Name(t.status.state) in TERMINAL:
            if m in ("g10-cancel-completed-ok", "g03-cancel-completed-ok"):
                await self.head(context)
                return self.out(t, context)
            if m == "g10-cancel-completed-canceled":
                t.status.CopyFrom(self.status("TASK_STATE_CANCELED"))
                return self.out(t, context)
            await self.not_cancelable(context, tid)
        if m == "g10-cancel-working-ignored":
            await self.head(context)
            return self.out(t, context)
        t.status.CopyFrom(self.status("TASK_STATE_CANCELED"))
        await self.head(context)
        return self.out(t, context)

    async def subscribe(self, raw, context):
        await self.version_gate(context, "SubscribeToTask")
        req = (self.pb.SubscribeToTaskRequest if self.v10 else
               self.pb.TaskSubscriptionRequest).FromString(raw)
        tid = self.task_id_of(req)
        t = self.tasks.get(tid)
        if t is None:
            await self.not_found(context, tid)
        m = self.mode
        if self.pb.TaskState.Name(t.status.state) in TERMINAL:
            if m == "g10-sub-finished-not-found":
                await self.fail(context, SC.NOT_FOUND, "TASK_NOT_FOUND", f"Task {tid} not found")
            if m in ("g03-sub-finished-task", "g10-sub-finished-opened"):
                await self.head(context)
                yield self.out(self.pb.StreamResponse(task=t), context)
                return
            await self.unsupported(context, f"Task {tid} is in a terminal state")
        await self.head(context)
        events = []
        if m != "g10-sub-first-status":
            snap = self.pb.Task()
            snap.CopyFrom(t)
            events.append(self.pb.StreamResponse(task=snap))
        art = self.artifact_event(tid, t.context_id, "long done")
        events.append(art)
        done = self.status_event("other-task-" + tid[:8] if m == "g10-sub-other-task" else tid,
                                 t.context_id, "TASK_STATE_COMPLETED", final=True)
        events.append(done)
        t.status.CopyFrom(done.status_update.status)
        t.artifacts.append(art.artifact_update.artifact)
        for e in events:
            yield self.out(e, context)
            await asyncio.sleep(0.05)

    async def push_create(self, raw, context):
        await self.version_gate(context, "CreateTaskPushNotificationConfig")
        why = "Push notifications are not supported"
        if self.mode == "g10-push-unimplemented-noinfo":
            await self.fail(context, SC.FAILED_PRECONDITION, "PUSH_NOTIFICATION_NOT_SUPPORTED",
                            why, details=False)
        if self.mode == "g03-unimplemented-not-cancelable":
            await self.fail(context, SC.UNIMPLEMENTED, "PUSH_NOTIFICATION_NOT_SUPPORTED", why)
        if self.mode == "g03-no-errorinfo":
            await self.fail(context, SC.FAILED_PRECONDITION, "PUSH_NOTIFICATION_NOT_SUPPORTED",
                            why, details=False)
        await self.fail(context, SC.FAILED_PRECONDITION, "PUSH_NOTIFICATION_NOT_SUPPORTED", why)

    def handler(self):
        u = grpc.unary_unary_rpc_method_handler
        s = grpc.unary_stream_rpc_method_handler
        methods = {
            "SendMessage": u(self.send_message),
            "SendStreamingMessage": s(self.send_streaming),
            "GetTask": u(self.get_task),
            "CancelTask": u(self.cancel_task),
            ("SubscribeToTask" if self.v10 else "TaskSubscription"): s(self.subscribe),
            "CreateTaskPushNotificationConfig": u(self.push_create),
        }
        return grpc.method_handlers_generic_handler(self.svc, methods)

    # ---- the card ------------------------------------------------------------------------
    def card(self):
        pub = self.public or "127.0.0.1:1"
        host, port = pub.rsplit(":", 1)
        url = pub
        if self.mode == "g10-card-grpc-internal-host":
            url = f"a2a-agent.agents.svc.cluster.local:{port}"
        if self.mode == "g10-card-grpc-other-port":
            url = f"{host}:{int(port) + 1 if int(port) < 65535 else 1024}"
        skills = [{"id": k, "name": k.capitalize(), "description": d,
                   "tags": ["a2a-interop", k], "examples": [f"{k} hello"]}
                  for k, d in (("quick", "Completes at once with an artifact."),
                               ("long", "Works until canceled or subscribed to."),
                               ("stream", "Streams its work."))]
        card = {
            "name": f"misbehave56 {self.mode}",
            "description": "breaker56's gRPC agent: quick, long and stream skills.",
            "version": "0.1.0",
            "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"],
            "defaultOutputModes": ["text/plain"],
            "skills": skills,
        }
        if self.v10:
            # a 1.0-only card (1.0 §8: supportedInterfaces)
            card["supportedInterfaces"] = [{"url": url, "protocolBinding": "GRPC",
                                            "protocolVersion": "1.0"}]
        else:
            # a 0.3 card: url + preferredTransport (0.3 §5.5)
            card.update({"protocolVersion": "0.3.0", "url": url, "preferredTransport": "GRPC"})
        return card


def to_03_bytes(msg):
    """A 1.0 message re-encoded as its 0.3 namesake (a2a.v1): the bytes a 0.3 server sends
    (ProtoJSON of the 1.0 message, renamed to the 0.3 proto's members, parsed as 0.3)."""
    cls = getattr(pb03, msg.DESCRIPTOR.name, None)
    if cls is None:
        return msg.SerializeToString()
    d = json_format.MessageToDict(msg)

    def rename(o):
        if isinstance(o, list):
            return [rename(x) for x in o]
        if not isinstance(o, dict):
            return "TASK_STATE_CANCELLED" if o == "TASK_STATE_CANCELED" else o
        out = {}
        for k, v in o.items():
            if k == "parts" and "messageId" in o:
                k = "content"
            elif k == "message" and ("state" in o or "timestamp" in o):
                k = "update"
            elif k == "message":
                k = "msg"
            out[k] = rename(v)
        return out

    return json_format.ParseDict(rename(d), cls()).SerializeToString()


def to_10_bytes(msg):
    """A 0.3 message re-encoded as its 1.0 namesake (lf.a2a.v1): the bytes a 1.0 server
    sends on the 0.3 service (to_03_bytes the other way round)."""
    cls = getattr(pb10, msg.DESCRIPTOR.name, None)
    if cls is None:
        return msg.SerializeToString()
    d = json_format.MessageToDict(msg)

    def rename(o):
        if isinstance(o, list):
            return [rename(x) for x in o]
        if not isinstance(o, dict):
            return "TASK_STATE_CANCELED" if o == "TASK_STATE_CANCELLED" else o
        out = {}
        for k, v in o.items():
            k = {"content": "parts", "update": "message", "msg": "message"}.get(k, k)
            if k == "final":
                continue
            out[k] = rename(v)
        return out

    return json_format.ParseDict(rename(d), cls()).SerializeToString()


class CardHandler(BaseHTTPRequestHandler):
    agents = {}

    def log_message(self, *a):
        pass

    def reply(self, code, body, ctype="application/json"):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        if code == 200:
            # CARD-CACHE-001 (1.0 §8.6.1): a validator and a lifetime
            self.send_header("ETag", '"%08x"' % (zlib.crc32(body) & 0xFFFFFFFF))
            self.send_header("Cache-Control", "public, max-age=60")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/", 1)
        ag = self.agents.get(parts[0])
        if ag is None or parts[1:] != [".well-known/agent-card.json"]:
            return self.reply(404, b'{"error":"not found"}')
        self.reply(200, json.dumps(ag.card()).encode())

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n).decode()
        parts = self.path.strip("/").split("/")
        if len(parts) == 2 and parts[0] == "__public" and parts[1] in self.agents:
            self.agents[parts[1]].public = body.strip()
            return self.reply(204, b"")
        self.reply(404, b"")


class CardServer(ThreadingHTTPServer):
    # every mode's driver thread posts and fetches at once: a backlog for all of them
    request_queue_size = 256


async def serve(modes):
    servers = []
    for mode in modes:
        ag = Agent(mode)
        CardHandler.agents[mode] = ag
        server = grpc.aio.server()
        server.add_generic_rpc_handlers((ag.handler(),))
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        servers.append(server)
        print(mode, port, flush=True)
    http = CardServer(("127.0.0.1", 0), CardHandler)
    http.daemon_threads = True
    threading.Thread(target=http.serve_forever, daemon=True).start()
    print("http", http.server_address[1], flush=True)
    print("ready", flush=True)
    await asyncio.Event().wait()


def main():
    if sys.argv[1:] == ["--list"]:
        for m, (kind, what) in MODES.items():
            print(f"{m:40} {kind:6} {what}")
        return
    modes = sys.argv[1:]
    for m in modes:
        if m not in MODES:
            raise SystemExit(f"unknown mode {m}")
    asyncio.run(serve(modes))


if __name__ == "__main__":
    main()

"""A misbehaving ORCHESTRATOR (breaker50): a real A2A agent on the Python SDK (a2a-sdk 1.3.0,
as tests/peers/python/agent.py) whose executor delegates every request to a second real SDK
agent as an A2A client (the SDK client, JSON-RPC 1.0, streaming), one `--mode` at a time.

    python3 misorch50.py --mode MODE --delegate URL --public URL [--log FILE]

Prints its port on the first stdout line, then `delegated OWN_TASK DELEGATE_TASK` for each call
of an own task once the delegate's first answer to it was read (DELEGATE_TASK `-` when that
answer named no task, or the call ended without one). `--delegate` is the delegate agent's base URL (a
listener of the recording proxy in front of it), `--public` the base URL its own card
advertises (the proxy's client-facing listener), `--log` a JSON line per answer it read from
the delegate (method, path, body base64: the bytes as they came, for the byte comparison).

The orchestrator's own task (its ids, minted by its SDK) is what its client sees: every text
is sent to the delegate as a new message (no taskId; the delegate's contextId of the caller's
conversation when there is one), the delegate's stream is relayed onto the own task (its
artifacts, working / input-required / auth-required / completed / failed / canceled), a
follow-up on an own task waiting for input continues the delegate's task (its taskId and
contextId), and CancelTask cancels the delegate's task first.

Modes (`--list`):
  legal              all of the above (plain delegation, streaming relayed, input relayed,
                     cancel propagated, a 0.3 client answered in 0.3)
  cancel-kept        legal too: the own task canceled, the delegate's left running (A2A's
                     agents are opaque: what an agent does with work it delegated is its own)
  relay-task         the answers to the client carry the delegate's taskId and contextId
                     (the delegate's task handed on as the own answer)
  ctx-from-delegate  the own task keeps its own taskId but its answers carry the delegate's
                     contextId
  caller-ids         the delegate is sent the caller's taskId and contextId (the own task's)
  auth-forward       the client's Authorization header is forwarded to the delegate
  early-complete     the own task completed (result: the delegate's first status message)
                     while the delegate's task still works
  input-completed    the delegate's input-required relayed as completed, its question the result
  input-delegate-id  the input-required relayed with the delegate's taskId and contextId
  swallow-fail       the delegate's failure relayed as completed, its reason the result
  stream-after-final the relayed stream sends one more working status after the terminal one
  stream-delegate-ids the relayed stream's events after the first carry the delegate's ids
  rewrap-03          a 0.3 client's answers re-wrapped from the 1.0 shapes badly (1.0 state
                     and role enum names kept, `kind` added)
"""

import argparse
import asyncio
import base64
import contextvars
import json
import re
import socket
import sys
import uuid

import httpx
import uvicorn
from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
from a2a.helpers import get_message_text, new_task, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes, create_rest_routes
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import (AgentCapabilities, AgentCard, AgentInterface, AgentSkill, CancelTaskRequest,
                       Message, Part, Role, SendMessageRequest, TaskState)
from starlette.applications import Starlette

MODES = ("legal", "cancel-kept", "relay-task", "ctx-from-delegate", "caller-ids", "auth-forward",
         "early-complete", "input-completed", "input-delegate-id", "swallow-fail",
         "stream-after-final", "stream-delegate-ids", "rewrap-03")

# the client's Authorization of the request being served (set by the ASGI wrapper; the SDK
# runs the executor in a task that copies the context)
CALLER_AUTH = contextvars.ContextVar("caller_auth", default=None)
S = TaskState


class TeeStream(httpx.AsyncByteStream):
    """A response stream that keeps the bytes it hands on and logs them at its close."""

    def __init__(self, inner, log, method, path):
        self.inner, self.log, self.method, self.path, self.buf = inner, log, method, path, b""

    async def __aiter__(self):
        async for chunk in self.inner:
            self.buf += chunk
            yield chunk

    async def aclose(self):
        await self.inner.aclose()
        if self.log:
            with open(self.log, "a") as f:
                f.write(json.dumps({"method": self.method, "path": self.path,
                                    "body": base64.b64encode(self.buf).decode()}) + "\n")


class TeeTransport(httpx.AsyncBaseTransport):
    """httpx transport that logs every answer's raw bytes (content coding kept)."""

    def __init__(self, log):
        self.inner, self.log = httpx.AsyncHTTPTransport(), log

    async def handle_async_request(self, request):
        r = await self.inner.handle_async_request(request)
        return httpx.Response(r.status_code, headers=r.headers,
                              stream=TeeStream(r.stream, self.log, request.method,
                                               request.url.raw_path.decode()),
                              extensions=r.extensions)

    async def aclose(self):
        await self.inner.aclose()


class Orchestrator(AgentExecutor):
    def __init__(self, mode, delegate, log):
        self.mode, self.delegate, self.log = mode, delegate, log
        self.card = None
        self.links = {}     # own task id -> (delegate task id, delegate context id)
        self.contexts = {}  # own context id -> delegate context id
        self.http = httpx.AsyncClient(timeout=60, transport=TeeTransport(log))

    async def client(self):
        if self.card is None:
            card = await A2ACardResolver(self.http, self.delegate).get_agent_card()
            chosen = AgentCard()
            chosen.CopyFrom(card)
            keep = [i for i in card.supported_interfaces if (i.protocol_version or "1.0") == "1.0"]
            del chosen.supported_interfaces[:]
            chosen.supported_interfaces.extend(keep)
            self.card = chosen
        headers = {}
        if self.mode == "auth-forward" and CALLER_AUTH.get():
            headers["Authorization"] = CALLER_AUTH.get()
        http = httpx.AsyncClient(timeout=60, transport=TeeTransport(self.log), headers=headers)
        cfg = ClientConfig(streaming=True, supported_protocol_bindings=["JSONRPC"],
                           use_client_preference=True, httpx_client=http)
        return ClientFactory(cfg).create(self.card), http

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        text = get_message_text(context.message) if context.message else ""
        current = context.current_task
        own, ctx = context.task_id, context.context_id
        up = TaskUpdater(event_queue, own, ctx)
        say = lambda words: up.new_agent_message([new_text_part(words)])  # noqa: E731
        if current is None:
            await event_queue.enqueue_event(new_task(own, ctx, S.TASK_STATE_SUBMITTED,
                                                     history=[context.message]))
        msg = Message(role=Role.ROLE_USER, parts=[Part(text=text)], message_id=uuid.uuid4().hex)
        if current is not None and own in self.links:
            msg.task_id, msg.context_id = self.links[own]
        elif self.mode == "caller-ids":
            msg.task_id, msg.context_id = own, ctx
        elif ctx in self.contexts:
            msg.context_id = self.contexts[ctx]
        await up.start_work()
        client, http = await self.client()
        told = []

        def tell(delegate_task):
            # for the driver, once per call: the delegate's first answer to it was read
            # (its task linked to the own one, so a cancel from now on reaches the
            # delegate in the modes that propagate it), or the call ended without one
            if not told:
                told.append(1)
                print(f"delegated {own} {delegate_task}", flush=True)

        try:
            async for ev in client.send_message(SendMessageRequest(message=msg)):
                kind = ev.WhichOneof("payload")
                if kind == "task":
                    self.links[own] = (ev.task.id, ev.task.context_id)
                    self.contexts.setdefault(ctx, ev.task.context_id)
                tell(ev.task.id if kind == "task" else "-")
                if kind == "message":
                    await up.add_artifact([new_text_part(get_message_text(ev.message))],
                                          name="answer", last_chunk=True)
                    await up.complete()
                    return
                elif kind == "artifact_update":
                    a = ev.artifact_update.artifact
                    await up.add_artifact(list(a.parts), artifact_id=a.artifact_id, name=a.name or None,
                                          append=ev.artifact_update.append or None,
                                          last_chunk=ev.artifact_update.last_chunk or None)
                elif kind == "status_update":
                    if await self.relay_status(up, say, ev.status_update.status):
                        return
        except Exception as e:  # noqa: BLE001
            tell("-")
            await up.failed(say(f"delegate error: {e}"))
        finally:
            tell("-")
            await http.aclose()

    async def relay_status(self, up, say, st) -> bool:
        """Maps one delegate status onto the own task; True when the own call is done."""
        words = "".join(p.text for p in st.message.parts) if st.HasField("message") else ""
        state = st.state
        if state == S.TASK_STATE_WORKING:
            if self.mode == "early-complete" and words:
                await up.add_artifact([new_text_part(words)], name="answer", last_chunk=True)
                await up.complete()
                return True
            await up.update_status(S.TASK_STATE_WORKING, say(words) if words else None)
            return False
        if state in (S.TASK_STATE_INPUT_REQUIRED, S.TASK_STATE_AUTH_REQUIRED):
            if self.mode == "input-completed":
                await up.add_artifact([new_text_part(words)], name="answer", last_chunk=True)
                await up.complete()
            elif state == S.TASK_STATE_INPUT_REQUIRED:
                await up.requires_input(say(words))
            else:
                await up.requires_auth(say(words))
            return True
        if state == S.TASK_STATE_COMPLETED:
            await up.complete(say(words) if words else None)
        elif state == S.TASK_STATE_FAILED:
            if self.mode == "swallow-fail":
                await up.add_artifact([new_text_part(words)], name="answer", last_chunk=True)
                await up.complete()
            else:
                await up.failed(say(f"the delegate failed: {words}"))
        elif state == S.TASK_STATE_CANCELED:
            await up.cancel(say("the delegate's task was canceled"))
        elif state == S.TASK_STATE_REJECTED:
            await up.reject(say(words))
        else:
            return False
        return True

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        up = TaskUpdater(event_queue, context.task_id, context.context_id)
        link = self.links.get(context.task_id)
        if link and self.mode != "cancel-kept":
            client, http = await self.client()
            try:
                await client.cancel_task(CancelTaskRequest(id=link[0]))
            except Exception:  # noqa: BLE001
                pass
            finally:
                await http.aclose()
        await up.cancel(up.new_agent_message([new_text_part("canceled by request")]))


# ---- the wire-level faults (an ASGI wrapper around the SDK's app) --------------------------

TERMINAL = {"TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED",
            "TASK_STATE_REJECTED", "completed", "failed", "canceled", "rejected"}


def own_ids(obj):
    """(task id, context id) of a JSON-RPC answer's or event's task, or (None, None)."""
    r = obj.get("result") if isinstance(obj, dict) else None
    if not isinstance(r, dict):
        return None, None
    for k in ("task", "statusUpdate", "artifactUpdate"):
        if isinstance(r.get(k), dict):
            x = r[k]
            return x.get("id") or x.get("taskId"), x.get("contextId")
    return r.get("id") if r.get("kind") == "task" else r.get("taskId"), r.get("contextId")


def state_of(obj):
    r = obj.get("result") if isinstance(obj, dict) else None
    if not isinstance(r, dict):
        return None
    for x in (r.get("task"), r.get("statusUpdate"), r):
        if isinstance(x, dict) and isinstance(x.get("status"), dict):
            return x["status"].get("state")
    return None


class Faults:
    """Rewrites the SDK's answers for the wire-level modes; passes the rest untouched."""

    def __init__(self, app, mode, orch):
        self.app, self.mode, self.orch = app, mode, orch

    def swap(self, text, obj):
        tid, cid = own_ids(obj)
        link = self.orch.links.get(tid)
        if not link:
            return text
        if self.mode != "ctx-from-delegate":
            text = text.replace(json.dumps(tid), json.dumps(link[0]))
        return text.replace(json.dumps(cid), json.dumps(link[1]))

    def rewrite(self, body, call):
        """One JSON answer (or one SSE event's data) as the mode sends it."""
        try:
            obj = json.loads(body)
        except ValueError:
            return body
        text = body.decode()
        m = self.mode
        if m in ("relay-task", "ctx-from-delegate") and not call["stream"]:
            text = self.swap(text, obj)
        elif m == "input-delegate-id" and state_of(obj) in ("TASK_STATE_INPUT_REQUIRED", "input-required"):
            text = self.swap(text, obj)
        elif m == "stream-delegate-ids" and call["stream"]:
            call["events"] += 1
            if call["events"] > 1:
                text = self.swap(text, obj)
        elif m == "rewrap-03" and call["v03"]:
            for a, b in (("completed", "TASK_STATE_COMPLETED"), ("working", "TASK_STATE_WORKING"),
                         ("submitted", "TASK_STATE_SUBMITTED"), ("failed", "TASK_STATE_FAILED"),
                         ("input-required", "TASK_STATE_INPUT_REQUIRED"),
                         ("canceled", "TASK_STATE_CANCELED")):
                text = text.replace(f'"state":"{a}"', f'"state":"{b}"').replace(
                    f'"state": "{a}"', f'"state": "{b}"')
            text = re.sub(r'"role":\s*"agent"', '"role":"ROLE_AGENT"', text)
            text = re.sub(r'"role":\s*"user"', '"role":"ROLE_USER"', text)
        return text.encode()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        headers = dict((k.decode().lower(), v.decode()) for k, v in scope["headers"])
        CALLER_AUTH.set(headers.get("authorization"))
        chunks, more = [], True
        while more:
            msg = await receive()
            chunks.append(msg.get("body", b""))
            more = msg.get("more_body", False)
        body = b"".join(chunks)
        try:
            method = json.loads(body).get("method", "")
        except (ValueError, AttributeError):
            method = ""
        call = {"stream": "Stream" in method or "stream" in method or "subscribe" in method.lower(),
                "v03": "/" in method, "events": 0, "buf": b"", "final": None}
        sent = [False]

        async def replay():
            if sent[0]:
                return await receive()
            sent[0] = True
            return {"type": "http.request", "body": body, "more_body": False}

        active = self.mode in ("relay-task", "ctx-from-delegate", "input-delegate-id",
                               "stream-delegate-ids", "stream-after-final", "rewrap-03")
        if not active:
            return await self.app(scope, replay, send)
        start = {}

        async def send2(msg):
            if msg["type"] == "http.response.start":
                start.update(msg)
                ctype = dict(msg.get("headers", [])).get(b"content-type", b"")
                call["sse"] = b"event-stream" in ctype
                if call["sse"]:
                    await send(msg)
                return
            if msg["type"] != "http.response.body":
                return await send(msg)
            call["buf"] += msg.get("body", b"")
            more_body = msg.get("more_body", False)
            if not call["sse"]:
                if more_body:
                    return
                out = self.rewrite(call["buf"], call)
                hs = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
                hs.append((b"content-length", str(len(out)).encode()))
                await send(dict(start, headers=hs))
                return await send({"type": "http.response.body", "body": out, "more_body": False})
            out = b""
            while True:
                m = re.search(rb"\r\n\r\n|\n\n", call["buf"])
                if not m:
                    break
                ev, call["buf"] = call["buf"][:m.end()], call["buf"][m.end():]
                out += self.event(ev, call)
            await send({"type": "http.response.body", "body": out + (b"" if more_body else call["buf"]),
                        "more_body": more_body})

        return await self.app(scope, replay, send2)

    def event(self, ev, call):
        """One SSE event (its bytes with the blank line) as the mode sends it."""
        lines = re.split(rb"(\r\n|\n)", ev)
        out = b""
        for i in range(0, len(lines) - 1, 2):
            ln, eol = lines[i], lines[i + 1]
            if ln.startswith(b"data:"):
                data = ln[5:].lstrip(b" ")
                new = self.rewrite(data, call)
                out += b"data: " + new + eol
                try:
                    obj = json.loads(data)
                except ValueError:
                    obj = None
                if self.mode == "stream-after-final" and state_of(obj) in TERMINAL:
                    call["final"] = obj
            else:
                out += ln + eol
        if call.get("final") is not None and self.mode == "stream-after-final":
            obj, call["final"] = call["final"], None
            tid, cid = own_ids(obj)
            extra = {"jsonrpc": "2.0", "id": obj.get("id"),
                     "result": {"statusUpdate": {"taskId": tid, "contextId": cid,
                                                 "status": {"state": "TASK_STATE_WORKING"}}}}
            eol = b"\r\n" if b"\r\n" in ev else b"\n"
            out += b"data: " + json.dumps(extra).encode() + eol + eol
        return out


def agent_card(public_url: str) -> AgentCard:
    base = public_url.rstrip("/")
    interfaces = [AgentInterface(protocol_binding=b, url=f"{base}{p}", protocol_version=v)
                  for v in ("1.0", "0.3") for b, p in (("JSONRPC", "/"), ("HTTP+JSON", "/rest"))]
    return AgentCard(
        name="misorch50 orchestrator", version="0.1.0",
        description="breaker50: delegates every request to another A2A agent.",
        default_input_modes=["text/plain"], default_output_modes=["text/plain"],
        capabilities=AgentCapabilities(streaming=True), supported_interfaces=interfaces,
        skills=[AgentSkill(id="delegate", name="Delegate", tags=["a2a-interop"],
                           description="Hands the text to the delegate agent and relays its answer.")])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="legal", choices=MODES)
    ap.add_argument("--delegate")
    ap.add_argument("--public")
    ap.add_argument("--log")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if a.list:
        print("\n".join(MODES))
        return
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    orch = Orchestrator(a.mode, a.delegate, a.log)
    card = agent_card(a.public or f"http://127.0.0.1:{port}")
    handler = DefaultRequestHandler(agent_executor=orch, task_store=InMemoryTaskStore(), agent_card=card)
    app = Starlette(routes=[*create_agent_card_routes(card),
                            *create_rest_routes(handler, enable_v0_3_compat=True, path_prefix="/rest"),
                            *create_jsonrpc_routes(handler, "/", enable_v0_3_compat=True)])
    print(port, flush=True)
    cfg = uvicorn.Config(Faults(app, a.mode, orch), log_level="warning")
    server = uvicorn.Server(cfg)
    asyncio.run(server.serve(sockets=[s]))


if __name__ == "__main__":
    sys.exit(main())

"""a2a-interop feature client, session 60 (left60), on the official A2A Python SDK client
(a2a-sdk 1.3.0): the SDK features client.py does not use, against agent60.py (or agent60.mjs).

  python features60.py BASE_URL [--binding JSONRPC|HTTP+JSON] [--protocol-version 1.0|0.3]

Reads the public card at BASE_URL, keeps the interfaces of the chosen version, and calls with
the bearer token (A2A_TOKEN, default left60-token) through the SDK's AuthInterceptor. Prints
one line per step (client.py's format) and RESULT PASS | RESULT FAIL <steps>:

  parts          a task with a text, a file-bytes, a file-uri and a data artifact
  file-in        a message with a text, a file-bytes, a file-uri and a data part, answered
  multi          a stream of two artifacts whose chunks interleave (append / lastChunk)
  history        GetTask with historyLength 1 after a two-turn input-required task
  subscribe      SubscribeToTask on a running task; the task canceled while subscribed
  push           push config create / get / list / delete on a running task (webhook on loopback)
  list           ListTasks (1.0 only): a page size of 2 followed by its page tokens, a status
                 filter and a contextId filter
  ext            a call requesting the card's extension (A2A-Extensions header)
  extended-card  GetExtendedAgentCard (0.3: agent/getAuthenticatedExtendedCard, GET /v1/card):
                 the extra skill (last: the client goes on with the card it reads)
"""

import argparse
import asyncio
import json
import os
import sys
import threading
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer

import httpx
from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
from a2a.client.auth import AuthInterceptor, CredentialService
from a2a.client.client import ClientCallContext
from a2a.client.service_parameters import ServiceParametersFactory, with_a2a_extensions
from a2a.types import (AgentCard, CancelTaskRequest, DeleteTaskPushNotificationConfigRequest,
                       GetExtendedAgentCardRequest, GetTaskPushNotificationConfigRequest, GetTaskRequest,
                       ListTaskPushNotificationConfigsRequest, ListTasksRequest, Message, Part, Role,
                       SendMessageConfiguration, SendMessageRequest, SubscribeToTaskRequest,
                       TaskPushNotificationConfig, TaskState)
from google.protobuf.json_format import ParseDict
from google.protobuf.struct_pb2 import Value

EXT_URI = 'https://a2a-interop.example.test/extensions/trace/v1'
TOKEN = os.environ.get('A2A_TOKEN', 'left60-token')
STEPS = ('parts', 'file-in', 'multi', 'history', 'subscribe', 'push', 'list', 'ext', 'extended-card')
# every media type the agent answers with (its artifacts' parts)
MODES = ['text/plain', 'application/octet-stream', 'application/pdf', 'application/json']


class Check(Exception):
    """A step saw the wrong thing; the message is the detail."""


class Token(CredentialService):
    async def get_credentials(self, security_scheme_name, context):
        return TOKEN


class Hooks(BaseHTTPRequestHandler):
    seen = []

    def do_POST(self):  # noqa: N802
        n = int(self.headers.get('content-length') or 0)
        Hooks.seen.append(self.rfile.read(n))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def webhook() -> str:
    srv = HTTPServer(('127.0.0.1', 0), Hooks)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return f'http://127.0.0.1:{srv.server_address[1]}/hook'


def state(s: int) -> str:
    return TaskState.Name(s)


def ask(text, task_id='', context_id='', immediate=False, parts=None):
    msg = Message(role=Role.ROLE_USER, parts=parts or [Part(text=text)], message_id=uuid.uuid4().hex,
                  task_id=task_id, context_id=context_id)
    cfg = SendMessageConfiguration(return_immediately=immediate, accepted_output_modes=MODES)
    return SendMessageRequest(message=msg, configuration=cfg)


def kind(p: Part) -> str:
    return p.WhichOneof('content') or '?'


class Scenario:
    def __init__(self, plain, streaming, version):
        self.plain, self.streaming, self.version = plain, streaming, version
        self.hook = webhook()

    async def task(self, request, context=None):
        last = None
        async for ev in self.plain.send_message(request, context=context):
            last = ev
        if last is None or not last.HasField('task'):
            raise Check(f'no task: {last}')
        return last.task

    async def step_extended_card(self):
        card = await self.plain.get_extended_agent_card(GetExtendedAgentCardRequest())
        ids = [s.id for s in card.skills]
        if 'secret' not in ids:
            raise Check(f'skills {ids}')
        return f'skills={ids}'

    async def step_parts(self):
        t = await self.task(ask('parts hello'))
        got = [(a.name, kind(a.parts[0])) for a in t.artifacts]
        want = [('report', 'text'), ('bytes', 'raw'), ('uri', 'url'), ('data', 'data')]
        if got != want or t.artifacts[1].parts[0].raw != b'\x00\x01binary\xff' or state(t.status.state) != 'TASK_STATE_COMPLETED':
            raise Check(f'artifacts {got} state {state(t.status.state)}')
        return f'artifacts={got}'

    async def step_file_in(self):
        data = Value()
        ParseDict({'q': 'totals', 'n': 3}, data)
        parts = [Part(text='task with attachments'),
                 Part(raw=b'%PDF-1.4 tiny', media_type='application/pdf', filename='in.pdf'),
                 Part(url='https://files.example.test/in.png', media_type='image/png', filename='in.png'),
                 Part(data=data, media_type='application/json')]
        t = await self.task(ask('', parts=parts))
        if state(t.status.state) != 'TASK_STATE_COMPLETED':
            raise Check(state(t.status.state))
        return f'state={state(t.status.state)}'

    async def step_multi(self):
        chunks = []
        final = None
        async for ev in self.streaming.send_message(ask('multi hello')):
            k = ev.WhichOneof('payload')
            if k == 'artifact_update':
                a = ev.artifact_update
                chunks.append((a.artifact.artifact_id, a.artifact.parts[0].text, a.append, a.last_chunk))
            elif k == 'status_update':
                final = ev.status_update.status.state
            elif k == 'task':
                final = ev.task.status.state
        if len(chunks) != 5 or final != TaskState.TASK_STATE_COMPLETED:
            raise Check(f'chunks={chunks} final={final}')
        return f'chunks={len(chunks)}'

    async def step_history(self):
        one = await self.task(ask('input please'))
        two = await self.task(ask('more words', task_id=one.id, context_id=one.context_id))
        got = await self.plain.get_task(GetTaskRequest(id=one.id, history_length=1))
        full = await self.plain.get_task(GetTaskRequest(id=one.id))
        detail = f'turn2={state(two.status.state)} history1={len(got.history)} full={len(full.history)}'
        if state(two.status.state) != 'TASK_STATE_COMPLETED' or len(got.history) != 1 or len(full.history) < 2:
            raise Check(detail)
        return detail

    async def step_subscribe(self):
        first = await self.task(ask('long running', immediate=True))
        await asyncio.sleep(0.5)
        states = []

        async def watch():
            async for ev in self.streaming.subscribe(SubscribeToTaskRequest(id=first.id)):
                k = ev.WhichOneof('payload')
                if k == 'task':
                    states.append(state(ev.task.status.state))
                elif k == 'status_update':
                    states.append(state(ev.status_update.status.state))
                    if ev.status_update.status.state == TaskState.TASK_STATE_CANCELED:
                        return

        w = asyncio.create_task(watch())
        await asyncio.sleep(1.0)
        await self.plain.cancel_task(CancelTaskRequest(id=first.id))
        await asyncio.wait_for(w, 15)
        if not states or states[-1] != 'TASK_STATE_CANCELED':
            raise Check(f'states={states}')
        return f'states={states}'

    async def step_push(self):
        t = await self.task(ask('long push', immediate=True))
        made = await self.plain.create_task_push_notification_config(
            TaskPushNotificationConfig(task_id=t.id, id='cfg-1', url=self.hook, token='hook-token'))
        got = await self.plain.get_task_push_notification_config(
            GetTaskPushNotificationConfigRequest(task_id=t.id, id=made.id or 'cfg-1'))
        listed = await self.plain.list_task_push_notification_configs(
            ListTaskPushNotificationConfigsRequest(task_id=t.id))
        await self.plain.delete_task_push_notification_config(
            DeleteTaskPushNotificationConfigRequest(task_id=t.id, id=made.id or 'cfg-1'))
        after = await self.plain.list_task_push_notification_configs(
            ListTaskPushNotificationConfigsRequest(task_id=t.id))
        await self.plain.cancel_task(CancelTaskRequest(id=t.id))
        detail = f'made={made.id!r} got={got.url == self.hook} listed={len(listed.configs)} after={len(after.configs)}'
        if got.url != self.hook or len(listed.configs) != 1 or len(after.configs) != 0:
            raise Check(detail)
        return detail

    async def step_list(self):
        if self.version != '1.0':
            return 'skipped: ListTasks is 1.0 only'
        done = [await self.task(ask(f'task list {n}')) for n in range(3)]
        ids, token, pages = [], '', 0
        while True:
            page = await self.plain.list_tasks(ListTasksRequest(page_size=2, page_token=token, history_length=0))
            pages += 1
            ids += [t.id for t in page.tasks]
            token = page.next_page_token
            if not token or pages > 50:
                break
        ctx = await self.plain.list_tasks(ListTasksRequest(context_id=done[0].context_id, include_artifacts=True))
        completed = await self.plain.list_tasks(ListTasksRequest(status=TaskState.TASK_STATE_COMPLETED, page_size=5))
        detail = f'pages={pages} ids={len(ids)} ctx={len(ctx.tasks)} completed={len(completed.tasks)}'
        if not all(t.id in ids for t in done) or len(ctx.tasks) != 1 or not completed.tasks or pages < 2:
            raise Check(detail)
        return detail

    async def step_ext(self):
        ctx = ClientCallContext(service_parameters=ServiceParametersFactory.create([with_a2a_extensions([EXT_URI])]))
        t = await self.task(ask('ext hello'), context=ctx)
        said = json.loads(t.artifacts[0].parts[0].text) if t.artifacts else {}
        if said.get('requestedExtensions') != [EXT_URI]:
            raise Check(f'agent read {said}')
        return f'agent read {said}'


def line(step, ok, detail):
    print(f'STEP {step} {"ok" if ok else "ERROR"} {detail}', flush=True)


async def main(base_url, binding, version):
    async with httpx.AsyncClient(timeout=30) as http:
        try:
            card = await A2ACardResolver(http, base_url).get_agent_card()
        except Exception as e:  # noqa: BLE001
            line('card', False, repr(e))
            print('RESULT FAIL card', flush=True)
            return 1
    line('card', True, f'name={card.name!r}')
    chosen = AgentCard()
    chosen.CopyFrom(card)
    keep = [i for i in card.supported_interfaces if (i.protocol_version or '1.0') == version]
    if keep:
        del chosen.supported_interfaces[:]
        chosen.supported_interfaces.extend(keep)

    def make(streaming):
        cfg = ClientConfig(streaming=streaming, supported_protocol_bindings=[binding], use_client_preference=True)
        return ClientFactory(cfg).create(chosen, interceptors=[AuthInterceptor(Token())])

    plain, streaming = make(False), make(True)
    sc = Scenario(plain, streaming, version)
    failed = []
    try:
        for step in STEPS:
            try:
                line(step, True, await getattr(sc, 'step_' + step.replace('-', '_'))())
            except Exception as e:  # noqa: BLE001
                line(step, False, str(e) if isinstance(e, Check) else repr(e))
                failed.append(step)
    finally:
        await plain.close()
        await streaming.close()
    print('RESULT PASS' if not failed else 'RESULT FAIL ' + ','.join(failed), flush=True)
    return 0 if not failed else 1


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('base_url')
    ap.add_argument('--binding', default='JSONRPC', choices=['JSONRPC', 'HTTP+JSON'])
    ap.add_argument('--protocol-version', default='1.0', choices=['1.0', '0.3'])
    a = ap.parse_args()
    sys.exit(asyncio.run(main(a.base_url, a.binding, a.protocol_version)))

"""a2a-interop test client on the official A2A Python SDK client (a2a-sdk 1.3.0).

  python client.py BASE_URL [--binding JSONRPC|HTTP+JSON|GRPC] [--protocol-version 1.0|0.3]

Fetches the Agent Card at BASE_URL, keeps the card interfaces of the chosen protocol
version (0.3 = the SDK's 0.3 compat transport), then runs, printing one line each:

  STEP card|send|send-task|stream|get|cancel|input|fail|missing ok|ERROR <detail>
  RESULT PASS | RESULT FAIL <failed steps>

Exit status 0 only when every step passes.
"""

import argparse
import asyncio
import json
import sys
import uuid

import httpx
from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
from a2a.types import (
    AgentCard,
    CancelTaskRequest,
    GetTaskRequest,
    Message,
    Part,
    Role,
    SendMessageConfiguration,
    SendMessageRequest,
    TaskState,
)
from a2a.utils.errors import TaskNotFoundError
from google.protobuf.json_format import MessageToDict

STEPS = ('send', 'send-task', 'stream', 'get', 'cancel', 'input', 'fail', 'missing')


def state(s: int) -> str:
    return TaskState.Name(s)


def brief(obj) -> str:
    data = MessageToDict(obj) if hasattr(obj, 'DESCRIPTOR') else obj
    text = json.dumps(data, separators=(',', ':'))
    return text if len(text) <= 300 else text[:300] + '...'


def ask(text: str, task_id: str = '', context_id: str = '', immediate: bool = False) -> SendMessageRequest:
    msg = Message(role=Role.ROLE_USER, parts=[Part(text=text)], message_id=uuid.uuid4().hex,
                  task_id=task_id, context_id=context_id)
    if immediate:
        return SendMessageRequest(message=msg, configuration=SendMessageConfiguration(return_immediately=True))
    return SendMessageRequest(message=msg)


class Check(Exception):
    """A step saw the wrong thing; the message is the detail."""


class Scenario:
    def __init__(self, plain, streaming):
        self.plain = plain
        self.streaming = streaming
        self.stream_task_id = ''

    async def last(self, request):
        result = None
        async for ev in self.plain.send_message(request):
            result = ev
        if result is None:
            raise Check('no response')
        return result

    async def step_send(self):
        ev = await self.last(ask('echo hello'))
        text = ''.join(p.text for p in ev.message.parts) if ev.HasField('message') else ''
        if 'echo hello' not in text:
            raise Check(f'expected a message echoing the text, got {brief(ev)}')
        return brief(ev)

    async def step_send_task(self):
        ev = await self.last(ask('task hello'))
        if not (ev.HasField('task') and ev.task.status.state == TaskState.TASK_STATE_COMPLETED
                and len(ev.task.artifacts) == 1):
            raise Check(f'expected a completed task with one artifact, got {brief(ev)}')
        return brief(ev)

    async def step_stream(self):
        kinds, pieces, final = [], [], 0
        async for ev in self.streaming.send_message(ask('slow hello')):
            kind = ev.WhichOneof('payload')
            kinds.append(kind)
            if kind == 'task':
                self.stream_task_id, final = ev.task.id, ev.task.status.state
            elif kind == 'status_update':
                self.stream_task_id = self.stream_task_id or ev.status_update.task_id
                final = ev.status_update.status.state
            elif kind == 'artifact_update':
                a = ev.artifact_update
                pieces.append((''.join(p.text for p in a.artifact.parts), a.append, a.last_chunk))
        detail = f'kinds={kinds} chunks={pieces} final={state(final)}'
        if final != TaskState.TASK_STATE_COMPLETED or len(pieces) != 4:
            raise Check(detail)
        return detail

    async def step_get(self):
        t = await self.plain.get_task(GetTaskRequest(id=self.stream_task_id, history_length=10))
        text = ''.join(p.text for a in t.artifacts for p in a.parts)
        detail = f'state={state(t.status.state)} artifact_text={text!r}'
        if t.status.state != TaskState.TASK_STATE_COMPLETED or text != 'The quick brown fox.':
            raise Check(detail)
        return detail

    async def step_cancel(self):
        first = (await self.last(ask('cancel me', immediate=True))).task
        await asyncio.sleep(0.6)
        done = await self.plain.cancel_task(CancelTaskRequest(id=first.id))
        await asyncio.sleep(0.2)
        after = await self.plain.get_task(GetTaskRequest(id=first.id))
        detail = (f'initial={state(first.status.state)} cancel_result={state(done.status.state)} '
                  f'after_get={state(after.status.state)}')
        if after.status.state != TaskState.TASK_STATE_CANCELED:
            raise Check(detail)
        return detail

    async def step_input(self):
        one = (await self.last(ask('input please'))).task
        two = (await self.last(ask('here is more', task_id=one.id, context_id=one.context_id))).task
        detail = f'turn1={state(one.status.state)} turn2={state(two.status.state)} same_task={one.id == two.id}'
        if not (one.status.state == TaskState.TASK_STATE_INPUT_REQUIRED
                and two.status.state == TaskState.TASK_STATE_COMPLETED and one.id == two.id):
            raise Check(detail)
        return detail

    async def step_fail(self):
        t = (await self.last(ask('fail now'))).task
        if t.status.state != TaskState.TASK_STATE_FAILED:
            raise Check(f'state={state(t.status.state)}')
        return f'state={state(t.status.state)}'

    async def step_missing(self):
        try:
            t = await self.plain.get_task(GetTaskRequest(id='does-not-exist-0000'))
        except TaskNotFoundError as e:
            return f'TaskNotFoundError: {e}'
        except Exception as e:  # noqa: BLE001 - any other error type is the finding
            raise Check(f'wrong error type {type(e).__name__}: {e}') from e
        raise Check(f'unexpected success {brief(t)}')


def grpc_channel(url: str):
    """An insecure (h2c) gRPC channel to `url` (host:port): the GRPC binding of grpc_agent.py."""
    import grpc  # only the GRPC binding needs grpcio
    return grpc.aio.insecure_channel(url)


def line(step: str, ok: bool, detail: str) -> None:
    print(f'STEP {step} {"ok" if ok else "ERROR"} {detail}', flush=True)


async def main(base_url: str, binding: str, version: str) -> int:
    failed = []
    async with httpx.AsyncClient(timeout=30) as http:
        try:
            card = await A2ACardResolver(http, base_url).get_agent_card()
        except Exception as e:  # noqa: BLE001
            line('card', False, repr(e))
            print('RESULT FAIL card', flush=True)
            return 1
    seen = [(i.protocol_binding, i.protocol_version, i.url) for i in card.supported_interfaces]
    line('card', True, f'name={card.name!r} streaming={card.capabilities.streaming} interfaces={seen}')

    chosen = AgentCard()
    chosen.CopyFrom(card)
    keep = [i for i in card.supported_interfaces if (i.protocol_version or '1.0') == version]
    if keep:
        del chosen.supported_interfaces[:]
        chosen.supported_interfaces.extend(keep)

    def make(streaming: bool):
        cfg = ClientConfig(streaming=streaming, supported_protocol_bindings=[binding], use_client_preference=True,
                           grpc_channel_factory=grpc_channel if binding == 'GRPC' else None)
        return ClientFactory(cfg).create(chosen)

    plain, streaming = make(False), make(True)
    scenario = Scenario(plain, streaming)
    try:
        for step in STEPS:
            try:
                detail = await getattr(scenario, 'step_' + step.replace('-', '_'))()
                line(step, True, detail)
            except Exception as e:  # noqa: BLE001 - report and go on with the next step
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
    ap.add_argument('--binding', default='JSONRPC', choices=['JSONRPC', 'HTTP+JSON', 'GRPC'])
    ap.add_argument('--protocol-version', default='1.0', choices=['1.0', '0.3'])
    a = ap.parse_args()
    sys.exit(asyncio.run(main(a.base_url, a.binding, a.protocol_version)))

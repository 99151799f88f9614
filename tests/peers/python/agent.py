"""a2a-interop test agent on the official A2A Python SDK (a2a-sdk 1.3.0). No LLM.

One process = one agent; the behaviour is chosen per message, by
``message.metadata["skill"]`` when set, else by the first word of the text:

  echo (default, any unknown word)  one Message "echo: <text>", no task
  task                              completed Task, one artifact "echo: <text>"
  slow                              submitted -> working -> 4 chunks of one artifact
                                    ("The ", "quick ", "brown ", "fox.", append on 2-4,
                                    lastChunk on 4) 250 ms apart -> completed
  input                             input-required; the next message on that task ->
                                    working -> artifact -> completed
  cancel | long                     working, heartbeat every 2 s, until CancelTask ->
                                    canceled (120 s -> failed)
  fail                              working -> failed "simulated failure"
  relay                             fetches the card of the agent at env A2A_PEER_URL with the
                                    SDK's card resolver, sends it the rest of the text with the
                                    SDK client (JSON-RPC, A2A 1.0), completes with one artifact
                                    "relayed: <peer's reply text>" (failed when the peer is
                                    unreachable or A2A_PEER_URL is unset)

Served on one port (A2A 1.0 with the SDK's 0.3 compatibility layer):
  GET  /.well-known/agent-card.json
  POST /            JSON-RPC   (A2A-Version: 1.0 -> SendMessage ...; none/0.3 -> message/send ...)
  /rest/...         HTTP+JSON  (1.0: /rest/message:send ...; 0.3: /rest/v1/message:send ...)

Environment: A2A_HOST (127.0.0.1), A2A_PORT (41241), A2A_PUBLIC_URL (base URL put in the
card; point it at a proxy so clients go through it), A2A_PEER_URL (base URL of the agent the
relay skill calls), A2A_PUSH=1 (advertise push notifications and serve them with the SDK's
in-memory push config store and HTTP push sender; off by default), A2A_NAME (the card's
name; two agents on one host told apart by it).
"""

import asyncio
import os
import uuid

import httpx
import uvicorn
from a2a.client import A2ACardResolver, ClientConfig, ClientFactory
from a2a.helpers import get_message_text, new_task, new_text_message, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes, create_rest_routes
from a2a.server.tasks import (BasePushNotificationSender, InMemoryPushNotificationConfigStore,
                              InMemoryTaskStore, TaskUpdater)
from a2a.types import (AgentCapabilities, AgentCard, AgentInterface, AgentSkill, Message, Part, Role,
                       SendMessageRequest, TaskState)
from starlette.applications import Starlette

CHUNKS = ('The ', 'quick ', 'brown ', 'fox.')
CHUNK_GAP_S = 0.25
HEARTBEAT_S = 2.0
GIVE_UP_S = 120.0

SKILL_TABLE = {
    'echo': 'Replies with one Message echoing the text.',
    'task': 'Completed Task with one artifact echoing the text.',
    'slow': 'Streams four chunks of one artifact, then completes.',
    'input': 'Asks for input; the next message on the task completes it.',
    'cancel': 'Works until canceled.',
    'fail': 'Ends in failed.',
    'relay': 'Sends the rest of the text to the agent at A2A_PEER_URL; artifact "relayed: <reply>".',
}
ALIASES = {'long': 'cancel'}


def choose_skill(ctx: RequestContext) -> str:
    message = ctx.message
    wanted = ''
    if message is not None and message.HasField('metadata'):
        wanted = str(dict(message.metadata).get('skill') or '')
    if not wanted and message is not None:
        first = get_message_text(message).split(maxsplit=1)
        wanted = first[0] if first else ''
    wanted = ALIASES.get(wanted.lower(), wanted.lower())
    return wanted if wanted in SKILL_TABLE else 'echo'


class TestAgent(AgentExecutor):
    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        text = get_message_text(context.message) if context.message else ''
        current = context.current_task
        up = TaskUpdater(event_queue, context.task_id, context.context_id)
        say = lambda words: up.new_agent_message([new_text_part(words)])  # noqa: E731

        if current is not None and current.status.state == TaskState.TASK_STATE_INPUT_REQUIRED:
            await up.start_work()
            await up.add_artifact([new_text_part(f'got input: {text}')], name='answer', last_chunk=True)
            await up.complete(say('thanks, done'))
            return

        skill = choose_skill(context)
        if skill == 'echo' and current is None:
            await event_queue.enqueue_event(new_text_message(f'echo: {text}', context_id=context.context_id))
            return
        if current is None:
            await event_queue.enqueue_event(
                new_task(context.task_id, context.context_id, TaskState.TASK_STATE_SUBMITTED,
                         history=[context.message]))
        await getattr(self, f'_run_{skill}')(up, say, text)

    async def _run_echo(self, up, say, text):
        await self._run_task(up, say, text)

    async def _run_task(self, up, say, text):
        await up.add_artifact([new_text_part(f'echo: {text}')], name='echo', last_chunk=True)
        await up.complete()

    async def _run_slow(self, up, say, text):
        await up.start_work(say('working...'))
        last = len(CHUNKS) - 1
        for n, piece in enumerate(CHUNKS):
            await asyncio.sleep(CHUNK_GAP_S)
            await up.add_artifact([new_text_part(piece)], artifact_id='slow-artifact', name='story',
                                  append=n > 0, last_chunk=n == last)
        await up.complete(say('slow task done'))

    async def _run_input(self, up, say, text):
        await up.requires_input(say('Please send more input on this task.'))

    async def _run_cancel(self, up, say, text):
        # CancelTask makes the SDK call cancel() below and then cancel this coroutine.
        await up.start_work(say('working until canceled'))
        waited = 0.0
        while waited < GIVE_UP_S:
            await asyncio.sleep(HEARTBEAT_S)
            waited += HEARTBEAT_S
            await up.update_status(TaskState.TASK_STATE_WORKING, say(f'still working ({waited:.0f}s)'))
        await up.failed(say('gave up after 120 s'))

    async def _run_fail(self, up, say, text):
        await up.start_work()
        await asyncio.sleep(0.1)
        await up.failed(say('simulated failure'))

    async def _run_relay(self, up, say, text):
        await up.start_work()
        rest = text.split(maxsplit=1)[1] if len(text.split(maxsplit=1)) > 1 else ''
        try:
            reply = await relay_to_peer(rest)
        except Exception as e:  # noqa: BLE001
            await up.failed(say(f'relay failed: {e!r}'))
            return
        await up.add_artifact([new_text_part(f'relayed: {reply}')], name='relay', last_chunk=True)
        await up.complete()

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        up = TaskUpdater(event_queue, context.task_id, context.context_id)
        await up.cancel(up.new_agent_message([new_text_part('canceled by request')]))


async def relay_to_peer(text: str) -> str:
    """Sends `text` to the agent at env A2A_PEER_URL through the SDK client (card resolver,
    JSON-RPC, A2A 1.0) and returns the text of its reply: the message's parts, else the task's
    artifacts' parts."""
    peer = os.environ.get('A2A_PEER_URL')
    if not peer:
        raise RuntimeError('A2A_PEER_URL is not set')
    async with httpx.AsyncClient(timeout=30) as http:
        card = await A2ACardResolver(http, peer).get_agent_card()
        chosen = AgentCard()
        chosen.CopyFrom(card)
        keep = [i for i in card.supported_interfaces if (i.protocol_version or '1.0') == '1.0']
        if keep:
            del chosen.supported_interfaces[:]
            chosen.supported_interfaces.extend(keep)
        cfg = ClientConfig(streaming=False, supported_protocol_bindings=['JSONRPC'], use_client_preference=True,
                           httpx_client=http)
        client = ClientFactory(cfg).create(chosen)
        msg = Message(role=Role.ROLE_USER, parts=[Part(text=text)], message_id=uuid.uuid4().hex)
        last = None
        async for ev in client.send_message(SendMessageRequest(message=msg)):
            last = ev
    if last is None:
        raise RuntimeError('no reply from the peer')
    if last.HasField('message'):
        return ''.join(p.text for p in last.message.parts)
    if last.HasField('task'):
        return ''.join(p.text for a in last.task.artifacts for p in a.parts)
    raise RuntimeError(f'unexpected reply {last.WhichOneof("payload")}')


def push_enabled() -> bool:
    return os.environ.get('A2A_PUSH', '') == '1'


def agent_card(public_url: str) -> AgentCard:
    base = public_url.rstrip('/')
    interfaces = [
        AgentInterface(protocol_binding=binding, url=f'{base}{path}', protocol_version=version)
        for version in ('1.0', '0.3')
        for binding, path in (('JSONRPC', '/'), ('HTTP+JSON', '/rest'))
    ]
    return AgentCard(
        name=os.environ.get('A2A_NAME') or 'a2a-interop Python test agent',
        description='Deterministic A2A test agent on a2a-sdk 1.3.0: echo, task, slow, input, cancel, fail, relay.',
        version='0.1.0',
        default_input_modes=['text/plain'],
        default_output_modes=['text/plain'],
        capabilities=AgentCapabilities(streaming=True, push_notifications=push_enabled()),
        supported_interfaces=interfaces,
        skills=[AgentSkill(id=k, name=k.capitalize(), description=v, tags=['a2a-interop', k],
                           examples=[f'{k} hello']) for k, v in SKILL_TABLE.items()],
    )


def make_app(public_url: str) -> Starlette:
    card = agent_card(public_url)
    push = {}
    if push_enabled():
        configs = InMemoryPushNotificationConfigStore()
        push = {'push_config_store': configs,
                'push_sender': BasePushNotificationSender(httpx.AsyncClient(timeout=10.0), configs)}
    handler = DefaultRequestHandler(agent_executor=TestAgent(), task_store=InMemoryTaskStore(), agent_card=card,
                                    **push)
    return Starlette(routes=[
        *create_agent_card_routes(card),
        *create_rest_routes(handler, enable_v0_3_compat=True, path_prefix='/rest'),
        *create_jsonrpc_routes(handler, '/', enable_v0_3_compat=True),
    ])


if __name__ == '__main__':
    host = os.environ.get('A2A_HOST', '127.0.0.1')
    port = int(os.environ.get('A2A_PORT', '41241'))
    public = os.environ.get('A2A_PUBLIC_URL') or f'http://{host}:{port}'
    print(f'[py-agent] listening on http://{host}:{port} (card advertises {public})', flush=True)
    uvicorn.run(make_app(public), host=host, port=port, log_level='warning')

"""a2a-interop test agent, session 60 (left60): agent.py's agent with the SDK features agent.py
does not show, on the official A2A Python SDK (a2a-sdk 1.3.0). No LLM.

agent.py's skills (echo, task, slow, input, cancel, fail) plus, by the first word of the text:

  parts    completed Task with four artifacts, one part kind each: text, file bytes (raw),
           file uri (url), data (a JSON object)
  multi    streamed: two artifacts whose chunks interleave (append on the later chunks,
           lastChunk on each one's last), 200 ms apart, then completed
  ext      completed Task whose artifact names the extensions the client requested
           (A2A-Extensions header, read by the SDK into the call context)

Authentication: the card declares an HTTP bearer scheme and requires it; every A2A call
without `Authorization: Bearer <A2A_TOKEN>` (default `left60-token`) is refused 401 by a
Starlette middleware before the SDK sees it; the public card is served to everyone. The
card says `extendedAgentCard: true` and the SDK's handler serves the extended card (one more
skill, `secret`) to authenticated callers (GetExtendedAgentCard, 1.0 only).

Push notifications are on (the SDK's in-memory push config store and HTTP sender), and the
card declares one optional extension (EXT_URI).

Environment as agent.py: A2A_HOST, A2A_PORT, A2A_PUBLIC_URL; A2A_TOKEN.
"""

import asyncio
import json
import os

import httpx
import uvicorn
from a2a.helpers import get_message_text, new_task, new_text_part
from a2a.server.agent_execution import RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes, create_rest_routes
from a2a.server.tasks import BasePushNotificationSender, InMemoryPushNotificationConfigStore, InMemoryTaskStore, TaskUpdater
from a2a.types import (AgentCard, AgentExtension, AgentSkill, HTTPAuthSecurityScheme, Part, SecurityRequirement,
                       SecurityScheme, StringList, TaskState)
from google.protobuf.struct_pb2 import Value
from google.protobuf.json_format import ParseDict
from starlette.applications import Starlette
from starlette.responses import JSONResponse

import agent as base

EXT_URI = 'https://a2a-interop.example.test/extensions/trace/v1'
TOKEN = os.environ.get('A2A_TOKEN', 'left60-token')
NEW_SKILLS = {
    'parts': 'Completed task with a text, a file-bytes, a file-uri and a data artifact.',
    'multi': 'Streams two artifacts whose chunks interleave, then completes.',
    'ext': 'Completed task naming the extensions the client requested.',
}


class FeatureAgent(base.TestAgent):
    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        text = get_message_text(context.message) if context.message else ''
        first = (text.split(maxsplit=1) or [''])[0].lower()
        if first not in NEW_SKILLS or context.current_task is not None:
            await super().execute(context, event_queue)
            return
        up = TaskUpdater(event_queue, context.task_id, context.context_id)
        await event_queue.enqueue_event(
            new_task(context.task_id, context.context_id, TaskState.TASK_STATE_SUBMITTED, history=[context.message]))
        if first == 'parts':
            await up.add_artifact([new_text_part('a plain report')], name='report', last_chunk=True)
            await up.add_artifact([Part(raw=b'\x00\x01binary\xff', media_type='application/octet-stream',
                                        filename='blob.bin')], name='bytes', last_chunk=True)
            await up.add_artifact([Part(url='https://files.example.test/report.pdf', media_type='application/pdf',
                                        filename='report.pdf')], name='uri', last_chunk=True)
            data = Value()
            ParseDict({'rows': 2, 'ok': True, 'names': ['a', 'b']}, data)
            await up.add_artifact([Part(data=data, media_type='application/json')], name='data', last_chunk=True)
            await up.complete(up.new_agent_message([new_text_part('four artifacts')]))
        elif first == 'multi':
            await up.start_work(up.new_agent_message([new_text_part('two artifacts coming')]))
            plan = [('left', 'L1 ', False, False), ('right', 'R1 ', False, False), ('left', 'L2 ', True, False),
                    ('right', 'R2', True, True), ('left', 'L3', True, True)]
            for aid, piece, append, last in plan:
                await asyncio.sleep(0.2)
                await up.add_artifact([new_text_part(piece)], artifact_id=f'multi-{aid}', name=aid,
                                      append=append, last_chunk=last)
            await up.complete()
        else:
            asked = sorted(context.requested_extensions)
            await up.add_artifact([new_text_part(json.dumps({'requestedExtensions': asked}))], name='extensions',
                                  last_chunk=True)
            await up.complete()


def feature_card(public_url: str) -> AgentCard:
    card = base.agent_card(public_url)
    card.name = 'a2a-interop Python feature agent (left60)'
    card.capabilities.push_notifications = True
    card.capabilities.extended_agent_card = True
    card.capabilities.extensions.append(
        AgentExtension(uri=EXT_URI, description='Echoes the requested extensions (test only).', required=False))
    card.security_schemes['bearer'].CopyFrom(
        SecurityScheme(http_auth_security_scheme=HTTPAuthSecurityScheme(scheme='Bearer')))
    card.security_requirements.append(SecurityRequirement(schemes={'bearer': StringList()}))
    for k, v in NEW_SKILLS.items():
        card.skills.append(AgentSkill(id=k, name=k.capitalize(), description=v, tags=['a2a-interop', k],
                                      examples=[f'{k} hello']))
    return card


def extended_card(card: AgentCard) -> AgentCard:
    ext = AgentCard()
    ext.CopyFrom(card)
    ext.description = card.description + ' (extended card: one more skill for authenticated callers)'
    ext.skills.append(AgentSkill(id='secret', name='Secret', description='Only on the extended card.',
                                 tags=['a2a-interop', 'secret']))
    return ext


class BearerOnly:
    """ASGI middleware: every request but the public card's needs the bearer token."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope['type'] == 'http' and not scope['path'].startswith('/.well-known/'):
            auth = dict(scope['headers']).get(b'authorization', b'').decode('latin-1')
            if auth != f'Bearer {TOKEN}':
                resp = JSONResponse({'error': 'unauthenticated'}, status_code=401,
                                    headers={'WWW-Authenticate': 'Bearer realm="a2a-interop"'})
                await resp(scope, receive, send)
                return
        await self.app(scope, receive, send)


def make_app(public_url: str):
    card = feature_card(public_url)
    configs = InMemoryPushNotificationConfigStore()
    handler = DefaultRequestHandler(agent_executor=FeatureAgent(), task_store=InMemoryTaskStore(), agent_card=card,
                                    push_config_store=configs,
                                    push_sender=BasePushNotificationSender(httpx.AsyncClient(timeout=10.0), configs),
                                    extended_agent_card=extended_card(card))
    app = Starlette(routes=[
        *create_agent_card_routes(card),
        *create_rest_routes(handler, enable_v0_3_compat=True, path_prefix='/rest'),
        *create_jsonrpc_routes(handler, '/', enable_v0_3_compat=True),
    ])
    return BearerOnly(app)


if __name__ == '__main__':
    host = os.environ.get('A2A_HOST', '127.0.0.1')
    port = int(os.environ.get('A2A_PORT', '41271'))
    public = os.environ.get('A2A_PUBLIC_URL') or f'http://{host}:{port}'
    print(f'[py-agent60] listening on http://{host}:{port} (card advertises {public})', flush=True)
    uvicorn.run(make_app(public), host=host, port=port, log_level='warning')

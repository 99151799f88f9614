"""a2a-interop gRPC test agent, grpc58 variant: the SDK agent of ``grpc_agent.py`` (a2a-sdk
1.3.0 GrpcHandler + CompatGrpcHandler on grpcio, h2c) with the three features round 57 left
unexercised over gRPC, each switched on by the environment:

  A2A_PUSH=1        push notifications: the card declares capabilities.pushNotifications and
                    the SDK's in-memory config store and HTTP push sender serve the
                    *TaskPushNotificationConfig methods (the SDK's own, nothing added)
  A2A_BEARER=TOKEN  the card declares an HTTP bearer scheme and requires it; a grpcio server
                    interceptor refuses every call of the A2A services without
                    ``authorization: Bearer TOKEN`` metadata with UNAUTHENTICATED (gRPC's
                    401), as a deployment in front of the SDK's handler does (the SDK itself
                    authenticates nobody: its context builder makes every caller
                    UnauthenticatedUser)
  A2A_EXTENDED=1    the card declares capabilities.extendedAgentCard and the handler serves
                    an extended card (one more skill, ``secret``) on GetExtendedAgentCard
                    (1.0) and GetAgentCard (0.3)
  A2A_OPEN_EXTENDED=1  (with A2A_BEARER) the interceptor lets the extended-card calls
                    through without the token: the extended card leaks to anonymous callers
                    (AUTH-005), the fault a deployment makes when it exempts "card" routes

Ports as ``grpc_agent.py``: A2A_HOST, A2A_PORT (HTTP: the card, and JSON-RPC at POST /),
A2A_GRPC_PORT, A2A_GRPC_PUBLIC. The card lists the GRPC interfaces (1.0, 0.3) only.
"""

import asyncio
import os

import grpc
import httpx
import uvicorn
from a2a.compat.v0_3 import a2a_v0_3_pb2_grpc
from a2a.compat.v0_3.grpc_handler import CompatGrpcHandler
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.request_handlers.grpc_handler import GrpcHandler
from a2a.server.routes import create_agent_card_routes
from a2a.server.tasks import (BasePushNotificationSender, InMemoryPushNotificationConfigStore,
                              InMemoryTaskStore)
from a2a.types import (AgentCard, AgentInterface, AgentSkill, HTTPAuthSecurityScheme,
                       SecurityRequirement, SecurityScheme, StringList, a2a_pb2_grpc)
from starlette.applications import Starlette

from agent import TestAgent, agent_card

A2A_SERVICES = ('/lf.a2a.v1.A2AService/', '/a2a.v1.A2AService/')


class BearerRequired(grpc.aio.ServerInterceptor):
    """Refuses calls of the A2A services that lack ``authorization: Bearer <token>``
    metadata with UNAUTHENTICATED; other services (none here) pass."""

    def __init__(self, token: str, open_extended: bool) -> None:
        self.want = f'Bearer {token}'
        self.open = (('/lf.a2a.v1.A2AService/GetExtendedAgentCard', '/a2a.v1.A2AService/GetAgentCard')
                     if open_extended else ())

    async def intercept_service(self, continuation, details):
        handler = await continuation(details)
        if handler is None or not details.method.startswith(A2A_SERVICES) or \
                details.method in self.open:
            return handler
        md = dict(details.invocation_metadata or ())
        if md.get('authorization') == self.want:
            return handler

        async def refuse_unary(request, context):
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, 'bearer token required')

        async def refuse_stream(request, context):
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, 'bearer token required')
            yield  # pragma: no cover  (an async generator, as the stream's handler is)

        if handler.response_streaming:
            return grpc.unary_stream_rpc_method_handler(
                refuse_stream,
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        return grpc.unary_unary_rpc_method_handler(
            refuse_unary,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer)


def build_card(public: str, grpc_public: str, token: str | None, extended: bool) -> AgentCard:
    card = agent_card(public)
    del card.supported_interfaces[:]
    card.supported_interfaces.extend(
        AgentInterface(protocol_binding='GRPC', url=grpc_public, protocol_version=v)
        for v in ('1.0', '0.3'))
    if token:
        card.security_schemes['bearer'].CopyFrom(SecurityScheme(
            http_auth_security_scheme=HTTPAuthSecurityScheme(scheme='bearer')))
        card.security_requirements.append(
            SecurityRequirement(schemes={'bearer': StringList(list=[])}))
    if extended:
        card.capabilities.extended_agent_card = True
    return card


async def main() -> None:
    host = os.environ.get('A2A_HOST', '127.0.0.1')
    port = int(os.environ.get('A2A_PORT', '41271'))
    grpc_port = int(os.environ.get('A2A_GRPC_PORT', '41272'))
    public = os.environ.get('A2A_PUBLIC_URL') or f'http://{host}:{port}'
    grpc_public = os.environ.get('A2A_GRPC_PUBLIC') or f'{host}:{grpc_port}'
    token = os.environ.get('A2A_BEARER') or None
    extended = os.environ.get('A2A_EXTENDED', '') == '1'

    card = build_card(public, grpc_public, token, extended)
    options = {}
    if os.environ.get('A2A_PUSH', '') == '1':
        configs = InMemoryPushNotificationConfigStore()
        options['push_config_store'] = configs
        options['push_sender'] = BasePushNotificationSender(httpx.AsyncClient(timeout=10.0), configs)
    if extended:
        ext = AgentCard()
        ext.CopyFrom(card)
        ext.skills.append(AgentSkill(id='secret', name='Secret',
                                     description='Shown to authenticated clients only.',
                                     tags=['a2a-interop', 'secret']))
        options['extended_agent_card'] = ext
    handler = DefaultRequestHandler(agent_executor=TestAgent(), task_store=InMemoryTaskStore(),
                                    agent_card=card, **options)

    open_extended = os.environ.get('A2A_OPEN_EXTENDED', '') == '1'
    server = grpc.aio.server(
        interceptors=[BearerRequired(token, open_extended)] if token else None)
    a2a_pb2_grpc.add_A2AServiceServicer_to_server(GrpcHandler(handler), server)
    a2a_v0_3_pb2_grpc.add_A2AServiceServicer_to_server(CompatGrpcHandler(handler), server)
    if server.add_insecure_port(f'{host}:{grpc_port}') == 0:
        raise SystemExit(f'cannot bind gRPC port {grpc_port}')
    await server.start()

    app = Starlette(routes=[*create_agent_card_routes(card)])
    print(f'[py-grpc-agent58] gRPC on {host}:{grpc_port} (card advertises {grpc_public}; '
          f'push={"push_config_store" in options} bearer={bool(token)} extended={extended}), '
          f'HTTP on http://{host}:{port}', flush=True)
    web = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level='warning'))
    try:
        await web.serve()
    finally:
        await server.stop(0.5)


if __name__ == '__main__':
    asyncio.run(main())

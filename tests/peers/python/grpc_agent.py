"""a2a-interop gRPC test agent on the official A2A Python SDK (a2a-sdk 1.3.0 + grpcio). No LLM.

The same agent as ``agent.py`` (same skills: echo, task, slow, input, cancel, fail), served
over the A2A gRPC binding (h2c, no TLS):

  gRPC on A2A_GRPC_PORT   service lf.a2a.v1.A2AService (A2A 1.0, the SDK's GrpcHandler) and
                          service a2a.v1.A2AService (A2A 0.3, the SDK's CompatGrpcHandler),
                          both on one port
  HTTP on A2A_PORT        GET /.well-known/agent-card.json (the card lists the GRPC
                          interfaces, 1.0 and 0.3, at A2A_GRPC_PUBLIC) plus JSON-RPC at POST /

Environment: A2A_HOST (127.0.0.1), A2A_PORT (41261), A2A_GRPC_PORT (41262),
A2A_GRPC_PUBLIC (host:port put in the card for the gRPC interfaces, default
A2A_HOST:A2A_GRPC_PORT; point it at a proxy so gRPC clients go through it),
A2A_PUBLIC_URL (base URL put in the card for JSON-RPC).
"""

import asyncio
import os

import grpc
import uvicorn
from a2a.compat.v0_3 import a2a_v0_3_pb2_grpc
from a2a.compat.v0_3.grpc_handler import CompatGrpcHandler
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.request_handlers.grpc_handler import GrpcHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore
from a2a.types import AgentInterface, a2a_pb2_grpc
from starlette.applications import Starlette

from agent import TestAgent, agent_card


async def main() -> None:
    host = os.environ.get('A2A_HOST', '127.0.0.1')
    port = int(os.environ.get('A2A_PORT', '41261'))
    grpc_port = int(os.environ.get('A2A_GRPC_PORT', '41262'))
    public = os.environ.get('A2A_PUBLIC_URL') or f'http://{host}:{port}'
    grpc_public = os.environ.get('A2A_GRPC_PUBLIC') or f'{host}:{grpc_port}'

    card = agent_card(public)
    del card.supported_interfaces[:]
    card.supported_interfaces.extend(
        [AgentInterface(protocol_binding='GRPC', url=grpc_public, protocol_version=v) for v in ('1.0', '0.3')]
        + [AgentInterface(protocol_binding='JSONRPC', url=public, protocol_version=v) for v in ('1.0', '0.3')])
    handler = DefaultRequestHandler(agent_executor=TestAgent(), task_store=InMemoryTaskStore(), agent_card=card)

    server = grpc.aio.server()
    a2a_pb2_grpc.add_A2AServiceServicer_to_server(GrpcHandler(handler), server)
    a2a_v0_3_pb2_grpc.add_A2AServiceServicer_to_server(CompatGrpcHandler(handler), server)
    if server.add_insecure_port(f'{host}:{grpc_port}') == 0:
        raise SystemExit(f'cannot bind gRPC port {grpc_port}')
    await server.start()

    app = Starlette(routes=[*create_agent_card_routes(card),
                            *create_jsonrpc_routes(handler, '/', enable_v0_3_compat=True)])
    print(f'[py-grpc-agent] gRPC on {host}:{grpc_port} (card advertises {grpc_public}), '
          f'HTTP on http://{host}:{port}', flush=True)
    web = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level='warning'))
    try:
        await web.serve()
    finally:
        await server.stop(0.5)


if __name__ == '__main__':
    asyncio.run(main())

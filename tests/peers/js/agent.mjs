// a2a-interop test agent on the official A2A JS SDK (@a2a-js/sdk 1.3.0 + express 5). No LLM.
//
// Behaviour per message: message.metadata.skill, else the first word of the text:
//   echo (default, any unknown word)  one Message "echo: <text>", no task
//   task                              completed Task, one artifact "echo: <text>"
//   slow                              submitted -> working -> 4 chunks of one artifact ("The ",
//                                     "quick ", "brown ", "fox.", append on 2-4, lastChunk on 4)
//                                     250 ms apart -> completed
//   input                             input-required; the next message on that task -> working
//                                     -> artifact -> completed
//   cancel | long                     working, heartbeat every 2 s, until CancelTask -> canceled
//                                     (120 s -> failed)
//   fail                              working -> failed "simulated failure"
//   relay                             fetches the card of the agent at env A2A_PEER_URL with the
//                                     SDK's card resolver, sends it the rest of the text with the
//                                     SDK client (JSON-RPC, A2A 1.0), completes with one artifact
//                                     "relayed: <peer's reply text>" (failed when the peer is
//                                     unreachable or A2A_PEER_URL is unset)
//
// One port, A2A 1.0 with the SDK's 0.3 compatibility layer:
//   GET  /.well-known/agent-card.json  (1.0 card; 0.3-shaped card without A2A-Version: 1.0)
//   POST /            JSON-RPC
//   /rest/...         HTTP+JSON (1.0: /rest/message:send; 0.3: /rest/v1/message:send)
//
// Env: A2A_HOST (127.0.0.1), A2A_PORT (41251), A2A_PUBLIC_URL (base URL in the card; point it
// at a proxy so clients go through it), A2A_PEER_URL (base URL of the agent the relay skill
// calls), A2A_PUSH=1 (advertise push notifications and serve them with the SDK's in-memory
// push store and default push sender; off by default).

import express from 'express';
import { AGENT_CARD_PATH, Role, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultPushNotificationSender,
  DefaultRequestHandler,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
} from '@a2a-js/sdk/server';
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from '@a2a-js/sdk/server/express';

const host = process.env.A2A_HOST || '127.0.0.1';
const port = Number(process.env.A2A_PORT || 41251);
const publicUrl = (process.env.A2A_PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, '');

const CHUNKS = ['The ', 'quick ', 'brown ', 'fox.'];
const CHUNK_GAP_MS = 250;
const HEARTBEAT_MS = 2000;
const GIVE_UP_MS = 120000;
const SKILLS = {
  echo: 'Replies with one Message echoing the text.',
  task: 'Completed Task with one artifact echoing the text.',
  slow: 'Streams four chunks of one artifact, then completes.',
  input: 'Asks for input; the next message on the task completes it.',
  cancel: 'Works until canceled.',
  fail: 'Ends in failed.',
  relay: 'Sends the rest of the text to the agent at A2A_PEER_URL; artifact "relayed: <reply>".',
};

const wait = (ms) => new Promise((done) => setTimeout(done, ms));
const stamp = () => new Date().toISOString();
const part = (text) => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const plainText = (msg) =>
  (msg?.parts ?? [])
    .filter((p) => p.content?.$case === 'text')
    .map((p) => p.content.value)
    .join('\n');

function chooseSkill(msg) {
  let wanted = String(msg?.metadata?.skill || plainText(msg).trim().split(/\s+/)[0] || '').toLowerCase();
  if (wanted === 'long') wanted = 'cancel';
  return wanted in SKILLS ? wanted : 'echo';
}

// Publishes the events of one task on the SDK's event bus.
class TaskVoice {
  constructor(bus, taskId, contextId) {
    Object.assign(this, { bus, taskId, contextId });
  }
  message(text) {
    return {
      messageId: crypto.randomUUID(),
      contextId: this.contextId,
      taskId: this.taskId,
      role: Role.ROLE_AGENT,
      parts: [part(text)],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
  }
  status(state, text) {
    const message = text === undefined ? undefined : this.message(text);
    this.bus.publish(
      AgentEvent.statusUpdate({ taskId: this.taskId, contextId: this.contextId, status: { state, timestamp: stamp(), message }, metadata: undefined })
    );
  }
  artifact(artifactId, name, text, append, lastChunk) {
    this.bus.publish(
      AgentEvent.artifactUpdate({
        taskId: this.taskId,
        contextId: this.contextId,
        artifact: { artifactId, name, description: '', parts: [part(text)], metadata: undefined, extensions: [] },
        append,
        lastChunk,
        metadata: undefined,
      })
    );
  }
}

// Sends `text` to the agent at env A2A_PEER_URL with the SDK client (card resolver, JSON-RPC,
// A2A 1.0); resolves to the reply's text (the message's parts, else the task's artifacts).
async function relayToPeer(text) {
  const peer = process.env.A2A_PEER_URL;
  if (!peer) throw new Error('A2A_PEER_URL is not set');
  const legacyCompat = { enabled: true };
  // The resolver joins its relative card path with WHATWG URL rules: without a trailing
  // slash the last path segment of the base (a proxy route like /py) is dropped.
  const base = peer.endsWith('/') ? peer : `${peer}/`;
  const found = await new DefaultAgentCardResolver({ legacyCompat }).resolve(base);
  const keep = found.supportedInterfaces.filter((i) => (i.protocolVersion || '1.0') === '1.0');
  const chosen = keep.length ? { ...found, supportedInterfaces: keep } : found;
  const factory = new ClientFactory({ transports: [new JsonRpcTransportFactory({ legacyCompat })], preferredTransports: ['JSONRPC'] });
  const client = await factory.createFromAgentCard(chosen);
  const message = {
    messageId: crypto.randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [part(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  const reply = await client.sendMessage({
    tenant: '',
    message,
    configuration: { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately: false },
    metadata: undefined,
  });
  if (reply && 'status' in reply) return (reply.artifacts ?? []).map((a) => plainText(a)).join('');
  return plainText(reply);
}

class TestAgent {
  canceled = new Set();

  cancelTask = async (taskId) => {
    this.canceled.add(taskId);
  };

  async execute(ctx, bus) {
    const msg = ctx.userMessage;
    const text = plainText(msg);
    const voice = new TaskVoice(bus, ctx.taskId, ctx.contextId);
    const known = ctx.task;
    try {
      if (known?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED) {
        // The SDK wants a task or message as the first event of every execute().
        bus.publish(AgentEvent.task(known));
        voice.status(TaskState.TASK_STATE_WORKING);
        voice.artifact(crypto.randomUUID(), 'answer', `got input: ${text}`, false, true);
        voice.status(TaskState.TASK_STATE_COMPLETED, 'thanks, done');
        return;
      }
      const skill = chooseSkill(msg);
      if (skill === 'echo' && !known) {
        const reply = voice.message(`echo: ${text}`);
        reply.taskId = '';
        bus.publish(AgentEvent.message(reply));
        return;
      }
      bus.publish(
        AgentEvent.task(
          known ?? {
            id: ctx.taskId,
            contextId: ctx.contextId,
            status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: stamp(), message: undefined },
            artifacts: [],
            history: [msg],
            metadata: undefined,
          }
        )
      );
      await this[skill === 'echo' ? 'task' : skill](voice, text);
    } finally {
      this.canceled.delete(ctx.taskId);
      bus.finished();
    }
  }

  async task(voice, text) {
    voice.artifact(crypto.randomUUID(), 'echo', `echo: ${text}`, false, true);
    voice.status(TaskState.TASK_STATE_COMPLETED);
  }

  async slow(voice) {
    voice.status(TaskState.TASK_STATE_WORKING, 'working...');
    for (const [i, piece] of CHUNKS.entries()) {
      await wait(CHUNK_GAP_MS);
      voice.artifact('slow-artifact', 'story', piece, i > 0, i === CHUNKS.length - 1);
    }
    voice.status(TaskState.TASK_STATE_COMPLETED, 'slow task done');
  }

  async input(voice) {
    voice.status(TaskState.TASK_STATE_INPUT_REQUIRED, 'Please send more input on this task.');
  }

  async cancel(voice) {
    voice.status(TaskState.TASK_STATE_WORKING, 'working until canceled');
    const started = Date.now();
    let beat = started;
    while (Date.now() - started < GIVE_UP_MS) {
      if (this.canceled.has(voice.taskId)) {
        voice.status(TaskState.TASK_STATE_CANCELED, 'canceled by request');
        return;
      }
      await wait(100);
      if (Date.now() - beat >= HEARTBEAT_MS) {
        beat = Date.now();
        voice.status(TaskState.TASK_STATE_WORKING, `still working (${Math.round((beat - started) / 1000)}s)`);
      }
    }
    voice.status(TaskState.TASK_STATE_FAILED, 'gave up after 120 s');
  }

  async relay(voice, text) {
    voice.status(TaskState.TASK_STATE_WORKING);
    const rest = text.trim().split(/\s+/).slice(1).join(' ');
    let reply;
    try {
      reply = await relayToPeer(rest);
    } catch (e) {
      voice.status(TaskState.TASK_STATE_FAILED, `relay failed: ${e}`);
      return;
    }
    voice.artifact(crypto.randomUUID(), 'relay', `relayed: ${reply}`, false, true);
    voice.status(TaskState.TASK_STATE_COMPLETED);
  }

  async fail(voice) {
    voice.status(TaskState.TASK_STATE_WORKING);
    await wait(100);
    voice.status(TaskState.TASK_STATE_FAILED, 'simulated failure');
  }
}

const iface = (protocolBinding, path, protocolVersion) => ({ url: `${publicUrl}${path}`, protocolBinding, tenant: '', protocolVersion });

const PUSH = process.env.A2A_PUSH === '1';

const card = {
  name: 'a2a-interop JS test agent',
  description: 'Deterministic A2A test agent on @a2a-js/sdk 1.3.0: echo, task, slow, input, cancel, fail, relay.',
  supportedInterfaces: ['1.0', '0.3'].flatMap((v) => [iface('JSONRPC', '/', v), iface('HTTP+JSON', '/rest', v)]),
  provider: undefined,
  version: '0.1.0',
  documentationUrl: '',
  capabilities: { streaming: true, pushNotifications: PUSH, extensions: [], extendedAgentCard: false },
  securitySchemes: {},
  securityRequirements: [],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: Object.entries(SKILLS).map(([id, description]) => ({
    id,
    name: id[0].toUpperCase() + id.slice(1),
    description,
    tags: ['a2a-interop', id],
    examples: [`${id} hello`],
    inputModes: [],
    outputModes: [],
    securityRequirements: [],
  })),
  signatures: [],
  iconUrl: '',
};

const pushStore = PUSH ? new InMemoryPushNotificationStore() : undefined;
const handler = new DefaultRequestHandler(
  card,
  new InMemoryTaskStore(),
  new TestAgent(),
  undefined,
  pushStore,
  PUSH ? new DefaultPushNotificationSender(pushStore) : undefined,
);
const legacyCompat = { enabled: true };
const userBuilder = UserBuilder.noAuthentication;

const app = express();
app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat }));
app.use('/rest', restHandler({ requestHandler: handler, userBuilder, legacyCompat }));
app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder, legacyCompat }));

app
  .listen(port, host, () => console.log(`[js-agent] listening on http://${host}:${port} (card advertises ${publicUrl})`))
  .on('error', (err) => {
    console.error('[js-agent] cannot listen:', err.message);
    process.exit(1);
  });

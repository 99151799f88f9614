// a2a-interop test client on the official A2A JS SDK client (@a2a-js/sdk 1.3.0).
//
//   node client.mjs BASE_URL [--binding JSONRPC|HTTP+JSON] [--protocol-version 1.0|0.3]
//
// Fetches the Agent Card at BASE_URL, keeps the interfaces of the chosen protocol version
// (0.3 = the SDK's 0.3 compat transports), then prints one line per step:
//   STEP card|send|send-task|stream|get|cancel|input|fail|missing ok|ERROR <detail>
//   RESULT PASS | RESULT FAIL <failed steps>
// Exit status 0 only when every step passes.

import { Role, TaskState } from '@a2a-js/sdk';
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';
import { TaskNotFoundError } from '@a2a-js/sdk/errors';

function parseArgs(argv) {
  const out = { baseUrl: undefined, binding: 'JSONRPC', version: '1.0' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--binding') out.binding = argv[++i];
    else if (argv[i] === '--protocol-version') out.version = argv[++i];
    else out.baseUrl = argv[i];
  }
  return out;
}

const { baseUrl, binding, version } = parseArgs(process.argv.slice(2));
if (!baseUrl || !['JSONRPC', 'HTTP+JSON'].includes(binding) || !['1.0', '0.3'].includes(version)) {
  console.error('usage: node client.mjs BASE_URL [--binding JSONRPC|HTTP+JSON] [--protocol-version 1.0|0.3]');
  process.exit(2);
}

class Check extends Error {}
const wait = (ms) => new Promise((done) => setTimeout(done, ms));
const nameOf = (s) => Object.keys(TaskState).find((k) => TaskState[k] === s) ?? String(s);
const brief = (o) => {
  const s = JSON.stringify(o, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? String(o);
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
};
const textOf = (parts) =>
  (parts ?? [])
    .filter((p) => p.content?.$case === 'text')
    .map((p) => p.content.value)
    .join('');
const looksLikeTask = (r) => Boolean(r && typeof r === 'object' && 'id' in r && 'status' in r);

function ask(text, { taskId = '', contextId = '', immediate = false } = {}) {
  return {
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId,
      taskId,
      role: Role.ROLE_USER,
      parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately: immediate },
    metadata: undefined,
  };
}

function steps(client) {
  let streamTaskId = '';
  return {
    async send() {
      const r = await client.sendMessage(ask('echo hello'));
      if (looksLikeTask(r) || !textOf(r.parts).includes('echo hello')) throw new Check(`expected an echo message, got ${brief(r)}`);
      return brief(r);
    },
    async 'send-task'() {
      const r = await client.sendMessage(ask('task hello'));
      if (!looksLikeTask(r) || r.status.state !== TaskState.TASK_STATE_COMPLETED || r.artifacts.length !== 1)
        throw new Check(`expected a completed task with one artifact, got ${brief(r)}`);
      return brief(r);
    },
    async stream() {
      const kinds = [];
      const pieces = [];
      let last;
      for await (const ev of client.sendMessageStream(ask('slow hello'))) {
        const { $case: kind, value } = ev.payload ?? {};
        kinds.push(kind);
        if (kind === 'task') [streamTaskId, last] = [value.id, value.status?.state];
        else if (kind === 'statusUpdate') [streamTaskId, last] = [streamTaskId || value.taskId, value.status?.state];
        else if (kind === 'artifactUpdate') pieces.push([textOf(value.artifact?.parts), value.append, value.lastChunk]);
      }
      const detail = `kinds=${brief(kinds)} chunks=${brief(pieces)} final=${nameOf(last)}`;
      if (last !== TaskState.TASK_STATE_COMPLETED || pieces.length !== 4) throw new Check(detail);
      return detail;
    },
    async get() {
      const t = await client.getTask({ tenant: '', id: streamTaskId, historyLength: 10 });
      const text = (t.artifacts ?? []).map((a) => textOf(a.parts)).join('');
      const detail = `state=${nameOf(t.status.state)} artifact_text=${JSON.stringify(text)}`;
      if (t.status.state !== TaskState.TASK_STATE_COMPLETED || text !== 'The quick brown fox.') throw new Check(detail);
      return detail;
    },
    async cancel() {
      const first = await client.sendMessage(ask('cancel me', { immediate: true }));
      await wait(600);
      const done = await client.cancelTask({ tenant: '', id: first.id, metadata: undefined });
      await wait(200);
      const after = await client.getTask({ tenant: '', id: first.id });
      const detail = `initial=${nameOf(first.status?.state)} cancel_result=${nameOf(done.status?.state)} after_get=${nameOf(after.status.state)}`;
      if (after.status.state !== TaskState.TASK_STATE_CANCELED) throw new Check(detail);
      return detail;
    },
    async input() {
      const one = await client.sendMessage(ask('input please'));
      const two = await client.sendMessage(ask('here is more', { taskId: one.id, contextId: one.contextId }));
      const detail = `turn1=${nameOf(one.status?.state)} turn2=${nameOf(two.status?.state)} same_task=${one.id === two.id}`;
      if (one.status?.state !== TaskState.TASK_STATE_INPUT_REQUIRED || two.status?.state !== TaskState.TASK_STATE_COMPLETED || one.id !== two.id)
        throw new Check(detail);
      return detail;
    },
    async fail() {
      const t = await client.sendMessage(ask('fail now'));
      const detail = `state=${nameOf(t.status?.state)}`;
      if (t.status?.state !== TaskState.TASK_STATE_FAILED) throw new Check(detail);
      return detail;
    },
    async missing() {
      let t;
      try {
        t = await client.getTask({ tenant: '', id: 'does-not-exist-0000' });
      } catch (e) {
        if (e instanceof TaskNotFoundError) return `TaskNotFoundError: ${e.message}`;
        throw new Check(`wrong error type ${e?.constructor?.name}: ${e?.message}`);
      }
      throw new Check(`unexpected success ${brief(t)}`);
    },
  };
}

const line = (step, ok, detail) => console.log(`STEP ${step} ${ok ? 'ok' : 'ERROR'} ${detail}`);

async function main() {
  const legacyCompat = { enabled: true };
  let card;
  try {
    card = await new DefaultAgentCardResolver({ legacyCompat }).resolve(baseUrl);
  } catch (e) {
    line('card', false, String(e));
    console.log('RESULT FAIL card');
    return 1;
  }
  line('card', true, `name=${JSON.stringify(card.name)} streaming=${card.capabilities?.streaming} interfaces=${brief(card.supportedInterfaces.map((i) => [i.protocolBinding, i.protocolVersion, i.url]))}`);
  const keep = card.supportedInterfaces.filter((i) => (i.protocolVersion || '1.0') === version);
  const chosen = keep.length ? { ...card, supportedInterfaces: keep } : card;
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ legacyCompat }), new RestTransportFactory({ legacyCompat })],
    preferredTransports: [binding],
  });
  const client = await factory.createFromAgentCard(chosen);
  const failed = [];
  for (const [name, run] of Object.entries(steps(client))) {
    try {
      line(name, true, await run());
    } catch (e) {
      line(name, false, e instanceof Check ? e.message : String(e));
      failed.push(name);
    }
  }
  console.log(failed.length ? `RESULT FAIL ${failed.join(',')}` : 'RESULT PASS');
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  }
);

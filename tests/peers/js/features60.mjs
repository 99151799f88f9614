// a2a-interop feature client, session 60 (left60), on the official A2A JS SDK client
// (@a2a-js/sdk 1.3.0): the SDK features client.mjs does not use, against agent60.py.
//
//   node features60.mjs BASE_URL [--binding JSONRPC|HTTP+JSON] [--protocol-version 1.0|0.3]
//
// Reads the public card at BASE_URL, keeps the interfaces of the chosen version, and calls
// with the bearer token (A2A_TOKEN, default left60-token) through the SDK's authenticating
// fetch. One line per step (client.mjs's format), then RESULT PASS | RESULT FAIL <steps>:
//   parts          a task with a text, a file-bytes, a file-uri and a data artifact
//   file-in        a message with a text, a file-bytes, a file-uri and a data part
//   multi          a stream of two artifacts whose chunks interleave (append / lastChunk)
//   history        GetTask with historyLength 1 after a two-turn input-required task
//   subscribe      resubscribeTask on a running task, canceled while subscribed
//   push           push config create / get / list / delete on a running task
//   list           ListTasks (1.0 only): page size 2 with its page tokens, status and
//                  contextId filters
//   ext            a call requesting the card's extension (withA2AExtensions)
//   extended-card  Client.getAgentCard(): the extended card (card says extendedAgentCard); last

import http from 'node:http';
import { Role, TaskState } from '@a2a-js/sdk';
import {
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  RestTransportFactory,
  ServiceParameters,
  createAuthenticatingFetchWithRetry,
  withA2AExtensions,
} from '@a2a-js/sdk/client';

const EXT_URI = 'https://a2a-interop.example.test/extensions/trace/v1';
const TOKEN = process.env.A2A_TOKEN || 'left60-token';
// every media type the agent answers with (its artifacts' parts)
const MODES = ['text/plain', 'application/octet-stream', 'application/pdf', 'application/json'];

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
  console.error('usage: node features60.mjs BASE_URL [--binding JSONRPC|HTTP+JSON] [--protocol-version 1.0|0.3]');
  process.exit(2);
}

class Check extends Error {}
const wait = (ms) => new Promise((done) => setTimeout(done, ms));
const nameOf = (s) => Object.keys(TaskState).find((k) => TaskState[k] === s) ?? String(s);
const brief = (o) => {
  const s = JSON.stringify(o, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? String(o);
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
};
const part = (content, mediaType = 'text/plain', filename = '') => ({ content, metadata: undefined, filename, mediaType });
const text = (t) => part({ $case: 'text', value: t });

function ask(t, { taskId = '', contextId = '', immediate = false, parts } = {}) {
  return {
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId,
      taskId,
      role: Role.ROLE_USER,
      parts: parts ?? [text(t)],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: { acceptedOutputModes: MODES, taskPushNotificationConfig: undefined, returnImmediately: immediate },
    metadata: undefined,
  };
}

// a loopback webhook for the push configs (the agent posts there directly)
const hook = await new Promise((done) => {
  const srv = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end());
  });
  srv.listen(0, '127.0.0.1', () => done({ srv, url: `http://127.0.0.1:${srv.address().port}/hook` }));
});

function steps(client) {
  const task = async (req, opts) => {
    const r = await client.sendMessage(req, opts);
    if (!r || !('status' in r)) throw new Check(`no task: ${brief(r)}`);
    return r;
  };
  return {
    async parts() {
      const t = await task(ask('parts hello'));
      const got = t.artifacts.map((a) => [a.name, a.parts[0]?.content?.$case]);
      const want = [['report', 'text'], ['bytes', 'raw'], ['uri', 'url'], ['data', 'data']];
      if (brief(got) !== brief(want) || t.status.state !== TaskState.TASK_STATE_COMPLETED) throw new Check(`artifacts ${brief(got)} state ${nameOf(t.status.state)}`);
      return `artifacts=${brief(got)}`;
    },
    async 'file-in'() {
      const parts = [
        text('task with attachments'),
        part({ $case: 'raw', value: Buffer.from('%PDF-1.4 tiny') }, 'application/pdf', 'in.pdf'),
        part({ $case: 'url', value: 'https://files.example.test/in.png' }, 'image/png', 'in.png'),
        part({ $case: 'data', value: { q: 'totals', n: 3 } }, 'application/json'),
      ];
      const t = await task(ask('', { parts }));
      if (t.status.state !== TaskState.TASK_STATE_COMPLETED) throw new Check(nameOf(t.status.state));
      return `state=${nameOf(t.status.state)}`;
    },
    async multi() {
      const chunks = [];
      let last;
      for await (const ev of client.sendMessageStream(ask('multi hello'))) {
        const { $case: kind, value } = ev.payload ?? {};
        if (kind === 'artifactUpdate') chunks.push([value.artifact.artifactId, value.append, value.lastChunk]);
        else if (kind === 'statusUpdate') last = value.status?.state;
        else if (kind === 'task') last = value.status?.state;
      }
      if (chunks.length !== 5 || last !== TaskState.TASK_STATE_COMPLETED) throw new Check(`chunks=${brief(chunks)} final=${nameOf(last)}`);
      return `chunks=${chunks.length}`;
    },
    async history() {
      const one = await task(ask('input please'));
      const two = await task(ask('more words', { taskId: one.id, contextId: one.contextId }));
      const got = await client.getTask({ tenant: '', id: one.id, historyLength: 1 });
      const full = await client.getTask({ tenant: '', id: one.id });
      const detail = `turn2=${nameOf(two.status.state)} history1=${got.history.length} full=${full.history.length}`;
      if (two.status.state !== TaskState.TASK_STATE_COMPLETED || got.history.length !== 1 || full.history.length < 2) throw new Check(detail);
      return detail;
    },
    async subscribe() {
      const first = await task(ask('long running', { immediate: true }));
      await wait(500);
      const states = [];
      const watch = (async () => {
        for await (const ev of client.resubscribeTask({ tenant: '', id: first.id })) {
          const { $case: kind, value } = ev.payload ?? {};
          if (kind === 'task') states.push(nameOf(value.status.state));
          else if (kind === 'statusUpdate') {
            states.push(nameOf(value.status.state));
            if (value.status.state === TaskState.TASK_STATE_CANCELED) return;
          }
        }
      })();
      await wait(1000);
      await client.cancelTask({ tenant: '', id: first.id, metadata: undefined });
      await Promise.race([watch, wait(15000).then(() => { throw new Check(`no end: ${states}`); })]);
      if (states.at(-1) !== 'TASK_STATE_CANCELED') throw new Check(`states=${states}`);
      return `states=${states}`;
    },
    async push() {
      const t = await task(ask('long push', { immediate: true }));
      const made = await client.createTaskPushNotificationConfig({ tenant: '', id: 'cfg-1', taskId: t.id, url: hook.url, token: 'hook-token', authentication: undefined });
      const id = made.id || 'cfg-1';
      const got = await client.getTaskPushNotificationConfig({ tenant: '', taskId: t.id, id });
      const listed = await client.listTaskPushNotificationConfig({ tenant: '', taskId: t.id, pageSize: undefined, pageToken: '' });
      await client.deleteTaskPushNotificationConfig({ tenant: '', taskId: t.id, id });
      const after = await client.listTaskPushNotificationConfig({ tenant: '', taskId: t.id, pageSize: undefined, pageToken: '' });
      await client.cancelTask({ tenant: '', id: t.id, metadata: undefined });
      const detail = `made=${JSON.stringify(made.id)} got=${got.url === hook.url} listed=${listed.configs.length} after=${after.configs.length}`;
      if (got.url !== hook.url || listed.configs.length !== 1 || after.configs.length !== 0) throw new Check(detail);
      return detail;
    },
    async list() {
      if (version !== '1.0') return 'skipped: ListTasks is 1.0 only';
      const done = [];
      for (const n of [0, 1, 2]) done.push(await task(ask(`task list ${n}`)));
      const base = { tenant: '', contextId: '', status: TaskState.TASK_STATE_UNSPECIFIED, pageToken: '', statusTimestampAfter: undefined };
      const ids = [];
      let token = '';
      let pages = 0;
      do {
        const page = await client.listTasks({ ...base, pageSize: 2, pageToken: token, historyLength: 0 });
        pages += 1;
        ids.push(...page.tasks.map((t) => t.id));
        token = page.nextPageToken;
      } while (token && pages < 50);
      const ctx = await client.listTasks({ ...base, contextId: done[0].contextId, includeArtifacts: true });
      const completed = await client.listTasks({ ...base, status: TaskState.TASK_STATE_COMPLETED, pageSize: 5 });
      const detail = `pages=${pages} ids=${ids.length} ctx=${ctx.tasks.length} completed=${completed.tasks.length}`;
      if (!done.every((t) => ids.includes(t.id)) || ctx.tasks.length !== 1 || !completed.tasks.length || pages < 2) throw new Check(detail);
      return detail;
    },
    async ext() {
      const t = await task(ask('ext hello'), { serviceParameters: ServiceParameters.create(withA2AExtensions(EXT_URI)) });
      const said = JSON.parse(t.artifacts[0]?.parts[0]?.content?.value ?? '{}');
      if (brief(said.requestedExtensions) !== brief([EXT_URI])) throw new Check(`agent read ${brief(said)}`);
      return `agent read ${brief(said)}`;
    },
    async 'extended-card'() {
      const card = await client.getAgentCard();
      const ids = card.skills.map((s) => s.id);
      if (!ids.includes('secret')) throw new Check(`skills ${ids}`);
      return `skills=${ids}`;
    },
  };
}

const line = (step, ok, detail) => console.log(`STEP ${step} ${ok ? 'ok' : 'ERROR'} ${detail}`);

async function main() {
  const legacyCompat = { enabled: true };
  const fetchImpl = createAuthenticatingFetchWithRetry(fetch, {
    headers: async () => ({ Authorization: `Bearer ${TOKEN}` }),
    shouldRetryWithHeaders: async () => undefined,
  });
  let card;
  try {
    card = await new DefaultAgentCardResolver({ legacyCompat }).resolve(baseUrl);
  } catch (e) {
    line('card', false, String(e));
    console.log('RESULT FAIL card');
    return 1;
  }
  line('card', true, `name=${JSON.stringify(card.name)}`);
  const keep = card.supportedInterfaces.filter((i) => (i.protocolVersion || '1.0') === version);
  const chosen = keep.length ? { ...card, supportedInterfaces: keep } : card;
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ legacyCompat, fetchImpl }), new RestTransportFactory({ legacyCompat, fetchImpl })],
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
  hook.srv.close();
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

#!/usr/bin/env python3
"""reorder52.py REC OUT SEED W (race52): a reordering of recording REC that the real recording
proxy can write (src/proxy/tee.rs, src/record/writer.rs, src/record/redact.rs), narrower than
reorder51.py's:
- every event is queued before the bytes it records are passed on, into one FIFO queue, so
  heads, request bodies and non-JSON response chunks (an SSE stream's) keep their place;
- a JSON response body is held by the redactor until its exchange's next other event (its
  exchange_end), so it is written with that end;
- an exchange_end waits for the request body's end (src/proxy/tee.rs ExchangeCtx::end), and
  an agent that refuses a call from its head (status >= 400: a wrong route, a version or
  media type refused) answers before it has read the body, which the proxy then reads
  whole for the recording only (docs/recording-format.md "What a body event means"): on
  such a legged exchange (the gateway's upstream copy, a delegate call) the end, with the
  JSON response body the redactor holds for it, is delayed by up to W events past the
  answer the gateway already relayed, never past the next request_head on the same
  connection, and half the time its request body with it. An answer the agent built from
  the body (its request body was queued before the agent got it, so before the answer,
  and, read whole, ended with its last frame) and a bodiless GET end with their last
  response frame: not moved. A client-leg end is not moved (the client's next call
  follows its answer, whose end is queued no later than the client can know it is whole);
- a JSON request body sent without Content-Length (chunked) is not held: the redactor
  writes it when its JSON document closes (src/record/redact.rs; left54), that is with its
  last frame, which the proxy queued before the agent could read it, so before the answer:
  it keeps its place (only a refused legged exchange's body may go late with its end,
  above);
- attribution events are delayed by up to 3W.
'finding' events dropped. The Rust test tests/verify_reorder52.rs reorders the same way."""
import json, random, sys
rec, out, seed, W = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rnd = random.Random(seed)
lines = [json.loads(l) for l in open(rec)]
head, evs = lines[0], [e for e in lines[1:] if e.get('type') != 'finding']
def hdr(e, name):
    for k, v in e.get('headers') or []:
        if k.lower() == name: return v
    return None
def is_json(ct): return ct is not None and 'json' in ct.split(';')[0].lower()
rq = {}; rs = {}
for e in evs:
    x = e.get('exchange')
    if e['type'] == 'request_head': rq[x] = e
    if e['type'] == 'response_head': rs[x] = e
has_body = {e.get('exchange') for e in evs if e['type'] == 'request_body'}
keys = {}
ends = {}
late = set()
next_head_on_conn = {}
conn_heads = {}
for i, e in enumerate(evs):
    if e['type'] == 'request_head': conn_heads.setdefault((e.get('leg'), e.get('conn')), []).append(i)
for i, e in enumerate(evs):
    x, t = e.get('exchange'), e['type']
    k = float(i)
    if t == 'exchange_end' and e.get('leg') and x in has_body and (rs.get(x) or {}).get('status', 0) >= 400:
        d = rnd.randint(0, W) if rnd.random() < 0.7 else 0
        k = i + d + 0.5
        if d and rnd.random() < 0.5: late.add(x)
        h = rq.get(x)
        if h is not None:
            later = [j for j in conn_heads.get((h.get('leg'), h.get('conn')), []) if j > i]
            if later: k = min(k, later[0] - 0.5)
        ends[x] = k
    elif t == 'attribution':
        k = i + rnd.uniform(0, 3 * W)
    keys[i] = k
for i, e in enumerate(evs):
    x, t = e.get('exchange'), e['type']
    if t == 'response_chunk' and x in rs and is_json(hdr(rs[x], 'content-type')) and x in ends:
        keys[i] = ends[x] - 1e-3 + i * 1e-9
    if t == 'request_body' and x in late and x in ends:
        keys[i] = ends[x] - 2e-3 + i * 1e-9
res = sorted(range(len(evs)), key=lambda i: (keys[i], i))
with open(out, 'w') as f:
    f.write(json.dumps(head) + '\n')
    for n, i in enumerate(res, 1):
        e = dict(evs[i]); e['seq'] = n
        f.write(json.dumps(e) + '\n')

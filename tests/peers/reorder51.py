#!/usr/bin/env python3
"""reorder51.py REC OUT SEED W PBODY (race51): a causally possible reordering of recording REC: heads
(conn_open, request_head, response_head) keep their order and place (the proxy sends them before
it forwards); body, chunk, end and attribution events are delayed by up to W positions (the tee
and held-back JSON bodies lag), each exchange keeping docs/recording-format.md's order
(request_body after request_head and before exchange_end, possibly after response_head with
probability PBODY, else before the own response_head; chunks after the response_head; end last).
'finding' events dropped.

A verdict must depend on the traffic, not on which proxy thread wrote its event first: verify
REC and a few seeds of OUT and compare the rule ids (race51 found the drop-version VER-CARD-001
this way, seeds 5, 7, 10 of a W=8 PBODY=0.3 run, as the loaded live runs drew it). Not run by
the CI; a diff is a lead, to be read against docs/recording-format.md before it is called a bug."""
import json, random, sys
rec, out, seed, W, pb = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
rnd = random.Random(seed)
lines = [json.loads(l) for l in open(rec)]
head, evs = lines[0], [e for e in lines[1:] if e.get('type') != 'finding']
HEADS = ('conn_open', 'request_head', 'response_head')
keys = {}
last = {}  # (exchange, dir) -> key
rh = {}   # exchange -> response_head key
late_body = {}
for i, e in enumerate(evs):
    x, t = e.get('exchange'), e['type']
    if t in HEADS or not x:
        k = float(i)
        if t == 'response_head':
            k = max(k, last.get((x, 'req'), -1) + 1e-6) if not late_body.setdefault(x, rnd.random() < pb) else k
            rh[x] = k
    else:
        d = rnd.uniform(0, W) if rnd.random() < 0.7 else 0.0
        if t == 'attribution': d = rnd.uniform(0, 3 * W)
        k = i + d
        if t == 'request_body':
            k = max(k, last.get((x, 'req'), -1) + 1e-6)
        elif t == 'exchange_end':
            k = max(k, last.get((x, 'req'), -1), last.get((x, 'resp'), -1)) + 1e-6
        elif t != 'attribution':
            k = max(k, rh.get(x, -1), last.get((x, 'resp'), -1)) + 1e-6
    if x and t not in ('conn_open', 'attribution'):
        dr = 'req' if t in ('request_head', 'request_body') else 'resp'
        last[(x, dr)] = max(k, last.get((x, dr), -1))
    keys[i] = k
# request_body whose response_head must stay after it: if the head's fixed key is smaller, pull
# the bodies just before the head (they were written when the head arrived: held-back JSON)
for i, e in enumerate(evs):
    x = e.get('exchange')
    if e['type'] == 'request_body' and x in rh and not late_body.get(x) and keys[i] > rh[x]:
        keys[i] = rh[x] - 1e-3 + i * 1e-9
res = sorted(range(len(evs)), key=lambda i: (keys[i], i))
with open(out, 'w') as f:
    f.write(json.dumps(head) + '\n')
    for n, i in enumerate(res, 1):
        e = dict(evs[i]); e['seq'] = n
        f.write(json.dumps(e) + '\n')

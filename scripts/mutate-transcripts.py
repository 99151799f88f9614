#!/usr/bin/env python3
"""Mutation run over legal traffic: put one fault at a time into a transcript and see whether
`a2a-interop verify` tells it (a new error or warning the original does not draw).

usage: scripts/mutate-transcripts.py BIN OUTDIR TRANSCRIPT...
  e.g. scripts/mutate-transcripts.py target/debug/a2a-interop /tmp/mut tests/captures/*.jsonl

Writes OUTDIR/results.json (per mutant: file, op, site, killed, the new findings) and keeps
each silent mutant's transcript in OUTDIR for reading; prints a table per operator.
Not every operator is a fault at every place (a fresh answer may open a new context, a 1.0
Task may omit contextId, 0.x timestamps are free-form, an extension may add a method):
read the silent ones. tests/verify_mutants48.rs is the test form, with those places left
out, over tests/captures/. Session 48 (lead) wrote this; its runs are in the closing note."""
import json, sys, os, subprocess, copy, uuid, re

BIN, OUT = sys.argv[1], sys.argv[2]
CAPS = sys.argv[3:]
os.makedirs(OUT, exist_ok=True)
MAX_SITES = 3


def load(path):
    return [json.loads(l) for l in open(path) if l.strip()]


def docs_of(lines):
    """(line index, 'body'|('sse', n), side, obj) for every JSON document in the transcript."""
    out = []
    for i, l in enumerate(lines):
        body = l.get("body") or ""
        if "dir" not in l:
            continue
        side = "client" if l["dir"] == "req" else "agent"
        if l["dir"] in ("req", "resp") and body.strip().startswith(("{", "[")):
            try:
                out.append((i, "body", side, json.loads(body)))
            except ValueError:
                pass
        elif l["dir"] == "chunk":
            for n, m in enumerate(re.finditer(r"^data: ?(.*)$", body, re.M)):
                try:
                    out.append((i, ("sse", n), side, json.loads(m.group(1))))
                except ValueError:
                    pass
    return out


def put_doc(lines, i, where, obj):
    l = lines[i]
    if where == "body":
        text = json.dumps(obj, separators=(",", ":"))
        l["body"] = text
        for k in list((l.get("headers") or {}).keys()):
            if k.lower() == "content-length":
                l["headers"][k] = str(len(text.encode()))
    else:
        n = where[1]
        ms = list(re.finditer(r"^data: ?(.*)$", l["body"], re.M))
        m = ms[n]
        l["body"] = l["body"][: m.start(1)] + json.dumps(obj) + l["body"][m.end(1):]


def walk(o, path=()):
    yield path, o
    if isinstance(o, dict):
        for k, v in o.items():
            yield from walk(v, path + (k,))
    elif isinstance(o, list):
        for n, v in enumerate(o):
            yield from walk(v, path + (n,))


def get(o, path):
    for p in path:
        o = o[p]
    return o


def setp(o, path, v):
    get(o, path[:-1])[path[-1]] = v


def delp(o, path):
    del get(o, path[:-1])[path[-1]]


# An op: (name, side, fn(obj) -> list of (site, new obj)).
def key_ops(key, pred, change, delete=False):
    def fn(obj):
        res = []
        for path, v in walk(obj):
            if path and path[-1] == key and pred(v, path, obj):
                o = copy.deepcopy(obj)
                if delete:
                    delp(o, path)
                else:
                    setp(o, path, change(v))
                res.append(("/".join(map(str, path)), o))
        return res

    return fn


def is_msg_parent(path, obj):
    par = get(obj, path[:-1])
    return isinstance(par, dict) and "parts" in par and "role" in par


def is_task_obj(path, obj):
    par = get(obj, path[:-1])
    return isinstance(par, dict) and "status" in par and "contextId" in par


NEWID = "0badc0de-0000-4000-8000-000000000001"
TRUE = lambda v, p, o: True
OPS = [
    ("ctx-changed", "agent", key_ops("contextId", lambda v, p, o: isinstance(v, str), lambda v: NEWID)),
    ("taskid-changed", "agent", key_ops("taskId", lambda v, p, o: isinstance(v, str), lambda v: NEWID)),
    ("task-id-changed", "agent", key_ops("id", lambda v, p, o: isinstance(v, str) and is_task_obj(p, o), lambda v: NEWID)),
    ("state-bogus", "agent", key_ops("state", lambda v, p, o: isinstance(v, str), lambda v: "TASK_STATE_BOGUS" if v.startswith("TASK_") else "bogus")),
    ("state-other-gen", "agent", key_ops("state", lambda v, p, o: isinstance(v, str), lambda v: v[11:].lower().replace("_", "-") if v.startswith("TASK_STATE_") else "TASK_STATE_" + v.upper().replace("-", "_"))),
    ("kind-bogus", "agent", key_ops("kind", lambda v, p, o: isinstance(v, str), lambda v: v + "x")),
    ("drop-messageId", "agent", key_ops("messageId", lambda v, p, o: is_msg_parent(p, o), None, delete=True)),
    ("drop-artifactId", "agent", key_ops("artifactId", TRUE, None, delete=True)),
    ("drop-task-id", "agent", key_ops("id", lambda v, p, o: is_task_obj(p, o), None, delete=True)),
    ("drop-status", "agent", key_ops("status", lambda v, p, o: isinstance(v, dict) and "contextId" in get(o, p[:-1]) and ("id" in get(o, p[:-1]) or "taskId" in get(o, p[:-1])), None, delete=True)),
    ("drop-contextId", "agent", key_ops("contextId", lambda v, p, o: is_task_obj(p, o), None, delete=True)),
    ("role-agent-to-user", "agent", key_ops("role", lambda v, p, o: v in ("agent", "ROLE_AGENT") and "history" not in p, lambda v: "user" if v == "agent" else "ROLE_USER")),
    ("role-other-gen", "agent", key_ops("role", lambda v, p, o: isinstance(v, str), lambda v: v[5:].lower() if v.startswith("ROLE_") else "ROLE_" + v.upper())),
    ("rpc-id-changed", "agent", key_ops("id", lambda v, p, o: len(p) == 1 and "jsonrpc" in o, lambda v: "not-the-request-id")),
    ("rpc-drop-jsonrpc", "agent", key_ops("jsonrpc", lambda v, p, o: len(p) == 1, None, delete=True)),
    ("rpc-jsonrpc-1.0", "agent", key_ops("jsonrpc", lambda v, p, o: len(p) == 1, lambda v: "1.0")),
    ("final-dropped", "agent", key_ops("final", lambda v, p, o: v is True, None, delete=True)),
    ("final-early", "agent", key_ops("final", lambda v, p, o: v is False, lambda v: True)),
    ("error-code-internal", "agent", key_ops("code", lambda v, p, o: v == -32001, lambda v: -32603)),
    ("error-code-generic", "agent", key_ops("code", lambda v, p, o: v == -32001, lambda v: -32000)),
    ("error-code-string", "agent", key_ops("code", lambda v, p, o: isinstance(v, int) and "error" in p, lambda v: str(v))),
    ("append-first", "agent", key_ops("append", lambda v, p, o: v is False, lambda v: True)),
    ("parts-empty", "agent", key_ops("parts", lambda v, p, o: isinstance(v, list) and len(v) > 0, lambda v: [])),
    ("text-number", "agent", key_ops("text", lambda v, p, o: isinstance(v, str), lambda v: 42)),
    ("timestamp-bad", "agent", key_ops("timestamp", lambda v, p, o: isinstance(v, str), lambda v: "yesterday")),
    ("card-url-internal", "agent", key_ops("url", lambda v, p, o: isinstance(v, str) and v.startswith("http"), lambda v: re.sub(r"//[^/]+", "//agent-svc.internal.cluster.local:8080", v, 1))),
    ("card-url-doubled", "agent", key_ops("url", lambda v, p, o: isinstance(v, str) and v.startswith("http"), lambda v: v.rstrip("/") + "/api/a2a/api/a2a")),
    ("card-drop-name", "agent", key_ops("name", lambda v, p, o: len(p) == 1 and "skills" in o, None, delete=True)),
    ("card-drop-capabilities", "agent", key_ops("capabilities", lambda v, p, o: len(p) == 1, None, delete=True)),
    ("card-drop-skills", "agent", key_ops("skills", lambda v, p, o: len(p) == 1, None, delete=True)),
    ("card-streaming-false", "agent", key_ops("streaming", lambda v, p, o: v is True, lambda v: False)),
    ("card-protocolVersion-bogus", "agent", key_ops("protocolVersion", lambda v, p, o: isinstance(v, str), lambda v: "9.9")),
    ("card-binding-bogus", "agent", key_ops("protocolBinding", TRUE, lambda v: "SOAP")),
    ("card-preferredTransport-bogus", "agent", key_ops("preferredTransport", TRUE, lambda v: "SOAP")),
    # client side
    ("req-drop-messageId", "client", key_ops("messageId", lambda v, p, o: is_msg_parent(p, o), None, delete=True)),
    ("req-role-agent", "client", key_ops("role", lambda v, p, o: v in ("user", "ROLE_USER"), lambda v: "agent" if v == "user" else "ROLE_AGENT")),
    ("req-method-bogus", "client", key_ops("method", lambda v, p, o: len(p) == 1, lambda v: v + "x")),
    ("req-taskId-changed", "client", key_ops("taskId", lambda v, p, o: isinstance(v, str), lambda v: NEWID)),
    ("req-ctx-changed", "client", key_ops("contextId", lambda v, p, o: isinstance(v, str), lambda v: NEWID)),
    ("req-drop-jsonrpc", "client", key_ops("jsonrpc", lambda v, p, o: len(p) == 1, None, delete=True)),
    ("req-parts-empty", "client", key_ops("parts", lambda v, p, o: isinstance(v, list) and len(v) > 0, lambda v: [])),
    ("req-kind-bogus", "client", key_ops("kind", lambda v, p, o: isinstance(v, str), lambda v: v + "x")),
    ("req-get-id-changed", "client", key_ops("id", lambda v, p, o: len(p) == 2 and p[0] == "params", lambda v: NEWID)),
]

def add_member(pred, key, val):
    def fn(obj):
        res = []
        for path, v in walk(obj):
            if isinstance(v, dict) and pred(v, path, obj) and key not in v:
                o = copy.deepcopy(obj)
                get(o, path)[key] = val
                res.append(("/".join(map(str, path)) + "/+" + key, o))
        return res
    return fn

OPS += [
    ("add-kind-to-1.0-task", "agent", add_member(lambda v, p, o: "status" in v and "contextId" in v and isinstance(v["status"], dict) and str(v["status"].get("state","")).startswith("TASK_STATE"), "kind", "task")),
    ("add-final-to-1.0-update", "agent", add_member(lambda v, p, o: "status" in v and "taskId" in v and str(v["status"].get("state","")).startswith("TASK_STATE"), "final", True)),
    ("message-result-names-task", "agent", add_member(lambda v, p, o: "role" in v and ("parts" in v or "content" in v) and "taskId" not in v and v.get("role") in ("agent","ROLE_AGENT") and "history" not in p and "status" not in p, "taskId", NEWID)),
    ("drop-kind-0.3", "agent", key_ops("kind", lambda v, p, o: len(p) <= 2, None, delete=True)),
    ("req-add-kind-1.0", "client", add_member(lambda v, p, o: "role" in v and v.get("role") == "ROLE_USER", "kind", "message")),
]


def line_ops(lines):
    """Mutations of the HTTP framing rather than a JSON value: (op, site, new lines)."""
    res = []
    for i, l in enumerate(lines):
        if "dir" not in l:
            continue
        h = l.get("headers") or {}
        for k, v in h.items():
            if l["dir"] == "resp" and k.lower() == "content-type" and "event-stream" in v:
                n = copy.deepcopy(lines); n[i]["headers"][k] = "application/json"; res.append(("sse-ctype-json", str(i), n))
            if l["dir"] == "resp" and k.lower() == "content-type" and "application/json" in v:
                n = copy.deepcopy(lines); n[i]["headers"][k] = "text/html"; res.append(("resp-ctype-html", str(i), n))
            if l["dir"] == "req" and k.lower() == "a2a-version":
                n = copy.deepcopy(lines); del n[i]["headers"][k]; res.append(("req-drop-a2a-version", str(i), n))
                n = copy.deepcopy(lines); n[i]["headers"][k] = "0.3"; res.append(("req-a2a-version-0.3", str(i), n))
        if l["dir"] == "chunk" and l.get("body", "").count("data:") >= 1 and i + 1 < len(lines) and lines[i + 1].get("dir") == "chunk" and "data:" in lines[i + 1].get("body", ""):
            n = copy.deepcopy(lines); n[i]["body"] = n[i]["body"].rstrip("\r\n") + "\n"; res.append(("sse-no-blank-line", str(i), n))
        if l["dir"] == "chunk" and l.get("close") == "eof" and i >= 2 and lines[i-1].get("dir") == "chunk" and lines[i-2].get("dir") == "chunk":
            n = copy.deepcopy(lines); n.insert(i, copy.deepcopy(lines[i-1])); res.append(("event-after-final", str(i), n))
            n = copy.deepcopy(lines); n[i-1], n[i-2] = n[i-2], n[i-1]; res.append(("terminal-before-last-artifact", str(i), n))
        if l["dir"] == "chunk" and l.get("close") == "eof":
            n = copy.deepcopy(lines); n[i]["close"] = "reset"; res.append(("sse-reset", str(i), n))
            # drop the last data event before the close
            j = i - 1
            if j >= 0 and lines[j].get("dir") == "chunk":
                n = copy.deepcopy(lines); del n[j]; res.append(("sse-last-event-lost", str(j), n))
        if l["dir"] == "resp" and l.get("status") == 200 and (l.get("body") or "").startswith("{") and '"error"' not in l.get("body", "") and i > 1:
            n = copy.deepcopy(lines); n[i]["status"] = 500; res.append(("resp-200-to-500", str(i), n))
    return res


def findings(path):
    p = subprocess.run([BIN, "verify", path, "--format", "json"], capture_output=True, text=True)
    try:
        d = json.loads(p.stdout)
    except ValueError:
        return None, p.stderr[-300:]
    c = {}
    for f in d.get("findings", []):
        if f["severity"] in ("error", "warning"):
            c[f["rule"]] = c.get(f["rule"], 0) + 1
    return c, None


results = []
for cap in CAPS:
    base = os.path.basename(cap)
    lines = load(cap)
    orig, err = findings(cap)
    mutants = []
    docs = docs_of(lines)
    for name, side, fn in OPS:
        count = 0
        for (i, where, dside, obj) in docs:
            if dside != side:
                continue
            for site, new in fn(obj):
                if count >= MAX_SITES:
                    break
                n = copy.deepcopy(lines)
                put_doc(n, i, where, new)
                mutants.append((name, f"L{i}:{site}", n))
                count += 1
    per = {}
    for name, site, n in line_ops(lines):
        per[name] = per.get(name, 0) + 1
        if per[name] <= MAX_SITES:
            mutants.append((name, f"L{site}", n))
    for k, (name, site, n) in enumerate(mutants):
        mp = os.path.join(OUT, f"{base}.{k}.jsonl")
        with open(mp, "w") as f:
            for l in n:
                f.write(json.dumps(l) + "\n")
        got, err = findings(mp)
        if got is None:
            results.append(dict(file=base, op=name, site=site, killed=None, err=err, path=mp))
            continue
        new = {r: c for r, c in got.items() if c > orig.get(r, 0)}
        results.append(dict(file=base, op=name, site=site, killed=bool(new), new=new, path=mp))
        if new:
            os.remove(mp)
    print(base, len(mutants), sum(1 for r in results if r["file"] == base and r["killed"]), file=sys.stderr)

json.dump(results, open(os.path.join(OUT, "results.json"), "w"), indent=1)
ops = {}
for r in results:
    o = ops.setdefault(r["op"], [0, 0, 0])
    o[0] += 1
    o[1] += 1 if r["killed"] else 0
    o[2] += 1 if r["killed"] is None else 0
for k, (t, kd, e) in sorted(ops.items()):
    print(f"{k:32} {kd:4}/{t:<4} {'errors %d' % e if e else ''}")
print("total", sum(1 for r in results if r["killed"]), "/", len(results))

"""Writes field cases as transcript files: the one writer loop every gen_cases*.py shares.

A case is `name -> (lines, findings, source, note)`: `lines` the transcript records
(TRANSCRIPT.md, or native recording events), `findings` `(rule, severity)` pairs the
verifier must report, `source` the thread's https://github.com/... URL(s), `note` why.
"""
import json, os, sys


def card03(url, **kw):
    """A 0.3 Agent Card (JSON-RPC, streaming) served at `url`; `kw` replaces or adds members."""
    c = {"protocolVersion": "0.3.0", "name": "assistant", "description": "AI assistant", "url": url,
         "preferredTransport": "JSONRPC", "version": "1.0.0", "capabilities": {"streaming": True},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}
    c.update(kw)
    return c


def write_cases(cases, out, route=None):
    """Writes `NAME.jsonl` and `NAME.expect.json` for each case (only the names given on
    the command line, when any) into `out`, or into `route(name)` when given; prints the
    number of cases."""
    only = set(sys.argv[1:])
    for name, (lines, findings, source, note) in cases.items():
        if only and name not in only:
            continue
        d = route(name) if route else out
        with open(os.path.join(d, name + ".jsonl"), "w") as f:
            for l in lines:
                f.write(json.dumps(l) + "\n")
        with open(os.path.join(d, name + ".expect.json"), "w") as f:
            json.dump({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": source, "note": note}, f, indent=2)
            f.write("\n")
    print(len(cases))


def card10(url, binding="JSONRPC", **kw):
    """A 1.0 Agent Card with one interface (`url`, `binding`, protocolVersion 1.0), streaming
    on, push off; `kw` replaces or adds members (e.g. supportedInterfaces, capabilities)."""
    c = {"name": "Helper", "description": "Answers questions",
         "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}],
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}
    c.update(kw)
    return c


def tag(line, i):
    """Pairs a transcript line with its request by `id` (an open stream beside another call)."""
    line = dict(line)
    line["id"] = i
    return line


SSE = "text/event-stream"
A2AJ = "application/a2a+json"
ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"


def ei(reason):
    """A 1.0 error's `details` / JSON-RPC `data`: one google.rpc.ErrorInfo with `reason`
    (UPPER_SNAKE_CASE) in the a2a-protocol.org domain (ERR-003, ERR-004)."""
    return [{"@type": ERROR_INFO, "reason": reason, "domain": "a2a-protocol.org"}]


def su10(tid, cid, state, ts="2026-03-02T10:15:00.000Z", **kw):
    """A 1.0 StreamResponse statusUpdate of task `tid` in context `cid`, `state` a
    TASK_STATE_* name; `kw` adds TaskStatus members (e.g. message)."""
    s = {"state": state, "timestamp": ts}
    s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}

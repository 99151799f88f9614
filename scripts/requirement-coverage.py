#!/usr/bin/env python3
"""Requirement coverage: which rules cite each A2A-DIGEST requirement ID, and in which
dialects (version x binding) the test transcripts make those rules fire.

Usage (from the repository root, after `cargo build`):

    python3 scripts/requirement-coverage.py [-o docs/requirement-coverage.md] [DIGEST]

With `-o FILE` the table is written to FILE only when it is whole (through a temporary file
renamed over it): a shell's `> FILE` empties the file before the script runs, so a failure (a
binary being rebuilt beside it, a crash) left docs/requirement-coverage.md empty. Without
`-o` the table goes to standard output, also only once it is whole.

DIGEST defaults to /work/shared/spec/A2A-DIGEST.md. The rule registry is read from
`target/debug/a2a-interop rules --format json`; every `tests/cases/**/*.jsonl` transcript
whose `.expect.json` expects a finding is verified with `target/debug/a2a-interop verify
--format json`, and each expected finding's evidence exchanges (in a transcript `eN` is the
N-th `req` line; a native recording names them in its `request_head` events) are classified
by what the request looks like:

* `card`          a GET of a well-known card path, `/v1/card` or `/extendedAgentCard`, or of a
                  registry's or gateway's own card path (ending in `card` or `card.json`);
* `gRPC 0.3|1.0`  `content-type: application/grpc*`, by service (`a2a.v1` / `lf.a2a.v1`);
* `RPC 0.x|1.0`   a JSON-RPC body, by method spelling (`message/send` / `SendMessage`);
* `REST 0.3|1.0`  anything else to the agent, by the `/v1/` prefix or an `A2A-Version: 0.x`;
* `webhook`       a POST whose path names a webhook/callback/notify/push receiver (not a
                  `pushNotificationConfigs` route).

This is a worklist heuristic (a finding with no evidence exchange counts as `-`), not a
verdict: a rule may check a binding no transcript exercises yet.
"""

import collections
import io
import glob
import json
import os
import re
import subprocess
import sys
from urllib.parse import urlparse

BIN = "target/debug/a2a-interop"

# Requirements with nothing (or only part) to see on the wire: (checkable, why).
NOT_CHECKABLE = {
    "VER-004": ("no", "MAY: several interfaces of different versions; nothing to violate"),
    "VER-005": ("no", "descriptive: 0.x has no version header; the card's protocolVersion is read for the dialect"),
    "TASK-007": ("partly", "MAY: an agent may refuse follow-ups to a task still running; one to an interrupted task refused as if the task had ended is told (TASK-STATE-015)"),
    "ID-008": ("no", "client MAYs; the agent's SHOULDs (one session per contextId, documented expiry) are not visible in traffic"),
    "ERR-007": ("no", "says what not to enforce (HTTP status of JSON-RPC errors)"),
    "TASK-008": ("derived", ""),
    "ID-006": ("derived", ""),
    "AUTH-004": ("partly", "\"production\" is not visible; plain-http interfaces and downgrades are"),
    "AUTH-006": ("partly", "authorization scope is visible only when the recording holds two callers"),
    "STREAM-006": ("partly", "needs two concurrent streams of one task in the recording"),
    "BIND-001": ("partly", "needs the same operation recorded over two bindings"),
    "PUSH-006": ("partly", "SSRF validation is server-side; a webhook URL to a private address is visible"),
}


def digest_ids(path):
    """(id, level, versions, text) for every `- **ID** level · versions · text` line."""
    out = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"- \*\*([A-Z]+-\d{3})\*\*\s*(.*)", line.strip())
        if not m:
            continue
        parts = [p.strip() for p in m.group(2).split("·")]
        if len(parts) >= 3:
            level, versions, text = parts[0], parts[1], " · ".join(parts[2:])
        else:
            level, versions, text = "", parts[0] if parts else "", " · ".join(parts[1:])
        out.append((m.group(1), level, versions, text))
    return out


def classify(req, file_dialects):
    """The dialect/binding label of one transcript `req` line."""
    url = req.get("url", "")
    path = urlparse(url).path if "://" in url else url.split("?")[0]
    h = {k.lower(): v for k, v in (req.get("headers") or {}).items()}
    ct = h.get("content-type", "").lower()
    method = req.get("method", "")
    if method == "GET" and (
        "/.well-known/agent" in path
        or path.endswith("/v1/card")
        or path.endswith("/extendedAgentCard")
        or path.endswith("/agent/authenticatedExtendedCard")
        # a card a registry or gateway serves at its own path (mine30c)
        or re.search(r"card(\.json)?$", path)
    ):
        return "card"
    if ct.startswith("application/grpc"):
        return "gRPC 1.0" if "/lf.a2a.v1." in path else "gRPC 0.3"
    body = req.get("body") or ""
    try:
        j = json.loads(body) if body.strip().startswith(("{", "[")) else None
    except ValueError:
        j = None
    if isinstance(j, list) and j:
        j = j[0]
    if isinstance(j, dict) and ("jsonrpc" in j or "method" in j):
        m = j.get("method")
        if isinstance(m, str) and "/" in m:
            return "RPC 0.3" if "0.3" in file_dialects else "RPC 0.2"
        return "RPC 1.0"
    if method == "POST" and "pushNotificationConfig" not in path and re.search(r"webhook|callback|notif|/push|/hook", path, re.I):
        return "webhook"
    ver = h.get("a2a-version", "")
    if "/v1/" in path or path.endswith("/v1") or ver.startswith("0."):
        return "REST 0.3"
    return "REST 1.0"


def main():
    args = sys.argv[1:]
    out_path = None
    if len(args) >= 2 and args[0] in ("-o", "--output"):
        out_path, args = args[1], args[2:]
    digest = args[0] if args else "/work/shared/spec/A2A-DIGEST.md"
    buf = io.StringIO()
    real_stdout, sys.stdout = sys.stdout, buf
    try:
        table(digest)
    finally:
        sys.stdout = real_stdout
    text = buf.getvalue()
    if "| ID | level |" not in text or text.count("\n") < 20:
        sys.exit("requirement-coverage: the table came out short; nothing written")
    if out_path is None:
        sys.stdout.write(text)
        return
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, out_path)


def table(digest):
    """Print the whole coverage table for the digest at `digest` to standard output."""
    reg = json.loads(subprocess.run([BIN, "rules", "--format", "json"], capture_output=True, check=True).stdout)
    rules = {r["id"]: r for r in reg["rules"] if not r.get("retired")}
    by_req = collections.defaultdict(list)
    for r in rules.values():
        for s in r["spec"]:
            by_req[s].append(r["id"])
    alias = {r["name"]: r["id"] for r in rules.values()}

    # rule id -> {label: number of cases}
    fired = collections.defaultdict(collections.Counter)
    cases = collections.Counter()
    for exp in sorted(glob.glob("tests/cases/**/*.expect.json", recursive=True)):
        e = json.load(open(exp, encoding="utf-8"))
        want = {alias.get(f["rule"], f["rule"]) for f in e.get("findings", [])}
        if not want:
            continue
        tr = exp[: -len(".expect.json")] + ".jsonl"
        if not os.path.exists(tr):
            continue
        reqs = {}  # exchange id -> the request as a transcript `req` line
        for line in open(tr, encoding="utf-8"):
            line = line.strip()
            if not line:
                continue
            try:
                o = json.loads(line)
            except ValueError:
                continue
            if o.get("dir") == "req":  # transcript: eN is the N-th req line
                reqs[f"e{len(reqs) + 1}"] = o
            elif o.get("type") == "request_head":  # native recording
                reqs[o.get("exchange")] = {"method": o.get("method", ""), "url": o.get("url", ""),
                                           "headers": dict(o.get("headers") or []), "body": ""}
            elif o.get("type") == "request_body" and o.get("exchange") in reqs and o.get("encoding") != "base64":
                reqs[o["exchange"]]["body"] += o.get("body", "")
        p = subprocess.run([BIN, "verify", "--format", "json", "--fail-on", "never", tr], capture_output=True)
        try:
            rep = json.loads(p.stdout)
        except ValueError:
            # A verify that printed no report (the binary relinked by a build running
            # beside this script, or a crash) must not silently drop the case from the
            # table: say which, and fail, so `> docs/requirement-coverage.md` is redone.
            sys.exit(f"requirement-coverage: `{BIN} verify {tr}` printed no JSON report "
                     f"(exit {p.returncode}): {p.stderr.decode(errors='replace')[:300]}")
        dialects = rep.get("dialects", [])
        for f in rep.get("findings", []):
            if f["rule"] not in want:
                continue
            labels = set()
            for ev in f.get("evidence", []):
                x = ev.get("exchange") or ""
                if x in reqs:
                    labels.add(classify(reqs[x], dialects))
            for lab in labels or {"-"}:
                fired[f["rule"]][lab] += 1
            cases[f["rule"]] += 1

    print("# Requirement coverage: A2A-DIGEST IDs → rules → dialects the tests exercise\n")
    print("Generated by `python3 scripts/requirement-coverage.py -o docs/requirement-coverage.md` (after `cargo build`).")
    print("For each DIGEST §5 requirement: the rules citing it, and per rule the number of transcripts in")
    print("`tests/cases/` that expect it, by the dialect of the finding's evidence exchanges (card, `RPC 0.2|0.3|1.0`,")
    print("`REST 0.3|1.0`, `gRPC 0.3|1.0`, webhook; `-` = no exchange evidence). A heuristic worklist: a rule may")
    print("check a dialect no transcript exercises yet, and a dialect missing here is a place to look, not a proof of a gap.\n")
    print("| ID | level | versions | wire-checkable | rules (tested cases by dialect) | gap |")
    print("|---|---|---|---|---|---|")
    for rid, level, versions, _text in digest_ids(digest):
        cells = []
        for r in sorted(by_req.get(rid, [])):
            c = fired.get(r)
            if c:
                cells.append(f"`{r}` ({', '.join(f'{k} {v}' for k, v in sorted(c.items()))})")
            else:
                cells.append(f"`{r}` (untested here)")
        checkable, why = NOT_CHECKABLE.get(rid, ("yes", ""))
        if not cells:
            gap = why or "**no rule**"
        elif all(fired.get(r) is None for r in by_req[rid]):
            gap = "no transcript in tests/cases expects its rules"
        else:
            gap = why
        print(f"| {rid} | {level} | {versions} | {checkable} | {'<br>'.join(cells) if cells else '—'} | {gap} |")
    untested = sorted(r for r in rules if r not in cases)
    print(f"\nRules no transcript in `tests/cases/` expects ({len(untested)}; they may have unit or integration tests): "
          + ", ".join(f"`{r}`" for r in untested) + ".")


if __name__ == "__main__":
    main()

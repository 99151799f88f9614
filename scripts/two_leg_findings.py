#!/usr/bin/env python3
"""hold53: measure the verifier's findings on every two-leg recording under tests/.

Usage: scripts/two_leg_findings.py BINARY OUT.json          (record)
       scripts/two_leg_findings.py --compare BEFORE.json AFTER.json

A two-leg file is a `.jsonl` (transcript or native recording) under tests/ or recordings/
with a `"leg": "<name>"` on some line. For each one, `BINARY verify --format json FILE` is run
and the rule ids of its findings are kept in the order told, with the exit code.
`--compare` says, per file, whether the rule-id multisets are equal and where the order
moved (the rule ids before and after), and whether the whole findings (rule, leg,
message, evidence) are the same multiset, and exits 1 when a multiset differs.
"""
import collections, json, os, re, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

LEG = re.compile(rb'"leg"\s*:\s*"')


def two_leg_files(root):
    out = []
    for top in ("tests", "recordings"):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if x not in (".venv", "node_modules", "target")]
            for f in files:
                if f.endswith(".jsonl"):
                    p = os.path.join(d, f)
                    with open(p, "rb") as h:
                        if LEG.search(h.read()):
                            out.append(os.path.relpath(p, root))
    return sorted(out)


def rules_of(binary, root, path):
    p = subprocess.run([binary, "verify", path, "--format", "json"], cwd=root,
                       capture_output=True, timeout=300)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        return {"exit": p.returncode, "error": p.stderr.decode(errors="replace")[-300:]}
    findings = doc.get("findings", []) if isinstance(doc, dict) else doc
    # each finding whole (rule, leg, message, evidence): a held finding told later must be
    # the same finding, not only the same rule
    whole = [json.dumps([f.get("rule"), f.get("leg"), f.get("message"),
                         [(e.get("seq"), e.get("exchange")) for e in f.get("evidence", [])]])
             for f in findings]
    return {"exit": p.returncode, "rules": [f.get("rule") for f in findings], "whole": whole}


def record(binary, out):
    root = os.getcwd()
    files = two_leg_files(root)
    with ThreadPoolExecutor(max_workers=2) as ex:
        res = dict(zip(files, ex.map(lambda f: rules_of(binary, root, f), files)))
    with open(out, "w") as h:
        json.dump(res, h, indent=0, sort_keys=True)
    print(f"{len(files)} two-leg files, {sum(len(r.get('rules', [])) for r in res.values())} findings, "
          f"{sum(1 for r in res.values() if 'error' in r)} unreadable -> {out}")


def compare(before, after):
    b, a = json.load(open(before)), json.load(open(after))
    bad = moved = 0
    for f in sorted(set(b) | set(a)):
        rb, ra = b.get(f, {}), a.get(f, {})
        if rb.get("exit") != ra.get("exit") or "error" in rb or "error" in ra:
            if (rb.get("exit"), rb.get("error")) != (ra.get("exit"), ra.get("error")):
                print(f"EXIT/ERROR {f}: {rb.get('exit')} -> {ra.get('exit')}")
                bad += 1
        xb, xa = rb.get("rules", []), ra.get("rules", [])
        if collections.Counter(xb) != collections.Counter(xa):
            bad += 1
            cb, ca = collections.Counter(xb), collections.Counter(xa)
            print(f"MULTISET {f}: lost {dict(cb - ca)} gained {dict(ca - cb)}")
        elif collections.Counter(rb.get("whole", [])) != collections.Counter(ra.get("whole", [])):
            bad += 1
            print(f"FINDINGS {f}: same rules, other words or evidence")
        elif xb != xa:
            moved += 1
            print(f"ORDER {f}:\n  before {xb}\n  after  {xa}")
    print(f"{len(set(b) | set(a))} files: {bad} multiset/exit differences, {moved} order moves")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    record(os.path.abspath(sys.argv[1]), sys.argv[2])

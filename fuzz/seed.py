#!/usr/bin/env python3
"""Seeds fuzz/corpus/<target>/ from the project's real traffic files (issue 7).

Transcripts (tests/cases, tests/captures, tests/golden), native recordings (recordings/,
native golden inputs) and HAR files exported from them by the built binary; the transcripts'
bodies and SSE payloads for `json_model`, their bodies (and the proxy bench's) for
`secret_scan`. Each seed is
named by its SHA-1, as libFuzzer names corpus files. Run from the repository root:

    cargo build && python3 fuzz/seed.py target/debug/a2a-interop

Further arguments are globs (from the repository root) that replace the default file set,
to seed from the newest cases only, e.g. before a fuzz run after a round of new cases:

    python3 fuzz/seed.py target/debug/a2a-interop 'tests/cases/variants/b31*.jsonl'

Then minimize: `cargo +nightly fuzz cmin TARGET` (see fuzz/README.md).
"""
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")
MAX_SEED = 256 * 1024  # bytes; larger inputs slow libFuzzer down without adding coverage


def put(target, data):
    if not data or len(data) > MAX_SEED:
        return
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def lines(path):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out


def transcript_seeds(path):
    """dialect and sse_decoder seeds from one transcript's exchanges."""
    rows = lines(path)
    pending = []
    exchanges = []  # [req, resp, [chunks]]
    for r in rows:
        d = r.get("dir")
        if d == "req":
            pending.append([r, None, []])
            exchanges.append(pending[-1])
        elif d == "resp":
            for x in pending:
                if x[1] is None:
                    x[1] = r
                    break
        elif d == "chunk" and exchanges:
            last = [x for x in exchanges if x[1] is not None]
            if last:
                last[-1][2].append(r.get("body", ""))
    for req, resp, chunks in exchanges:
        if resp is None:
            continue
        h = {k.lower(): v for k, v in (req.get("headers") or {}).items()}
        rh = {k.lower(): v for k, v in (resp.get("headers") or {}).items()}
        line = f"{req.get('method', 'POST')} {req.get('url', '/')}"
        if "a2a-version" in h:
            line += f" {h['a2a-version']}"
        body = (resp.get("body") or "") + "".join(chunks)
        ct = rh.get("content-type", "application/json").split(";")[0].strip() or "-"
        seed = b"\0".join(
            [
                line.encode(),
                (req.get("body") or "").encode(),
                f"{resp.get('status', 200)} {ct}".encode(),
                body.encode(),
            ]
        )
        put("dialect", seed)
        if ct == "text/event-stream" and body:
            raw = body.encode()
            # The transcript's own chunk boundaries as the cut points (at most 7).
            cuts, pos = [], 0
            for c in ([resp.get("body") or ""] + chunks)[:-1]:
                pos += len(c.encode())
                if 0 < pos < len(raw):
                    cuts.append(min(255, pos * 255 // len(raw)))
            cuts = cuts[:7]
            put("sse_decoder", bytes([len(cuts)]) + bytes(cuts) + raw)


def json_seeds(path):
    """`json_model` seeds from one transcript: every request and response body and every SSE
    `data:` payload, as written (JSON texts the verifier parses, and broken ones)."""
    for r in lines(path):
        body = r.get("body")
        if not isinstance(body, str) or not body.strip():
            continue
        put("json_model", body.encode())
        if "data:" in body:
            for line in body.splitlines():
                if line.startswith("data:"):
                    put("json_model", line[5:].strip().encode())


# The proxy bench's request and answer bodies (benches/proxy.rs RPC_VALID, REPLY): the
# bodies the recorder's secret pre-filter runs on most.
BENCH_BODIES = [
    b'{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1"}}}',
    b'{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","parts":[{"kind":"text","text":"hello"}],"messageId":"m-2"}}',
]


def secret_seeds(path):
    """`secret_scan` seeds from one transcript: every request and response body, as written
    (the bodies the recorder's secret pre-filter searches; fuzz_targets::secret_scan)."""
    for r in lines(path):
        body = r.get("body")
        if isinstance(body, str) and body:
            put("secret_scan", body.encode())


def grpc_seeds(files):
    """`grpc` target inputs from the gRPC calls of native recordings (fuzz_targets::grpc)."""
    import base64
    methods = ["/lf.a2a.v1.A2AService/SendMessage", "/lf.a2a.v1.A2AService/SendStreamingMessage",
               "/lf.a2a.v1.A2AService/GetTask", "/lf.a2a.v1.A2AService/CancelTask",
               "/lf.a2a.v1.A2AService/GetExtendedAgentCard", "/a2a.v1.A2AService/SendStreamingMessage",
               "/a2a.v1.A2AService/GetTask", "/lf.a2a.v1.A2AService/NoSuchMethod"]
    for p in files:
        calls = {}
        for line in open(p, "rb").read().splitlines():
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            x = ev.get("exchange")
            if not x:
                continue
            c = calls.setdefault(x, {"path": None, "req": b"", "resp": b"", "hs": {}})
            body = ev.get("body")
            if isinstance(body, str):
                body = base64.b64decode(body) if ev.get("encoding") == "base64" else body.encode("latin-1", "replace")
            t = ev.get("type")
            if t == "request_head" and "A2AService/" in ev.get("url", ""):
                c["path"] = "/" + ev["url"].split("/", 3)[3]
            elif t == "request_body":
                c["req"] += body
            elif t == "response_chunk":
                c["resp"] += body
            elif t in ("response_head", "exchange_end"):
                for k, v in (ev.get("headers") or ev.get("trailers") or []):
                    c["hs"][k.lower()] = v
        for c in calls.values():
            if not c["path"]:
                continue
            sel = methods.index(c["path"]) if c["path"] in methods else 7
            hs = c["hs"]
            data = (bytes([sel, 1]) + len(c["req"][:65535]).to_bytes(2, "big") + c["req"][:65535]
                    + len(c["resp"][:65535]).to_bytes(2, "big") + c["resp"][:65535]
                    + hs.get("grpc-status", "").encode() + b"\0" + hs.get("grpc-status-details-bin", "").encode())
            put("grpc", data)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/debug/a2a-interop")
    patterns = sys.argv[2:] or [
        "tests/cases/*.jsonl",
        "tests/captures/*.jsonl",
        "tests/golden/*/input.jsonl",
        "recordings/*.jsonl",
    ]
    files = sorted({f for p in patterns for f in glob.glob(os.path.join(ROOT, p))})
    with tempfile.TemporaryDirectory() as tmp:
        for i, p in enumerate(files):
            with open(p, "rb") as f:
                data = f.read()
            first = data.split(b"\n", 1)[0]
            if b'"type":"recording"' in first.replace(b" ", b""):
                put("native_recording", data)
            else:
                put("transcript", data)
                transcript_seeds(p)
                json_seeds(p)
                secret_seeds(p)
            har = os.path.join(tmp, f"{i}.har")
            r = subprocess.run([binary, "export", p, "--har", har], capture_output=True)
            if r.returncode == 0 and os.path.exists(har):
                with open(har, "rb") as f:
                    put("har", f.read())
    grpc_seeds(files)
    for b in BENCH_BODIES:
        put("secret_scan", b)
    for t in sorted(os.listdir(CORPUS)):
        print(t, len(os.listdir(os.path.join(CORPUS, t))))


if __name__ == "__main__":
    main()

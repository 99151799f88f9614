"""Writes the l42g transcripts (helper left42, item 2): bodies in a content coding, written as
the bytes that crossed the wire (`"encoding": "base64"` on the line, docs/transcript-format.md),
so a transcript keeps the response's Content-Encoding and the two coding rules of breaker41
can be shown by one:
- HTTP-FRAME-004 (error; RFC 9110 §8.4): an A2A answer or card whose body is not in the
  Content-Encoding its header names (plain JSON under gzip or br, a gzip body cut short,
  gzip bytes under deflate);
- HTTP-FRAME-005 (warning; RFC 9110 §12.5.3): an answer in a coding the request's
  Accept-Encoding does not accept (br to `gzip, deflate`, gzip to `gzip;q=0`, gzip to
  `identity`, any coding to an empty Accept-Encoding).
Legal neighbours stay silent: gzip to `Accept-Encoding: gzip`, `x-gzip` for gzip both ways
(§8.4.1.3), `Content-Encoding: identity`, a refused coding (`br;q=0`) avoided, no
Accept-Encoding at all (any coding acceptable), `*`, a card in br to a client that accepts
br, a gzip-coded SSE stream, and a body under gzip written as decoded text (how devtools show
it: the reader drops the coding, nothing to judge).
Brotli bytes are written as uncompressed meta-blocks (RFC 7932 §9.2), which every decoder
reads; gzip with mtime 0, so the files do not change between runs.
Run from the repo root: python3 tests/cases/gen_l42g.py"""
import base64, gzip, json, os, sys, zlib
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "left42 (breaker41: transcripts dropped Content-Encoding, so HTTP-FRAME-004/005 had no case)"
C = {}
case = case_maker(C, "l42g-", SRC)


def br(data):
    """`data` as a brotli stream of uncompressed meta-blocks (RFC 7932 §9.2): WBITS 16, then
    per block of at most 65,536 bytes ISLAST=0, MNIBBLES=4, MLEN-1, ISUNCOMPRESSED=1, the
    bytes; then an empty last meta-block (ISLAST=1, ISLASTEMPTY=1)."""
    out = bytearray()
    bits, n = 0, 0

    def put(v, k):
        nonlocal bits, n
        bits |= v << n
        n += k

    def flush():
        nonlocal bits, n
        while n > 0:
            out.append(bits & 0xFF)
            bits >>= 8
            n = max(0, n - 8)
        bits, n = 0, 0

    put(0, 1)  # WBITS = 16
    for i in range(0, len(data), 65536):
        block = data[i:i + 65536]
        put(0, 1)  # ISLAST
        put(0, 2)  # MNIBBLES = 4
        put(len(block) - 1, 16)
        put(1, 1)  # ISUNCOMPRESSED
        flush()
        out += block
    put(1, 1)  # ISLAST
    put(1, 1)  # ISLASTEMPTY
    flush()
    return bytes(out)


def gz(data):
    return gzip.compress(data, mtime=0)


def deflate(data):
    return zlib.compress(data)


def wire(line, coding, data):
    """`line` (a `resp` or `chunk`) carrying `data` (bytes) as they crossed the wire, in
    base64, under `Content-Encoding: coding` (a `resp`; `None`: no header set)."""
    if coding is not None:
        line["headers"]["content-encoding"] = coding
    line["body"] = base64.b64encode(data).decode()
    line["encoding"] = "base64"
    return line


def body_of(line):
    return line["body"].encode() if isinstance(line["body"], str) else json.dumps(line["body"]).encode()


def send_coded(coding, make, ae, tid="t1", rid=1):
    """a card fetch and a SendMessage whose request asks `Accept-Encoding: ae` (`None`: no
    field) and whose answer (a completed Task) is `make(json bytes)` under `Content-Encoding:
    coding`."""
    h = dict(V10)
    if ae is not None:
        h["accept-encoding"] = ae
    lines = [RPC(rid, "SendMessage", {"message": msg10(contextId="c1")}, h=h),
             resp(ok(rid, {"task": tsk("COMPLETED", tid=tid, artifacts=ART)}))]
    lines[1] = wire(lines[1], coding, make(body_of(lines[1])))
    return C10() + lines


def card_coded(coding, make, ae):
    """an Agent Card fetch asking `Accept-Encoding: ae`, the card `make(json bytes)` under
    `Content-Encoding: coding`, then a plain call."""
    lines = getcard(card10())
    if ae is not None:
        lines[0]["headers"]["accept-encoding"] = ae
    lines[1] = wire(lines[1], coding, make(body_of(lines[1])))
    return lines + send(tsk("COMPLETED", artifacts=ART))


plain = lambda b: b

# ---------------------------------------------------------------- A: HTTP-FRAME-004
case("A01-gzip-named-on-plain-json", lambda: send_coded("gzip", plain, "gzip"),
     [("HTTP-FRAME-004", E)], "SendMessage answered with Content-Encoding: gzip on plain JSON bytes (a middleware set the header on a body another layer sent plain)")
case("A02-br-named-on-plain-card", lambda: card_coded("br", plain, "gzip, deflate, br"),
     [("HTTP-FRAME-004", E)], "the Agent Card under Content-Encoding: br, the bytes plain JSON; the client accepts br, so only the coding is wrong")
case("A03-gzip-body-cut-short", lambda: send_coded("gzip", lambda b: gz(b)[:-12], "gzip, deflate"),
     [("HTTP-FRAME-004", E)], "a complete answer whose gzip member lacks its last 12 bytes (the CRC and length trailer and the end of the deflate data): corrupt in its coding")
case("A04-gzip-bytes-named-deflate", lambda: send_coded("deflate", gz, "gzip, deflate"),
     [("HTTP-FRAME-004", E)], "gzip bytes under Content-Encoding: deflate (the zlib format, RFC 9110 §8.4.1.2): not valid deflate data")
case("A05-gzip-named-on-plain-json-v03", lambda: C03() + [wire(l, "gzip", body_of(l)) if l["dir"] == "resp" else l for l in
                                                           [R0(1, "message/send", {"message": msg03("book", contextId="c1")}, h={**J03, "accept-encoding": "gzip"}),
                                                            resp(ok(1, t03("completed", artifacts=ART03)))]],
     [("HTTP-FRAME-004", E)], "0.3 message/send answered with Content-Encoding: gzip on plain JSON")

# ---------------------------------------------------------------- B: HTTP-FRAME-005
case("B01-br-to-gzip-deflate", lambda: send_coded("br", br, "gzip, deflate"),
     [("HTTP-FRAME-005", W)], "valid br answered to Accept-Encoding: gzip, deflate (httpx without the brotli package; breaker41 br-unasked)")
case("B02-gzip-to-gzip-q0", lambda: send_coded("gzip", gz, "gzip;q=0, deflate"),
     [("HTTP-FRAME-005", W)], "valid gzip answered to a request that refused gzip by q=0")
case("B03-gzip-to-identity", lambda: send_coded("gzip", gz, "identity"),
     [("HTTP-FRAME-005", W)], "valid gzip answered to Accept-Encoding: identity (no coding wanted)")
case("B04-br-card-to-empty-accept-encoding", lambda: card_coded("br", br, ""),
     [("HTTP-FRAME-005", W)], "the Agent Card in valid br to an empty Accept-Encoding, which wants no coding (RFC 9110 §12.5.3)")
case("B05-br-to-star-q0-gzip", lambda: send_coded("br", br, "gzip, *;q=0"),
     [("HTTP-FRAME-005", W)], "valid br answered to Accept-Encoding: gzip, *;q=0 (everything but gzip refused)")

# ---------------------------------------------------------------- legal neighbours
case("L01-legal-gzip-to-gzip", lambda: send_coded("gzip", gz, "gzip"),
     [], "control: valid gzip answered to Accept-Encoding: gzip")
case("L02-legal-x-gzip-to-gzip", lambda: send_coded("x-gzip", gz, "gzip, deflate"),
     [], "control: Content-Encoding: x-gzip (gzip's old name, one coding: RFC 9110 §8.4.1.3) answered to Accept-Encoding: gzip")
case("L03-legal-gzip-to-x-gzip", lambda: send_coded("gzip", gz, "x-gzip"),
     [], "control: gzip answered to Accept-Encoding: x-gzip (the same coding)")
case("L04-legal-identity-coding", lambda: send_coded("identity", plain, "gzip"),
     [], "control: Content-Encoding: identity on plain JSON (no coding applied)")
case("L05-legal-refused-coding-avoided", lambda: send_coded("gzip", gz, "br;q=0, gzip"),
     [], "control: the request refuses br (q=0) and accepts gzip; the agent answers gzip")
case("L06-legal-no-accept-encoding", lambda: send_coded("br", br, None),
     [], "control: no Accept-Encoding in the request: any coding is acceptable (RFC 9110 §12.5.3), br is legal")
case("L07-legal-star", lambda: send_coded("br", br, "*"),
     [], "control: valid br answered to Accept-Encoding: *")
case("L08-legal-br-card-to-br", lambda: card_coded("br", br, "gzip, deflate, br"),
     [], "control: the Agent Card in valid br to a client that accepts br")
case("L09-legal-deflate-to-deflate", lambda: send_coded("deflate", deflate, "deflate"),
     [], "control: valid deflate (zlib format) answered to Accept-Encoding: deflate")
case("L10-legal-gzip-stream", lambda: C10() + [req(A, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers={**S10, "accept-encoding": "gzip"}),
                                               wire(resp("", headers={**SSE, "content-encoding": "gzip"}), None, b""),
                                               wire(chunk(""), None, gz((ev({"task": tsk("SUBMITTED", 0)}) + ev(stu("COMPLETED", 3))).encode())),
                                               chunk("", close="eof")],
     [], "control: an SSE stream in gzip to Accept-Encoding: gzip, its bytes in one chunk line")
case("L11-legal-decoded-text-under-gzip", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, h={**V10, "accept-encoding": "deflate"}),
                                                           resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), headers={**J, "content-encoding": "gzip"})],
     [], "control: a body under gzip written as text (decoded, as devtools show it): the reader drops the coding, so neither rule can judge it, not even the unaccepted gzip (write the wire bytes with \"encoding\": \"base64\" for that)")

write_cases(C, OUT)

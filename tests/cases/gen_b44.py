"""Writes the b44 transcripts (breaker44, live round twenty-four: tests/peers/misbehave44.py
behind the proxy, tests/cases/live44-predictions.json): one per verifier bug the round
found, with the legal neighbours the fix must leave silent.

- `rest-sse-gzip-no-final` (STREAM-END-002; STREAM-003, STREAM-007): an event stream gzip'd
  per event (Content-Encoding on text/event-stream, each event a Z_SYNC_FLUSH) that ends,
  with a clean last chunk, after `working`: no terminal event, and the gzip member never
  finished (no final block, no trailer), as a server that stops writing leaves it. Every
  coded byte had decoded as it came, and a client's decoder handed both events on, but the
  verifier failed the coding at the end and listed the stream "not judged": the stream end
  at WORKING went untold. Now the events are judged and the stream ends there.
- the transcript reader (its twin, found writing these): a transcript whose `chunk` lines
  hold a coded stream's wire bytes (`"encoding": "base64"`) under a `resp` line not marked
  so lost the head's `content-encoding` whenever the bytes did not decode to their end, so
  the gzip bytes were read as event text: a completed stream drew a false STREAM-END-002
  ("stream closed without any event"). Now wire chunks keep their head's coding (GL4).
- `gzip-bodiless` (RPC-ENVELOPE-001; RPC-001, RPC-002): a gzip middleware labels bodiless
  answers `Content-Encoding: gzip` too. Zero bytes are no gzip member, so every such answer
  was "not judged: the body is not valid gzip data": the card's HEAD and 304 (harmless), but
  also a 204 or an empty 200 to a JSON-RPC call, whose missing response went untold. An
  empty coded body is now read as the empty answer httpx, curl and browsers see.
Run from the repo root: python3 tests/cases/gen_b44.py"""
import base64, gzip, json, os, sys, zlib
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker44 (live: misbehave44.py --mode rest-sse-gzip-no-final; the gzip'd stream left at WORKING was 'not judged')"
C = {}
case = case_maker(C, "b44-", SRC)
GZ = {"content-type": "text/event-stream", "content-encoding": "gzip"}


def gz_stream(texts, finish=False, corrupt_after=None, head_wire=True):
    """The response head and one base64 `chunk` per event of `texts`, gzip'd with a sync
    flush after each (as nginx's gzip or a per-event flushing server sends them); the gzip
    member finished (final block and trailer) only when `finish`; `corrupt_after` puts
    bytes that are no deflate data after that many events. Then a clean end. The `resp`
    line is marked wire bytes unless not `head_wire` (the chunk lines alone say it)."""
    z = zlib.compressobj(6, zlib.DEFLATED, 31)
    out = [resp("", headers=GZ, encoding="base64") if head_wire else resp("", headers=GZ)]
    for n, t in enumerate(texts):
        b = z.compress(t.encode()) + z.flush(zlib.Z_SYNC_FLUSH)
        if corrupt_after is not None and n == corrupt_after:
            b = b"\x00\xffnot deflate data at all"
        out.append(chunk(base64.b64encode(b).decode(), encoding="base64"))
    if finish:
        out.append(chunk(base64.b64encode(z.flush(zlib.Z_FINISH)).decode(), encoding="base64"))
    out.append(chunk("", close="eof"))
    return out


def rest10(events, **kw):
    return R10() + [rpost("/message:stream", {"message": msg10()})] + gz_stream([rest_ev(e) for e in events], **kw)


def rpc03(events, **kw):
    return getcard(card03(A)) + [R0(1, "message/stream", {"message": msg03()}, h=S03)] + gz_stream([ev(e) for e in events], **kw)


WORKING10 = [{"task": tsk("SUBMITTED")}, stu("WORKING")]
DONE10 = WORKING10 + [stu("COMPLETED", n=3)]
WORKING03 = [t03("submitted"), st03(state="working")]
DONE03 = WORKING03 + [st03(state="completed", final=True, n=3)]

# ---------------------------------------------------------------- G: findings
case("G01-v10-rest-gzip-stream-unfinished-at-working",
     lambda: rest10(WORKING10),
     [("STREAM-END-002", E), ("HTTP-FRAME-004", E)], "1.0 HTTP+JSON stream gzip'd per event ends at WORKING, its gzip member unfinished: judged as far as it went (was 'not judged'); revised45 (open45): the HTTP body ended cleanly with the gzip member unfinished, so the body is not whole gzip data (RFC 9110 §8.4, RFC 1952 §2.2): HTTP-FRAME-004 beside it")
case("G02-v03-jsonrpc-gzip-stream-unfinished-at-working",
     lambda: rpc03(WORKING03),
     [("STREAM-END-007", W), ("HTTP-FRAME-004", E)], "the 0.3 JSON-RPC twin: task, working, then the end, the gzip member unfinished (revised45: HTTP-FRAME-004 beside it)")
case("G03-v10-rest-gzip-stream-finished-at-working",
     lambda: rest10(WORKING10, finish=True),
     [("STREAM-END-002", E)], "control: the same stream with its gzip member finished was judged before the fix too")

# ---------------------------------------------------------------- legal neighbours
# revised45 (open45): GL1, GL2 and GL4 were legal; a cleanly ended body whose gzip member never
# ended is not whole gzip data (HTTP-FRAME-004), so they are G04-G06 now, their A2A verdicts
# (none) unchanged.
case("G04-v10-rest-gzip-stream-unfinished-after-completed",
     lambda: rest10(DONE10),
     [("HTTP-FRAME-004", E)], "the terminal event arrived, only the gzip member is unfinished; the events are judged and none is faulty; the coding is (revised45: was GL1, legal)")
case("G05-v03-jsonrpc-gzip-stream-unfinished-after-final",
     lambda: rpc03(DONE03),
     [("HTTP-FRAME-004", E)], "the 0.3 twin: final:true completed event, then the end (revised45: was GL2, legal)")
case("GL3-legal-v10-rest-gzip-stream-corrupt-mid-way-not-judged",
     lambda: rest10(DONE10, corrupt_after=1),
     [], "a stream whose coded bytes turn corrupt after the first event stays not judged (breaker12 L22): the fix covers only a coding that decoded to its last byte")
case("G06-v10-rest-gzip-stream-unfinished-wire-chunks-unmarked-head",
     lambda: rest10(DONE10, head_wire=False),
     [("HTTP-FRAME-004", E)], "G04 (revised45: was GL4, legal; HTTP-FRAME-004 for the unfinished gzip member) with only the chunk lines marked base64: the head keeps its gzip coding (was dropped, the gzip bytes read as text: a false STREAM-END-002, 'stream closed without any event')")


# ---------------------------------------------------------------- E: empty coded answers
GZJ = {"content-type": "application/json", "content-encoding": "gzip"}
CARD_GZ = {**CH, "content-encoding": "gzip", "vary": "accept-encoding"}


def gz_card():
    c = json.dumps(card10(A)).encode()
    z = gzip.compress(c, mtime=0)
    url = H + "/.well-known/agent-card.json"
    ae = {"accept-encoding": "gzip"}
    return [req(url, method="HEAD", headers=ae),
            resp("", headers={**CARD_GZ, "content-length": str(len(z))}, encoding="base64"),
            req(url, method="GET", headers=ae),
            resp(base64.b64encode(z).decode(), headers={**CARD_GZ, "content-length": str(len(z))}, encoding="base64"),
            req(url, method="GET", headers={**ae, "if-none-match": '"c1"'}),
            resp("", status=304, headers={k: v for k, v in CARD_GZ.items() if k != "content-type"}, encoding="base64")]


case("E01-v10-gettask-204-labelled-gzip",
     lambda: gz_card() + [RPC(1, "GetTask", {"id": "t1"}), resp("", status=204, headers=GZJ, encoding="base64")],
     [("RPC-ENVELOPE-001", E)], "1.0 GetTask answered 204 under Content-Encoding: gzip: no JSON-RPC response (was 'not judged: the body is not valid gzip data')")
case("E02-v03-send-empty-200-labelled-gzip",
     lambda: getcard(card03(A)) + [R0(1, "message/send", {"message": msg03()}), resp("", headers=GZJ, encoding="base64")],
     [("RPC-ENVELOPE-001", E)], "0.3 message/send answered 200 with an empty body under Content-Encoding: gzip")
case("EL1-legal-v10-card-head-and-304-labelled-gzip",
     lambda: gz_card() + [RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": tsk("COMPLETED")}), headers=V10)],
     [], "the card's HEAD and its 304 labelled gzip, with no content: nothing to judge, nothing told")

if __name__ == "__main__":
    write_cases(C, OUT)

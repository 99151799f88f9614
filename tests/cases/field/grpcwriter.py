"""Protobuf and native gRPC recording writers shared by the field-case generators that write
gRPC exchanges (gen_cases21b.py, gen_cases47.py, gen_cases56.py, gen_cases56b.py; first
written in gen_cases21b.py): hand-encoded proto3 wire format (varint, length-delimited
fields), the gRPC length-prefixed message frame, a google.rpc.Status with an optional
ErrorInfo, and `native`, a whole native recording (format 1) of gRPC calls over one h2c
connection with an optional Agent Card fetch first.
"""
import base64, json, urllib.parse

def _varint(n):
    out = b""
    while True:
        b = n & 0x7F; n >>= 7
        if n: out += bytes([b | 0x80])
        else: return out + bytes([b])
def pb_str(f, v): v = v.encode() if isinstance(v, str) else v; return _varint(f << 3 | 2) + _varint(len(v)) + v
def pb_int(f, v): return _varint(f << 3) + _varint(v)
def frame(msg): return b"\x00" + len(msg).to_bytes(4, "big") + msg
def b64(b): return base64.b64encode(b).decode()
def pb_task(tid, cid, state, extra=b""): return pb_str(1, tid) + pb_str(2, cid) + pb_str(3, pb_int(1, state)) + extra
def pb_status(code, message, reason=None, domain="a2a-protocol.org"):
    st = pb_int(1, code) + pb_str(2, message)
    if reason:
        info = pb_str(1, reason) + pb_str(2, domain)
        st += pb_str(3, pb_str(1, "type.googleapis.com/google.rpc.ErrorInfo") + pb_str(2, info))
    return st
def native(host, calls, card=None, package="lf.a2a.v1", tool="mine56b-grpcgen"):
    """calls: (method, metadata dict, request message bytes, response message bytes or None, grpc-status, grpc-message, details bytes or None)."""
    out = [{"type": "recording", "format": 1, "tool": {"name": tool, "version": "1"}, "startedAt": "2026-10-05T10:00:00.000Z",
            "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": host}], "redacted": False},
           {"seq": 1, "t_us": 1000, "type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"}]
    seq = 2; t = 2000; n = 0
    def ev(**kw):
        nonlocal seq, t
        d = {"seq": seq, "t_us": t}; d.update(kw); out.append(d); seq += 1; t += 1000
    hostname = host.split("//")[1].split(":")[0]
    if card is not None:
        n += 1; e = "e%d" % n; body = json.dumps(card); cu = "http://%s/.well-known/agent-card.json" % hostname
        ev(exchange=e, type="request_head", conn=1, method="GET", url=cu, version="HTTP/1.1",
           headers=[["accept", "application/json"]], upstream=cu)
        ev(exchange=e, type="response_head", status=200, version="HTTP/1.1", headers=[["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", '"card-v1"']])
        ev(exchange=e, type="response_chunk", body=body)
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=0, response_bytes=len(body))
    for method, md, reqmsg, respmsg, code, gmsg, details in calls:
        n += 1; e = "e%d" % n
        url = host + "/" + package + ".A2AService/" + method
        hdrs = [["content-type", "application/grpc"], ["te", "trailers"]] + [[k, v] for k, v in md.items()]
        ev(exchange=e, type="request_head", conn=1, method="POST", url=url, version="HTTP/2.0", headers=hdrs, upstream=url)
        rb = frame(reqmsg); ev(exchange=e, type="request_body", body=b64(rb), encoding="base64")
        ev(exchange=e, type="response_head", status=200, version="HTTP/2.0", headers=[["content-type", "application/grpc"]])
        sb = b""
        if respmsg is not None:
            msgs = respmsg if isinstance(respmsg, list) else [respmsg]
            for m in msgs:
                fb = frame(m); sb += fb; ev(exchange=e, type="response_chunk", body=b64(fb), encoding="base64")
        tr = [["grpc-status", str(code)], ["grpc-message", urllib.parse.quote(gmsg)]]
        if details is not None: tr.append(["grpc-status-details-bin", base64.b64encode(details).decode().rstrip("=")])
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=len(rb), response_bytes=len(sb), trailers=tr)
    return out

"""Writes the breaker39 gRPC-limit recordings (`b39g-*`): the gRPC form of breaker38's
"valid JSON beyond the parser" (b38x K01-K17). A gRPC message is protobuf, decoded to
ProtoJSON by descriptor; prost's decoder stops at 100 nested message levels, and a
google.protobuf.Struct takes three a level (Struct, its map entry, Value), so metadata
nested some 33 levels is valid protobuf the decoder does not read. A google.protobuf.Value
number that is NaN or an infinity is valid protobuf that the JSON mapping cannot write.
Main reported each such message as malformed (GRPC-FRAME-002 for a request, GRPC-FRAME-001
for an answer: "not a lf.a2a.v1.SendMessageRequest: recursion limit reached", "has no
ProtoJSON form"); it is no fault of its sender, so the call is listed as not judged
(tests/verify_breaker39_blind.rs checks the listing). Faulty ones carry the finding the
verifier must report; `-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/variants/gen_b39g.py [NAME...]"""
import os, struct, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
sys.path.insert(0, os.path.join(HERE, ".."))
from casewriter import write_cases
from gen_b28q import native, pb_str, pb_msg, pb_task, pb_int

C = {}
E = "error"
SRC = "breaker39 (the gRPC form of breaker38's parser limits; issue 7, robustness)"


def case(name, lines, findings, note):
    C["b39g-" + name] = (lines, findings, SRC, note)


def deep_struct(n, leaf=None):
    """a google.protobuf.Struct {"k": {"k": ... "x"}} nested `n` Struct levels below the outer one."""
    v = leaf if leaf is not None else pb_str(3, "x")  # Value.string_value
    for _ in range(n):
        v = pb_str(5, pb_str(1, pb_str(1, "k") + pb_str(2, v)))  # Value.struct_value
    return pb_str(1, pb_str(1, "k") + pb_str(2, v))


def number(x):
    """a Struct {"budget": x} whose Value.number_value (field 2, a double) is `x`."""
    return pb_str(1, pb_str(1, "budget") + pb_str(2, bytes([2 << 3 | 1]) + struct.pack("<d", x)))


MSG = lambda meta=None: pb_msg("hi", "m1", cid="c1") + (pb_str(6, meta) if meta is not None else b"")  # Message.metadata = 6
DONE = lambda meta=None: pb_str(1, pb_task("t1", "c1", 3) + (pb_str(6, meta) if meta is not None else b""))  # Task.metadata = 6
SEND = lambda meta=None, answer=None: ("SendMessage", pb_str(2, MSG(meta)), answer or DONE(), 0, "", None)

case("1-legal-v10-grpc-request-metadata-nested-40", native([SEND(deep_struct(40))]), [],
     "control: request metadata nested 40 Struct levels: decoded, but no ProtoJSON form past prost's limit. Main: GRPC-FRAME-002 'has no ProtoJSON form'")
case("1-legal-v10-grpc-request-metadata-nested-150", native([SEND(deep_struct(150))]), [],
     "control: nested 150 levels: the decoder stops. Main: GRPC-FRAME-002 'recursion limit reached'")
case("1-legal-v10-grpc-answer-task-metadata-nested-40", native([SEND(None, DONE(deep_struct(40)))]), [],
     "control: the answer's Task metadata nested 40 levels. Main: GRPC-FRAME-001")
case("1-legal-v10-grpc-answer-task-metadata-nested-150", native([SEND(None, DONE(deep_struct(150)))]), [],
     "control: the answer nested 150 levels. Main: GRPC-FRAME-001")
case("1-legal-v10-grpc-stream-event-nested-70", native([("SendStreamingMessage", pb_str(2, MSG()),
                                                         [pb_str(1, pb_task("t1", "c1", 2)), pb_str(1, pb_task("t1", "c1", 3) + pb_str(6, deep_struct(70)))], 0, "", None)]), [],
     "control: a server stream whose closing Task carries metadata nested 70 levels. Main: GRPC-FRAME-001")
case("1-legal-v10-grpc-request-value-infinity", native([SEND(number(float("inf")))]), [],
     "control: a google.protobuf.Value number +Infinity (valid protobuf, no ProtoJSON form). Main: GRPC-FRAME-002")
case("1-legal-v10-grpc-request-value-nan", native([SEND(number(float("nan")))]), [],
     "control: a google.protobuf.Value number NaN. Main: GRPC-FRAME-002")
case("1-legal-v10-grpc-request-metadata-nested-30", native([SEND(deep_struct(30))]), [],
     "control: 30 levels are within the decoder: judged as usual, silent on main too")
case("1-legal-v10-grpc-request-value-1e308", native([SEND(number(1e308))]), [],
     "control: a finite double near the top of the range has a ProtoJSON form: judged, silent on main too")
case("1-v10-grpc-nested-request-then-get-other-task", native([SEND(deep_struct(150)),
                                                             ("GetTask", pb_str(2, "t1"), pb_task("t2", "c2", 3), 0, "", None)]),
     [("task-call-answered-other-task", E)],
     "after the unread deep send, GetTask t1 answered with task t2 is still judged (ID-TASK-003)")
case("1-v10-grpc-request-message-cut-still-malformed", native([("SendMessage", pb_str(2, MSG())[:-4], DONE(), 0, "", None)]),
     [("grpc-request-malformed", E)],
     "a request whose Message field is cut short inside (the frame length matches the bytes): still malformed, GRPC-FRAME-002")

write_cases(C, HERE)

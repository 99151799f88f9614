"""Writes the left40 gRPC JSON-codec recordings (`l40j-*`): an A2A gRPC call whose messages
are JSON (`content-type: application/grpc+json`, gRPC's JSON codec: each length-prefixed
message is the proto message in the protobuf JSON mapping). Main decoded every gRPC message
as protobuf binary, so each such call was GRPC-FRAME-002 / GRPC-FRAME-001 ("N bytes are
not a lf.a2a.v1.SendMessageRequest"), and nothing in it was judged (breaker39). They are the
same messages as the binary ones: decoded as the proto's JSON form and judged alike.
Faulty ones carry the finding the verifier must report; `-legal-` ones must stay silent
(but for notes).
Run from the repo root: python3 tests/cases/variants/gen_l40j.py [NAME...]"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
sys.path.insert(0, os.path.join(HERE, ".."))
from casewriter import write_cases
from gen_b28q import native

C = {}
E = "error"
SRC = "breaker39 / left40 (gRPC's JSON codec, application/grpc+json, was not decoded; issue 7)"


def j(v):
    """a JSON-codec message: the proto message's JSON form, as bytes"""
    return json.dumps(v, separators=(",", ":")).encode()


def as_json_codec(lines, ct="application/grpc+json"):
    """`native` lines with every gRPC content-type set to `ct`"""
    for l in lines:
        for h in l.get("headers", []):
            if h[0] == "content-type" and h[1] == "application/grpc":
                h[1] = ct
    return lines


def case(name, calls, findings, note, ct="application/grpc+json"):
    C["l40j-" + name] = (as_json_codec(native(calls), ct), findings, SRC, note)


MSG = {"messageId": "m1", "contextId": "c1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
TASK = lambda tid="t1", cid="c1", state="TASK_STATE_COMPLETED": {"id": tid, "contextId": cid, "status": {"state": state}}
SEND = ("SendMessage", j({"message": MSG}), j({"task": TASK()}), 0, "", None)

case("1-legal-v10-grpc-json-send-completed", [SEND], [],
     "control: a JSON-codec SendMessage answered with a completed Task. Main: GRPC-FRAME-002 and GRPC-FRAME-001 (decoded as protobuf)")
case("1-legal-v10-grpc-json-content-type-params-and-case", [SEND], [],
     "control: Application/GRPC+JSON; charset=utf-8 names the same codec", ct="Application/GRPC+JSON; charset=utf-8")
case("1-legal-v10-grpc-json-proto-field-names", [("SendMessage", j({"message": {"message_id": "m1", "context_id": "c1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}}),
                                                 j({"task": {"id": "t1", "context_id": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}}), 0, "", None)], [],
     "control: the JSON mapping's parsers take the proto field names (message_id, context_id) as well as the lowerCamel ones")
case("1-legal-v10-grpc-json-unknown-member", [("SendMessage", j({"message": MSG, "x-trace": {"a": 1}}), j({"task": TASK()}), 0, "", None)], [],
     "control: a member the proto does not define; JSON mapping parsers may ignore unknown fields (the legal reading: no finding)")
case("1-legal-v10-grpc-json-stream-working-then-completed",
     [("SendStreamingMessage", j({"message": MSG}),
       [j({"task": TASK(state="TASK_STATE_WORKING")}), j({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}})], 0, "", None)], [],
     "control: a JSON-codec server stream: the Task working, then a status update completed")
case("1-v10-grpc-json-get-task-answered-other-task", [SEND, ("GetTask", j({"id": "t1"}), j(TASK("t2", "c2")), 0, "", None)],
     [("task-call-answered-other-task", E)],
     "GetTask t1 over the JSON codec answered with task t2: judged as the protobuf call is (ID-TASK-003). Main: GRPC-FRAME-002 and -001 only")
case("1-v10-grpc-json-stream-context-changed",
     [("SendStreamingMessage", j({"message": MSG}),
       [j({"task": TASK(state="TASK_STATE_WORKING")}), j({"statusUpdate": {"taskId": "t1", "contextId": "c2", "status": {"state": "TASK_STATE_COMPLETED"}}})], 0, "", None)],
     [("stream-event-task-mismatch", E), ("context-id-changed", E)],
     "a JSON-codec stream whose status update moves task t1 to context c2: judged as a protobuf stream is")
case("1-v10-grpc-json-request-not-json", [("SendMessage", j({"message": MSG})[:-3], j({"task": TASK()}), 0, "", None)],
     [("grpc-request-malformed", E)],
     "a JSON-codec request message cut inside its JSON (the frame length matches the bytes): malformed, GRPC-FRAME-002")

write_cases(C, HERE)

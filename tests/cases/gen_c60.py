#!/usr/bin/env python3
"""cards60: the c60-* variants (tests/cases/variants), one function per item of the brief:
Agent Card members in another spelling (mine59 f1321's snake_case capabilities), and the
stream ends round fifty-nine left (a 0.x message reply stream held open; the 1.0 stream open
at the capture's end judged with the 0.x form's grace, as an error; a kind-less 0.x Message
read by its shape).

Run from the repository root: python3 tests/cases/gen_c60.py. Writes each .jsonl and its
.expect.json (the prediction, written before the fix; see tests/verify_cards60.rs)."""
import copy
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "variants")
HOST = "https://agent.example.test"
SKILLS = [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"],
           "inputModes": ["text/plain"], "outputModes": ["text/plain"]}]


def card10():
    return {
        "name": "Helper", "description": "Answers questions",
        "supportedInterfaces": [{"url": HOST + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": copy.deepcopy(SKILLS),
    }


def card0x(version="0.3.0"):
    return {
        "protocolVersion": version, "name": "Helper", "description": "Answers questions",
        "url": HOST + "/a2a", "preferredTransport": "JSONRPC", "version": "1.0.0",
        "capabilities": {"streaming": True, "pushNotifications": False},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": copy.deepcopy(SKILLS),
    }


def rename(o, old, new):
    """`o` with member `old` renamed `new`, in place of the old one (member order kept)."""
    return {(new if k == old else k): v for k, v in o.items()}


def card_lines(card, path="/.well-known/agent-card.json"):
    return [
        {"dir": "req", "t": 0.0, "method": "GET", "url": HOST + path,
         "headers": {"accept": "application/json"}, "body": ""},
        {"dir": "resp", "t": 0.01, "status": 200,
         "headers": {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"v1\""},
         "body": json.dumps(card)},
    ]


def stream_req(t, method, params, v10, rid="s1"):
    h = {"content-type": "application/json", "accept": "text/event-stream"}
    if v10:
        h["a2a-version"] = "1.0"
    return {"dir": "req", "t": t, "method": "POST", "url": HOST + "/a2a", "headers": h,
            "body": json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})}


def sse_head(t):
    return {"dir": "resp", "t": t, "status": 200,
            "headers": {"content-type": "text/event-stream", "cache-control": "no-cache"}, "body": ""}


def ev(t, result, rid="s1"):
    data = {"jsonrpc": "2.0", "id": rid, "result": result}
    return {"dir": "chunk", "t": t, "body": "data: " + json.dumps(data) + "\n\n"}


def end(t, how):
    return {"dir": "chunk", "t": t, "body": "", "close": how}


def msg0x(mid, text="hello", role="user", kind=True):
    m = {"messageId": mid, "role": role, "parts": [{"kind": "text", "text": text}]}
    if kind:
        m = {"kind": "message", **m}
    return m


def write(name, lines, expect):
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps(expect, indent=2) + "\n")


def exp(findings, note):
    return {"findings": [{"rule": r, "severity": s} for r, s in findings], "source": "cards60", "note": note}


MISSPELT_0X = ("card-member-misspelt-0x", "warning")
MISSING = ("card-missing-required-field", "error")
HELD_0X = ("stream-held-open-after-terminal-0x", "warning")
OPEN_10 = ("stream-open-after-terminal", "error")
SHAPE = ("stream-event-invalid-shape", "error")


# ---- item 1: card members in another spelling ----------------------------------------------

def item1():
    # f1321's kind: 0.3 capabilities in snake_case (aliveclaw/agos), push declared true
    c = card0x()
    c["capabilities"] = {"streaming": False, "push_notifications": True, "state_transition_history": False}
    write("c60-1-v03-card-capabilities-snake-case", card_lines(c),
          exp([MISSPELT_0X], "cards60 item 1: a 0.3 card whose capabilities are push_notifications / state_transition_history (pydantic fields without their camelCase alias): no 0.3 client reads them, so push support declared true reads as absent (CARD-004's schema names; DATA-001's camelCase is 1.0's MUST): CARD-SHAPE-012's warning; before: silent (no required member lost)"))
    # 0.2.5 at agent.json: a skill's input_modes, top-level preferred-transport (kebab)
    c = rename(card0x("0.2.5"), "preferredTransport", "preferred-transport")
    c["skills"][0] = rename(c["skills"][0], "inputModes", "input_modes")
    write("c60-1-v025-card-skill-input-modes-and-kebab-transport",
          card_lines(c, "/.well-known/agent.json"),
          exp([MISSPELT_0X], "cards60 item 1: 0.2.5 card (agent.json) with a skill's input_modes and a top-level preferred-transport: CARD-SHAPE-012 names both; before: silent"))
    # 0.3 in other letter case: SecuritySchemes, Capabilities.PushNotifications
    c = card0x()
    c["capabilities"] = {"streaming": True, "PushNotifications": True}
    c["SecuritySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
    write("c60-1-v03-card-members-in-pascal-case", card_lines(c),
          exp([MISSPELT_0X], "cards60 item 1: 0.3 card with capabilities.PushNotifications and SecuritySchemes (a .NET serializer's PascalCase): member names are case-sensitive, so both read as absent: CARD-SHAPE-012"))
    # 0.3 required members misspelt: URL, Skills (CARD-004: lost, an error)
    c = rename(rename(card0x(), "url", "URL"), "skills", "Skills")
    write("c60-1-v03-card-required-members-wrong-case", card_lines(c),
          exp([MISSING], "cards60 item 1: 0.3 card with URL and Skills: the required url and skills are lost (CARD-004): CARD-SHAPE-001, whose words name the spellings instead of saying the members are missing; before: 'agent card has no url; agent card has no skills'"))
    # 0.3 kebab required modes
    c = rename(rename(card0x(), "defaultInputModes", "default-input-modes"), "defaultOutputModes", "default-output-modes")
    write("c60-1-v03-card-default-modes-kebab-case", card_lines(c),
          exp([MISSING], "cards60 item 1: 0.3 card with default-input-modes / default-output-modes (kebab-case): the required modes are lost: CARD-SHAPE-001 naming the spellings"))
    # 1.0: kebab and case (DATA-001 MUST): CARD-SHAPE-001 as the proto names are
    c = card10()
    c["capabilities"] = {"streaming": True, "Push-Notifications": True}
    c["skills"][0] = rename(c["skills"][0], "outputModes", "OutputModes")
    write("c60-1-v10-card-optional-members-other-spelling", card_lines(c),
          exp([MISSING], "cards60 item 1: 1.0 card with capabilities.Push-Notifications and a skill's OutputModes: DATA-001 (MUST in 1.0: JSON names are lowerCamelCase): CARD-SHAPE-001's error, as round 17's proto field names; before: silent"))
    c = card10()
    c["supportedInterfaces"][0] = rename(c["supportedInterfaces"][0], "protocolBinding", "protocol-binding")
    write("c60-1-v10-card-interface-binding-kebab-case", card_lines(c),
          exp([MISSING, ("card-interface-malformed", "error")], "cards60 item 1: 1.0 interface with protocol-binding: CARD-SHAPE-003 says 'interface has protocol-binding, not protocolBinding' (before: 'interface has no protocolBinding') and CARD-SHAPE-001 names the spelling (DATA-001)"))
    c = rename(card10(), "supportedInterfaces", "supported_interfaces")
    write("c60-1-v10-card-supported-interfaces-proto-name", card_lines(c),
          exp([MISSING], "cards60 item 1, as before: 1.0 card with supported_interfaces (the proto field name): CARD-SHAPE-001 'agent card uses proto field names', with what the DIGEST says of ProtoJSON (parsers accept the proto name on input; DATA-001 has the sender write the JSON name)"))
    # legal neighbours
    c = card0x()
    c["capabilities"] = {"streaming": True, "pushNotifications": True, "x-push-notifications-v2": True}
    c["owner_email"] = "ops@example.test"
    c["x-Skills"] = ["internal"]
    c["supports_streaming"] = True
    c["skills"][0]["x_input_modes"] = ["text/markdown"]
    write("c60-1-legal-v03-card-unknown-and-extension-members", card_lines(c),
          exp([], "cards60 item 1, legal neighbour: unknown members that are no spelling of a schema member (owner_email, supports_streaming) and x- extension members: silent (the schema allows them, DATA-003)"))
    c = card0x()
    c["capabilities"] = {"streaming": True, "pushNotifications": True, "push_notifications": True}
    write("c60-1-legal-v03-card-both-spellings", card_lines(c),
          exp([], "cards60 item 1, legal neighbour: pushNotifications beside a push_notifications copy: the client reads the schema's name: silent"))
    c = card10()
    c["capabilities"]["extensions"] = [{"uri": "https://example.test/ext/v1", "required": False,
                                        "params": {"max_items": 3, "Mode": "fast"}}]
    c["metadata_url"] = HOST + "/meta"
    write("c60-1-legal-v10-card-free-form-params", card_lines(c),
          exp([], "cards60 item 1, legal neighbour: a 1.0 card whose extension params (free-form) hold snake_case and PascalCase keys, and an unknown metadata_url: silent"))


# ---- item 2: a 0.x message reply stream held open after its Message --------------------------

def message_reply0x(close, version="0.3.0", kind=True, more=()):
    lines = card_lines(card0x(version))
    lines += [stream_req(0.2, "message/stream", {"message": msg0x("m1")}, False), sse_head(0.25),
              ev(0.3, msg0x("m-r1", "hi there", role="agent", kind=kind))]
    lines += list(more)
    lines.append(end(close[1], close[0]))
    return lines


def item2():
    write("c60-2-v03-message-reply-held-until-client-left", message_reply0x(("client", 4.3)),
          exp([HELD_0X], "cards60 item 2: 0.3 message/stream answered by one Message at 0.3 s, held open until the client left at 4.3 s: 0.x clients stop reading at the Message, the stream is over: STREAM-END-010 (0.x form of STREAM-END-009); before: silent"))
    write("c60-2-v03-message-reply-open-at-capture-end", message_reply0x(("timeout", 4.3)),
          exp([HELD_0X], "cards60 item 2: the same, still open when the capture stopped: STREAM-END-010; before: listed as not judged"))
    write("c60-2-v025-message-reply-open-at-capture-end", message_reply0x(("timeout", 3.3), version="0.2.5"),
          exp([HELD_0X], "cards60 item 2: the same on 0.2.5 (3.0 s): STREAM-END-010"))
    write("c60-2-legal-v03-message-reply-closed", message_reply0x(("eof", 0.31)),
          exp([], "cards60 item 2, legal neighbour: the Message, then the agent closes: silent"))
    write("c60-2-legal-v03-message-reply-capture-end-within-grace", message_reply0x(("timeout", 0.8)),
          exp([], "cards60 item 2, legal neighbour: the capture stopped 0.5 s after the Message, within the 2 s grace: listed as not judged, silent"))


# ---- item 3: a 1.0 stream open at the capture's end: the grace of the 0.x form, an error ------

def task_stream10(close):
    lines = card_lines(card10())
    lines += [stream_req(0.2, "SendStreamingMessage",
                         {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hello"}]}}, True),
              sse_head(0.25),
              ev(0.3, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING"}}}),
              ev(1.0, {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}}),
              end(close[1], close[0])]
    return lines


def item3():
    write("c60-3-v10-task-stream-open-at-capture-end-after-completed", task_stream10(("timeout", 6.0)),
          exp([OPEN_10], "cards60 item 3: 1.0 task stream completed at 1.0 s, still open when the capture stopped at 6.0 s: STREAM-003 / STREAM-007 are MUSTs in 1.0, so STREAM-END-003 is an error (as STREAM-END-009), judged past the same 2 s grace as the 0.x form; before: STREAM-END-003's warning"))
    write("c60-3-legal-v10-task-stream-capture-end-within-grace", task_stream10(("timeout", 1.5)),
          exp([], "cards60 item 3, legal neighbour: the capture stopped 0.5 s after the terminal event, within the grace: listed as not judged, silent (before: STREAM-END-003's warning)"))


# ---- item 4: a kind-less 0.x Message read by its shape ------------------------------------

def item4():
    write("c60-4-v03-kindless-message-reply-held-open", message_reply0x(("client", 4.3), kind=False),
          exp([SHAPE, HELD_0X], "cards60 item 4: 0.3 message/stream answered by a Message without kind (messageId, role agent, parts), held open until the client left: STREAM-SHAPE-001 tells the missing kind and, read by its shape, the held stream is STREAM-END-010; before: STREAM-SHAPE-001 only (the stream left unread)"))
    more = [ev(0.5, {"kind": "status-update", "taskId": "t9", "contextId": "c9",
                     "status": {"state": "completed"}, "final": True})]
    write("c60-4-v03-kindless-message-then-status-update", message_reply0x(("eof", 0.6), kind=False, more=more),
          exp([SHAPE, ("stream-event-after-message-reply-0x", "warning")], "cards60 item 4: the kind-less Message, then a status update of a task the stream never introduced: read by its shape the Message ends a 0.3 message stream, so STREAM-END-004; before: STREAM-SHAPE-001 only"))
    lines = message_reply0x(("eof", 0.31), kind=False)
    write("c60-4-control-v03-kindless-message-closed", lines,
          exp([SHAPE], "cards60 item 4, control: the kind-less Message, then the agent closes: STREAM-SHAPE-001 for the missing kind and nothing else"))


# ---- item 5: the same kind on 0.x messages and tasks (the agent's side) -------------------

def send0x(result, t_resp=0.3):
    lines = card_lines(card0x())
    lines += [{"dir": "req", "t": 0.2, "method": "POST", "url": HOST + "/a2a",
               "headers": {"content-type": "application/json", "accept": "application/json"},
               "body": json.dumps({"jsonrpc": "2.0", "id": "c1", "method": "message/send",
                                   "params": {"message": msg0x("m1")}})},
              {"dir": "resp", "t": t_resp, "status": 200, "headers": {"content-type": "application/json"},
               "body": json.dumps({"jsonrpc": "2.0", "id": "c1", "result": result})}]
    return lines


def item5():
    write("c60-5-v03-send-result-message-snake-case",
          send0x({"kind": "message", "message_id": "r1", "context_id": "c1", "role": "agent",
                  "parts": [{"kind": "text", "text": "hi"}]}),
          exp([("result-invalid-shape", "error")], "cards60 item 5: a 0.3 message/send answered with a Message whose messageId and contextId are message_id / context_id (a pydantic model serialised without by_alias): the client's request so spelt is DATA-SHAPE-002 (a2a-js, a2a-java, a2a-go read the schema's names), the agent's answer was silent (the reader takes either spelling): DATA-SHAPE-001"))
    write("c60-5-v03-send-result-task-snake-case",
          send0x({"kind": "task", "id": "t1", "context_id": "c1", "status": {"state": "completed"}}),
          exp([("result-invalid-shape", "error")], "cards60 item 5: a 0.3 Task with context_id (required contextId lost, DATA-005): DATA-SHAPE-001"))
    lines = card_lines(card0x())
    lines += [stream_req(0.2, "message/stream", {"message": msg0x("m1")}, False), sse_head(0.25),
              ev(0.3, {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "working"}}),
              ev(0.5, {"kind": "status-update", "task_id": "t1", "context_id": "c1",
                       "status": {"state": "completed"}, "final": True}),
              end(0.6, "eof")]
    write("c60-5-v03-stream-status-update-snake-case", lines,
          exp([SHAPE], "cards60 item 5: a 0.3 stream whose status update names task_id / context_id: STREAM-SHAPE-001 names the snake_case members"))
    write("c60-5-legal-v03-snake-case-in-metadata-and-data",
          send0x({"kind": "message", "messageId": "r1", "contextId": "c1", "role": "agent",
                  "metadata": {"task_id": "internal-7", "context_id": "x"},
                  "parts": [{"kind": "data", "data": {"message_id": 3, "context_id": "user data"}}]}),
          exp([], "cards60 item 5, legal neighbour: snake_case keys inside metadata and a data part's data (the sender's own content): silent"))


if __name__ == "__main__":
    item5()
    item1()
    item2()
    item3()
    item4()

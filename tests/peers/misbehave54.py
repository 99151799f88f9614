#!/usr/bin/env python3
"""misbehave54: breaker54's real A2A agent (Python stdlib, one thread per connection) for
MULTI-TURN CONVERSATIONS, EXTENSIONS and CONTENT (parts and artifacts) on all three wire
generations (JSON-RPC 0.2, 0.3, 1.0): input-required / auth-required continuation, taskId and
contextId on follow-up messages, referenceTaskIds, a message to a terminal task, Message
versus Task answers, extension negotiation (capabilities.extensions, `required`, the
X-A2A-Extensions (0.x) / A2A-Extensions (1.0) request and answer headers), file / data parts
(0.x `kind` text/file/data, FileWithBytes / FileWithUri, mimeType; 1.0 Part's text / raw /
url / data oneof, mediaType, filename) and chunked artifacts (artifactId, append,
lastChunk) in streams.

    python3 misbehave54.py MODE [MODE ...]
    python3 misbehave54.py --list

Serves every named mode in this one process, each on its own loopback port; prints one line
`MODE PORT` per mode, then `ready`, and serves until killed. The card's url is the agent's
own address until the driver posts the proxy's address to `POST /__public` on the agent's
port directly (the proxy's port is known only once its banner says it is bound; that call
is not A2A traffic and never passes the proxy). `--list` prints each mode with its kind:
`fault` (a rule the verifier judges) or `legal` (the verifier must stay silent).

The agent of every mode holds a conversation: a send saying `book` opens a task waiting in
input-required (auth-required in the auth modes) whose status message asks for a date; a
follow-up naming that task completes it with a text artifact; a streamed send saying
`report` streams a task whose artifact comes in chunks (append / lastChunk) and completes;
`tasks/get` / GetTask serves what the agent stores (the streamed artifact joined). Each mode
bends one of these (its OPTS entry); the driver (`misbehave54_drive.py`) reads the client's
part of a mode (`client`) from the same table.
"""
import json
import socketserver
import sys
import threading
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler

EXT_A = "https://ext.example.com/timestamp/v1"
EXT_B = "https://ext.example.com/trace/v1"
EXT_R = "https://ext.example.com/secure-passport/v1"

MODES = {
    # ---- legal: the verifier must stay silent ----------------------------------------------
    "v02-legal": ("legal", "0.2.6: input-required, follow-up (taskId + contextId) completes, "
                           "stream in the same context (contextId only) with two chunks"),
    "v03-legal": ("legal", "0.3: the same conversation; X-A2A-Extensions echoed"),
    "v10-legal": ("legal", "1.0: the same conversation; A2A-Extensions echoed"),
    "v10-auth-cycle": ("legal", "1.0: the first turn enters auth-required (with a status "
                                "message), the follow-up leaves it and completes"),
    "v03-auth-cycle": ("legal", "0.3: auth-required entered and left"),
    "v10-taskid-only": ("legal", "1.0: the follow-up names the taskId only; the agent infers "
                                 "its context (ID-003)"),
    "v03-taskid-only": ("legal", "0.3: the follow-up names the taskId only"),
    "v10-message-answer": ("legal", "1.0: every send answered with a Message (the "
                                    "conversation held by contextId) where a Task was possible"),
    "v03-message-answer": ("legal", "0.3: every send answered with a Message"),
    "v10-ext-two-listed": ("legal", "1.0: the card lists two extensions; the client asks "
                                    "for one, the agent echoes that one only"),
    "v10-ext-required-ok": ("legal", "1.0: a required extension the client activates; both "
                                     "echoed"),
    "v03-ext-required-ok": ("legal", "0.3: a required extension the client activates"),
    "v10-ext-required-refused": ("legal", "1.0: the first send without the required "
                                          "extension refused -32008 (ErrorInfo), the client "
                                          "sends again with it"),
    "v10-ext-not-asked": ("legal", "1.0: the client asks for no extension; the agent "
                                   "echoes none"),
    "v10-text-metadata": ("legal", "1.0: text parts carrying metadata objects"),
    "v10-parts-all": ("legal", "1.0: artifact parts text, raw (+mediaType, filename), url "
                               "(+mediaType, filename), data (a list), data (a string)"),
    "v03-parts-all": ("legal", "0.3: text, file bytes (+mimeType, name), file uri, data"),
    "v02-parts-all": ("legal", "0.2: text, file bytes, file uri, data"),
    "v10-ref-known": ("legal", "1.0: a new task naming the finished one in referenceTaskIds"),
    "v03-ref-unknown-accepted": ("legal", "0.3: referenceTaskIds naming a task no one "
                                          "handed out, accepted (references are context)"),
    "v10-ref-unknown-refused": ("legal", "1.0: referenceTaskIds naming an unknown task "
                                         "refused TaskNotFoundError"),
    "v10-history-lost": ("legal", "1.0: the follow-up's Task lists only the latest turn in "
                                  "history (history is the agent's to keep)"),
    "v10-chunks-interleaved": ("legal", "1.0: two artifacts streamed in interleaved chunks, "
                                        "each closed by lastChunk"),
    "v03-chunks-no-last": ("legal", "0.3: chunks without lastChunk (optional)"),
    "v03-ctx-mismatch-accepted": ("legal", "0.3 follow-up naming the task and another "
                                           "contextId processed in the task's own context "
                                           "(0.x names no rejection: breaker35 F01)"),
    "v10-three-turns": ("legal", "1.0: input-required twice (date, then seat); the third "
                                 "turn streamed to completion"),
    "v03-three-turns": ("legal", "0.3: input-required twice; the third turn streamed"),
    "v10-stream-input-required": ("legal", "1.0: the first turn streamed, the stream closing "
                                           "at input-required; the follow-up streamed"),
    "v02-stream-input-required": ("legal", "0.2: the first turn streamed to input-required "
                                           "(final: true); the follow-up streamed"),
    "v10-append-across-turns": ("legal", "1.0: the input-required task carries a draft "
                                         "artifact r1; the streamed follow-up appends to r1"),
    "v03-append-across-turns": ("legal", "0.3: the draft artifact of turn one appended to "
                                         "by the streamed follow-up"),
    "v10-append-to-snapshot": ("legal", "1.0: the stream's first Task already holds artifact "
                                        "r1; its chunks append to it"),
    "v03-ext-echo-both": ("legal", "0.3 agent echoing under both X-A2A-Extensions and "
                                   "A2A-Extensions"),
    "v10-ext-echo-split": ("legal", "1.0 echo of two extensions on two A2A-Extensions header "
                                    "lines (RFC 9110 §5.3)"),
    "v10-ext-unknown-asked": ("legal", "1.0 client asks for an extension the card does not "
                                       "declare; the agent ignores it (EXT-003)"),
    "v10-append-across-turns-bare": ("legal", "1.0: the streamed follow-up's first Task "
                                              "leaves the draft artifact out; its chunk "
                                              "appends to r1, which turn one handed out"),
    "v10-followup-message-reply": ("legal", "1.0: the follow-up answered with a Message naming "
                                            "the task (which completes); GetTask shows it"),
    "v03-parts-nulls": ("legal", "0.3: file {bytes, uri: null, name}, a data part with "
                                 "metadata"),
    "v10-parts-edge": ("legal", "1.0: a data: URL part with media-type parameters, URL-safe "
                                "base64 raw without padding, data {} with mediaType"),
    "v10-chunk-replaces": ("legal", "1.0: a later chunk of r1 with append: false replaces "
                                    "the first (lastChunk); the task stores the replacement"),
    "v10-input-required-no-message": ("legal", "1.0: input-required without a status "
                                               "message (TASK-006's explanation is for "
                                               "auth-required)"),
    "v03-history-bare-ids": ("legal", "0.3: the task's history keeps the client's messages "
                                      "as sent, without taskId / contextId"),
    "v03-stream-input-required": ("legal", "0.3: the first turn streamed to input-required "
                                           "(final: true); the follow-up streamed"),
    "v10-auth-cycle-streamed": ("legal", "1.0: auth-required reached and left on streams"),
    "v10-empty-context-new-task": ("legal", "1.0: a third message with contextId only after "
                                            "the task completed: a new task in the context"),
    # ---- faults ---------------------------------------------------------------------------
    "v10-followup-new-task": ("fault", "follow-up to the input-required task answered with "
                                       "a new task id"),
    "v03-followup-new-task": ("fault", "0.3 follow-up answered with a new task id"),
    "v02-followup-new-task": ("fault", "0.2 follow-up answered with a new task id"),
    "v10-followup-new-ctx": ("fault", "follow-up (taskId + contextId) answered with the "
                                      "same task under a new contextId"),
    "v03-followup-new-ctx-taskonly": ("fault", "0.3 follow-up naming the taskId only "
                                               "answered with another contextId"),
    "v10-reopen": ("fault", "a message to the completed task accepted: the task back in "
                            "working, then completed again"),
    "v03-reopen": ("fault", "0.3 completed task reopened by a message"),
    "v10-terminal-refused": ("fault", "the client messages the completed task (its note); "
                                      "the agent refuses UnsupportedOperationError"),
    "v03-terminal-refused": ("fault", "0.3: the client messages the completed task; refused "
                                      "-32004"),
    "v10-followup-refused": ("fault", "the follow-up to the input-required task refused "
                                      "UnsupportedOperationError (the terminal-task answer)"),
    "v10-ctx-mismatch-accepted": ("fault", "1.0 follow-up naming the task and another "
                                           "contextId processed in the task's context"),
    "v02-reopen": ("fault", "0.2 completed task reopened by a message"),
    "v10-stream-followup-new-task": ("fault", "the streamed follow-up to the input-required "
                                              "task streams a new task"),
    "v10-unknown-task-adopted": ("fault", "a message naming a taskId no one handed out "
                                          "answered with a new task of that id"),
    "v10-history-wrong-ctx": ("fault", "the task's history lists the first turn under "
                                       "another contextId"),
    "v10-ext-required-processed": ("fault", "required extension not activated; processed"),
    "v03-ext-required-processed": ("fault", "0.3 required extension not activated; "
                                            "processed"),
    "v10-ext-required-wrong-code": ("fault", "required extension not activated; refused "
                                             "-32602 InvalidParams instead of -32008"),
    "v10-ext-refused-though-activated": ("fault", "required extension activated; refused "
                                                  "-32008"),
    "v03-ext-refused-though-activated": ("fault", "0.3 required extension activated in "
                                                  "X-A2A-Extensions; refused naming it"),
    "v10-ext-echo-0x": ("fault", "1.0 answer echoes in X-A2A-Extensions"),
    "v03-ext-echo-1x": ("fault", "0.3 answer echoes in A2A-Extensions only (the 1.0 name)"),
    "v10-ext-echo-unrequested": ("fault", "echoes a declared extension the client did not "
                                          "ask for"),
    "v03-ext-echo-undeclared": ("fault", "0.3 echoes an extension the card does not "
                                         "declare"),
    "v10-ext-echo-singular": ("fault", "echo under A2A-Extension (singular)"),
    "v10-raw-and-url": ("fault", "1.0 part sets both raw and url"),
    "v03-bytes-and-uri": ("fault", "0.3 file part with both bytes and uri"),
    "v10-mimetype": ("fault", "1.0 url part naming its media type in 0.x mimeType"),
    "v03-mediatype": ("fault", "0.3 file naming its media type in 1.0 mediaType"),
    "v10-raw-not-base64": ("fault", "1.0 raw part that is not base64"),
    "v03-bytes-not-base64": ("fault", "0.3 file bytes that are not base64"),
    "v03-data-array": ("fault", "0.3 data part holding a list"),
    "v02-data-string": ("fault", "0.2 data part holding a string"),
    "v10-append-first": ("fault", "first chunk of an artifact has append: true"),
    "v03-lastchunk-twice": ("fault", "two chunks of one artifact both lastChunk: true"),
    "v10-chunk-after-last": ("fault", "a chunk appended after the lastChunk"),
    "v03-artifact-id-changes": ("fault", "the appended chunk names another artifactId"),
    "v10-message-artifacts": ("fault", "a Message answer carrying an artifacts member"),
    "v10-artifact-empty-parts": ("fault", "1.0 artifact with an empty parts list"),
    "v03-artifact-empty-parts": ("fault", "0.3 artifact with an empty parts list"),
    "v10-artifact-no-id": ("fault", "1.0 artifact without artifactId"),
    "v10-dup-artifact-id": ("fault", "two different artifacts under one artifactId in a "
                                     "task"),
    "v10-stream-artifact-lost": ("fault", "GetTask of the streamed task lacks the artifact "
                                          "the stream delivered"),
    "v10-append-other-task": ("fault", "the stream's first chunk appends to booking-1, an "
                                       "artifact of the conversation's other task"),
    "v10-message-answer-new-ctx": ("fault", "the Message answering a follow-up by contextId "
                                            "names another contextId"),
    "v02-media-wildcard": ("fault", "0.2 file part with mimeType image/*"),
    "v10-client-reuses-message-id": ("fault", "the client's follow-up reuses the first "
                                              "message's messageId with other parts"),
    "v03-agent-message-id-reused": ("fault", "the agent's question and its completion "
                                             "message share one messageId"),
    "v10-history-duplicated": ("fault", "the follow-up's Task lists the first user message "
                                        "twice"),
    "v03-message-artifacts": ("fault", "0.3 Message answer carrying an artifacts member"),
    "v10-ext-version-fallback": ("fault", "the client asks for v2 of the required extension; "
                                          "the agent processes and activates v1"),
    "v02-ext-echo-1x": ("fault", "0.2 answer echoes in A2A-Extensions only"),
    "v10-client-0x-header": ("fault", "1.0 client names its extensions in X-A2A-Extensions; "
                                      "the agent reads it and echoes under the same 0.x name"),
    "v10-message-names-unknown-task": ("fault", "the agent's Message answer names a taskId "
                                                "no one handed out"),
    "v10-terminal-new-task": ("fault", "the client messages the completed task; the agent "
                                       "answers with a new task in the context"),
    "v10-auth-no-message": ("fault", "auth-required without a status message"),
    "v03-auth-no-message": ("fault", "0.3 auth-required without a status message"),
}

# Options of the agent, and the client's part (`client`: the driver's steps).
#   first      "input" (default) | "auth" | "message": the first turn's answer
#   followup   "ok" | "new-task" | "new-ctx" | "refused" | "history-lost" | "history-ctx"
#   terminal   "refuse" | "reopen": a message to a completed task
#   ctx_check  True: a follow-up whose contextId is not its task's is refused
#   unknown    "refuse" | "adopt": a message naming an unknown taskId
#   ref        "accept" | "refuse": referenceTaskIds naming an unknown task
#   exts       [(uri, required)] the card declares
#   ext_miss   "error" (1.0 -32008, 0.x a rejected task) | "process" | "invalid-params"
#   ext_extra  True: refuse even when the required extension was activated
#   echo       "right" | "0x" | "1x" | "singular" | "unrequested" | "undeclared"
#   parts      name of the final artifact's parts (PARTS)
#   chunks     name of the stream's artifact events (CHUNKS)
#   artifact   "ok" | "empty-parts" | "no-id" | "dup-id"
#   store      "joined" | "lost": what the agent stores of the streamed artifact
#   auth_msg   False: auth-required without status.message
#   client     {"followup": "both" | "task-only" | "ctx-other", "ask": [uris],
#               "extras": ["terminal", "ref-known", "ref-unknown", "unknown-task",
#                          "ctx-new", "retry-ext"]}
OPTS = {
    "v10-auth-cycle": {"first": "auth"},
    "v03-auth-cycle": {"first": "auth"},
    "v10-taskid-only": {"client": {"followup": "task-only"}},
    "v03-taskid-only": {"client": {"followup": "task-only"}},
    "v10-message-answer": {"first": "message"},
    "v03-message-answer": {"first": "message"},
    "v10-ext-two-listed": {"exts": [(EXT_A, False), (EXT_B, False)]},
    "v10-ext-required-ok": {"exts": [(EXT_A, False), (EXT_R, True)],
                            "client": {"ask": [EXT_A, EXT_R]}},
    "v03-ext-required-ok": {"exts": [(EXT_A, False), (EXT_R, True)],
                            "client": {"ask": [EXT_A, EXT_R]}},
    "v10-ext-required-refused": {"exts": [(EXT_A, False), (EXT_R, True)],
                                 "client": {"ask": [EXT_A, EXT_R], "extras": ["retry-ext"]}},
    "v10-ext-not-asked": {"exts": [(EXT_A, False), (EXT_B, False)], "client": {"ask": []}},
    "v10-text-metadata": {"parts": "text-meta"},
    "v10-parts-all": {"parts": "all"},
    "v03-parts-all": {"parts": "all"},
    "v02-parts-all": {"parts": "all"},
    "v10-ref-known": {"client": {"extras": ["ref-known"]}},
    "v03-ref-unknown-accepted": {"client": {"extras": ["ref-unknown"]}},
    "v10-ref-unknown-refused": {"ref": "refuse", "client": {"extras": ["ref-unknown"]}},
    "v10-history-lost": {"followup": "history-lost"},
    "v10-chunks-interleaved": {"chunks": "interleaved"},
    "v03-chunks-no-last": {"chunks": "no-last"},
    "v10-empty-context-new-task": {"client": {"extras": ["ctx-new"]}},
    "v10-followup-new-task": {"followup": "new-task"},
    "v03-followup-new-task": {"followup": "new-task"},
    "v02-followup-new-task": {"followup": "new-task"},
    "v10-followup-new-ctx": {"followup": "new-ctx"},
    "v03-followup-new-ctx-taskonly": {"followup": "new-ctx",
                                      "client": {"followup": "task-only"}},
    "v10-reopen": {"terminal": "reopen", "client": {"extras": ["terminal"]}},
    "v03-reopen": {"terminal": "reopen", "client": {"extras": ["terminal"]}},
    "v10-terminal-refused": {"client": {"extras": ["terminal"]}},
    "v03-terminal-refused": {"client": {"extras": ["terminal"]}},
    "v10-followup-refused": {"followup": "refused"},
    "v03-ctx-mismatch-accepted": {"ctx_check": False, "client": {"followup": "ctx-other"}},
    "v10-ctx-mismatch-accepted": {"ctx_check": False, "client": {"followup": "ctx-other"}},
    "v02-reopen": {"terminal": "reopen", "client": {"extras": ["terminal"]}},
    "v10-stream-followup-new-task": {"followup": "new-task",
                                     "client": {"followup_stream": True}},
    "v10-three-turns": {"turns": 3, "client": {"turns": 3, "followup_stream": True}},
    "v03-three-turns": {"turns": 3, "client": {"turns": 3, "followup_stream": True}},
    "v10-stream-input-required": {"client": {"first_stream": True, "followup_stream": True}},
    "v02-stream-input-required": {"client": {"first_stream": True, "followup_stream": True}},
    "v10-append-across-turns": {"draft": True, "followup_chunks": "append-draft",
                                "client": {"followup_stream": True}},
    "v03-append-across-turns": {"draft": True, "followup_chunks": "append-draft",
                                "client": {"followup_stream": True}},
    "v10-append-to-snapshot": {"snapshot": True, "chunks": "append-snapshot"},
    "v03-ext-echo-both": {"echo": "both"},
    "v10-ext-echo-split": {"exts": [(EXT_A, False), (EXT_B, False)], "echo": "split",
                           "client": {"ask": [EXT_A, EXT_B]}},
    "v10-ext-unknown-asked": {"client": {"ask": [EXT_A, "https://ext.example.com/unknown/v1"]}},
    "v10-unknown-task-adopted": {"unknown": "adopt", "client": {"extras": ["unknown-task"]}},
    "v10-history-wrong-ctx": {"followup": "history-ctx"},
    "v10-ext-required-processed": {"exts": [(EXT_A, False), (EXT_R, True)],
                                   "ext_miss": "process"},
    "v03-ext-required-processed": {"exts": [(EXT_A, False), (EXT_R, True)],
                                   "ext_miss": "process"},
    "v10-ext-required-wrong-code": {"exts": [(EXT_A, False), (EXT_R, True)],
                                    "ext_miss": "invalid-params"},
    "v10-ext-refused-though-activated": {"exts": [(EXT_A, False), (EXT_R, True)],
                                         "ext_extra": True,
                                         "client": {"ask": [EXT_A, EXT_R]}},
    "v03-ext-refused-though-activated": {"exts": [(EXT_A, False), (EXT_R, True)],
                                         "ext_extra": True,
                                         "client": {"ask": [EXT_A, EXT_R]}},
    "v10-ext-echo-0x": {"echo": "0x"},
    "v03-ext-echo-1x": {"echo": "1x"},
    "v10-ext-echo-unrequested": {"exts": [(EXT_A, False), (EXT_B, False)],
                                 "echo": "unrequested"},
    "v03-ext-echo-undeclared": {"echo": "undeclared"},
    "v10-ext-echo-singular": {"echo": "singular"},
    "v10-raw-and-url": {"parts": "raw-and-url"},
    "v03-bytes-and-uri": {"parts": "bytes-and-uri"},
    "v10-mimetype": {"parts": "mimetype"},
    "v03-mediatype": {"parts": "mediatype"},
    "v10-raw-not-base64": {"parts": "bad-base64"},
    "v03-bytes-not-base64": {"parts": "bad-base64"},
    "v03-data-array": {"parts": "data-array"},
    "v02-data-string": {"parts": "data-string"},
    "v10-append-first": {"chunks": "append-first"},
    "v03-lastchunk-twice": {"chunks": "last-twice"},
    "v10-chunk-after-last": {"chunks": "after-last"},
    "v03-artifact-id-changes": {"chunks": "id-changes"},
    "v10-message-artifacts": {"first": "message", "msg_artifacts": True},
    "v10-artifact-empty-parts": {"artifact": "empty-parts"},
    "v03-artifact-empty-parts": {"artifact": "empty-parts"},
    "v10-artifact-no-id": {"artifact": "no-id"},
    "v10-dup-artifact-id": {"artifact": "dup-id"},
    "v10-stream-artifact-lost": {"store": "lost"},
    "v10-auth-no-message": {"first": "auth", "auth_msg": False},
    "v10-append-across-turns-bare": {"draft": True, "followup_chunks": "append-draft",
                                     "bare": True, "client": {"followup_stream": True}},
    "v10-followup-message-reply": {"followup": "message-reply"},
    "v03-parts-nulls": {"parts": "nulls"},
    "v10-parts-edge": {"parts": "edge"},
    "v10-chunk-replaces": {"chunks": "replace"},
    "v10-append-other-task": {"chunks": "append-other"},
    "v10-message-answer-new-ctx": {"first": "message", "msg_ctx": "new"},
    "v02-media-wildcard": {"parts": "wildcard"},
    "v10-client-reuses-message-id": {"client": {"reuse_message_id": True}},
    "v03-agent-message-id-reused": {"smsg_id": "fixed"},
    "v10-history-duplicated": {"followup": "history-dup"},
    "v03-message-artifacts": {"first": "message", "msg_artifacts": True},
    "v10-input-required-no-message": {"input_msg": False},
    "v03-history-bare-ids": {"bare_history": True},
    "v03-stream-input-required": {"client": {"first_stream": True, "followup_stream": True}},
    "v10-auth-cycle-streamed": {"first": "auth",
                                "client": {"first_stream": True, "followup_stream": True}},
    "v10-ext-version-fallback": {"exts": [(EXT_A, False), (EXT_R, True)],
                                 "ext_miss": "process", "echo": "unrequested",
                                 "client": {"ask": [EXT_A, EXT_R.replace("/v1", "/v2")]}},
    "v02-ext-echo-1x": {"echo": "1x"},
    "v10-client-0x-header": {"echo": "0x", "client": {"ext_header": "X-A2A-Extensions"}},
    "v10-message-names-unknown-task": {"first": "message", "msg_task": "ghost"},
    "v10-terminal-new-task": {"terminal": "new-task", "client": {"extras": ["terminal"]}},
    "v03-auth-no-message": {"first": "auth", "auth_msg": False},
}

TERMINAL = ("completed", "failed", "canceled", "rejected")


def opts(mode):
    """The mode's options with their defaults (the table above)."""
    o = {"first": "input", "followup": "ok", "terminal": "refuse", "ctx_check": True,
         "unknown": "refuse", "ref": "accept", "exts": [(EXT_A, False)], "ext_miss": "error",
         "ext_extra": False, "echo": "right", "parts": "text", "chunks": "plain",
         "artifact": "ok", "store": "joined", "auth_msg": True, "msg_artifacts": False,
         "turns": 2, "draft": False, "followup_chunks": "final", "snapshot": False,
         "bare": False, "msg_ctx": "same", "smsg_id": "fresh", "input_msg": True,
         "bare_history": False, "msg_task": None}
    o.update({k: v for k, v in OPTS.get(mode, {}).items() if k != "client"})
    c = {"followup": "both", "ask": [EXT_A], "extras": [], "turns": 2, "first_stream": False,
         "followup_stream": False, "reuse_message_id": False, "ext_header": None}
    c.update(OPTS.get(mode, {}).get("client", {}))
    o["client"] = c
    return o


def now():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def part(v10, kind, **k):
    """One part in the generation's shape: kind text / raw / url / data (1.0 names; 0.x
    raw and url are file parts with bytes and uri)."""
    meta = k.get("metadata")
    if v10:
        p = {kind: k["value"]}
        for m in ("mediaType", "filename", "mimeType"):
            if m in k:
                p[m] = k[m]
    elif kind in ("raw", "url"):
        f = {"bytes" if kind == "raw" else "uri": k["value"]}
        if "mediaType" in k:
            f["mimeType"] = k["mediaType"]
        if "filename" in k:
            f["name"] = k["filename"]
        f.update(k.get("file_extra", {}))
        p = {"kind": "file", "file": f}
    else:
        p = {"kind": kind, kind: k["value"]}
    if meta is not None:
        p["metadata"] = meta
    return p


def parts_of(name, v10):
    """The final artifact's parts of PARTS name `name`."""
    t = lambda s, **k: part(v10, "text", value=s, **k)  # noqa: E731
    if name == "text":
        return [t("booked for friday")]
    if name == "text-meta":
        return [t("booked for friday", metadata={"lang": "en", "confidence": 0.9})]
    if name == "all":
        ps = [t("booked"),
              part(v10, "raw", value="Ym9va2luZy1yZWY=", mediaType="text/plain",
                   filename="ref.txt"),
              part(v10, "url", value="https://files.example.com/b/ticket.pdf",
                   mediaType="application/pdf", filename="ticket.pdf"),
              part(v10, "data", value={"seat": "12A", "price": 40})]
        if v10:
            ps += [part(v10, "data", value=[1, 2, 3]), part(v10, "data", value="friday")]
        return ps
    if name == "raw-and-url":
        return [t("booked"), {"raw": "Ym9va2luZw==", "url": "https://files.example.com/t.pdf",
                              "mediaType": "application/pdf"}]
    if name == "bytes-and-uri":
        return [t("booked"), {"kind": "file", "file": {
            "bytes": "Ym9va2luZw==", "uri": "https://files.example.com/t.pdf",
            "mimeType": "application/pdf"}}]
    if name == "mimetype":
        return [t("booked"), {"url": "https://files.example.com/t.pdf",
                              "mimeType": "application/pdf", "filename": "t.pdf"}]
    if name == "mediatype":
        return [t("booked"), {"kind": "file", "file": {
            "uri": "https://files.example.com/t.pdf", "mediaType": "application/pdf",
            "name": "t.pdf"}}]
    if name == "bad-base64":
        return [t("booked"), part(v10, "raw", value="booking ref: 12A, friday!",
                                  mediaType="text/plain")]
    if name == "nulls":
        return [t("booked"), {"kind": "file", "file": {"bytes": "Ym9va2luZw==", "uri": None,
                                                        "name": "ref.txt"}},
                {"kind": "data", "data": {"seat": "12A"}, "metadata": {"schema": "seat/v1"}}]
    if name == "edge":
        return [t("booked"),
                {"url": "data:text/plain;charset=utf-8;base64,Ym9va2Vk",
                 "mediaType": "text/plain"},
                {"raw": "Ym9va2luZy1yZWYtMTI_", "mediaType": "application/octet-stream"},
                {"data": {}, "mediaType": "application/json"}]
    if name == "wildcard":
        return [t("booked"), {"kind": "file", "file": {
            "uri": "https://files.example.com/seat.png", "mimeType": "image/*"}}]
    if name == "data-array":
        return [t("booked"), {"kind": "data", "data": ["12A", "friday"]}]
    if name == "data-string":
        return [t("booked"), {"kind": "data", "data": "12A"}]
    raise KeyError(name)


# The stream's artifact events: (artifactId, append, lastChunk, text)
CHUNKS = {
    "plain": [("r1", False, False, "part one; "), ("r1", True, True, "part two")],
    "interleaved": [("r1", False, False, "a1 "), ("r2", False, False, "b1 "),
                    ("r1", True, True, "a2"), ("r2", True, True, "b2")],
    "no-last": [("r1", False, None, "part one; "), ("r1", True, None, "part two")],
    "append-first": [("r1", True, False, "part one; "), ("r1", True, True, "part two")],
    "last-twice": [("r1", False, True, "part one; "), ("r1", True, True, "part two")],
    "after-last": [("r1", False, False, "part one; "), ("r1", True, True, "part two"),
                   ("r1", True, True, " and three")],
    "id-changes": [("r1", False, False, "part one; "), ("r1-b", True, True, "part two")],
    # a streamed follow-up: a new artifact, or (draft modes) the first turn's r1 continued
    "final": [("booking-1", False, True, "booked for friday")],
    "append-draft": [("r1", True, True, "booked for friday")],
    "replace": [("r1", False, False, "draft; "), ("r1", False, True, "final report")],
    "append-other": [("booking-1", True, True, "and a receipt")],
    "append-snapshot": [("r1", True, False, "part one; "), ("r1", True, True, "part two")],
}


class Agent:
    """One mode's agent: its card, its tasks, its answers."""

    def __init__(self, mode):
        self.mode = mode
        self.o = opts(mode)
        self.v10 = mode.startswith("v10-")
        self.v02 = mode.startswith("v02-")
        self.public = None
        self.lock = threading.Lock()
        self.tasks = {}
        self.n = 0

    # ---- the card -------------------------------------------------------------------------
    def card(self):
        exts = [dict({"uri": u, "description": "an extension of breaker54"},
                     **({"required": True} if r else {})) for u, r in self.o["exts"]]
        caps = {"streaming": True, "pushNotifications": False, "extensions": exts}
        skills = [{"id": "book", "name": "booking", "description": "books a seat",
                   "tags": ["booking"]}]
        if self.v10:
            return {"name": "breaker54", "description": "breaker54 agent",
                    "supportedInterfaces": [{"url": self.public + "/",
                                             "protocolBinding": "JSONRPC",
                                             "protocolVersion": "1.0"}],
                    "version": "1.0.0", "capabilities": caps,
                    "defaultInputModes": ["text/plain"],
                    "defaultOutputModes": ["text/plain", "application/json",
                                           "application/pdf"],
                    "skills": skills}
        c = {"name": "breaker54", "description": "breaker54 agent", "url": self.public + "/",
             "version": "1.0.0", "protocolVersion": "0.2.6" if self.v02 else "0.3.0",
             "capabilities": caps, "defaultInputModes": ["text/plain"],
             "defaultOutputModes": ["text/plain", "application/json", "application/pdf"],
             "skills": skills}
        if not self.v02:
            c["preferredTransport"] = "JSONRPC"
        return c

    # ---- shapes ---------------------------------------------------------------------------
    def state(self, s):
        return "TASK_STATE_" + s.upper().replace("-", "_") if self.v10 else s

    def msg(self, ctx, tid, text, role="agent"):
        mid = f"agent-msg-{self.mode}" if self.o["smsg_id"] == "fixed" else str(uuid.uuid4())
        m = {"messageId": mid, "contextId": ctx,
             "role": ("ROLE_AGENT" if role == "agent" else "ROLE_USER") if self.v10 else role,
             "parts": [part(self.v10, "text", value=text)]}
        if tid:
            m["taskId"] = tid
        if not self.v10:
            m["kind"] = "message"
        return m

    def task_json(self, t):
        st = {"state": self.state(t["state"]), "timestamp": t["ts"]}
        if t.get("smsg"):
            st["message"] = t["smsg"]
        o = {"id": t["id"], "contextId": t["ctx"], "status": st, "history": list(t["history"])}
        if t["artifacts"]:
            o["artifacts"] = t["artifacts"]
        if not self.v10:
            o["kind"] = "task"
        return o

    def new_task(self, ctx=None, tid=None):
        with self.lock:
            self.n += 1
            tid = tid or f"task-{self.mode}-{self.n}"
            ctx = ctx or f"ctx-{self.mode}-{self.n}"
        t = {"id": tid, "ctx": ctx, "state": "submitted", "ts": now(), "history": [],
             "artifacts": []}
        self.tasks[tid] = t
        return t

    def set_state(self, t, s, text=None):
        t["state"], t["ts"] = s, now()
        t["smsg"] = self.msg(t["ctx"], t["id"], text) if text else None
        if t["smsg"]:
            t["history"].append(t["smsg"])

    def artifact(self, aid, parts, name="booking"):
        a = {"artifactId": aid, "name": name, "parts": parts}
        return a

    def final_artifacts(self):
        o = self.o
        a = self.artifact("booking-1", parts_of(o["parts"], self.v10))
        if o["artifact"] == "empty-parts":
            a["parts"] = []
        elif o["artifact"] == "no-id":
            del a["artifactId"]
        elif o["artifact"] == "dup-id":
            return [a, self.artifact("booking-1", [part(self.v10, "text", value="receipt")],
                                     "receipt")]
        return [a]

    def user_msg(self, m, t):
        if self.o["bare_history"]:
            return {k: v for k, v in m.items() if k not in ("taskId", "contextId")}
        return dict(m, taskId=t["id"], contextId=t["ctx"])

    # ---- extensions -----------------------------------------------------------------------
    def requested(self, h):
        """The URIs the request activates: the generation's header, else the other one
        (a lenient agent reads both names)."""
        own, other = (("A2A-Extensions", "X-A2A-Extensions") if self.v10
                      else ("X-A2A-Extensions", "A2A-Extensions"))
        v = h.get(own) or h.get(other) or ""
        return [u.strip() for u in v.split(",") if u.strip()]

    def echo_headers(self, h):
        o = self.o
        req = self.requested(h)
        declared = [u for u, _ in o["exts"]]
        act = [u for u in req if u in declared]
        if o["echo"] == "unrequested":
            act = declared
        if o["echo"] == "undeclared":
            act = act + ["https://ext.example.com/undeclared/v1"]
        if not act:
            return []
        if o["echo"] == "both":
            return [("X-A2A-Extensions", ", ".join(act)), ("A2A-Extensions", ", ".join(act))]
        if o["echo"] == "split":
            return [("A2A-Extensions", u) for u in act]
        name = {"right": "A2A-Extensions" if self.v10 else "X-A2A-Extensions",
                "0x": "X-A2A-Extensions", "1x": "A2A-Extensions",
                "singular": "A2A-Extension"}.get(o["echo"],
                                                 "A2A-Extensions" if self.v10
                                                 else "X-A2A-Extensions")
        return [(name, ", ".join(act))]

    def ext_refusal(self, h):
        """None, or ('error', code, message) / ('reject', text) for a send lacking (or, in
        the ext_extra modes, having) a required extension."""
        o = self.o
        req = self.requested(h)
        missing = [u for u, r in o["exts"] if r and u not in req]
        required = [u for u, r in o["exts"] if r]
        if o["ext_extra"] and required and not missing:
            if self.v10:
                return ("error", -32008, f"extension support required: {required[0]}")
            return ("error", -32600, f"extension support required: {required[0]}")
        if not missing or o["ext_miss"] == "process":
            return None
        if o["ext_miss"] == "invalid-params":
            return ("error", -32602, f"invalid params: extension {missing[0]} not activated")
        if self.v10:
            return ("error", -32008, f"extension support required: {missing[0]}")
        return ("reject", f"this agent requires the extension {missing[0]}")

    # ---- JSON-RPC -------------------------------------------------------------------------
    def rpc(self, req, h):
        """('json', status, headers, body) or ('sse', headers, [objects])."""
        rid, meth, p = req.get("id"), req.get("method"), req.get("params") or {}
        o = self.o
        hdrs = []

        def ok(r):
            return ("json", 200, hdrs, {"jsonrpc": "2.0", "id": rid, "result": r})

        def err(code, message):
            e = {"code": code, "message": message}
            if self.v10:
                reason = {-32001: "TASK_NOT_FOUND", -32004: "UNSUPPORTED_OPERATION",
                          -32008: "EXTENSION_SUPPORT_REQUIRED"}.get(code)
                if reason:
                    e["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                  "reason": reason, "domain": "a2a-protocol.org"}]
            return ("json", 200, hdrs, {"jsonrpc": "2.0", "id": rid, "error": e})

        send = meth in ("SendMessage", "message/send")
        stream = meth in ("SendStreamingMessage", "message/stream")
        if send or stream:
            hdrs.extend(self.echo_headers(h))
            m = p.get("message") or {}
            ref = self.ext_refusal(h)
            if ref and ref[0] == "error":
                return err(ref[1], ref[2])
            if ref:
                t = self.new_task(m.get("contextId"))
                t["history"].append(self.user_msg(m, t))
                self.set_state(t, "rejected", ref[1])
                return ok(self.wrap(self.task_json(t)))
            return self.on_message(m, stream, ok, err, rid, hdrs)
        if meth in ("GetTask", "tasks/get"):
            t = self.tasks.get(p.get("id"))
            if t is None:
                return err(-32001, "task not found")
            return ok(self.task_json(t))
        return err(-32601, "method not found")

    def wrap(self, obj, kind="task"):
        return {kind: obj} if self.v10 else obj

    def text_of(self, m):
        for pt in m.get("parts") or []:
            if isinstance(pt, dict) and isinstance(pt.get("text"), str):
                return pt["text"]
        return ""

    def on_message(self, m, stream, ok, err, rid, hdrs):
        o = self.o
        text = self.text_of(m)
        tid, ctx = m.get("taskId"), m.get("contextId")
        refs = m.get("referenceTaskIds") or []
        if o["ref"] == "refuse" and any(r not in self.tasks for r in refs):
            return err(-32001, f"referenced task {refs[0]} not found")
        if o["first"] == "message":
            ctx = ctx or f"ctx-{self.mode}-{uuid.uuid4().hex[:8]}"
            if o["msg_ctx"] == "new" and m.get("contextId"):
                ctx = f"ctx-{self.mode}-{uuid.uuid4().hex[:8]}"
            r = self.msg(ctx, f"task-ghost-{self.mode}" if o["msg_task"] else None,
                         "which date?" if text == "book" else f"noted: {text}")
            if o["msg_artifacts"] and text != "book":
                r["artifacts"] = self.final_artifacts()
            if stream:
                return ("sse", hdrs, [{"jsonrpc": "2.0", "id": rid,
                                       "result": self.wrap(r, "message")}])
            return ok(self.wrap(r, "message"))
        if tid:
            t = self.tasks.get(tid)
            if t is None:
                if o["unknown"] != "adopt":
                    return err(-32001, f"task {tid} not found")
                t = self.new_task(ctx, tid)
                t["history"].append(self.user_msg(m, t))
                self.set_state(t, "completed")
                t["artifacts"] = self.final_artifacts()
                return ok(self.wrap(self.task_json(t)))
            if t["state"] in TERMINAL and o["terminal"] == "new-task":
                t = self.new_task(t["ctx"])
                t["history"].append(self.user_msg(m, t))
                self.set_state(t, "completed", f"noted: {text}")
                t["artifacts"] = self.final_artifacts()
                return ok(self.wrap(self.task_json(t)))
            if t["state"] in TERMINAL:
                if o["terminal"] != "reopen":
                    return err(-32004, f"task {tid} is {t['state']}: it accepts no message")
                t["history"].append(self.user_msg(m, t))
                self.set_state(t, "working")
                r = self.task_json(t)
                self.set_state(t, "completed")
                return ok(self.wrap(r))
            if ctx and ctx != t["ctx"] and o["ctx_check"]:
                return err(-32602, f"contextId {ctx} is not the context of task {tid}")
            if o["followup"] == "refused":
                return err(-32004, f"task {tid} accepts no message")
            if o["followup"] == "new-task":
                t = self.new_task(t["ctx"])
            if o["followup"] == "new-ctx":
                t["ctx"] = f"ctx-{self.mode}-moved"
            if o["followup"] == "history-lost":
                t["history"] = []
            t["history"].append(self.user_msg(m, t))
            if o["followup"] == "history-ctx" and t["history"]:
                t["history"][0] = dict(t["history"][0], contextId=f"ctx-{self.mode}-other")
            if o["followup"] == "history-dup" and t["history"]:
                t["history"].insert(1, t["history"][0])
            if o["followup"] == "message-reply" and not stream:
                t["turns"] = t.get("turns", 0) + 1
                self.set_state(t, "completed", "booked")
                t["artifacts"] = self.final_artifacts()
                return ok(self.wrap(self.msg(t["ctx"], t["id"], "booked for friday"),
                                    "message"))
        else:
            t = self.new_task(ctx)
            t["history"].append(self.user_msg(m, t))
            if o["snapshot"] and text == "report":
                # the stream's first Task already holds the artifact's first chunk
                t["artifacts"] = [self.artifact("r1", [part(self.v10, "text",
                                                            value="part zero; ")], "report")]
        t["turns"] = t.get("turns", 0) + 1
        events = []
        if stream:
            first = self.task_json(t)
            if o["bare"]:
                first.pop("artifacts", None)
            events.append(first)
            self.set_state(t, "working")
            events.append(self.status_event(t, False))
        if text == "report" or (stream and t["turns"] >= o["turns"]):
            chunks = CHUNKS[o["chunks"]] if text == "report" else CHUNKS[o["followup_chunks"]]
            events += self.chunk_events(t, chunks) if stream else []
            if not stream:
                t["artifacts"] = self.final_artifacts()
            self.set_state(t, "completed", "report done" if text == "report" else "booked")
            if not stream and text != "report":
                pass
        elif t["turns"] < o["turns"] and text not in ("summary", "thanks", "resume"):
            question = "which date?" if t["turns"] == 1 else "which seat?"
            if o["draft"] and t["turns"] == 1:
                t["artifacts"] = [self.artifact("r1", [part(self.v10, "text",
                                                            value="draft booking; ")],
                                                "report")]
                if stream:
                    events.append(self.artifact_event(t, "r1", False, False,
                                                      "draft booking; "))
            if o["first"] == "auth" and t["turns"] == 1:
                self.set_state(t, "auth-required",
                               "sign in at https://login.example.com/device, then reply"
                               if o["auth_msg"] else None)
            else:
                self.set_state(t, "input-required", question if o["input_msg"] else None)
        else:
            self.set_state(t, "completed", f"noted: {text}")
            t["artifacts"] = self.final_artifacts()
        if not stream:
            return ok(self.wrap(self.task_json(t)))
        events.append(self.status_event(t, True))
        return ("sse", hdrs, [{"jsonrpc": "2.0", "id": rid,
                               "result": {k: e} if self.v10 else e}
                              for k, e in [("task", events[0])] +
                              [("artifactUpdate" if "artifact" in e else "statusUpdate", e)
                               for e in events[1:]]])

    def status_event(self, t, last):
        st = {"state": self.state(t["state"]), "timestamp": t["ts"]}
        if last and t.get("smsg"):
            st["message"] = t["smsg"]
        e = {"taskId": t["id"], "contextId": t["ctx"], "status": st}
        if not self.v10:
            e.update(kind="status-update", final=last)
        return e

    def artifact_event(self, t, aid, append, last, text):
        a = {"artifactId": aid, "name": "report", "parts": [part(self.v10, "text", value=text)]}
        e = {"taskId": t["id"], "contextId": t["ctx"], "artifact": a}
        if append is not None:
            e["append"] = append
        if last is not None:
            e["lastChunk"] = last
        if not self.v10:
            e["kind"] = "artifact-update"
        return e

    def chunk_events(self, t, chunks):
        """The artifact events of `chunks`; the task's artifacts as the agent stores them
        (appended chunks joined, or lost in the store: lost modes)."""
        out = []
        stored = {a["artifactId"]: json.loads(json.dumps(a)) for a in t["artifacts"]
                  if "artifactId" in a}
        for aid, append, last, text in chunks:
            e = self.artifact_event(t, aid, append, last, text)
            out.append(e)
            if append and aid in stored:
                stored[aid]["parts"] = stored[aid]["parts"] + e["artifact"]["parts"]
            else:
                stored[aid] = json.loads(json.dumps(e["artifact"]))
        if self.o["store"] == "joined":
            t["artifacts"] = list(stored.values())
        return out


def handler_for(agent):
    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def send_json(self, status, obj, extra=None):
            b = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(b)))
            if "well-known" in self.path:
                self.send_header("Cache-Control", "max-age=60")
                self.send_header("ETag", '"card-54"')
            for k, v in extra or []:
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(b)

        def do_GET(self):
            path = self.path.split("?")[0]
            if path == ("/.well-known/agent.json" if agent.v02
                        else "/.well-known/agent-card.json"):
                return self.send_json(200, agent.card())
            self.send_json(404, {"error": "not found"})

        def do_POST(self):
            n = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(n)
            if self.path == "/__public":
                agent.public = raw.decode().strip().rstrip("/")
                return self.send_json(200, {})
            try:
                req = json.loads(raw)
            except ValueError:
                return self.send_json(200, {"jsonrpc": "2.0", "id": None,
                                            "error": {"code": -32700, "message": "parse"}})
            ans = agent.rpc(req, self.headers)
            if ans[0] == "json":
                return self.send_json(ans[1], ans[3], ans[2])
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            for k, v in ans[1]:
                self.send_header(k, v)
            self.end_headers()
            for obj in ans[2]:
                d = f"data: {json.dumps(obj)}\n\n".encode()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(d), d))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

    return H


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    if sys.argv[1:] == ["--list"]:
        for k, (kind, what) in MODES.items():
            print(f"{k}\t{kind}\t{what}")
        return
    for mode in sys.argv[1:]:
        if mode not in MODES:
            sys.exit(f"unknown mode {mode}")
        a = Agent(mode)
        s = Server(("127.0.0.1", 0), handler_for(a))
        a.public = f"http://127.0.0.1:{s.server_address[1]}"
        threading.Thread(target=s.serve_forever, daemon=True).start()
        print(mode, s.server_address[1], flush=True)
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()

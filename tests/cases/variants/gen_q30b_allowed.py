"""Writes the `allowed_warnings` lists of the legal variants whose traffic is legal for the
fault they were written about but carries a warning about the client or the card (q30b, the
session 29 lead: 11 `legal`-named variants under tests/cases/variants/ carried such a
warning unchecked). These variants predate the generators and have none of their own; this
script is the one that writes their lists: python3 tests/cases/variants/gen_q30b_allowed.py
(it writes beside itself; a directory given as its argument instead)

tests/verify_cases.rs `variants` holds every legal variant to the rule of a legal field case
(no error, no warning) except the findings it expects and the warnings listed here, each with
the reason it is right: the agent's answer the case is about is legal, the warning names
another party's fault. A listed warning that no longer fires fails the test too."""
import json, os, sys

# the directory to write into: the first argument, else the script's own (tests/cases/variants)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

MIX = ("the client's fault, not the agent's: a 1.0 method (SendMessage) sent {how} is a "
       "mixed request (VER-002, DATA-001); the agent's answer the case is about is legal")
NO_SCHEME = ("the card's fault: the agent demands credentials (401 with WWW-Authenticate: "
             "Bearer) while its card declares no securitySchemes and no security requirement "
             "(AUTH-002, AUTH-003, CARD-005); the 401 itself is legal")

ALLOWED = {
    "b10-E10-legal-v10-rest-version-2.0-answered-401": [
        ("auth-demanded-but-card-declares-none",
         NO_SCHEME + " (credentials may be checked before the version, ERR-006)"),
    ],
    "w137-legal-v10-rest-unauthenticated-401-no-errorinfo": [
        ("auth-demanded-but-card-declares-none", NO_SCHEME + " (no ErrorInfo is needed on it)"),
    ],
    "b13-M3-legal-v10-card-lists-http-and-https": [
        ("card-url-plain-http-on-https-host",
         "the card's: served over https it also offers plain http (AUTH-004, CARD-005); "
         "the case is legal for the call over http, which uses an advertised URL"),
        ("client-skipped-preferred-interface",
         "the client's (review30a): it called the later http entry and never tried the https one "
         "listed first (CARD-005, 1.0 §8.3.2: first = preferred); the agent's answer is legal"),
    ],
    "b14-P8-legal-v03-two-agents-one-host-no-cards-other-agent-does-not-know-task": [
        ("client-task-id-from-other-agent",
         "the client's: it sent the planner's task id to the writer (ID-001, TASK-009); the "
         "writer's -32001 is right, so no ID-TASK-001 against it, which is what the case is about"),
    ],
    "b16-S10-legal-v10-https-localhost-card-advertises-http": [
        ("card-over-https-advertises-http",
         "the card's: fetched over https it names plain http (AUTH-004). CARD-URL-008, which "
         "the case is about, exempts loopback as a development setup; AUTH-TLS-004 does not, "
         "since TLS fronts recorded on 127.0.0.1 (b16-T2, its golden pair) are real faults"),
    ],
    "f53-legal-v10-headerless-refused-version": [
        ("client-version-mixed-request", MIX.format(how="without A2A-Version (which means 0.3, VER-003)")
         + ": a 1.0-only server refuses it with VersionNotSupportedError"),
    ],
    "w106-legal-v03-server-unknown-pascal-method": [
        ("client-version-mixed-request", MIX.format(how="without A2A-Version (which means 0.3, VER-003)")
         + ": a 0.3 server answers the unknown method with -32601"),
    ],
    "w130-legal-10-call-without-version-header": [
        ("client-version-mixed-request", MIX.format(how="without A2A-Version (which means 0.3, VER-003)")
         + ": the agent applying 0.3 to it is right (no VER-CARD-001)"),
    ],
    "w48-legal-v03-header-pascal-methods": [
        ("client-version-mixed-request", MIX.format(how="under A2A-Version: 0.3")),
    ],
    "legal-b11-K20-v10-rest-refuses-text-plain-415": [
        ("client-request-media-type-wrong",
         "the client's: it posted a 1.0 HTTP+JSON body as text/plain (REST-001); the agent's "
         "415, then its answer to the corrected call, are legal"),
    ],
    "w156-legal-v10-offered-version-header": [
        ("card-url-bypasses-front",
         "the card's (or the recording set-up's): served at 127.0.0.1:47100 it names "
         "127.0.0.1:47101, so clients that follow it go around the recorder (CARD-005); the "
         "version header the case is about is legal"),
    ],
}

for stem, allowed in ALLOWED.items():
    path = os.path.join(OUT, stem + ".expect.json")
    with open(path) as f:
        expect = json.load(f)
    expect["allowed_warnings"] = [{"rule": r, "reason": why} for r, why in allowed]
    with open(path, "w") as f:
        f.write(json.dumps(expect, indent=2) + "\n")
print(f"{len(ALLOWED)} allowed_warnings lists written")

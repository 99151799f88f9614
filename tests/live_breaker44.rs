//! breaker44, live: agents that break, or legally bend, HTTP/1.1 at the connection level
//! (`tests/peers/misbehave44.py`, raw asyncio sockets, one `--mode` each: `Connection:
//! close` on answers and streams, a kept-alive connection dropped as the next request
//! arrives, HTTP/1.0 keep-alive and HTTP/1.0 with chunked framing, a Content-Length short
//! of the body, chunk extensions and trailers, 103 Early Hints, 204 / 202 to a call,
//! close-delimited bodies; card fetches by HEAD and OPTIONS, behind redirects, revalidated
//! to 304 (also on the first fetch), at the 0.2 path only, as text/plain; a gzip'd HTTP+JSON
//! stream (one ended before its terminal event and its gzip member), a stream stalled past
//! the client's patience, seconds of keep-alive comments, a clean end with no terminal
//! event) through the real `a2a-interop proxy --record --report --lossless`, with curl
//! (and, for one mode, Python's http.client on one kept-alive connection) as the client,
//! over loopback.
//!
//! Every mode runs once (`tests/peers/misbehave44_drive.py`, about 30 s) and each test reads
//! that run: the findings are `tests/cases/live44-predictions.json`'s (requirement IDs per
//! mode there), online equal offline, the proxy stays up, each answer reaches the client
//! byte for byte as the agent sent it, and the recording says what happened on the wire.
//! Tests fail before this round's fixes: `http10-chunked` on the proxy (an HTTP/1.0 answer
//! with Transfer-Encoding was blamed on the head's HTTP/1.1 syntax, "check it with curl
//! -v"); every mode's on `rest-sse-gzip-no-final` (a gzip'd stream whose gzip member never
//! ended was "not judged", its STREAM-END-002 lost) and `gzip-bodiless` (a 204 to a call
//! labelled gzip was "not judged", its RPC-ENVELOPE-001 lost); and the probe's twins of
//! both, where `probe` read no event from that stream and blamed the 204's coding.

use crate::misbehaving_peer;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use misbehaving_peer::{peers, probe_and_verify, probe_result as result, rules};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// The one run of every mode: its directory (`target/tmp/live_breaker44`) and the table
/// the driver printed.
fn run() -> &'static (PathBuf, String) {
    static RUN: OnceLock<(PathBuf, String)> = OnceLock::new();
    RUN.get_or_init(|| {
        if Command::new("curl").arg("--version").output().is_err() {
            panic!("curl is needed by tests/peers/misbehave44_drive.py");
        }
        // under target/ (about 2 MB), replaced by each run: the tests share it, so no
        // temporary directory could be dropped after the last of them
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("live_breaker44");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let o = Command::new("python3")
            .arg(peers().join("misbehave44_drive.py"))
            .arg(BIN)
            .arg(&dir)
            .output()
            .unwrap();
        let table = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            o.status.success(),
            "{table}\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        (dir, table)
    })
}

/// `OUTDIR/NAME` of the run as JSON.
fn json(name: &str) -> Value {
    let (dir, table) = run();
    serde_json::from_slice(
        &std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}\n{table}")),
    )
    .unwrap()
}

/// The recording of `mode`'s proxy, one JSON value per line.
fn recording(mode: &str) -> Vec<Value> {
    let (dir, _) = run();
    std::fs::read_to_string(dir.join(format!("{mode}.proxy.jsonl")))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The findings of `mode`'s `--report` with rule `rule`.
fn findings(mode: &str, rule: &str) -> Vec<Value> {
    json(&format!("{mode}.report.json"))["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .cloned()
        .collect()
}

/// The driver's step `name` of `mode`: [step, HTTP status, curl exit code, line times].
fn step(mode: &str, name: &str) -> Value {
    json(&format!("{mode}.json"))["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s[0] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{mode}: no step {name}"))
}

/// Every mode of `live44-predictions.json` is judged as predicted (after the corrections
/// the file keeps with their reasons): the legal bends draw nothing above a note, the faults
/// exactly their rules; online (`--report`) equals offline (`verify`) and the stderr lines,
/// the proxy stays up and exits 0 or 1, and each answer reaches the client byte for byte as
/// the agent sent it (chunk extensions, trailers, close-delimited and gzip'd streams, the
/// 304 and HEAD answers without a body).
#[test]
fn every_mode_is_judged_as_predicted() {
    let pred: Value = serde_json::from_slice(
        &std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/live44-predictions.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let modes = pred["modes"].as_object().unwrap();
    assert!(modes.len() >= 15, "{modes:?}");
    let (_, table) = run();
    for (m, p) in modes {
        let r = json(&format!("{m}.json"));
        assert_eq!(r["online"], r["predicted"], "{m}: {table}");
        assert_eq!(r["predicted"], p["predict"], "{m}");
        assert_eq!(r["offline"], r["online"], "{m}: online vs offline");
        assert_eq!(r["stderr"], r["online"], "{m}: stderr lines vs report");
        assert_eq!(r["proxy_alive"], true, "{m}");
        assert!(matches!(r["proxy_rc"].as_i64(), Some(0 | 1)), "{m}: {r}");
        let steps = r["untouched"].as_array().unwrap();
        assert!(steps.len() >= 5, "{m}: {steps:?}");
        for s in steps {
            assert_eq!(s[1], "same", "{m}: {s} bytes differ");
        }
        if p["kind"] == "legal" {
            for f in json(&format!("{m}.report.json"))["findings"]
                .as_array()
                .unwrap()
            {
                assert_eq!(f["severity"], "note", "{m}: a legal bend drew {f}");
            }
        }
    }
}

/// RFC 9112 §6.1 (`http10-chunked`): an HTTP/1.0 stream answer with `Transfer-Encoding:
/// chunked` is refused by the proxy's HTTP client as faulty framing; the client gets the
/// proxy's 502, the recording an `upstream_error`, the report one GW-RESP-006 (RPC-002),
/// and all three name the line and §6.1. Before: "the response head breaks the HTTP/1.1
/// syntax (RFC 9112 §4, §5): check it with `curl -v`", where curl shows a well-formed head.
#[test]
fn transfer_encoding_on_an_http_1_0_answer_is_named() {
    let f = findings("http10-chunked", "GW-RESP-006");
    assert_eq!(f.len(), 1, "{f:#?}");
    let msg = f[0]["message"].as_str().unwrap();
    assert!(
        msg.contains("`Transfer-Encoding: chunked` puts a transfer coding on an HTTP/1.0 response")
            && msg.contains("RFC 9112 §6.1")
            && !msg.contains("breaks the HTTP/1.1 syntax"),
        "{msg}"
    );
    assert_eq!(step("http10-chunked", "stream")[1], 502);
    for s in ["card", "send", "get", "cancel-working"] {
        assert_eq!(step("http10-chunked", s)[1], 200, "{s}");
    }
    let ends: Vec<Value> = recording("http10-chunked")
        .into_iter()
        .filter(|e| e["type"] == "exchange_end" && e["outcome"] == "upstream_error")
        .collect();
    assert_eq!(ends.len(), 1, "{ends:#?}");
    assert!(ends[0]["error"].as_str().unwrap().contains("RFC 9112 §6.1"));
}

/// GW-RESP-006's keep-alive race (`close-on-reuse`): on one kept-alive client connection
/// the proxy keeps one upstream connection, so the agent sees the second call (a POST
/// message/send) on the first call's connection and closes it unanswered; the POST is not
/// sent again (RFC 9112 §9.3.1.1): the client gets the proxy's 502, the report one
/// GW-RESP-006 that says so. curl's calls, a connection each, all pass: the proxy adds no
/// connection reuse of its own.
#[test]
fn a_kept_alive_connection_closed_on_the_next_request_is_told_once() {
    assert_eq!(step("close-on-reuse", "kept-alive-card")[1], 200);
    assert_eq!(step("close-on-reuse", "kept-alive-send")[1], 502);
    for s in ["card", "send", "stream", "get", "cancel-working"] {
        assert_eq!(step("close-on-reuse", s)[1], 200, "{s}");
    }
    let f = findings("close-on-reuse", "GW-RESP-006");
    assert_eq!(f.len(), 1, "{f:#?}");
    assert_eq!(f[0]["seen"].as_u64().unwrap_or(1), 1, "{f:#?}");
    let msg = f[0]["message"].as_str().unwrap();
    assert!(
        msg.contains("message/send") && msg.contains("closed the connection without answering"),
        "{msg}"
    );
}

/// Unbuffered and unjudged (`sse-keepalive-long`): ten `: keep-alive` comments 0.4 s apart
/// reach the recording as they were sent (over 3 s from the first to the last), and the
/// client gets the second comment about 0.4 s after the first, not with the stream's end.
#[test]
fn keep_alive_comments_pass_one_by_one() {
    let times: Vec<f64> = recording("sse-keepalive-long")
        .iter()
        .filter(|e| {
            e["type"] == "response_chunk"
                && e["body"]
                    .as_str()
                    .is_some_and(|b| b.starts_with(": keep-alive"))
        })
        .map(|e| e["t_us"].as_f64().unwrap() / 1e6)
        .collect();
    assert_eq!(times.len(), 10, "{times:?}");
    assert!(times[9] - times[0] > 3.0, "{times:?}");
    // lines: event, blank, event, blank, comment, blank, comment, ...
    let client = step("sse-keepalive-long", "stream")[3].clone();
    let t = |i: usize| client[i].as_f64().unwrap();
    assert!(t(6) - t(4) > 0.25, "{client}");
}

/// A client that leaves a stalled stream (`sse-stall-resume`: 6 s of silence after working,
/// curl's 3 s patience): curl exits 28, the recording ends the exchange `client_abort`, and
/// no stream rule blames the agent (the task completes; GetTask shows it).
#[test]
fn a_client_that_leaves_a_stalled_stream_is_recorded_not_blamed() {
    let s = step("sse-stall-resume", "stream");
    assert_eq!(s[2], 28, "{s}");
    let rec = recording("sse-stall-resume");
    let stream_ex = rec
        .iter()
        .find(|e| {
            e["type"] == "request_body"
                && e["body"]
                    .as_str()
                    .is_some_and(|b| b.contains("message/stream"))
        })
        .unwrap()["exchange"]
        .clone();
    let end = rec
        .iter()
        .find(|e| e["type"] == "exchange_end" && e["exchange"] == stream_ex)
        .unwrap();
    assert_eq!(end["outcome"], "client_abort", "{end}");
    // The one finding is the client's note on the driver's deliberate message to the
    // completed task (TASK-STATE-017, session 45): no rule tells anything of the agent.
    let told: Vec<_> = json("sse-stall-resume.report.json")["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(told, ["TASK-STATE-017"], "{told:?}");
}

/// The recording keeps what the agent put on the wire that the client does not see as
/// such: HTTP/1.0 status lines (`http10-keepalive`), the trailer fields (`chunk-trailers`, on
/// `exchange_end`), the 304's empty body (`v10-card-304`) and the HEAD answer's
/// Content-Length without a body (`card-head-options`).
#[test]
fn the_recording_says_what_the_agent_sent() {
    let heads = |m: &str| -> Vec<Value> {
        recording(m)
            .into_iter()
            .filter(|e| e["type"] == "response_head")
            .collect()
    };
    assert!(heads("http10-keepalive")
        .iter()
        .all(|h| h["version"] == "HTTP/1.0"));
    let ends: Vec<Value> = recording("chunk-trailers")
        .into_iter()
        .filter(|e| e["type"] == "exchange_end")
        .collect();
    assert!(ends.len() >= 9);
    for e in &ends {
        assert_eq!(
            e["trailers"],
            serde_json::json!([["x-checksum", "sha256-0f1e"], ["x-elapsed-ms", "12"]]),
            "{e}"
        );
    }
    let h304 = heads("v10-card-304");
    assert_eq!(h304[1]["status"], 304);
    let rec = recording("v10-card-304");
    let e2_end = rec
        .iter()
        .find(|e| e["type"] == "exchange_end" && e["exchange"] == h304[1]["exchange"])
        .unwrap();
    assert_eq!(e2_end["response_bytes"], 0);
    let rec = recording("card-head-options");
    let head_req = rec
        .iter()
        .find(|e| e["type"] == "request_head" && e["method"] == "HEAD")
        .unwrap();
    let head_end = rec
        .iter()
        .find(|e| e["type"] == "exchange_end" && e["exchange"] == head_req["exchange"])
        .unwrap();
    assert_eq!(head_end["outcome"], "complete");
    assert_eq!(head_end["response_bytes"], 0);
}

/// Active = passive on coded bodies (breaker44): the probe reads them as the verifier
/// does. A 1.0 HTTP+JSON stream gzip'd per event whose gzip member never ends
/// (`rest-sse-gzip-no-final`) gives the probe its task and working events
/// (`streaming.first-event` passes; it failed "stream carried no event") and fails
/// `streaming.terminal`, with STREAM-END-002 from the probe and from `verify` of its
/// recording; a 204 to message/send labelled gzip (`gzip-bodiless`) fails `lifecycle.send`
/// as an answer without an A2A body (it blamed "the body is not valid gzip data"), with
/// RPC-ENVELOPE-001 from both.
#[test]
fn the_probe_reads_coded_bodies_as_the_verifier_does() {
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) =
        probe_and_verify(dir.path(), "misbehave44.py", "rest-sse-gzip-no-final");
    let (status, msg) = result(&report, "streaming.first-event");
    assert_eq!(status, "pass", "{msg}");
    let (status, msg) = result(&report, "streaming.terminal");
    assert_eq!(status, "fail", "{msg}");
    assert!(rules(&report).contains("STREAM-END-002"));
    assert_eq!(verified, rules(&report));
    let dir = tempfile::tempdir().unwrap();
    let (report, verified) = probe_and_verify(dir.path(), "misbehave44.py", "gzip-bodiless");
    let (status, msg) = result(&report, "lifecycle.send");
    assert_eq!(status, "fail", "{msg}");
    assert!(
        msg.contains("HTTP 204 without an A2A body") && !msg.contains("gzip"),
        "{msg}"
    );
    assert!(rules(&report).contains("RPC-ENVELOPE-001"));
    assert_eq!(verified, rules(&report));
}

/// open45, the recorder's blind spots breaker44 found, each against the real misbehaving
/// agent. (a) `early-hints`: the agent's `103 Early Hints` before each answer is recorded as a
/// `response_interim` (status 103, its `Link` field) before that exchange's `response_head`
/// (it was neither recorded nor, hyper's server having no way to send one, forwarded). (b)
/// `cl-shorter`: the 6 bytes each JSON-RPC answer carries past its `Content-Length` are
/// recorded as a `response_excess` of 6 bytes before the `exchange_end` (they were not
/// recorded at all), while the body recorded and forwarded stops at the `Content-Length`
/// (`response_bytes`), and the card, framed right, has none. (c) `rest-sse-gzip-no-final`:
/// the stream's gzip member that never ended inside a cleanly ended body is HTTP-FRAME-004
/// (it drew nothing but STREAM-END-002), online as offline.
#[test]
fn the_recording_says_what_came_outside_the_answer() {
    // (a)
    let rec = recording("early-hints");
    let heads: Vec<&Value> = rec
        .iter()
        .filter(|e| e["type"] == "response_head")
        .collect();
    assert!(heads.len() >= 5, "{heads:?}");
    for h in &heads {
        let x = &h["exchange"];
        let interim: Vec<&Value> = rec
            .iter()
            .filter(|e| e["type"] == "response_interim" && &e["exchange"] == x)
            .collect();
        assert_eq!(interim.len(), 1, "{x}: {interim:?}");
        assert_eq!(interim[0]["status"], 103);
        assert!(interim[0]["seq"].as_u64() < h["seq"].as_u64());
        let link = interim[0]["headers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f[0] == "link")
            .unwrap_or_else(|| panic!("{}", interim[0]));
        assert_eq!(link[1], "</style.css>; rel=preload; as=style");
    }
    // (b)
    let rec = recording("cl-shorter");
    let mut rpc_answers = 0;
    for req in rec.iter().filter(|e| e["type"] == "request_head") {
        let x = &req["exchange"];
        let of = |t: &str| -> Vec<&Value> {
            rec.iter()
                .filter(|e| e["type"] == t && &e["exchange"] == x)
                .collect()
        };
        let end = of("exchange_end");
        let excess = of("response_excess");
        let head = of("response_head");
        let declared: Option<u64> = head[0]["headers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f[0] == "content-length")
            .and_then(|f| f[1].as_str()?.parse().ok());
        let card = req["url"].as_str().unwrap().contains("/.well-known/");
        // the card is framed right; a stream is chunked (the mode cuts Content-Length only)
        let Some(declared) = declared.filter(|_| !card && req["method"] == "POST") else {
            assert!(excess.is_empty(), "{x}: {excess:?}");
            continue;
        };
        rpc_answers += 1;
        assert_eq!(excess.len(), 1, "{x}: {excess:?} {end:?}");
        assert_eq!(excess[0]["bytes"], 6);
        assert!(excess[0]["seq"].as_u64() < end[0]["seq"].as_u64());
        assert_eq!(end[0]["response_bytes"], declared, "{x}");
    }
    assert!(rpc_answers >= 3, "{rpc_answers}");
    // (c)
    let f = findings("rest-sse-gzip-no-final", "HTTP-FRAME-004");
    assert_eq!(f.len(), 1, "{f:#?}");
    let msg = f[0]["message"].as_str().unwrap();
    assert!(
        msg.contains("ended cleanly") && msg.contains("gzip data never ended"),
        "{msg}"
    );
}

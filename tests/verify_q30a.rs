//! q30a: verifier leftovers of session 29 that need more than a transcript's verdict.
//!
//! Item 9 (review29b): HTTP-FRAME-002's reset-without-answer, DATA-URL-001 (a file part url
//! on an internal host) and AUTH-TLS-002 / AUTH-TLS-003 (a client that downgraded the
//! card's https URL) skipped every exchange on a leg, so an `interop` recording, whose
//! exchanges are all on legs (`A->B`, `B->A`), never got them for the prober's own calls.
//! Each input below is fed as an interop direction leg the way the in-process recording
//! proxy of `interop` writes it (header `driver: interop`, leg `A->B`, the request sent to
//! the proxy's loopback listener, the agent URL in `upstream`, the prober's test header)
//! and must give the same findings, notes included, as the plain recording.

use a2a_interop::record::{source, EventKind};
use a2a_interop::verify::{Severity, Verifier, VerifyOutcome};
use std::collections::BTreeSet;

/// The proxy's listener in the interop form: what the prober's request line addressed.
const LISTENER: &str = "http://127.0.0.1:47001";

fn outcome(rel: &str, interop: bool) -> VerifyOutcome {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let src = source::open(&path).unwrap();
    let mut h = src.header.clone();
    if interop {
        h.driver = Some("interop".into());
    }
    let mut v = Verifier::new(&h);
    for ev in src.events {
        let mut ev = ev.unwrap();
        if interop {
            ev.leg = Some("A->B".into());
            if let EventKind::RequestHead {
                headers,
                upstream,
                url,
                ..
            } = &mut ev.kind
            {
                headers.push(a2a_interop::model::PROBE_TEST_HEADER, "t");
                if upstream.is_none() {
                    *upstream = Some(url.clone());
                }
                // the request line addressed the proxy; the agent URL is the upstream
                let at = url.find("://").map(|i| i + 3).unwrap_or(0);
                let path_at = url[at..].find('/').map(|i| at + i).unwrap_or(url.len());
                *url = format!("{LISTENER}{}", &url[path_at..]);
            }
        }
        v.feed_owned(ev);
    }
    v.finish()
}

fn rules(o: &VerifyOutcome) -> BTreeSet<(String, Severity)> {
    o.findings
        .iter()
        .map(|f| (f.rule.clone(), f.severity))
        .collect()
}

#[test]
fn interop_legs_get_the_reset_part_url_and_downgrade_checks() {
    for (input, rule, words) in [
        // a HAR's net::ERR_CONNECTION_RESET: the call got no answer at all
        (
            "tests/data/har/b10-E5-har-v10-send-connection-reset.har",
            "HTTP-FRAME-002",
            "the agent's side reset or closed the connection of the call SendMessage without any response",
        ),
        // a file part url on a cluster-internal host, told with the agent's public host
        (
            "tests/golden/DATA-URL-001-fail/input.jsonl",
            "DATA-URL-001",
            "the client reached the agent at agent.example.test, but a file part",
        ),
        // the client called the card's https interface over plain http
        (
            "tests/golden/AUTH-TLS-002-fail/input.jsonl",
            "AUTH-TLS-002",
            "client sent",
        ),
    ] {
        let plain = outcome(input, false);
        let inter = outcome(input, true);
        assert!(
            rules(&plain).iter().any(|(r, _)| r == rule),
            "{input}: plain {:?}",
            rules(&plain)
        );
        assert_eq!(rules(&inter), rules(&plain), "{input}: as interop vs plain");
        let m = inter
            .findings
            .iter()
            .find(|f| f.rule == rule)
            .map(|f| f.message.clone())
            .unwrap_or_default();
        assert!(m.starts_with(words), "{input}: {m}");
        assert!(!m.contains("127.0.0.1"), "{input}: names the proxy: {m}");
    }
}

fn variant(stem: &str) -> VerifyOutcome {
    outcome(&format!("tests/cases/variants/{stem}.jsonl"), false)
}

fn message_of(o: &VerifyOutcome, rule: &str) -> String {
    o.findings
        .iter()
        .find(|f| f.rule == rule)
        .map(|f| f.message.clone())
        .unwrap_or_else(|| panic!("no {rule} in {:?}", rules(o)))
}

/// Item 5 (review29a): RPC-ERROR-001 for a live task's cancel answered -32603 says what
/// the recording shows of the agent around it, and claims nothing during an outage.
#[test]
fn cancel_internal_error_says_what_the_agent_did_around_it() {
    let m = message_of(
        &variant("b30q-5-v10-rpc-cancel-internal-error-other-calls-answered"),
        "RPC-ERROR-001",
    );
    assert!(
        m.contains("the agent answered SendMessage just before")
            && m.contains("it was up, so its cancel is what fails"),
        "{m}"
    );
    let m = message_of(
        &variant("b30q-5-v10-rpc-cancel-internal-error-after-outage-ended"),
        "RPC-ERROR-001",
    );
    assert!(m.contains("the agent answered GetTask just before"), "{m}");
    let m = message_of(
        &variant("b30q-5-v10-rpc-cancel-internal-error-nothing-else-seen"),
        "RPC-ERROR-001",
    );
    assert!(
        m.contains("no other call to this agent in the minute before")
            && m.contains("cannot tell a broken cancel from an agent that was down"),
        "{m}"
    );
    let o = variant("b30q-5-legal-v10-rpc-cancel-internal-error-every-call-failing");
    assert!(
        !o.findings.iter().any(|f| f.rule == "RPC-ERROR-001"),
        "{:?}",
        rules(&o)
    );
}

/// Item 4 (mine29b): a stream event without an id is one error, STREAM-SHAPE-002, whose
/// message says the id is missing.
#[test]
fn stream_event_without_id_is_one_error() {
    let o = variant("b30q-4-v10-rpc-stream-event-without-id");
    let errors: Vec<&str> = o
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.rule.as_str())
        .collect();
    assert_eq!(errors, ["STREAM-SHAPE-002"]);
    let m = message_of(&o, "STREAM-SHAPE-002");
    assert!(
        m.contains("has no id member") && m.contains("request id 1"),
        "{m}"
    );
}

/// Item 8 (review29a): HTTP-MEDIA-003 on a JSON media type that is not the binding's
/// says so and names the one to send.
#[test]
fn json_media_type_not_the_bindings_names_what_to_send() {
    let m = message_of(
        &variant("b30q-8-v10-rpc-request-as-application-json-rpc"),
        // open45: JSON-RPC's application/json is a MUST, HTTP-MEDIA-004
        "HTTP-MEDIA-004",
    );
    assert!(
        m.contains("application/json-rpc, a JSON media type but not the binding's")
            && m.contains("send Content-Type: application/json"),
        "{m}"
    );
}

//! review29b: an `interop` recording's exchanges are all on legs (`A->B`, `B->A`, their
//! webhooks), and many checks skipped every legged exchange as "a hop behind a gateway".
//! q29b made CARD-URL-002 see the prober's own calls; the agent's other faults stayed
//! unjudged in interop (CARD-PATH-001, CARD-SIG-003, VER-CARD-001, VER-HDR-001,
//! VER-HDR-004), one was blamed as another (a 1.0 route the 0.3-only agent answered 404
//! was CARD-URL-002, not VER-CARD-001/VER-HDR-004), an intermediary's own 413/503 page was
//! the agent's REST-ERROR-001, and every interop report listed a `gateway` area exercised.
//! Each field or variant transcript below is fed as an interop direction leg (what the
//! in-process recording proxy of `interop` writes: header `driver: interop`, every event
//! on leg `A->B`, each request carrying the prober's test header and its agent URL) and must
//! give the same errors and warnings as the plain transcript.

use a2a_interop::record::{source, EventKind};
use a2a_interop::verify::{Severity, Verifier, VerifyOutcome};
use std::collections::BTreeSet;

fn outcome(case: &str, interop: bool) -> VerifyOutcome {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(case);
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
            }
        }
        v.feed_owned(ev);
    }
    v.finish()
}

fn rules(o: &VerifyOutcome) -> BTreeSet<(String, Severity)> {
    o.findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| (f.rule.clone(), f.severity))
        .collect()
}

#[test]
fn interop_direction_legs_are_judged_as_the_prober_calling_the_agent() {
    for (case, rule) in [
        // the card only at the legacy path (CARD-PATH-001)
        (
            "variants/b10-E11-v10-card-404-at-agent-card-json-served-at-agent-json.jsonl",
            "CARD-PATH-001",
        ),
        // a signed card changed under the same signature (CARD-SIG-003)
        (
            "variants/b28x-C09-v10-signed-card-changed-same-signature.jsonl",
            "CARD-SIG-003",
        ),
        // a 0.x card's agent processed a request without A2A-Version as 1.0 (VER-HDR-001)
        (
            "field/f347-v10-card-0x-send-without-version-processed.jsonl",
            "VER-HDR-001",
        ),
        // a 1.0 REST request refused 501 instead of VersionNotSupportedError (VER-HDR-004)
        (
            "field/f304-v10-rest-version-not-supported-501.jsonl",
            "VER-HDR-004",
        ),
        // a 1.0 card whose server serves only the 0.3 /v1 routes: VER-CARD-001, not
        // CARD-URL-002
        (
            "variants/b14-P13-v10-rest-card-v1-route-answered-then-1.0-route-404.jsonl",
            "VER-CARD-001",
        ),
        // an intermediary's own 413 page: its words, not the agent's REST-ERROR-001
        ("variants/b19-Y9-v10-rest-intermediary-413.jsonl", ""),
    ] {
        let plain = rules(&outcome(case, false));
        let inter = rules(&outcome(case, true));
        assert_eq!(inter, plain, "{case}: as interop vs plain");
        if !rule.is_empty() {
            assert!(inter.iter().any(|(r, _)| r == rule), "{case}: {inter:?}");
        }
    }
}

#[test]
fn an_interop_recording_exercises_no_gateway_area() {
    let o = outcome(
        "variants/b10-E11-v10-card-404-at-agent-card-json-served-at-agent-json.jsonl",
        true,
    );
    assert!(
        o.areas_exercised.iter().any(|a| a == "card"),
        "{:?}",
        o.areas_exercised
    );
    assert!(
        !o.areas_exercised.iter().any(|a| a == "gateway"),
        "{:?}",
        o.areas_exercised
    );
}

/// An intermediary's own answer (here a 413 page) shows a gateway in a client's recording;
/// in an `interop` run the intermediary is the run's own recording proxy (its 502 for an
/// agent URL that refused), so no `gateway` area is listed.
#[test]
fn an_interop_run_whose_calls_got_an_intermediary_answer_lists_no_gateway() {
    let case = "variants/b19-Y9-v10-rest-intermediary-413.jsonl";
    let plain = outcome(case, false);
    assert!(
        plain.areas_exercised.iter().any(|a| a == "gateway"),
        "{:?}",
        plain.areas_exercised
    );
    let inter = outcome(case, true);
    assert!(
        !inter.areas_exercised.iter().any(|a| a == "gateway"),
        "{:?}",
        inter.areas_exercised
    );
}

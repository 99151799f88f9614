//! Bad input never panics a renderer: random event streams (seqs out of order, binary and
//! broken SSE bodies, unknown exchanges) and findings pointing anywhere render in every
//! format, and the JSON report stays valid against `docs/report-schema.json`.

use crate::report_support;

use a2a_interop::record::{Body, Event, EventKind, Headers, Outcome};
use a2a_interop::report::{self, ExchangeIndex, Format, SourceFile};
use a2a_interop::verify::{Category, Evidence, Finding, Severity};
use proptest::prelude::*;

fn kind_strategy() -> impl Strategy<Value = EventKind> {
    let body = prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..64).prop_map(Body::new),
        "(data: \\{\"result\":\\{\"id\":\"t\",\"status\":\\{\"state\":\"working\"\\}\\}\\}[\r\n]{0,4}|: ping\r?\n\r?\n|\\{\"jsonrpc\":\"2.0\",\"method\":\"m\"\\}|[<>&\"'|`#;]{0,8})"
            .prop_map(|s: String| Body::new(s)),
    ];
    prop_oneof![
        (
            "(GET|POST|DELETE)",
            "(http://127.0.0.1:1/[a-z:/]{0,10}|/tasks/x:cancel|not a url)"
        )
            .prop_map(|(m, u)| EventKind::RequestHead {
                conn: None,
                method: m,
                url: u,
                version: None,
                headers: Headers::default(),
                upstream: None,
            }),
        body.clone()
            .prop_map(|body| EventKind::RequestBody { body }),
        (
            100u16..600,
            prop_oneof![
                Just("text/event-stream"),
                Just("application/json"),
                Just("")
            ]
        )
            .prop_map(|(status, ct)| EventKind::ResponseHead {
                status,
                version: None,
                headers: Headers::from(vec![("content-type".into(), ct.into())]),
                synthetic: false,
                reason: None,
            }),
        body.prop_map(|body| EventKind::ResponseChunk { body }),
        any::<bool>().prop_map(|truncated| EventKind::ExchangeEnd {
            outcome: if truncated {
                Outcome::UpstreamAbort
            } else {
                Outcome::Complete
            },
            error: None,
            trailers: None,
            request_bytes: 0,
            response_bytes: 0,
            truncated,
            resent: None,
            connect_failure: None,
        }),
        Just(EventKind::Gap {
            dropped_events: 1,
            dropped_bytes: 1,
            reason: None,
        }),
    ]
}

fn event_strategy() -> impl Strategy<Value = Event> {
    (
        0u64..40,
        0u64..1_000_000,
        proptest::option::of(0u8..4),
        any::<bool>(),
        kind_strategy(),
    )
        .prop_map(|(seq, t_us, x, upstream, kind)| Event {
            seq,
            t_us,
            exchange: x.map(|x| format!("e{x}").into()),
            leg: upstream.then(|| "upstream".to_string()),
            kind,
        })
}

fn finding_strategy() -> impl Strategy<Value = Finding> {
    (
        "[A-Z]{2,5}-[A-Z]{2,5}-00[0-9]",
        prop_oneof![
            Just(Severity::Error),
            Just(Severity::Warning),
            Just(Severity::Note)
        ],
        prop_oneof![
            Just(Category::AgentCard),
            Just(Category::Streaming),
            Just(Category::Transport),
            Just(Category::Security)
        ],
        "[a-z <>&|`#;\n]{0,30}",
        proptest::collection::vec((0u64..50, proptest::option::of(0u8..6)), 0..3),
    )
        .prop_map(|(rule, severity, category, message, ev)| Finding {
            name: rule.to_ascii_lowercase(),
            rule,
            severity,
            category,
            message: message.clone(),
            help: message,
            spec: vec!["X-001".into()],
            evidence: ev
                .into_iter()
                .map(|(seq, x)| Evidence {
                    seq,
                    exchange: x.map(|x| format!("e{x}")),
                    pointer: Some("/a/b".into()),
                    found: Some(serde_json::json!("<v>")),
                })
                .collect(),
            leg: None,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_events_and_findings_render_everywhere(
        events in proptest::collection::vec(event_strategy(), 0..40),
        findings in proptest::collection::vec(finding_strategy(), 0..6),
        transcript in any::<bool>(),
    ) {
        let d = tempfile::tempdir().unwrap();
        let mut input = report_support::input(d.path());
        let mut ix = ExchangeIndex::new(if transcript { SourceFile::Transcript } else { SourceFile::Recording });
        for e in &events {
            ix.observe(e);
        }
        input.index = ix;
        input.outcome.findings = findings;
        for f in [Format::Text, Format::Json, Format::Markdown, Format::Junit, Format::Sarif, Format::Html] {
            let out = report::render(f, &input).unwrap();
            prop_assert!(!out.is_empty());
        }
        let doc: serde_json::Value =
            serde_json::from_str(&report::render(Format::Json, &input).unwrap()).unwrap();
        let schema: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/report-schema.json")).unwrap(),
        )
        .unwrap();
        prop_assert!(jsonschema::is_valid(&schema, &doc));
    }
}

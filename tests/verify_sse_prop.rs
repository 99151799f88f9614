//! proptest: any split of a valid SSE stream into chunks decodes to the same events
//! (WHATWG line endings LF / CRLF / CR, comments, `event`/`id` fields, optional BOM), and
//! the decoder never panics on arbitrary bytes.

use a2a_interop::model::sse::{SseDecoder, SseItem};
use proptest::prelude::*;

#[derive(Clone, Debug)]
struct Ev {
    event: Option<String>,
    data: Vec<String>,
    comment: bool,
}

fn line_text() -> impl Strategy<Value = String> {
    // Any text without CR/LF (those end lines); may contain ':' and spaces and unicode.
    "[a-zA-Z0-9 :{}\\[\\]\",.é→-]{0,24}"
}

fn ev() -> impl Strategy<Value = Ev> {
    (
        proptest::option::of("[a-z]{1,8}"),
        proptest::collection::vec(line_text(), 1..4),
        any::<bool>(),
    )
        .prop_map(|(event, data, comment)| Ev {
            event,
            data,
            comment,
        })
}

fn serialize(evs: &[Ev], endings: &[u8], bom: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if bom {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    // One line-ending style per stream (mixing CR then LF would form a CRLF pair, which
    // is one line ending by definition).
    let style = endings[0] % 3;
    let eol = |out: &mut Vec<u8>| match style {
        0 => out.extend_from_slice(b"\n"),
        1 => out.extend_from_slice(b"\r\n"),
        _ => out.extend_from_slice(b"\r"),
    };
    for e in evs {
        if e.comment {
            out.extend_from_slice(b": keep-alive");
            eol(&mut out);
        }
        if let Some(name) = &e.event {
            out.extend_from_slice(format!("event: {name}").as_bytes());
            eol(&mut out);
        }
        for d in &e.data {
            out.extend_from_slice(format!("data: {d}").as_bytes());
            eol(&mut out);
        }
        eol(&mut out);
    }
    out
}

fn decode(bytes: &[u8], cuts: &[usize]) -> Vec<(Option<String>, String)> {
    let mut d = SseDecoder::new();
    let mut items = Vec::new();
    let mut at = 0;
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
    points.sort();
    for p in points {
        items.extend(d.push(&bytes[at..p]));
        at = p;
    }
    items.extend(d.push(&bytes[at..]));
    items.extend(d.finish());
    items
        .into_iter()
        .map(|i| match i {
            SseItem::Event(e) => (e.event, e.data),
            SseItem::Problem(p) => (Some("problem".into()), format!("{p:?}")),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_split_gives_the_same_events(
        evs in proptest::collection::vec(ev(), 1..6),
        endings in proptest::collection::vec(any::<u8>(), 1..8),
        bom in any::<bool>(),
        cuts in proptest::collection::vec(any::<usize>(), 0..12),
    ) {
        let bytes = serialize(&evs, &endings, bom);
        let whole = decode(&bytes, &[]);
        let expected: Vec<(Option<String>, String)> =
            evs.iter().map(|e| (e.event.clone(), e.data.join("\n"))).collect();
        // Data lines that happen to look like two JSON documents are reported as merged;
        // the generator's text rarely does, so compare only the events.
        let events_only = |v: Vec<(Option<String>, String)>| -> Vec<(Option<String>, String)> {
            v.into_iter().filter(|(e, _)| e.as_deref() != Some("problem")).collect()
        };
        prop_assert_eq!(events_only(whole.clone()), expected);
        prop_assert_eq!(decode(&bytes, &cuts), whole);
        // Byte-by-byte feeding too.
        let all: Vec<usize> = (0..bytes.len()).collect();
        prop_assert_eq!(decode(&bytes, &all), decode(&bytes, &[]));
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512), cuts in proptest::collection::vec(any::<usize>(), 0..8)) {
        let _ = decode(&bytes, &cuts);
    }
}

/*!
Bodies of the cargo-fuzz targets (`fuzz/fuzz_targets/`, issue 7), shared with the
corpus replay test (`tests/fuzz_corpus.rs`) so that CI runs every committed corpus file
through exactly the code the fuzzer ran.

Each function takes arbitrary bytes and must return without panicking; where the input
yields events, they are fed on to the [`Verifier`] (the same sans-IO engine the proxy and
`verify` use). The SSE target also checks a property: any split of the byte stream into
chunks decodes to the same items as the whole stream (WHATWG HTML §9.2.6 is defined on the
stream, not on its chunks; RPC-005 / REST-002 framing findings depend on it).

| target | what it reads |
|---|---|
| [`sse_decoder`] | [`crate::model::sse::SseDecoder`], chunked vs whole |
| [`dialect`] | dialect and operation classification of one exchange ([`crate::model::a2a`], [`crate::model::jsonrpc`], [`crate::model::card`]) then the verifier |
| [`native_recording`] | [`crate::record::jsonl::RecordingReader`] (native JSONL recording), read three ways that must agree: in place, through a 61-byte buffer, and line by line by serde_json alone |
| [`json_model`] | [`crate::model::json::Json`] (the verifier's JSON tree): its fast parser against serde_json, the top-level member walk and the member-name pre-check against the tree |
| [`transcript`] | [`crate::record::transcript::read`] (`TRANSCRIPT.md`) |
| [`har`] | [`crate::record::har::read`] (HAR 1.2) |
| [`grpc`] | [`crate::model::grpc`] (framing, ProtoJSON decoding, status details) then the verifier on one gRPC call |
| [`coding`] | [`crate::model::coding`] (`Content-Encoding` / `Accept-Encoding`): whole against streamed decoding, the bounds, then the verifier on one coded exchange |
| [`secret_scan`] | the recorder's secret pre-filter (`crate::record::redact`): its AVX2, packed and dispatching searches against `memchr::memmem` per needle, at every start 0..64 |

Not part of the public API: hidden from the docs, may change with the fuzz targets.
*/

use bytes::Bytes;

use crate::model::a2a::{classify_payload, method_op, rest_route, Dialect};
use crate::model::card::card_view;
use crate::model::jsonrpc::{looks_like_response, parse_request, response_view};
use crate::model::sse::SseDecoder;
use crate::record::event::{Body, Event, EventKind, Headers, Outcome, RecordingHeader};
use crate::record::jsonl::RecordingReader;
use crate::record::{har, transcript, CaptureMode};
use crate::verify::Verifier;

/// Names of the targets, as in `fuzz/Cargo.toml` and under `fuzz/corpus/`.
pub const TARGETS: [&str; 9] = [
    "sse_decoder",
    "dialect",
    "native_recording",
    "transcript",
    "har",
    "grpc",
    "json_model",
    "secret_scan",
    "coding",
];

/// Runs the target named `name` (one of [`TARGETS`]) on `data`; `false` for an unknown name.
pub fn run(name: &str, data: &[u8]) -> bool {
    match name {
        "sse_decoder" => sse_decoder(data),
        "dialect" => dialect(data),
        "native_recording" => native_recording(data),
        "transcript" => transcript(data),
        "har" => har(data),
        "grpc" => grpc(data),
        "json_model" => json_model(data),
        "secret_scan" => secret_scan(data),
        "coding" => coding(data),
        _ => return false,
    }
    true
}

/// SSE decoder: `data[0] % 8` cut points follow in the next bytes (each a fraction /255 of
/// the stream length), the rest is the stream. Decodes it whole and in those chunks and
/// panics if the items differ (a decoder bug: events must not depend on chunk boundaries).
pub fn sse_decoder(data: &[u8]) {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let n = usize::from(n % 8).min(rest.len());
    let (cuts, stream) = rest.split_at(n);
    let mut whole = SseDecoder::new();
    let mut expect = whole.push(stream);
    expect.extend(whole.finish());

    let mut at: Vec<usize> = cuts
        .iter()
        .map(|&c| stream.len() * usize::from(c) / 255)
        .collect();
    at.sort_unstable();
    let mut chunked = SseDecoder::new();
    let mut got = Vec::new();
    let mut from = 0;
    for i in at {
        got.extend(chunked.push(&stream[from..i]));
        from = i;
    }
    got.extend(chunked.push(&stream[from..]));
    got.extend(chunked.finish());
    assert_eq!(
        expect, got,
        "chunk boundaries changed the decoded SSE items"
    );
    assert_eq!(whole.comments, chunked.comments, "comment count changed");
}

/// One exchange from bytes, NUL-separated: `METHOD URL [A2A-Version]` NUL request body NUL
/// `STATUS [Content-Type]` NUL response body. The pure classifiers (JSON-RPC method to
/// operation and dialect, REST route, `A2A-Version`, payload kind, card view) run on the
/// parts, then the exchange (response body in two chunks) goes through the verifier.
pub fn dialect(data: &[u8]) {
    let mut parts = data.splitn(4, |&b| b == 0);
    let line = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let req_body = parts.next().unwrap_or_default();
    let status_line = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let resp_body = parts.next().unwrap_or_default();

    let mut words = line.split_whitespace();
    let method = words.next().unwrap_or("POST").to_string();
    let url = words.next().unwrap_or("/").to_string();
    let version = words.next().map(str::to_string);
    let path = url
        .split_once("://")
        .map(|(_, r)| r.find('/').map_or("/", |i| &r[i..]))
        .unwrap_or(&url);
    let _ = rest_route(&method, path);
    if let Some(v) = &version {
        let _ = Dialect::from_version(v);
    }
    let _ = parse_request(req_body);
    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(req_body) {
        if let Some(m) = v.get("method").and_then(|m| m.as_str()) {
            let _ = method_op(m);
        }
    }
    if let Ok(v) = crate::model::json::Json::parse(resp_body) {
        let _ = classify_payload(&v, "");
        let _ = card_view(&v, false);
        let _ = card_view(&v, true);
        if looks_like_response(&v) {
            let _ = response_view(&v);
        }
        if let Some(r) = v.get("result") {
            let _ = classify_payload(r, "/result");
        }
    }

    let mut sw = status_line.split_whitespace();
    let status: u16 = sw.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let content_type = sw.next().unwrap_or("application/json").to_string();
    let mut req_headers = vec![("content-type".to_string(), "application/json".to_string())];
    if let Some(v) = version {
        req_headers.push(("a2a-version".into(), v));
    }
    verify_exchange(
        Some(EventKind::ConnOpen {
            conn: 1,
            peer: "127.0.0.1:40000".into(),
            local: "127.0.0.1:8080".into(),
            tls: false,
        }),
        EventKind::RequestHead {
            conn: Some(1),
            method,
            url,
            version: Some("HTTP/1.1".into()),
            headers: Headers::from(req_headers),
            upstream: None,
        },
        req_body,
        EventKind::ResponseHead {
            status,
            version: Some("HTTP/1.1".into()),
            headers: Headers::from(vec![("content-type".into(), content_type)]),
            synthetic: false,
            reason: None,
        },
        resp_body,
        resp_body.len() / 2,
        None,
    );
}

/// Native JSONL recording (`docs/recording-format.md`): header, then events up to the first
/// unreadable line, each fed to the verifier.
///
/// Differential (issue 7, fuzz37): the reader's one-pass fast path
/// (`record::event_de::fast_event`, with its SSE2 loads) must read every line as serde_json
/// reads it. The same bytes are read three ways: by the [`RecordingReader`] over the whole
/// input (every line whole in its buffer: the fast path in place), by a
/// [`RecordingReader`] over a 61-byte [`std::io::BufReader`] (lines cut across its buffer:
/// the line-by-line path), and line by line by serde_json alone (`fast_event` asked on the
/// side: when it reads a line, serde_json must read the same event). Any difference (an
/// event, an error's kind or words, where reading stops) panics.
pub fn native_recording(data: &[u8]) {
    let Ok(r) = RecordingReader::new(data) else {
        return;
    };
    let head = r.stats.bytes as usize;
    let mut want = serde_lines(data.get(head..).unwrap_or_default(), r.header().format);
    let Ok(small) = RecordingReader::new(std::io::BufReader::with_capacity(61, data)) else {
        panic!("the header read whole but not through a 61-byte buffer");
    };
    let mut small = small.map(|e| e.map_err(|e| e.to_string()));
    let mut v = Verifier::new(r.header());
    for ev in r {
        let other = small.next();
        let expect = want.next();
        match (&ev, &expect) {
            (Ok(a), Some(Ok(b))) => assert_eq!(a, b, "the reader read a line unlike serde_json"),
            (Err(e), Some(Err(w))) => assert_eq!(
                &e.to_string(),
                w,
                "the reader refused a line unlike serde_json"
            ),
            _ => panic!("reader {ev:?}, serde_json {expect:?}"),
        }
        let ev = ev.map_err(|e| e.to_string());
        assert_eq!(
            Some(&ev),
            other.as_ref(),
            "the reader read a line unlike itself through a small buffer"
        );
        match ev {
            Ok(ev) => {
                v.feed(&ev);
            }
            Err(_) => break,
        }
    }
    let _ = v.finish();
}

/// The events of `rest` (a native recording after its header line, the header saying
/// format `format`) as serde_json alone reads them, each as a [`RecordingReader`] yields it
/// (an error as its words); the reference for [`native_recording`]. Blank lines are
/// skipped and a last line without its `\n` ends the events, as the reader does. On each
/// line `fast_event` is asked too: an event it reads must be the one serde_json reads.
fn serde_lines(rest: &[u8], format: u32) -> impl Iterator<Item = Result<Event, String>> + '_ {
    use crate::record::jsonl::{exchange_missing, ReadError};
    let mut line_no = 1;
    rest.split_inclusive(|&c| c == b'\n')
        .take_while(|l| l.last() == Some(&b'\n'))
        .filter_map(move |line| {
            line_no += 1;
            if line.iter().all(u8::is_ascii_whitespace) {
                return None;
            }
            let serde = serde_json::from_slice::<Event>(line);
            if let Some(fast) = crate::record::event_de::fast_event(line) {
                match &serde {
                    Ok(ev) => assert_eq!(&fast, ev, "fast_event read a line unlike serde_json"),
                    Err(e) => panic!("fast_event read a line serde_json refuses ({e}): {fast:?}"),
                }
            }
            let line = line_no;
            Some(match serde {
                // What the reader says for an event of an exchange's type without its
                // `exchange` (`jsonl::exchange_missing`); the reader's words for the rest.
                Ok(ev) => match exchange_missing(&ev) {
                    Some(kind) => Err(ReadError::NoExchange { line, kind }.to_string()),
                    None => Ok(ev),
                },
                Err(source) => Err(ReadError::event_line(line, source, format).to_string()),
            })
        })
}

/// Transcript (`TRANSCRIPT.md`); bytes that are not UTF-8 are read lossily, as a user's
/// file would be after a copy through a text editor.
pub fn transcript(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok((h, events)) = transcript::read(&text) {
        feed_all(&h, &events);
    }
}

/// HAR 1.2 file (our export, with `_sseEvents`, or any browser's).
pub fn har(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok((h, events)) = har::read(&text) {
        feed_all(&h, &events);
    }
}

fn feed_all(h: &RecordingHeader, events: &[Event]) {
    let mut v = Verifier::new(h);
    for ev in events {
        v.feed(ev);
    }
    let _ = v.finish();
}

/// One A2A gRPC call (GRPC-001): `data[0]` picks the method (of both services' methods and
/// an unknown one) and `data[1]` the outcome (bit 0: status in trailers or Trailers-Only
/// headers; bit 1: `grpc-encoding: gzip`; bits 2-3 pick the cut point of the response
/// body), then the request body and the response body, each after its length (2 bytes,
/// big-endian; gRPC bodies hold NUL bytes), then `grpc-status \0 grpc-status-details-bin`.
/// The bodies go through the frame decoder and the message decoder directly, then the
/// whole call through the verifier.
pub fn grpc(data: &[u8]) {
    use crate::model::grpc::{
        decode_message, decode_status_details, grpc_route, FrameDecoder, Side,
    };
    const METHODS: [&str; 8] = [
        "/lf.a2a.v1.A2AService/SendMessage",
        "/lf.a2a.v1.A2AService/SendStreamingMessage",
        "/lf.a2a.v1.A2AService/GetTask",
        "/lf.a2a.v1.A2AService/CancelTask",
        "/lf.a2a.v1.A2AService/GetExtendedAgentCard",
        "/a2a.v1.A2AService/SendStreamingMessage",
        "/a2a.v1.A2AService/GetTask",
        "/lf.a2a.v1.A2AService/NoSuchMethod",
    ];
    let (sel, flags, rest) = match data {
        [a, b, rest @ ..] => (*a, *b, rest),
        _ => (0, 0, data),
    };
    let path = METHODS[sel as usize % METHODS.len()];
    /// `(len-prefixed bytes, rest)`; a short input gives what is there.
    fn take(d: &[u8]) -> (&[u8], &[u8]) {
        let (n, d) = match d {
            [a, b, d @ ..] => (u16::from_be_bytes([*a, *b]) as usize, d),
            _ => (0, &[][..]),
        };
        d.split_at(n.min(d.len()))
    }
    let (req_body, rest) = take(rest);
    let (resp_body, rest) = take(rest);
    let mut parts = rest.splitn(2, |&b| b == 0);
    let status = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let details = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let gzip = flags & 2 != 0;
    let enc = gzip.then_some("gzip");
    if let Some(route) = grpc_route(path) {
        for (side, body) in [(Side::Request, req_body), (Side::Response, resp_body)] {
            let mut d = FrameDecoder::new();
            if let Ok(frames) = d.push(body) {
                for f in frames {
                    let _ = decode_message(&route, side, &f, enc);
                }
            }
            let _ = d.finish();
        }
    }
    let _ = decode_status_details(&details);

    let status_headers = {
        let mut h = vec![("grpc-status".to_string(), status.clone())];
        if !details.is_empty() {
            h.push(("grpc-status-details-bin".to_string(), details.clone()));
        }
        h
    };
    let in_trailers = flags & 1 != 0;
    let mut resp_headers = vec![("content-type".to_string(), "application/grpc".to_string())];
    if gzip {
        resp_headers.push(("grpc-encoding".into(), "gzip".into()));
    }
    if !in_trailers {
        resp_headers.extend(status_headers.clone());
    }
    let cut = resp_body.len() * ((flags as usize >> 2) & 3) / 3;
    let url = format!("http://127.0.0.1:8080{path}");
    verify_exchange(
        None,
        EventKind::RequestHead {
            conn: Some(1),
            method: "POST".into(),
            url,
            version: Some("HTTP/2.0".into()),
            headers: Headers::from(vec![
                ("content-type".into(), "application/grpc".into()),
                ("a2a-version".into(), "1.0".into()),
            ]),
            upstream: None,
        },
        req_body,
        EventKind::ResponseHead {
            status: 200,
            version: Some("HTTP/2.0".into()),
            headers: Headers::from(resp_headers),
            synthetic: false,
            reason: None,
        },
        resp_body,
        cut,
        in_trailers.then_some(Headers::from(status_headers)),
    );
}

/// The verifier's JSON model ([`crate::model::json`]) against serde_json (issue 7, fuzz37):
/// `data` is one JSON text. Panics on any disagreement:
///
/// - [`Json::parse`] (its own fast parser first, with an SSE2 load, then serde_json) reads
///   what `serde_json::Value` (with `preserve_order`) reads: the same value, members in the
///   same order, the same compact text; or fails with serde_json's error (a lone surrogate
///   escape read as U+FFFD, as `Json::parse` documents);
/// - the fast path and serde_json's path into [`Json`] (its `Deserialize`) give the same
///   tree and note the same conflicting duplicate member
///   ([`crate::model::json::take_conflicting_duplicate`]); [`Json::parse_owned`] and
///   [`Json::parse_str`] give the tree [`Json::parse`] gives;
/// - [`crate::model::json::top_level_member_raw`] (a walk without a tree) finds the value
///   the tree holds for `error`, `result`, `id` and `kind`, or gives up (`None`);
///   [`crate::model::json::may_name_member`] is `false` only when no such member or string
///   is in the tree.
///
/// [`Json`]: crate::model::json::Json
/// [`Json::parse`]: crate::model::json::Json::parse
/// [`Json::parse_owned`]: crate::model::json::Json::parse_owned
/// [`Json::parse_str`]: crate::model::json::Json::parse_str
pub fn json_model(data: &[u8]) {
    use crate::model::json::{
        may_name_member, mend_lone_surrogates, take_conflicting_duplicate, top_level_member_raw,
        Json,
    };
    /// `text` read by `read`, read again from the text with its lone surrogate escapes
    /// mended when that fails (what `Json::parse` documents), with the first error.
    fn mended<T>(
        text: &[u8],
        read: impl Fn(&[u8]) -> Result<T, serde_json::Error>,
    ) -> Result<T, serde_json::Error> {
        read(text).or_else(|e| match mend_lone_surrogates(text) {
            Some(m) => read(&m).map_err(|_| e),
            None => Err(e),
        })
    }
    let shown = || String::from_utf8_lossy(&data[..data.len().min(300)]).into_owned();
    let value = mended(data, |t| serde_json::from_slice::<serde_json::Value>(t));
    take_conflicting_duplicate();
    let json = Json::parse(data);
    let noted = take_conflicting_duplicate();
    let via_serde = mended(data, |t| {
        serde_json::from_slice::<Json>(t).map(Json::into_owned)
    });
    let noted_by_serde = take_conflicting_duplicate();
    // serde_json::Value (this crate turns on serde_json's `raw_value` feature) reads a map
    // whose first key is its private token `$serde_json::private::RawValue` as a RawValue and
    // refuses any other JSON there: a plain member to RFC 8259 and to `Json`, so no oracle
    // for such a text (session 39's ASan run of this target; fuzz/regressions/json_model).
    // The serde path into `Json` below has no such token and is still compared.
    let value_has_no_oracle = memchr::memmem::find(data, b"serde_json::private::").is_some();
    match (&json, &value) {
        _ if value_has_no_oracle => {}
        (Ok(j), Ok(v)) => {
            let jv = j.to_value();
            assert!(
                &jv == v,
                "Json::parse read {jv} where serde_json reads {v}: {}",
                shown()
            );
            assert_eq!(j.to_string(), v.to_string(), "member order: {}", shown());
        }
        (Err(a), Err(b)) => assert_eq!(
            (a.to_string(), a.classify()),
            (b.to_string(), b.classify()),
            "another error: {}",
            shown()
        ),
        (j, v) => panic!("Json::parse {j:?}, serde_json {v:?}: {}", shown()),
    }
    match (&json, &via_serde) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "fast path and serde path: {}", shown());
            assert_eq!(a.to_string(), b.to_string(), "member order: {}", shown());
            assert_eq!(noted, noted_by_serde, "duplicate member noted: {}", shown());
        }
        (Err(_), Err(_)) => {}
        (a, b) => panic!("Json::parse {a:?}, serde path {b:?}: {}", shown()),
    }
    let owned = Json::parse_owned(data);
    take_conflicting_duplicate();
    assert_eq!(
        owned.as_ref().ok(),
        json.as_ref().ok(),
        "parse_owned: {}",
        shown()
    );
    if let Ok(s) = std::str::from_utf8(data) {
        let from_str = Json::parse_str(s);
        take_conflicting_duplicate();
        assert_eq!(
            from_str.as_ref().ok(),
            json.as_ref().ok(),
            "parse_str: {}",
            shown()
        );
    }
    let Ok(tree) = &json else {
        return;
    };
    for key in ["error", "result", "id", "kind"] {
        let member = tree.as_object().and_then(|o| o.get(key));
        match top_level_member_raw(data, key) {
            None => {}
            Some(None) => assert!(member.is_none(), "the walk missed {key}: {}", shown()),
            Some(Some(raw)) => {
                let read = Json::parse(raw).map(Json::into_owned);
                take_conflicting_duplicate();
                assert_eq!(read.ok().as_ref(), member, "the walk's {key}: {}", shown());
            }
        }
        let quoted = format!("\"{key}\"");
        if !may_name_member(data, &memchr::memmem::Finder::new(quoted.as_bytes())) {
            assert!(
                !names(tree, key),
                "may_name_member missed {key}: {}",
                shown()
            );
        }
    }
    /// Whether `v` holds a member named `name` or a string `name`, at any depth.
    fn names(v: &Json, name: &str) -> bool {
        match v {
            Json::String(s) => s == name,
            Json::Array(a) => a.iter().any(|x| names(x, name)),
            Json::Object(o) => o.iter().any(|(k, x)| k == name || names(x, name)),
            _ => false,
        }
    }
}

/// The recorder's secret pre-filter (session 38's AVX2 search of `src/record/redact.rs`, its
/// `unsafe` 32-byte loads, and the packed Teddy search it falls back to), on arbitrary bytes:
/// for every start `s` in `0..64` (up to `data.len()`), `data[s..]` is searched by the
/// dispatching, the AVX2 (when the CPU has it) and the packed search, and each must say
/// what `memchr::memmem` says per needle (true when any of the 13 needles occurs). The
/// search runs twice per start: on `data[s..]` in place (its end is the end of libFuzzer's
/// exact-size copy, its start at every alignment), and on a copy of it in its own
/// exact-size allocation (nothing addressable before or after it), so that under
/// AddressSanitizer a vector load reaching one byte outside the body is reported. Panics on
/// any disagreement.
pub fn secret_scan(data: &[u8]) {
    use crate::record::redact::{secret_prefilter_needles, secret_prefilters};
    let needles = secret_prefilter_needles();
    for s in 0..64.min(data.len() + 1) {
        let hay = &data[s..];
        let want = needles
            .iter()
            .any(|n| memchr::memmem::find(hay, n).is_some());
        let own: Box<[u8]> = hay.into();
        for (x, place) in [(hay, "in place"), (&own[..], "copied")] {
            let (dispatch, avx2, packed) = secret_prefilters(x);
            let shown = || String::from_utf8_lossy(&x[..x.len().min(300)]).into_owned();
            assert_eq!(
                dispatch,
                want,
                "dispatching search, start {s}, {place}: {}",
                shown()
            );
            assert_eq!(
                packed,
                want,
                "packed search, start {s}, {place}: {}",
                shown()
            );
            if let Some(avx2) = avx2 {
                assert_eq!(avx2, want, "AVX2 search, start {s}, {place}: {}", shown());
            }
        }
    }
}

/// Feeds one exchange to a fresh verifier and finishes it: `conn_open` first (no exchange)
/// when given, then `head` (a `request_head`), `req_body` as one frame, `resp_head`,
/// `resp_body` in two chunks cut at byte `cut`, and a complete `exchange_end` carrying
/// `trailers`. Seqs count from 1, `t_us` 1 ms apart.
/// Decoded-size bound of the [`coding`] target (64 KiB): small, so that a bomb the fuzzer
/// builds shows as [`crate::model::coding::CodingError::OverLimit`] at once.
const CODING_LIMIT: usize = 64 << 10;

/// Content codings (issue 7, robust42; RFC 9110 §8.4, §12.5.3; HTTP-FRAME-004/005):
/// `data[0] % 8` cut points follow (each a fraction /255 of the body length), then
/// `Content-Encoding` NUL `Accept-Encoding` NUL `Content-Type` NUL body (the body may hold
/// NUL bytes). Checks, panicking on a failure:
/// - [`codings`](crate::model::coding::codings) gives lowercase names without `identity`
///   and agrees with [`is_coded`](crate::model::coding::is_coded);
///   [`unaccepted`](crate::model::coding::unaccepted) names one of those codings;
/// - [`decode`](crate::model::coding::decode), [`decode_prefix`](crate::model::coding::decode_prefix)
///   and the [`StreamDecoder`](crate::model::coding::StreamDecoder) fed the body in the cut
///   pieces never give more than [`CODING_LIMIT`] bytes, and when the whole and the streamed
///   decoding both succeed they give the same bytes;
/// - then the exchange (a JSON-RPC request with that `Accept-Encoding`, the answer with
///   that `Content-Encoding` and `Content-Type`, its body in two chunks) goes through the
///   verifier.
pub fn coding(data: &[u8]) {
    use crate::model::coding::{
        codings, decode, decode_prefix, is_coded, unaccepted, StreamDecoder,
    };
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let n = usize::from(n % 8).min(rest.len());
    let (cuts, rest) = rest.split_at(n);
    let mut parts = rest.splitn(4, |&b| b == 0);
    let ce = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let ae = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let ct = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let body = parts.next().unwrap_or_default();

    let list = codings(Some(&ce));
    assert!(
        list.iter()
            .all(|c| !c.is_empty() && c != "identity" && *c == c.to_ascii_lowercase()),
        "codings gave {list:?}"
    );
    assert_eq!(
        is_coded(std::iter::once(ce.as_str())),
        !list.is_empty(),
        "is_coded and codings disagree on {ce:?}"
    );
    for field in [Some(ae.as_str()), None] {
        if let Some(c) = unaccepted(field, &list) {
            assert!(list.contains(&c), "unaccepted named {c:?}, not in {list:?}");
        }
    }

    let whole = decode(Some(&ce), body, CODING_LIMIT);
    if let Ok(w) = &whole {
        assert!(w.len() <= CODING_LIMIT, "decode gave {} bytes", w.len());
    }
    if let Some(p) = decode_prefix(Some(&ce), body, CODING_LIMIT) {
        assert!(
            p.len() <= CODING_LIMIT,
            "decode_prefix gave {} bytes",
            p.len()
        );
    }
    if let Ok(Some(mut dec)) = StreamDecoder::new(Some(&ce), CODING_LIMIT) {
        let mut at: Vec<usize> = cuts
            .iter()
            .map(|&c| body.len() * usize::from(c) / 255)
            .collect();
        at.sort_unstable();
        at.push(body.len());
        let mut got = Vec::new();
        let mut from = 0;
        let mut streamed = Ok(());
        for i in at {
            match dec.push(&body[from..i]) {
                Ok(out) => got.extend_from_slice(&out),
                Err(e) => {
                    streamed = Err(e);
                    break;
                }
            }
            from = i;
        }
        if streamed.is_ok() {
            match dec.finish() {
                Ok(out) => got.extend_from_slice(&out),
                Err(e) => streamed = Err(e),
            }
        }
        assert!(
            got.len() <= CODING_LIMIT,
            "the stream decoder gave {} bytes",
            got.len()
        );
        if let (Ok(w), Ok(())) = (&whole, &streamed) {
            assert!(
                w.as_ref() == got.as_slice(),
                "whole and streamed decoding of {ce:?} differ: {} and {} bytes",
                w.len(),
                got.len()
            );
        }
    }

    let mut req_headers = vec![("content-type".to_string(), "application/json".to_string())];
    req_headers.push(("accept-encoding".into(), ae));
    let mut resp_headers = vec![("content-encoding".to_string(), ce)];
    if !ct.is_empty() {
        resp_headers.push(("content-type".into(), ct));
    }
    let cut = cuts
        .first()
        .map_or(body.len() / 2, |&c| body.len() * usize::from(c) / 255);
    verify_exchange(
        None,
        EventKind::RequestHead {
            conn: None,
            method: "POST".into(),
            url: "http://127.0.0.1:8080/".into(),
            version: Some("HTTP/1.1".into()),
            headers: Headers::from(req_headers),
            upstream: None,
        },
        br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","parts":[{"kind":"text","text":"hi"}],"messageId":"m1","kind":"message"}}}"#,
        EventKind::ResponseHead {
            status: 200,
            version: Some("HTTP/1.1".into()),
            headers: Headers::from(resp_headers),
            synthetic: false,
            reason: None,
        },
        body,
        cut,
        None,
    );
}

fn verify_exchange(
    conn_open: Option<EventKind>,
    head: EventKind,
    req_body: &[u8],
    resp_head: EventKind,
    resp_body: &[u8],
    cut: usize,
    trailers: Option<Headers>,
) {
    let exchange_kinds = [
        head,
        EventKind::RequestBody {
            body: Body::new(Bytes::copy_from_slice(req_body)),
        },
        resp_head,
        EventKind::ResponseChunk {
            body: Body::new(Bytes::copy_from_slice(&resp_body[..cut])),
        },
        EventKind::ResponseChunk {
            body: Body::new(Bytes::copy_from_slice(&resp_body[cut..])),
        },
        EventKind::ExchangeEnd {
            outcome: Outcome::Complete,
            error: None,
            trailers,
            request_bytes: req_body.len() as u64,
            response_bytes: resp_body.len() as u64,
            truncated: false,
            resent: None,
            connect_failure: None,
        },
    ];
    let kinds = conn_open.map(|k| (None, k)).into_iter().chain(
        exchange_kinds
            .into_iter()
            .map(|k| (Some("e1".to_string()), k)),
    );
    let header = RecordingHeader::new(CaptureMode::Reverse);
    let mut v = Verifier::new(&header);
    for (i, (exchange, kind)) in kinds.enumerate() {
        v.feed(&Event {
            seq: i as u64 + 1,
            t_us: i as u64 * 1000,
            exchange: exchange.map(Into::into),
            leg: None,
            kind,
        });
    }
    let _ = v.finish();
}

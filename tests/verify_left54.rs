//! left54: last sessions' known misses in the verifier and the redactor.
//!
//! Item 1, AUTH-LEAK-002 (breaker53, AUTH-001) beyond the unary JSON answer: a credential
//! a request head sent, quoted back by the agent in an SSE answer (an event's text), in a
//! copy the body's frames split, JSON-escaped (`\/`, `\u00xx`), or in a gzip body. Each
//! case runs the events the proxy hands its recorder through the [`Redactor`], writes them
//! as recording lines, checks the file bytes (and every body decoded from them, a gzip one
//! inflated) hold no clear copy, and judges the lines read back. Before: the SSE copy was
//! never told (the verifier read the tags of unary bodies only), and a split, escaped or
//! compressed copy stayed in the recording in clear. Legal neighbours stay silent and keep
//! their bytes: a stream quoting no credential, a frame ending in a prefix of the
//! credential that the next frame does not finish, escapes that decode to other text, a
//! push config token the client sent in its own payload.

use a2a_interop::record::event::{Body, EventKind, Outcome};
use a2a_interop::record::redact::Redactor;
use a2a_interop::record::{CaptureMode, Event, Headers, RecordingHeader};
use a2a_interop::verify::Verifier;
use std::io::Read;

/// The bearer token the client sends: a `/` (JSON may write it `\/`) and a `+`.
const TOKEN: &str = "tok/Secret+54-abcdefXYZ";

/// A `SendStreamingMessage` answer event whose status message text is `text` (already
/// JSON-string text: escapes as given).
fn sse_event(text: &str) -> String {
    format!(
        "data: {{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"statusUpdate\":{{\"taskId\":\"t1\",\"contextId\":\"c1\",\"status\":{{\"state\":\"TASK_STATE_WORKING\",\"message\":{{\"messageId\":\"m2\",\"role\":\"ROLE_AGENT\",\"parts\":[{{\"text\":\"{text}\"}}]}}}}}}}}}}\n\n"
    )
}

/// A unary `SendMessage` answer whose message text is `text` (JSON-string text).
fn unary_answer(text: &str) -> String {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"message\":{{\"messageId\":\"m2\",\"role\":\"ROLE_AGENT\",\"parts\":[{{\"text\":\"{text}\"}}]}}}}}}"
    )
}

/// How the answer is sent.
#[derive(Clone, Copy, PartialEq)]
enum Answer {
    /// `text/event-stream`, one frame per given piece.
    Sse,
    /// `application/json`, one frame per given piece.
    Json,
    /// `application/json`, gzip-coded whole, the coded bytes in two frames.
    JsonGzip,
    /// `text/event-stream`, gzip-coded as a stream, the coded bytes in two frames.
    SseGzip,
}

fn ev(t: u64, kind: EventKind) -> Event {
    Event {
        seq: 0,
        t_us: t,
        exchange: Some("e1".into()),
        leg: None,
        kind,
    }
}

fn gzip(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// The events of one call whose request head sends `Authorization: Bearer TOKEN` (and a
/// body `req_body`), answered as `answer` in the frames `pieces`.
fn events(req_body: &str, answer: Answer, pieces: &[String]) -> Vec<Event> {
    let stream = matches!(answer, Answer::Sse | Answer::SseGzip);
    let method = if stream {
        "SendStreamingMessage"
    } else {
        "SendMessage"
    };
    let req_body = req_body.replace("METHOD", method);
    let mut out = vec![
        ev(
            1,
            EventKind::RequestHead {
                conn: None,
                method: "POST".into(),
                url: "http://127.0.0.1:47100/".into(),
                version: None,
                headers: Headers::from_pairs(vec![
                    ("content-type", "application/json"),
                    ("a2a-version", "1.0"),
                    ("authorization", &format!("Bearer {TOKEN}")),
                    ("content-length", &req_body.len().to_string()),
                ]),
                upstream: Some("http://127.0.0.1:38100/".into()),
            },
        ),
        ev(
            2,
            EventKind::RequestBody {
                body: Body::new(req_body.clone().into_bytes()),
            },
        ),
    ];
    let mut h = vec![(
        "content-type",
        if stream {
            "text/event-stream"
        } else {
            "application/json"
        },
    )];
    if matches!(answer, Answer::JsonGzip | Answer::SseGzip) {
        h.push(("content-encoding", "gzip"));
    }
    out.push(ev(
        3,
        EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Headers::from_pairs(h),
            synthetic: false,
            reason: None,
        },
    ));
    let frames: Vec<Vec<u8>> = match answer {
        Answer::Sse | Answer::Json => pieces.iter().map(|p| p.as_bytes().to_vec()).collect(),
        Answer::JsonGzip | Answer::SseGzip => {
            let z = gzip(pieces.concat().as_bytes());
            let mid = z.len() / 2;
            vec![z[..mid].to_vec(), z[mid..].to_vec()]
        }
    };
    let mut t = 4;
    let mut n = 0;
    for f in frames {
        n += f.len() as u64;
        out.push(ev(t, EventKind::ResponseChunk { body: Body::new(f) }));
        t += 1;
    }
    out.push(ev(
        t,
        EventKind::ExchangeEnd {
            outcome: Outcome::Complete,
            error: None,
            trailers: None,
            request_bytes: req_body.len() as u64,
            response_bytes: n,
            truncated: false,
            resent: None,
            connect_failure: None,
        },
    ));
    out
}

/// A plain 1.0 `SendMessage` / `SendStreamingMessage` request body.
const PLAIN_REQ: &str = r#"{"jsonrpc":"2.0","id":1,"method":"METHOD","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}"#;

/// What one recorded case gives: the recording's lines, the bodies decoded from them
/// (joined per exchange and direction, a gzip one inflated) and the AUTH-LEAK-002 messages.
struct Recorded {
    lines: String,
    answer: Vec<u8>,
    echoed: Vec<String>,
}

/// `evs` through a redacting recorder (as the proxy's writer: `process` per event,
/// `release_all` at the end), written as lines, read back and judged.
fn record(evs: Vec<Event>) -> Recorded {
    let mut r = Redactor::new(true);
    let mut out = Vec::new();
    for e in evs {
        out.extend(r.process(e));
    }
    out.extend(r.release_all());
    let mut lines = String::new();
    for (i, e) in out.iter_mut().enumerate() {
        e.seq = i as u64 + 1;
        lines.push_str(&serde_json::to_string(e).unwrap());
        lines.push('\n');
    }
    let back: Vec<Event> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut coded = false;
    let mut answer = Vec::new();
    for e in &back {
        match &e.kind {
            EventKind::ResponseHead { headers, .. } => {
                coded = headers.get("content-encoding").is_some()
            }
            EventKind::ResponseChunk { body } => answer.extend_from_slice(&body.data),
            _ => {}
        }
    }
    if coded {
        // as far as it decodes: a stream the recorder left out from a frame on ends early
        let mut plain = Vec::new();
        let mut d = flate2::read::GzDecoder::new(&answer[..]);
        let mut buf = [0u8; 256];
        while let Ok(n @ 1..) = d.read(&mut buf) {
            plain.extend_from_slice(&buf[..n]);
        }
        answer = plain;
    }
    let mut header = RecordingHeader::new(CaptureMode::Reverse);
    header.listen = vec!["127.0.0.1:47100".into()];
    let mut v = Verifier::new(&header);
    for e in &back {
        v.feed(e);
    }
    let echoed = v
        .finish()
        .findings
        .iter()
        .filter(|f| f.rule == "AUTH-LEAK-002")
        .map(|f| f.message.clone())
        .collect();
    Recorded {
        lines,
        answer,
        echoed,
    }
}

/// The recording holds no clear copy of [`TOKEN`], in its bytes nor in its decoded answer
/// (escapes undone: `\/` read as `/`, `\u0074` as `t`).
fn assert_no_clear_token(r: &Recorded, case: &str) {
    assert!(!r.lines.contains(TOKEN), "{case}: {}", r.lines);
    assert!(!r.lines.contains(&TOKEN.replace('/', "\\\\/")), "{case}");
    let text = String::from_utf8_lossy(&r.answer);
    let unescaped = text.replace("\\/", "/").replace("\\u0074", "t");
    assert!(!unescaped.contains(TOKEN), "{case}: {text}");
}

/// One AUTH-LEAK-002 naming the Authorization header and the copy by its tag.
fn assert_told(r: &Recorded, case: &str) {
    assert_eq!(r.echoed.len(), 1, "{case}: {:#?}\n{}", r.echoed, r.lines);
    assert!(
        r.echoed[0].contains("the Authorization header") && r.echoed[0].contains("[REDACTED:"),
        "{case}: {}",
        r.echoed[0]
    );
}

/// An SSE answer whose event quotes the token whole: told (before: silent, the verifier
/// read placeholders in unary bodies only; the recording was already tagged).
#[test]
fn a_stream_event_quoting_the_credential_is_told() {
    let r = record(events(
        PLAIN_REQ,
        Answer::Sse,
        &[
            sse_event("working"),
            sse_event(&format!("invalid token {TOKEN}")),
        ],
    ));
    assert_no_clear_token(&r, "sse");
    assert_told(&r, "sse");
}

/// A copy the frames split, at every byte of the token (and of its escaped form): the
/// recording holds no clear part that joins to it, and the copy is told. Before: each
/// frame was scrubbed alone, so the whole token stayed in the recording in clear.
#[test]
fn a_copy_split_across_frames_is_tagged_and_told() {
    for (answer, text) in [
        (Answer::Sse, TOKEN.to_string()),
        (Answer::Json, TOKEN.to_string()),
        (
            Answer::Sse,
            TOKEN.replace('/', "\\/").replacen('t', "\\u0074", 1),
        ),
    ] {
        let whole = match answer {
            Answer::Sse => sse_event(&format!("invalid token {text} given")),
            _ => unary_answer(&format!("invalid token {text} given")),
        };
        let at = whole.find(&text).unwrap();
        for cut in at + 1..at + text.len() {
            let case = format!("cut at {} of {text}", cut - at);
            let r = record(events(
                PLAIN_REQ,
                answer,
                &[whole[..cut].to_string(), whole[cut..].to_string()],
            ));
            assert_no_clear_token(&r, &case);
            assert_told(&r, &case);
        }
    }
}

/// A copy JSON writes escaped (`tok\/Secret`, `\u0074ok`, both): tagged and told. Before:
/// the scrub looked for the value's bytes as sent only, and the copy stayed in clear.
#[test]
fn an_escaped_copy_is_tagged_and_told() {
    for text in [
        TOKEN.replace('/', "\\/"),
        TOKEN.replacen('t', "\\u0074", 1),
        TOKEN.replace('/', "\\u002f").replacen('t', "\\u0074", 1),
        TOKEN.replace('/', "\\u002F"),
    ] {
        for answer in [Answer::Json, Answer::Sse] {
            let body = match answer {
                Answer::Sse => sse_event(&format!("invalid token {text}")),
                _ => unary_answer(&format!("invalid token {text}")),
            };
            let r = record(events(PLAIN_REQ, answer, &[body]));
            assert_no_clear_token(&r, &text);
            assert_told(&r, &text);
        }
    }
}

/// A gzip answer quoting the token (held and decoded whole, or an SSE stream decoded as it
/// comes): no clear copy once the recording's body is inflated, and told. Before: the
/// scrub ran on the coded bytes and the inflated answer held the token.
#[test]
fn a_compressed_copy_is_tagged_and_told() {
    for answer in [Answer::JsonGzip, Answer::SseGzip] {
        let body = match answer {
            Answer::SseGzip => sse_event(&format!("invalid token {TOKEN}")),
            _ => unary_answer(&format!("invalid token {TOKEN}")),
        };
        let r = record(events(PLAIN_REQ, answer, &[body]));
        assert_no_clear_token(&r, "gzip");
        assert_told(&r, "gzip");
    }
}

/// Legal neighbours: nothing told and every body byte kept as sent: a stream that quotes
/// no credential; frames that end in a prefix of the token the next frame does not finish
/// (a `\u00` escape cut included); escapes that decode to other text; and a push config
/// token the client put in its own request body, quoted back (its payload, not judged).
#[test]
fn legal_neighbours_keep_their_bytes_and_stay_silent() {
    let near = &TOKEN[..TOKEN.len() - 1];
    for (answer, pieces) in [
        (Answer::Sse, vec![sse_event("working"), sse_event("done")]),
        (
            Answer::Sse,
            vec![
                format!("data: {{\"x\":\"{}", &TOKEN[..5]),
                "nope\"}\n\n".to_string(),
            ],
        ),
        (
            Answer::Json,
            vec![
                unary_answer(&format!("near {near}"))[..40].to_string(),
                unary_answer(&format!("near {near}"))[40..].to_string(),
            ],
        ),
        (
            Answer::Json,
            vec![
                unary_answer("a \\u00").to_string(),
                unary_answer("41 b \\/ \\u0074ok\\/x").to_string(),
            ],
        ),
    ] {
        let r = record(events(PLAIN_REQ, answer, &pieces));
        assert_eq!(r.answer, pieces.concat().into_bytes());
        assert!(r.echoed.is_empty(), "{:?}", r.echoed);
    }
    // the client's own push config token, sent in its body as well as in its head
    let req = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"METHOD","params":{{"message":{{"messageId":"m1","role":"ROLE_USER","parts":[{{"text":"hi"}}]}},"configuration":{{"pushNotificationConfig":{{"url":"https://hooks.example.com/h","token":"{TOKEN}"}}}}}}}}"#
    );
    let r = record(events(
        &req,
        Answer::Sse,
        &[sse_event(&format!("config token {TOKEN}"))],
    ));
    assert_no_clear_token(&r, "push token");
    assert!(r.echoed.is_empty(), "{:?}", r.echoed);
}

/// Item 2: the API key the client sends, as the public card's apiKey scheme publishes it.
const CARD_KEY: &str = "ck-live-54-Zq81xVb7";

/// A 1.0 public card at `http://127.0.0.1:47100/` whose apiKey scheme (header
/// `X-Caller-Ref`) has `description`, and whose interface URL ends with `query`.
fn card(description: &str, query: &str) -> String {
    serde_json::json!({
        "name": "left54", "description": "left54 agent", "version": "1.0.0",
        "supportedInterfaces": [{"url": format!("http://127.0.0.1:47100/{query}"),
            "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {}, "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "s", "tags": ["s"]}],
        "securitySchemes": {"key": {"apiKeySecurityScheme": {
            "location": "header", "name": "X-Caller-Ref", "description": description}}},
        "securityRequirements": [{"schemes": {"key": {"list": []}}}]
    })
    .to_string()
}

/// One exchange `id` of `events`: a request head (`method`, `path`, `headers`), its body,
/// a 200 JSON answer `answer`, the end; times from `t`.
fn exchange(
    id: &str,
    t: u64,
    method: &str,
    path: &str,
    headers: Vec<(&str, &str)>,
    body: &str,
    answer: &str,
) -> Vec<Event> {
    let e = |t: u64, kind: EventKind| Event {
        seq: 0,
        t_us: t,
        exchange: Some(id.into()),
        leg: None,
        kind,
    };
    let mut out = vec![e(
        t,
        EventKind::RequestHead {
            conn: None,
            method: method.into(),
            url: format!("http://127.0.0.1:47100{path}"),
            version: None,
            headers: Headers::from_pairs(headers),
            upstream: Some(format!("http://127.0.0.1:38100{path}")),
        },
    )];
    if !body.is_empty() {
        out.push(e(
            t + 1,
            EventKind::RequestBody {
                body: Body::new(body.to_string()),
            },
        ));
    }
    out.push(e(
        t + 2,
        EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Headers::from_pairs(vec![("content-type", "application/json")]),
            synthetic: false,
            reason: None,
        },
    ));
    out.push(e(
        t + 3,
        EventKind::ResponseChunk {
            body: Body::new(answer.to_string()),
        },
    ));
    out.push(e(
        t + 4,
        EventKind::ExchangeEnd {
            outcome: Outcome::Complete,
            error: None,
            trailers: None,
            request_bytes: body.len() as u64,
            response_bytes: answer.len() as u64,
            truncated: false,
            resent: None,
            connect_failure: None,
        },
    ));
    out
}

/// The card fetched, then a `SendMessage` sending `key` in `X-Caller-Ref`: the
/// recording's lines and its CARD-SECRET-001 messages.
fn card_then_call(card: &str, key: &str) -> (String, Vec<String>) {
    let mut evs = exchange(
        "c1",
        10,
        "GET",
        "/.well-known/agent-card.json",
        vec![("accept", "application/json")],
        "",
        card,
    );
    let req = PLAIN_REQ.replace("METHOD", "SendMessage");
    evs.extend(exchange(
        "c2",
        100,
        "POST",
        "/",
        vec![
            ("content-type", "application/json"),
            ("a2a-version", "1.0"),
            ("x-caller-ref", key),
        ],
        &req,
        &unary_answer("hello"),
    ));
    let mut r = Redactor::new(true);
    let mut out = Vec::new();
    for e in evs {
        out.extend(r.process(e));
    }
    out.extend(r.release_all());
    let mut lines = String::new();
    for (i, e) in out.iter_mut().enumerate() {
        e.seq = i as u64 + 1;
        lines.push_str(&serde_json::to_string(e).unwrap());
        lines.push('\n');
    }
    let mut header = RecordingHeader::new(CaptureMode::Reverse);
    header.listen = vec!["127.0.0.1:47100".into()];
    let mut v = Verifier::new(&header);
    for l in lines.lines() {
        v.feed(&serde_json::from_str::<Event>(l).unwrap());
    }
    let told = v
        .finish()
        .findings
        .iter()
        .filter(|f| f.rule == "CARD-SECRET-001")
        .map(|f| f.message.clone())
        .collect();
    (lines, told)
}

/// Item 2 (CARD-011 SHOULD NOT, AUTH-001): a public card whose apiKey scheme description
/// holds the very key the client then sends is CARD-SECRET-001, on a redacted recording
/// too, and the recording holds no clear copy of the key. Before: the recorder wrote the
/// card as published (it had not seen the key yet) and the verifier compared the card's
/// clear text with the header's tag: silent.
#[test]
fn a_card_publishing_the_key_clients_send_is_told_on_a_redacted_recording() {
    for desc in [
        format!("send your key in X-Caller-Ref, e.g. {CARD_KEY}"),
        format!("X-Caller-Ref: \"{CARD_KEY}\""),
        CARD_KEY.to_string(),
    ] {
        let (lines, told) = card_then_call(&card(&desc, ""), CARD_KEY);
        assert!(!lines.contains(CARD_KEY), "{desc}: {lines}");
        assert_eq!(told.len(), 1, "{desc}: {told:?}");
        assert!(
            told[0].contains("x-caller-ref header ([REDACTED:"),
            "{}",
            told[0]
        );
    }
}

/// Item 2: a bearer token in an interface URL's query is CARD-SECRET-001 and not in the
/// recording in clear.
#[test]
fn a_card_carrying_a_token_in_a_url_query_is_told_and_tagged() {
    let tok = "qt-54-Hk2mW9pQ0sLx";
    let (lines, told) = card_then_call(
        &card("a key from the portal", &format!("?token={tok}")),
        CARD_KEY,
    );
    assert!(!lines.contains(tok), "{lines}");
    assert_eq!(told.len(), 1, "{told:?}");
}

/// Item 2's legal neighbours: silent, the description kept as published: a description
/// naming where a key is got and the algorithm (`HMAC-SHA256`, a version `v2.1`), and a
/// card whose example key is not the one the client sends.
#[test]
fn a_card_naming_no_sent_key_stays_silent_and_keeps_its_text() {
    for desc in [
        "get a key at https://example.com/keys; requests are HMAC-SHA256 signed (v2.1)",
        "e.g. ck-test-00-Example",
    ] {
        let (lines, told) = card_then_call(&card(desc, ""), CARD_KEY);
        assert!(told.is_empty(), "{desc}: {told:?}");
        assert!(
            lines.contains(&desc.replace('"', "\\\"")),
            "{desc}: {lines}"
        );
    }
}

/// Item 4: the rules a card fetch at `origin` draws, the card as given.
fn card_rules(origin: &str, card: serde_json::Value) -> Vec<String> {
    let t = [
        serde_json::json!({"dir": "req", "method": "GET",
            "url": format!("{origin}/.well-known/agent-card.json"),
            "headers": {"accept": "application/json"}, "body": "", "t": 0.01}),
        serde_json::json!({"dir": "resp", "status": 200,
            "headers": {"content-type": "application/json",
                "cache-control": "public, max-age=300", "etag": "\"c1\""},
            "body": card.to_string(), "t": 0.02}),
    ]
    .iter()
    .map(|l| l.to_string() + "\n")
    .collect::<String>();
    let (_, evs): (_, Vec<Event>) = a2a_interop::record::transcript::read(&t).unwrap();
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in &evs {
        v.feed(e);
    }
    let mut r: Vec<String> = v.finish().findings.iter().map(|f| f.rule.clone()).collect();
    r.sort();
    r.dedup();
    r
}

/// A 1.0 card with `url` as its one JSON-RPC interface, these schemes and requirements.
fn card_v10(url: &str, schemes: serde_json::Value, reqs: serde_json::Value) -> serde_json::Value {
    serde_json::json!({
        "name": "left54", "description": "d", "version": "1.0.0",
        "supportedInterfaces": [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "s", "tags": ["s"]}],
        "securitySchemes": schemes, "securityRequirements": reqs})
}

/// Item 4 (AUTH-004; new AUTH-TLS-005): a card whose only way in is mutual TLS and that
/// lists a plain-http interface is told, on a public host and on loopback alike (no TLS,
/// no client certificate). Before: silent. Legal neighbours stay silent: the same card
/// over https, mutual TLS OR a bearer token on plain http (the token works there), a
/// bearer-only card on a LAN host over plain http (a test set-up; AUTH-004 is about
/// production), and 0.3's `mutualTLS` with an https url.
#[test]
fn a_mutual_tls_only_card_on_a_plain_http_interface_is_told() {
    let mtls = serde_json::json!({"m": {"mtlsSecurityScheme": {}}});
    let only = serde_json::json!([{"schemes": {"m": {"list": []}}}]);
    for (origin, url) in [
        ("http://agent.example.test", "http://agent.example.test/a2a"),
        ("http://127.0.0.1:47100", "http://127.0.0.1:47100/"),
    ] {
        let r = card_rules(origin, card_v10(url, mtls.clone(), only.clone()));
        assert!(r.contains(&"AUTH-TLS-005".to_string()), "{url}: {r:?}");
    }
    let both = serde_json::json!({"m": {"mtlsSecurityScheme": {}},
        "b": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}});
    let either =
        serde_json::json!([{"schemes": {"m": {"list": []}}}, {"schemes": {"b": {"list": []}}}]);
    let bearer = serde_json::json!([{"schemes": {"b": {"list": []}}}]);
    for (origin, card) in [
        (
            "https://agent.example.test",
            card_v10("https://agent.example.test/a2a", mtls.clone(), only.clone()),
        ),
        (
            "http://agent.example.test",
            card_v10("http://agent.example.test/a2a", both.clone(), either),
        ),
        (
            "http://10.0.0.7:8000",
            card_v10("http://10.0.0.7:8000/", both.clone(), bearer),
        ),
    ] {
        let r = card_rules(origin, card);
        assert!(!r.contains(&"AUTH-TLS-005".to_string()), "{origin}: {r:?}");
    }
}

/// Item 5: rule ids of `evs` under `header`.
fn rule_ids_of(header: &RecordingHeader, evs: &[Event]) -> Vec<String> {
    let mut v = Verifier::new(header);
    for e in evs {
        v.feed(e);
    }
    let mut ids: Vec<String> = v.finish().findings.iter().map(|f| f.rule.clone()).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Item 5 (race52's leftover): a gateway recording (the client's REST call under `/v1`,
/// copied upstream without it and refused: GW-REQ-002) recorded again
/// with the client's JSON body sent without Content-Length, in one frame or two: the
/// redactor writes the client's body before the gateway's copy (its JSON document closed),
/// so the verdict is the one the Content-Length recording draws. Before: the body was held
/// to the client's response head, written after the whole upstream exchange, and the
/// verdict changed. A body that never closes (not JSON text) is held as before.
#[test]
fn a_chunked_client_body_is_written_before_the_gateway_copy() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "tests/cases/variants/r52-gw-v10-rest-v1-prefix-dropped-agent-refuses-copy-ends-before-client-answer.jsonl",
    );
    let src = a2a_interop::record::source::open(&path).unwrap();
    let header = src.header.clone();
    let evs: Vec<Event> = src.events.map(|e| e.unwrap()).collect();
    let want = rule_ids_of(&header, &evs);
    assert!(want.contains(&"GW-REQ-002".to_string()), "{want:?}");
    for split in [false, true] {
        // the client's call (e19) without Content-Length, its body in `split` two frames
        let mut chunked = Vec::new();
        for e in &evs {
            let mut e = e.clone();
            let client = e.exchange.as_deref() == Some("e19");
            match &mut e.kind {
                EventKind::RequestHead { headers, .. } if client => {
                    *headers = headers
                        .iter()
                        .filter(|(n, _)| !n.eq_ignore_ascii_case("content-length"))
                        .chain([("transfer-encoding", "chunked")])
                        .collect();
                }
                EventKind::RequestBody { body } if client && split => {
                    let d = body.data.clone();
                    let mid = d.len() / 2;
                    let mut first = e.clone();
                    first.kind = EventKind::RequestBody {
                        body: Body::new(d.slice(..mid)),
                    };
                    chunked.push(first);
                    e.kind = EventKind::RequestBody {
                        body: Body::new(d.slice(mid..)),
                    };
                }
                _ => {}
            }
            chunked.push(e);
        }
        let mut r = Redactor::new(true);
        let mut out = Vec::new();
        for e in chunked {
            out.extend(r.process(e));
        }
        out.extend(r.release_all());
        for (i, e) in out.iter_mut().enumerate() {
            e.seq = i as u64 + 1;
        }
        let at = |x: &str, body: bool| {
            out.iter()
                .position(|e| {
                    e.exchange.as_deref() == Some(x)
                        && if body {
                            matches!(e.kind, EventKind::RequestBody { .. })
                        } else {
                            matches!(e.kind, EventKind::RequestHead { .. })
                        }
                })
                .unwrap()
        };
        assert!(at("e19", true) < at("e20", false), "split {split}");
        assert_eq!(rule_ids_of(&header, &out), want, "split {split}");
    }
}

/// Item 6: the rules of a 1.0 HTTP+JSON agent without push notifications (card fetched)
/// answering `method path` (body `body`) with HTTP `status` and body `answer`.
fn rest_rules(method: &str, path: &str, body: &str, status: u16, answer: &str) -> Vec<String> {
    let card = serde_json::json!({
        "name": "left54", "description": "d", "version": "1.0.0",
        "supportedInterfaces": [{"url": "http://127.0.0.1:47100/", "protocolBinding": "HTTP+JSON",
            "protocolVersion": "1.0"}],
        "capabilities": {"pushNotifications": false, "streaming": false},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "s", "tags": ["s"]}]});
    let t = [
        serde_json::json!({"dir": "req", "method": "GET",
            "url": "http://127.0.0.1:47100/.well-known/agent-card.json",
            "headers": {"accept": "application/json"}, "body": "", "t": 0.01}),
        serde_json::json!({"dir": "resp", "status": 200,
            "headers": {"content-type": "application/json",
                "cache-control": "public, max-age=300", "etag": "\"c1\""},
            "body": card.to_string(), "t": 0.02}),
        serde_json::json!({"dir": "req", "method": method,
            "url": format!("http://127.0.0.1:47100{path}"),
            "headers": {"content-type": "application/json", "a2a-version": "1.0"},
            "body": body, "t": 1.0}),
        serde_json::json!({"dir": "resp", "status": status,
            "headers": {"content-type": "application/json"}, "body": answer, "t": 1.1}),
    ]
    .iter()
    .map(|l| l.to_string() + "\n")
    .collect::<String>();
    let (_, evs): (_, Vec<Event>) = a2a_interop::record::transcript::read(&t).unwrap();
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in &evs {
        v.feed(e);
    }
    let mut r: Vec<String> = v.finish().findings.iter().map(|f| f.rule.clone()).collect();
    r.sort();
    r.dedup();
    r
}

/// Item 6 (ERR-002's table: -32603 InternalError is HTTP 500 INTERNAL): an HTTP+JSON 500
/// without an ErrorInfo reason (a bare body, or a google.rpc Status INTERNAL) is read as
/// -32603 in every situation, not only for a refused stream (mine53): a push config call
/// to an agent that declares no push notifications, answered so, is REST-ERROR-001 (the
/// situation names -32003 PushNotificationNotSupportedError), as -32603 is on JSON-RPC.
/// Before: silent. The legal neighbour stays silent: the situation's own error (400
/// FAILED_PRECONDITION with reason PUSH_NOTIFICATION_NOT_SUPPORTED).
#[test]
fn a_reasonless_http_json_500_is_internal_error_in_every_situation() {
    let cfg = r#"{"url":"https://hooks.example.com/h"}"#;
    let path = "/tasks/t1/pushNotificationConfigs";
    for answer in [
        r#"{"error":"boom"}"#,
        r#"{"error":{"code":500,"status":"INTERNAL","message":"boom"}}"#,
    ] {
        let r = rest_rules("POST", path, cfg, 500, answer);
        assert!(r.contains(&"REST-ERROR-001".to_string()), "{answer}: {r:?}");
    }
    let right = r#"{"error":{"code":400,"status":"FAILED_PRECONDITION","message":"no push","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"PUSH_NOTIFICATION_NOT_SUPPORTED","domain":"a2a-protocol.org"}]}}"#;
    let r = rest_rules("POST", path, cfg, 400, right);
    assert!(!r.contains(&"REST-ERROR-001".to_string()), "{r:?}");
}

/// Item 3: the rules of a 1.0 JSON-RPC agent whose public card is fetched, then its
/// extended card (bearer token sent) answered as `ext`.
fn extended_rules(ext: serde_json::Value) -> Vec<String> {
    let public = card_v10(
        "http://127.0.0.1:47100/",
        serde_json::json!({"b": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}),
        serde_json::json!([{"schemes": {"b": {"list": []}}}]),
    );
    let mut public = public;
    public["capabilities"] = serde_json::json!({"extendedAgentCard": true});
    public["provider"] =
        serde_json::json!({"organization": "Left", "url": "https://left.example.com"});
    let req = r#"{"jsonrpc":"2.0","id":1,"method":"GetExtendedAgentCard","params":{}}"#;
    let t = [
        serde_json::json!({"dir": "req", "method": "GET",
            "url": "http://127.0.0.1:47100/.well-known/agent-card.json",
            "headers": {"accept": "application/json"}, "body": "", "t": 0.01}),
        serde_json::json!({"dir": "resp", "status": 200,
            "headers": {"content-type": "application/json",
                "cache-control": "public, max-age=300", "etag": "\"c1\""},
            "body": public.to_string(), "t": 0.02}),
        serde_json::json!({"dir": "req", "method": "POST", "url": "http://127.0.0.1:47100/",
            "headers": {"content-type": "application/json", "a2a-version": "1.0",
                "authorization": "Bearer [REDACTED:0123456789ab]"},
            "body": req, "t": 1.0}),
        serde_json::json!({"dir": "resp", "status": 200,
            "headers": {"content-type": "application/json"},
            "body": serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": ext}).to_string(),
            "t": 1.1}),
    ]
    .iter()
    .map(|l| l.to_string() + "\n")
    .collect::<String>();
    let (_, evs): (_, Vec<Event>) = a2a_interop::record::transcript::read(&t).unwrap();
    let mut v = Verifier::new(&RecordingHeader::new(CaptureMode::Reverse));
    for e in &evs {
        v.feed(e);
    }
    let mut r: Vec<String> = v.finish().findings.iter().map(|f| f.rule.clone()).collect();
    r.sort();
    r.dedup();
    r
}

/// Item 3 (decision, no rule): the digest asks of the authenticated extended card only
/// AUTH-005 (declared in the public card, served to a credential of a public scheme); 0.3
/// §7.10 says clients SHOULD replace the cached public card with it, and no requirement
/// ties its identity to the public card's. An extended card that adds skills and scheme
/// detail, and one whose name, interface host and provider differ (an authenticated-only
/// interface on another host is a documented use: a2a-java's GetAuthenticatedExtendedCard
/// "authenticated-only skills or interfaces"), draw the same verdict: none.
#[test]
fn an_extended_card_with_another_identity_is_not_judged() {
    let base = |name: &str, url: &str, org: &str| {
        let mut c = card_v10(
            url,
            serde_json::json!({"b": {"httpAuthSecurityScheme": {"scheme": "Bearer",
                "description": "tokens from the portal", "bearerFormat": "JWT"}}}),
            serde_json::json!([{"schemes": {"b": {"list": []}}}]),
        );
        c["name"] = serde_json::json!(name);
        c["capabilities"] = serde_json::json!({"extendedAgentCard": true});
        c["provider"] = serde_json::json!({"organization": org, "url": "https://left.example.com"});
        c["skills"].as_array_mut().unwrap().push(
            serde_json::json!({"id": "admin", "name": "admin", "description": "a", "tags": ["a"]}),
        );
        c
    };
    let same = extended_rules(base("left54", "http://127.0.0.1:47100/", "Left"));
    let other = extended_rules(base("other", "http://127.0.0.2:47100/", "Other"));
    assert_eq!(same, other);
    assert!(same.is_empty(), "{same:?}");
}

/*!
Incremental Server-Sent Events decoder (WHATWG HTML "Server-sent events", §9.2.6
"Interpreting an event stream"). Sans-IO: push chunks as they arrive, get events out.

Handles LF, CRLF and CR line endings (also a CR/LF pair split across two chunks), events
split anywhere across chunks, several events per chunk, multi-line `data:` joined with
`\n`, comment lines (`:`), `event`, `id`, `retry`, and a leading BOM.

Besides events it reports framing problems a verifier can prove (RPC-005, REST-002):
- [`FramingProblem::Unterminated`]: data lines at end of stream without the blank line that
  dispatches them (the spec drops such an event);
- [`FramingProblem::MergedDocuments`]: a data line that starts a new JSON document while the
  pending data is already a complete JSON document (a single newline where a blank line was
  meant, CASE-13);
- [`FramingProblem::MisspelledField`]: a line the parser ignores because its field name is
  `data` (or `event`, `id`, `retry`) behind a mid-stream BOM, in other letter case or with
  whitespace around it, so its data is lost.
*/

/// One dispatched SSE event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SseEvent {
    /// `event:` field, when set.
    pub event: Option<String>,
    /// `data:` lines joined with `\n`.
    pub data: String,
    /// Last event ID after this event (`id:` field, sticky per the spec).
    pub id: Option<String>,
    /// `retry:` value in ms, when this event set one.
    pub retry: Option<u64>,
    /// The decoder saw [`FramingProblem::MergedDocuments`] inside this event's data.
    pub merged: bool,
    /// A line of this event was not valid UTF-8 (SSE streams are UTF-8 by definition;
    /// RFC 8259 §8.1 for the JSON in them): the first bad byte and up to 24 characters of
    /// the line before it. `data` holds the line decoded lossily (U+FFFD for bad bytes).
    pub bad_utf8: Option<(u8, String)>,
    /// Lines of this event the parser ignored that read as JSON text (their first
    /// non-blank character is `"`, `{`, `}`, `[` or `]`): the continuation lines of a
    /// JSON document written with `data:` in front of its first line only (pretty-printed
    /// JSON, `data: ${JSON.stringify(v, null, 2)}`). Their number and the first of them
    /// (up to 80 characters); `None` when there were none. The W3C SSE parser takes the
    /// text before their first colon as an unknown field name and drops them.
    pub stray_json_lines: Option<(u32, String)>,
}

/// A framing problem seen in the byte stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FramingProblem {
    /// The stream ended with `data` lines never dispatched by a blank line.
    Unterminated {
        /// The pending (never dispatched) data.
        data: String,
    },
    /// A `data:` line began a new JSON document while the pending data was already one
    /// complete JSON document: the two were separated by a single line break.
    MergedDocuments {
        /// The pending data before the new line.
        before: String,
    },
    /// A line whose field name would be `data`, `event`, `id` or `retry` but for a
    /// U+FEFF byte order mark (allowed only at the very start of the stream), letter case
    /// or whitespace around the name (`\u{feff}data:`, `Data:`, ` data:`, `data :`). The
    /// spec's parser treats it as an unknown field and ignores the line, so its data is
    /// lost (RPC-005, REST-002: every event's `data` must reach the client).
    MisspelledField {
        /// The field name the line meant (`data`, `event`, `id`, `retry`).
        meant: &'static str,
        /// What is wrong with it, in finding words (`starts with U+FEFF`, ...).
        why: &'static str,
        /// The line as sent (lossy UTF-8, at most 200 characters).
        line: String,
    },
    /// Lines that read as JSON text (first non-blank character `"`, `{`, `}`, `[` or `]`)
    /// in an event with no `data` line at all, or beside `data` lines that are already one
    /// complete JSON document (so they are no continuation of it): a JSON document written
    /// into the stream without SSE framing (an error body written raw after the head went
    /// out, mine50). The parser ignores them as unknown fields, so the document is lost
    /// (RPC-005, REST-002). Reported when the blank line that dispatches (or would
    /// dispatch) the event arrives, or at the end of the stream, before that event.
    JsonWithoutData {
        /// How many such lines the event held.
        lines: u32,
        /// The first of them (at most 80 characters).
        first: String,
    },
}

/// What [`SseDecoder::push`] and [`SseDecoder::finish`] yield, in stream order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SseItem {
    Event(SseEvent),
    Problem(FramingProblem),
}

/// The decoder state. Feed with [`push`](Self::push), end with [`finish`](Self::finish).
#[derive(Debug, Default)]
pub struct SseDecoder {
    line: Vec<u8>,
    started: bool,
    after_cr: bool,
    data: String,
    has_data: bool,
    event: Option<String>,
    last_id: Option<String>,
    retry: Option<u64>,
    merged: bool,
    /// The pending event's first non-UTF-8 byte ([`SseEvent::bad_utf8`]).
    bad_utf8: Option<(u8, String)>,
    /// The pending event's ignored JSON-looking lines ([`SseEvent::stray_json_lines`]).
    stray_json_lines: Option<(u32, String)>,
    /// Comment lines seen (keep-alives).
    pub comments: u64,
}

impl SseDecoder {
    /// A fresh decoder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds one chunk of the body; returns the events (and problems) it completed.
    pub fn push(&mut self, chunk: &[u8]) -> Vec<SseItem> {
        let mut out = Vec::new();
        let mut bytes = chunk;
        if !self.started && !bytes.is_empty() {
            // BOM may itself be split; handle the common whole-BOM case and a partial one
            // by buffering until 3 bytes are known.
            self.line.extend_from_slice(bytes);
            if self.line.len() < 3 && b"\xEF\xBB\xBF".starts_with(&self.line) {
                return out;
            }
            self.started = true;
            let buf = std::mem::take(&mut self.line);
            let rest = buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&buf);
            self.scan(rest, &mut out);
            return out;
        }
        if bytes.is_empty() {
            return out;
        }
        if self.after_cr && bytes[0] == b'\n' {
            bytes = &bytes[1..];
        }
        self.after_cr = false;
        self.scan(bytes, &mut out);
        out
    }

    fn scan(&mut self, mut bytes: &[u8], out: &mut Vec<SseItem>) {
        if self.after_cr && bytes.first() == Some(&b'\n') {
            bytes = &bytes[1..];
        }
        self.after_cr = false;
        // Line ends found by `memchr2` (SIMD, many bytes per step), not a byte loop: most of
        // an event stream is the JSON of its `data:` lines.
        while let Some(pos) = memchr::memchr2(b'\n', b'\r', bytes) {
            let was_cr = bytes[pos] == b'\r';
            let (head, rest) = (&bytes[..pos], &bytes[pos + 1..]);
            if self.line.is_empty() {
                // The whole line is in this chunk (the usual case): no copy.
                self.line_done(head, out);
            } else {
                let mut line = std::mem::take(&mut self.line);
                line.extend_from_slice(head);
                self.line_done(&line, out);
                // Keep the buffer's capacity for the next split line.
                line.clear();
                self.line = line;
            }
            bytes = rest;
            if was_cr {
                if bytes.is_empty() {
                    self.after_cr = true;
                } else if bytes[0] == b'\n' {
                    bytes = &bytes[1..];
                }
            }
        }
        self.line.extend_from_slice(bytes);
    }

    fn line_done(&mut self, line: &[u8], out: &mut Vec<SseItem>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line[0] == b':' {
            self.comments += 1;
            return;
        }
        // Valid UTF-8 (the usual case) borrowed through the fast validator; lossy otherwise.
        let text = match std::str::from_utf8(line) {
            Ok(s) => std::borrow::Cow::Borrowed(s),
            Err(e) => {
                if self.bad_utf8.is_none() {
                    let at = e.valid_up_to();
                    let before = String::from_utf8_lossy(&line[..at]);
                    let tail: String = {
                        let n = before.chars().count();
                        before.chars().skip(n.saturating_sub(24)).collect()
                    };
                    self.bad_utf8 = Some((line[at], tail));
                }
                String::from_utf8_lossy(line)
            }
        };
        let (field, value) = match text.find(':') {
            Some(i) => {
                let v = &text[i + 1..];
                (&text[..i], v.strip_prefix(' ').unwrap_or(v))
            }
            None => (&text[..], ""),
        };
        match field {
            "data" => {
                if self.has_data {
                    let starts_doc = matches!(value.trim_start().as_bytes().first(), Some(b'{'))
                        || matches!(value.trim_start().as_bytes().first(), Some(b'['));
                    if starts_doc
                        && !self.merged
                        && serde_json::from_str::<serde::de::IgnoredAny>(&self.data).is_ok()
                    {
                        self.merged = true;
                        out.push(SseItem::Problem(FramingProblem::MergedDocuments {
                            before: self.data.clone(),
                        }));
                    }
                    self.data.push('\n');
                }
                self.data.push_str(value);
                self.has_data = true;
            }
            "event" => self.event = Some(value.to_string()),
            "id" if !value.contains('\0') => self.last_id = Some(value.to_string()),
            "retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                self.retry = value.parse().ok();
            }
            "retry" | "id" => {}
            other => {
                if let Some((meant, why)) =
                    misspelled_field(other).or_else(|| data_typo(other, value))
                {
                    out.push(SseItem::Problem(FramingProblem::MisspelledField {
                        meant,
                        why,
                        line: text.chars().take(200).collect(),
                    }));
                } else if matches!(
                    text.trim_start().as_bytes().first(),
                    Some(b'"' | b'{' | b'}' | b'[' | b']')
                ) {
                    match self.stray_json_lines.as_mut() {
                        Some((n, _)) => *n = n.saturating_add(1),
                        None => self.stray_json_lines = Some((1, text.chars().take(80).collect())),
                    }
                }
            }
        }
    }

    fn dispatch(&mut self, out: &mut Vec<SseItem>) {
        if !self.has_data {
            self.event = None;
            self.retry = None;
            self.bad_utf8 = None;
            if let Some((lines, first)) = self.stray_json_lines.take().filter(starts_document) {
                out.push(SseItem::Problem(FramingProblem::JsonWithoutData {
                    lines,
                    first,
                }));
            }
            return;
        }
        if self.stray_json_lines.as_ref().is_some_and(starts_document)
            && serde_json::from_str::<serde::de::IgnoredAny>(&self.data).is_ok()
        {
            if let Some((lines, first)) = self.stray_json_lines.take() {
                out.push(SseItem::Problem(FramingProblem::JsonWithoutData {
                    lines,
                    first,
                }));
            }
        }
        out.push(SseItem::Event(SseEvent {
            event: self.event.take(),
            data: std::mem::take(&mut self.data),
            id: self.last_id.clone(),
            retry: self.retry.take(),
            merged: std::mem::take(&mut self.merged),
            bad_utf8: self.bad_utf8.take(),
            stray_json_lines: self.stray_json_lines.take(),
        }));
        self.has_data = false;
    }

    /// Ends the stream: reports data that was never dispatched. A final line without a line
    /// ending is processed as a line first (its data still needs a blank line to dispatch).
    pub fn finish(&mut self) -> Vec<SseItem> {
        let mut out = Vec::new();
        if !self.started && !self.line.is_empty() {
            self.started = true;
        }
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            let line = if !self.started {
                line
            } else {
                line.strip_prefix(b"\xEF\xBB\xBF")
                    .map(<[u8]>::to_vec)
                    .unwrap_or(line)
            };
            self.line_done(&line, &mut out);
        }
        if self.has_data {
            out.push(SseItem::Problem(FramingProblem::Unterminated {
                data: std::mem::take(&mut self.data),
            }));
            self.has_data = false;
        } else if let Some((lines, first)) = self.stray_json_lines.take().filter(starts_document) {
            out.push(SseItem::Problem(FramingProblem::JsonWithoutData {
                lines,
                first,
            }));
        }
        out
    }
}

/// Whether ignored JSON-looking lines (their count and first line) begin a JSON document
/// (an object or array: the first line starts with `{` or `[`), as a raw error body does;
/// a stray closing bracket or string line begins none ([`FramingProblem::JsonWithoutData`]).
fn starts_document(stray: &(u32, String)) -> bool {
    matches!(stray.1.trim_start().as_bytes().first(), Some(b'{' | b'['))
}

/// The standard field a field name `f` was meant to be, and why the parser does not take it
/// as that field: a U+FEFF prefix (a BOM written before every event, e.g. by a .NET
/// `StreamWriter` created per write), other letter case, or whitespace around the name.
/// `None` for an exact or an unrelated name (unknown fields are legal and ignored).
fn misspelled_field(f: &str) -> Option<(&'static str, &'static str)> {
    const FIELDS: [&str; 4] = ["data", "event", "id", "retry"];
    let meant = |n: &str| FIELDS.iter().copied().find(|k| *k == n);
    if let Some(rest) = f.strip_prefix('\u{feff}') {
        let rest = rest.trim_start_matches('\u{feff}');
        return meant(rest.trim()).map(|m| (m, "starts with U+FEFF (a byte order mark)"));
    }
    if f.trim() != f {
        return meant(f.trim()).map(|m| (m, "has whitespace around the field name"));
    }
    if f.to_ascii_lowercase() != f {
        return meant(&f.to_ascii_lowercase()).map(|m| {
            (
                m,
                "spells the field name in other letter case (field names are case-sensitive)",
            )
        });
    }
    None
}

/// breaker31 F10: a field name one typing slip from `data` (a letter changed, dropped,
/// added or two swapped: `date`, `dat`, `daat`, `dtaa`) whose value is a JSON object or
/// array: the event's payload written under a misspelled name, which the parser ignores
/// as an unknown field, so the event's data is lost (RPC-005, REST-002). An unknown field
/// whose value is no JSON document (`date: 2026-12-02T10:00:00Z`) is a custom field and
/// legal; the value is parsed only for such a name.
fn data_typo(f: &str, value: &str) -> Option<(&'static str, &'static str)> {
    let f = f.to_ascii_lowercase();
    if !(3..=5).contains(&f.len()) || !one_slip_from(f.as_bytes(), b"data") {
        return None;
    }
    let v = value.trim();
    if !matches!(v.as_bytes().first(), Some(b'{' | b'[')) {
        return None;
    }
    serde_json::from_str::<serde::de::IgnoredAny>(v).ok()?;
    Some((
        "data",
        "misspells the field name (one letter away from data) in front of a JSON document",
    ))
}

/// True when `a` differs from `b` by exactly one edit: one byte substituted, inserted or
/// deleted, or two adjacent bytes transposed (Damerau-Levenshtein distance 1).
fn one_slip_from(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return false;
    }
    let pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[pre..], &b[pre..]);
    match a.len() as isize - b.len() as isize {
        0 => a[1..] == b[1..] || (a.len() >= 2 && a[0] == b[1] && a[1] == b[0] && a[2..] == b[2..]),
        1 => a[1..] == *b,
        -1 => *a == b[1..],
        _ => false,
    }
}

/// Data-only use of the decoder, for clients that only need each event's `data`
/// (RPC-005, REST-002: one JSON document per event).
impl SseDecoder {
    /// Feeds one chunk (bytes); returns the `data` of each event it completed, in order.
    /// Framing problems are left out (use [`push`](Self::push) to see them).
    pub fn push_data(&mut self, chunk: &[u8]) -> Vec<String> {
        event_data_of(self.push(chunk))
    }
}

/// The `data` of each [`SseItem::Event`] in `items`, in order; problems are dropped.
pub fn event_data_of(items: impl IntoIterator<Item = SseItem>) -> Vec<String> {
    items
        .into_iter()
        .filter_map(|i| match i {
            SseItem::Event(e) => Some(e.data),
            SseItem::Problem(_) => None,
        })
        .collect()
}

/// The `data` of every complete event of a whole `text/event-stream` body (bytes), in
/// order. A last event without its dispatching blank line was cut off and is left out, as
/// the spec drops it.
pub fn event_data(body: &[u8]) -> Vec<String> {
    let mut d = SseDecoder::new();
    let mut out = d.push_data(body);
    out.extend(event_data_of(d.finish()));
    out
}

#[cfg(test)]
mod data_tests {
    use super::*;

    #[test]
    fn whole_body_data_with_any_line_ending_and_cut_off_last_event() {
        let body = b": keep-alive\r\ndata: {\"a\":1}\r\n\r\ndata: x\rdata: y\r\rdata: cut";
        assert_eq!(event_data(body), ["{\"a\":1}", "x\ny"]);
    }

    #[test]
    fn incremental_data_across_split_chunks() {
        let mut d = SseDecoder::new();
        let mut got = d.push_data(b"data: {\"a\"");
        assert!(got.is_empty());
        got.extend(d.push_data(b":1}\r\n\r"));
        got.extend(d.push_data(b"\n: keep-alive\n\ndata: x\rdata: y\r\r\n"));
        assert_eq!(got, ["{\"a\":1}", "x\ny"]);
        assert!(d.finish().is_empty());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(chunks: &[&[u8]]) -> Vec<SseItem> {
        let mut d = SseDecoder::new();
        let mut out = Vec::new();
        for c in chunks {
            out.extend(d.push(c));
        }
        out.extend(d.finish());
        out
    }

    fn datas(items: &[SseItem]) -> Vec<String> {
        items
            .iter()
            .filter_map(|i| match i {
                SseItem::Event(e) => Some(e.data.clone()),
                _ => None,
            })
            .collect()
    }

    /// mine50 (SSE-FRAME-005): a JSON document written into the stream without `data:`
    /// (kairos's error writer after the head went out) is reported, alone before the end of
    /// the stream and beside a later event's complete data; pretty-printed JSON whose first
    /// line has `data:` stays the event's stray lines (SSE-FRAME-002's), not this problem.
    #[test]
    fn json_written_without_data_field() {
        let raw = |items: &[SseItem]| {
            items
                .iter()
                .filter_map(|i| match i {
                    SseItem::Problem(FramingProblem::JsonWithoutData { lines, first }) => {
                        Some((*lines, first.clone()))
                    }
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        let items = decode(&[b"data: {\"a\":1}\n\n", b"{\"title\":\"Internal\"}\n"]);
        assert_eq!(datas(&items), ["{\"a\":1}"]);
        assert_eq!(raw(&items), [(1, "{\"title\":\"Internal\"}".to_string())]);
        let items = decode(&[b"{\"error\":{}}\ndata: {\"b\":2}\n\n"]);
        assert_eq!(datas(&items), ["{\"b\":2}"]);
        assert_eq!(raw(&items), [(1, "{\"error\":{}}".to_string())]);
        assert!(
            matches!(items[0], SseItem::Problem(_)),
            "told before the event"
        );
        let items = decode(&[b"data: {\n  \"a\": 1\n}\n\n"]);
        assert!(raw(&items).is_empty());
        match &items[..] {
            [SseItem::Event(e)] => assert_eq!(e.stray_json_lines.as_ref().map(|s| s.0), Some(2)),
            other => panic!("{other:?}"),
        }
        // Unknown fields that are no JSON stay legal and silent.
        assert!(raw(&decode(&[b"retryx: 5\nfoo: bar\n\ndata: {}\n\n"])).is_empty());
    }

    #[test]
    fn line_endings_and_split_crlf() {
        let items = decode(&[
            b"data: a\r\n\r",
            b"\ndata: b\r",
            b"\n\r\n",
            b"data: c\r\rdata: d\n\n",
        ]);
        assert_eq!(datas(&items), ["a", "b", "c", "d"]);
        assert!(items.iter().all(|i| matches!(i, SseItem::Event(_))));
    }

    #[test]
    fn json_continuation_lines_without_data_prefix_are_counted() {
        // `data: ${JSON.stringify(v, null, 2)}`: only the first line is a data line.
        let items = decode(&[b"data: {\n  \"a\": [\n    1\n  ],\n  \"b\": 2\n}\nfoo: bar\n\n"]);
        let [SseItem::Event(e)] = items.as_slice() else {
            panic!("{items:?}")
        };
        assert_eq!(e.data, "{");
        assert_eq!(
            e.stray_json_lines,
            Some((4, "  \"a\": [".to_string())),
            "the lines starting with \", ] and }} count; `    1` and `foo: bar` do not"
        );
        // Every line prefixed: nothing stray, and the count does not leak into the next event.
        let items = decode(&[b"}: x\n\ndata: {\ndata:  \"a\": 1\ndata: }\n\n"]);
        let [SseItem::Event(e)] = items.as_slice() else {
            panic!("{items:?}")
        };
        assert_eq!(e.data, "{\n \"a\": 1\n}");
        assert_eq!(e.stray_json_lines, None);
    }

    #[test]
    fn multiline_data_comments_fields_bom() {
        let mut d = SseDecoder::new();
        let mut items = d.push(b"\xEF\xBB");
        items.extend(d.push(b"\xBF: hi\nevent: x\nid: 7\nretry: 10\ndata: 1\ndata:2\n\n"));
        items.extend(d.finish());
        assert_eq!(
            items,
            vec![SseItem::Event(SseEvent {
                event: Some("x".into()),
                data: "1\n2".into(),
                id: Some("7".into()),
                retry: Some(10),
                merged: false,
                bad_utf8: None,
                stray_json_lines: None,
            })]
        );
        assert_eq!(d.comments, 1);
    }

    #[test]
    fn non_utf8_data_is_decoded_lossily_and_its_first_bad_byte_kept() {
        // Latin-1 "Grüße" (0xFC 0xDF) in the data of the second event, split across chunks.
        let mut d = SseDecoder::new();
        let mut items = d.push(b"data: {\"a\":1}\n\ndata: {\"t\":\"Gr");
        items.extend(d.push(b"\xfc\xdfe\"}\n\n"));
        items.extend(d.finish());
        let evs: Vec<&SseEvent> = items
            .iter()
            .filter_map(|i| match i {
                SseItem::Event(e) => Some(e),
                _ => None,
            })
            .collect();
        assert_eq!(evs.len(), 2);
        assert_eq!(evs[0].bad_utf8, None);
        assert_eq!(
            evs[1].bad_utf8,
            Some((0xFC, "data: {\"t\":\"Gr".to_string()))
        );
        assert_eq!(evs[1].data, "{\"t\":\"Gr\u{fffd}\u{fffd}e\"}");
    }

    #[test]
    fn bom_before_a_later_event_drops_it_and_is_reported() {
        // The stream's first BOM is stripped; the second makes `\u{feff}data` an unknown
        // field (WHATWG SSE), so only the first event is dispatched.
        let items = decode(&[
            "\u{feff}data: 1\n\n".as_bytes(),
            "\u{feff}data: 2\n\n".as_bytes(),
        ]);
        assert_eq!(datas(&items), ["1"]);
        assert!(items.iter().any(|i| matches!(
            i,
            SseItem::Problem(FramingProblem::MisspelledField { meant: "data", why, .. })
                if why.contains("U+FEFF")
        )));
        for (line, meant) in [
            ("Data: 3", "data"),
            (" data: 3", "data"),
            ("data : 3", "data"),
            ("EVENT: x", "event"),
        ] {
            let items = decode(&[format!("{line}\n\n").as_bytes()]);
            assert!(datas(&items).is_empty(), "{line}");
            assert!(
                matches!(
                    items.as_slice(),
                    [SseItem::Problem(FramingProblem::MisspelledField { meant: m, .. })] if *m == meant
                ),
                "{line}: {items:?}"
            );
        }
        // Unknown fields and a retry that is not a number are ignored without a problem.
        let items = decode(&[b"foo: 1\nretry: soon\ndata: 4\n\n"]);
        assert_eq!(items.len(), 1);
        // breaker31 F10: a field one slip from `data` in front of a JSON document lost it;
        // the same names with no JSON behind them, or names two slips away, are custom fields.
        for line in [
            "date: {\"a\":1}",
            "dat: [1]",
            "daat: {}",
            "dtaa: {}",
            "Dara: {}",
        ] {
            let items = decode(&[format!("{line}\n\n").as_bytes()]);
            assert!(
                matches!(
                    items.as_slice(),
                    [SseItem::Problem(FramingProblem::MisspelledField {
                        meant: "data",
                        ..
                    })]
                ),
                "{line}: {items:?}"
            );
        }
        for line in [
            "date: 2026-12-02T10:00:00Z",
            "meta: {\"a\":1}",
            "dota: {\"a\":1}x",
            "delta: {}",
            "at: {}",
        ] {
            let items = decode(&[format!("{line}\ndata: 5\n\n").as_bytes()]);
            assert_eq!(datas(&items), ["5"], "{line}");
            assert_eq!(items.len(), 1, "{line}: {items:?}");
        }
    }

    #[test]
    fn unterminated_and_merged() {
        let items = decode(&[b"data: {\"a\":1}\n", b"data: {\"b\":2}\n"]);
        assert!(matches!(
            &items[0],
            SseItem::Problem(FramingProblem::MergedDocuments { .. })
        ));
        assert!(matches!(
            items.last(),
            Some(SseItem::Problem(FramingProblem::Unterminated { .. }))
        ));
        // A JSON document legitimately split over two data lines is not "merged".
        let items = decode(&[b"data: {\"a\":\ndata: 1}\n\n"]);
        assert_eq!(datas(&items), ["{\"a\":\n1}"]);
        assert_eq!(items.len(), 1);
    }
}

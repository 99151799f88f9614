/*!
Native recording I/O: encode one [`Event`] per line, read a recording back.

A recording is readable while it is being written and after a crash: a reader takes every
whole line and stops quietly at a last line without its `\n` (reported as
[`ReadStats::torn_tail`]), so `kill -9` loses at most the line being written.
*/

use std::io::{self, BufRead};

use super::event::{Event, Line, RecordingHeader, FORMAT_VERSION};

/// Errors reading a native recording. Each names the 1-based line number.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("line {line}: {source}")]
    Io { line: u64, source: io::Error },
    /// A line that is not one event; the message says what is wrong with it in the
    /// line's own terms ([`json_problem`]).
    #[error("line {line}: {}", json_problem(.source))]
    Json {
        line: u64,
        source: serde_json::Error,
    },
    /// A header whose `format` is newer than [`FORMAT_VERSION`]: `line 1: recording format 2,
    /// written by a2a-interop 0.2.0, is newer than this build reads (a2a-interop 0.1.0
    /// reads format 1)`. newcomer56: it said "update a2a-interop" twice (cause and hint) and
    /// named neither the writer nor this build.
    #[error(
        "line 1: recording format {found}{} is newer than this build reads (a2a-interop {} reads format {FORMAT_VERSION})",
        .writer.as_deref().map(|w| format!(", written by {w},")).unwrap_or_default(),
        env!("CARGO_PKG_VERSION")
    )]
    TooNew {
        /// The header's `format`.
        found: u32,
        /// The header's `tool` as `NAME VERSION` (`a2a-interop 0.2.0`), when it names one.
        writer: Option<String>,
    },
    #[error("line 1: not a native recording header (expected {{\"type\":\"recording\",...}})")]
    NoHeader,
    /// A line whose `type` names no event kind this build knows: the header's format and
    /// this build's. Either the file is damaged there or a newer a2a-interop wrote it
    /// (`attribution` was added within format 1, so builds older than it refuse files that
    /// carry one: docs/recording-format.md "Versions and migration"); [`line_error_hint`]
    /// names both.
    #[error(
        "line {line}: unknown event type `{kind}` (the header says recording format {format}; \
         this build reads format {FORMAT_VERSION} and knows no such type)"
    )]
    UnknownKind {
        line: u64,
        /// The line's `type` value.
        kind: String,
        /// The header's `format`.
        format: u32,
    },
    /// An event of a type that belongs to one exchange (`request_head` ... `exchange_end`,
    /// `attribution`) without its `exchange` member: it cannot be joined to its request, so
    /// reading on would drop it and judge its exchange without it (a hand edit, a line
    /// written by another tool; newcomer25 N1). `docs/recording-format.md` says which
    /// types carry `exchange`.
    #[error(
        "line {line}: a `{kind}` event without its \"exchange\" member (a {kind} belongs to one exchange, \"e1\", \"e2\", ...), so it cannot be joined to its request and its exchange would be judged without it"
    )]
    NoExchange {
        line: u64,
        /// The line's `type` value.
        kind: &'static str,
    },
}

/// The `type` of `ev` when it is one of the event types that belong to one exchange
/// (docs/recording-format.md: `exchange` is absent only for `conn_open`,
/// `request_refused`, `tunnel`, `gap` and `finding`) and its `exchange` is absent.
pub(crate) fn exchange_missing(ev: &Event) -> Option<&'static str> {
    use super::event::EventKind as K;
    if ev.exchange.is_some() {
        return None;
    }
    match ev.kind {
        K::RequestHead { .. } => Some("request_head"),
        K::RequestBody { .. } => Some("request_body"),
        K::RequestTrailers { .. } => Some("request_trailers"),
        K::ResponseHead { .. } => Some("response_head"),
        K::ResponseInterim { .. } => Some("response_interim"),
        K::ResponseExcess { .. } => Some("response_excess"),
        K::CardRewrite { .. } => Some("card_rewrite"),
        K::CardRewriteSkipped { .. } => Some("card_rewrite_skipped"),
        K::ResponseChunk { .. } => Some("response_chunk"),
        K::ExchangeEnd { .. } => Some("exchange_end"),
        K::Attribution { .. } => Some("attribution"),
        K::ConnOpen { .. }
        | K::RequestRefused { .. }
        | K::Tunnel { .. }
        | K::Finding { .. }
        | K::Gap { .. } => None,
    }
}

impl ReadError {
    /// The error for event line `line` (1 = the header) that serde_json refused with
    /// `source`, in a recording whose header says format `format`:
    /// [`ReadError::UnknownKind`] when its `type` names no event kind, else
    /// [`ReadError::Json`].
    pub(crate) fn event_line(line: u64, source: serde_json::Error, format: u32) -> ReadError {
        match unknown_kind(&source) {
            Some(kind) => ReadError::UnknownKind { line, kind, format },
            None => ReadError::Json { line, source },
        }
    }

    /// The line number (1 = the header) the error is about.
    pub fn line(&self) -> Option<u64> {
        match self {
            ReadError::Io { line, .. }
            | ReadError::Json { line, .. }
            | ReadError::UnknownKind { line, .. }
            | ReadError::NoExchange { line, .. } => Some(*line),
            ReadError::TooNew { .. } | ReadError::NoHeader => Some(1),
        }
    }
}

/// The hint for a recording line that could not be read (`a2a-interop: <cause>; hint: ...`):
/// for an unknown event type ([`ReadError::UnknownKind`]) either cause, newer writer first;
/// else the file is damaged at that line.
pub fn line_error_hint(cause: &str) -> &'static str {
    if cause.contains("unknown event type `") {
        "the file is damaged at that line, or it was written by a newer a2a-interop (update this one to read it)"
    } else {
        "the file is damaged at that line"
    }
}

/// The `type` of an event line that names no known event kind, from serde_json's error
/// (`unknown variant `x`, expected one of `conn_open`, ...`); `None` for any other error
/// (an unknown value of a nested enum lists other names) and for a second header line.
fn unknown_kind(e: &serde_json::Error) -> Option<String> {
    if e.classify() != serde_json::error::Category::Data {
        return None;
    }
    let msg = e.to_string();
    let rest = msg.strip_prefix("unknown variant `")?;
    let (kind, tail) = rest.split_once('`')?;
    // a second header (`recording`: two files concatenated) is said as such by the callers
    (tail.starts_with(", expected one of `conn_open`") && kind != "recording")
        .then(|| kind.to_string())
}

/// What is wrong with one line of a recording, from serde_json's error on that line alone:
/// cut short (the JSON ends before its object closes: a torn write, a line break inside
/// it), not JSON at a column, or JSON that is not an event (a missing or wrong member).
/// serde_json's own position ("at line 2 column 0") counts lines inside the one line read
/// and is left out; the column is given when it points into the line.
pub fn json_problem(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let what = full
        .rfind(" at line ")
        .map_or(full.as_str(), |i| &full[..i])
        .to_string();
    let at = if e.line() == 1 && e.column() > 0 {
        format!(" at column {}", e.column())
    } else {
        String::new()
    };
    // The line's own end (`\n`, kept on the line read) inside a JSON string: serde_json
    // says "control character ... found while parsing a string" on the next line, which
    // reads like a bad byte; it is a line cut short mid-string (newcomer19 N7).
    let cut_in_string = e.classify() == serde_json::error::Category::Syntax
        && e.line() > 1
        && what.starts_with("control character");
    match e.classify() {
        serde_json::error::Category::Eof => "cut short: its JSON ends before the event's object closes (a partly written line, or a line break inside it)".to_string(),
        _ if cut_in_string => "cut short: the line ends inside a JSON string, before the event's object closes (a partly written line, or a line break inside it)".to_string(),
        serde_json::error::Category::Syntax => format!("not valid JSON{at}: {what}"),
        serde_json::error::Category::Data => format!("not a recording event{at}: {what}"),
        serde_json::error::Category::Io => format!("could not be read: {what}"),
    }
}

/// Appends `ev` as one JSON line (with the trailing `\n`) to `out`.
pub fn encode_event(ev: &Event, out: &mut Vec<u8>) {
    // Serializing our own types to a Vec cannot fail.
    if serde_json::to_writer(&mut *out, ev).is_ok() {
        out.push(b'\n');
    }
}

/// Appends the header line to `out`. A header saying `redacted: true` is written with the
/// secrets of its configured upstream URLs redacted ([`super::redact::file_header`]: a
/// userinfo password, `?token=`-like query values), so no file claims redaction beside a
/// credential in clear.
pub fn encode_header(h: &RecordingHeader, out: &mut Vec<u8>) {
    encode_header_with(h, super::redact::Tagger::process(), out);
}

/// [`encode_header`] with the upstream URLs' secrets tagged by `tagger`
/// ([`super::redact::file_header_with`]): the recording writer's, so they carry the tags
/// the same secrets carry in the events.
pub fn encode_header_with(h: &RecordingHeader, tagger: &super::redact::Tagger, out: &mut Vec<u8>) {
    let h = super::redact::file_header_with(h, tagger);
    if serde_json::to_writer(&mut *out, &*h).is_ok() {
        out.push(b'\n');
    }
}

/// What a reader saw besides the events.
#[derive(Debug, Default, Clone)]
pub struct ReadStats {
    /// Lines read (header included).
    pub lines: u64,
    /// Bytes read.
    pub bytes: u64,
    /// The file ended inside a line (crash or still being written); that line was skipped.
    pub torn_tail: bool,
    /// With `torn_tail`: that line's number (1 = the header) and its bytes, dropped.
    pub torn: Option<(u64, u64)>,
}

/// The last lines a [`RecordingReader`] kept ([`RecordingReader::keep_recent`]): a ring of
/// `(seq, line bytes)` slots, each slot's buffer reused in turn (perf45: a `VecDeque` whose
/// front buffer was popped and pushed back per line cost ~40 instructions a line more).
#[derive(Debug, Default)]
struct RecentLines {
    /// How many lines to keep.
    n: usize,
    /// The slots, at most `n`; the `held` ones before `next` (cyclically) hold lines.
    lines: Vec<(u64, Vec<u8>)>,
    /// The slot the next line takes (the oldest one once all `n` are held).
    next: usize,
    /// Lines held, at most `n`.
    held: usize,
}

impl RecentLines {
    /// The slot `k` lines before the newest (0: the newest), `k < held`.
    fn back(&self, k: usize) -> &(u64, Vec<u8>) {
        &self.lines[(self.next + self.n - 1 - k) % self.n]
    }
}

/// Streaming reader of a native recording: memory is flat in the file length.
pub struct RecordingReader<R> {
    inner: R,
    header: RecordingHeader,
    buf: Vec<u8>,
    pub stats: ReadStats,
    /// The last lines read, as `(seq, line bytes)`, newest last, when
    /// [`RecordingReader::keep_recent`] asked for them: a duplicate-line check compares
    /// events read again from these rather than keeping a copy of every event (an `Event`
    /// clone per line was ~2 % of offline verify; docs/performance.md, session 26).
    recent: Option<RecentLines>,
    /// The exchange ids of the last lines read, shared with the next lines naming them.
    ids: super::event_de::RecentIds,
}

/// The tool a recording header names, as `NAME VERSION` (`{"tool":{"name":"a2a-interop",
/// "version":"0.2.0"}}` or `"tool":"a2a-interop 0.2.0"`), each part cut at 40 characters
/// and stripped of control characters (the header is the file's, not ours); `None` when it
/// names none.
fn writer_of(header: &serde_json::Value) -> Option<String> {
    let clean = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_control())
            .take(40)
            .collect::<String>()
            .trim()
            .to_string()
    };
    let tool = header.get("tool")?;
    let w = match tool {
        serde_json::Value::String(s) => clean(s),
        serde_json::Value::Object(o) => {
            let name = o.get("name").and_then(|n| n.as_str()).map(clean);
            let version = o.get("version").and_then(|n| n.as_str()).map(clean);
            match (name, version) {
                (Some(n), Some(v)) => format!("{n} {v}"),
                (Some(n), None) => n,
                (None, Some(v)) => format!("a version {v}"),
                (None, None) => return None,
            }
        }
        _ => return None,
    };
    (!w.is_empty()).then_some(w)
}

impl<R: BufRead> RecordingReader<R> {
    /// Reads and checks the header line.
    ///
    /// Errors: [`ReadError::NoHeader`] when the first line is not a recording header,
    /// [`ReadError::TooNew`] for a format newer than [`FORMAT_VERSION`].
    pub fn new(mut inner: R) -> Result<Self, ReadError> {
        let mut buf = Vec::new();
        let n = inner
            .read_until(b'\n', &mut buf)
            .map_err(|source| ReadError::Io { line: 1, source })?;
        let v: serde_json::Value = serde_json::from_slice(&buf).map_err(|_| ReadError::NoHeader)?;
        if v.get("type").and_then(|t| t.as_str()) != Some("recording") {
            return Err(ReadError::NoHeader);
        }
        let format = v.get("format").and_then(|f| f.as_u64()).unwrap_or(0) as u32;
        if format > FORMAT_VERSION {
            return Err(ReadError::TooNew {
                found: format,
                writer: writer_of(&v),
            });
        }
        let header: RecordingHeader =
            serde_json::from_value(v).map_err(|source| ReadError::Json { line: 1, source })?;
        Ok(RecordingReader {
            inner,
            header,
            buf,
            stats: ReadStats {
                lines: 1,
                bytes: n as u64,
                torn_tail: false,
                torn: None,
            },
            recent: None,
            ids: Default::default(),
        })
    }
}

impl<R> RecordingReader<R> {
    /// Keeps the last `n` event lines read (their bytes; buffers reused, no allocation per
    /// line once `n` are held), for [`RecordingReader::recent_events`].
    pub fn keep_recent(&mut self, n: usize) {
        self.recent = Some(RecentLines {
            n,
            lines: Vec::with_capacity(n),
            next: 0,
            held: 0,
        });
    }

    /// The kept lines before the newest one whose `seq` is `seq`, read again as events
    /// (a line that no longer reads is left out), oldest first. Empty unless
    /// [`RecordingReader::keep_recent`] was called.
    pub fn recent_events(&self, seq: u64) -> Vec<Event> {
        let Some(r) = &self.recent else {
            return Vec::new();
        };
        (1..r.held)
            .rev()
            .map(|k| r.back(k))
            .filter(|(s, _)| *s == seq)
            .filter_map(|(_, l)| read_event(l).ok())
            .collect()
    }

    /// Forgets the newest kept line (a duplicate that is skipped, not read).
    pub fn forget_newest(&mut self) {
        if let Some(r) = &mut self.recent {
            if r.held > 0 {
                r.held -= 1;
                r.next = (r.next + r.n - 1) % r.n;
            }
        }
    }

    /// Keeps `line` of event `seq` when asked to ([`RecordingReader::keep_recent`]).
    #[inline]
    fn keep(recent: &mut Option<RecentLines>, seq: u64, line: &[u8]) {
        let Some(r) = recent else {
            return;
        };
        if r.n == 0 {
            return;
        }
        match r.lines.get_mut(r.next) {
            Some((s, buf)) => {
                *s = seq;
                buf.clear();
                buf.extend_from_slice(line);
            }
            None => r.lines.push((seq, line.to_vec())),
        }
        r.next = if r.next + 1 == r.n { 0 } else { r.next + 1 };
        r.held = (r.held + 1).min(r.n);
    }

    /// The header line.
    pub fn header(&self) -> &RecordingHeader {
        &self.header
    }
}

impl<R: BufRead> Iterator for RecordingReader<R> {
    type Item = Result<Event, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        // The common case: a whole line in the reader's buffer, read in place (no copy, no
        // separate search for its `\n`). Anything else takes the line-by-line path below.
        if let Ok(avail) = self.inner.fill_buf() {
            if let Some(nl) = memchr::memchr(b'\n', avail) {
                // read where the parse left it and wrapped once (an event bound by value
                // first was one more copy of the ~230-byte event per line; perf45)
                let got = super::event_de::fast_event_with(&avail[..=nl], &mut self.ids);
                if let Some(ev) = &got {
                    Self::keep(&mut self.recent, ev.seq, &avail[..=nl]);
                    self.inner.consume(nl + 1);
                    self.stats.lines += 1;
                    self.stats.bytes += nl as u64 + 1;
                    if let Some(kind) = exchange_missing(ev) {
                        let line = self.stats.lines;
                        return Some(Err(ReadError::NoExchange { line, kind }));
                    }
                    return got.map(Ok);
                }
            }
        }
        loop {
            self.buf.clear();
            let line = self.stats.lines + 1;
            let n = match self.inner.read_until(b'\n', &mut self.buf) {
                Ok(0) => return None,
                Ok(n) => n,
                Err(source) => return Some(Err(ReadError::Io { line, source })),
            };
            self.stats.lines = line;
            self.stats.bytes += n as u64;
            if self.buf.last() != Some(&b'\n') {
                self.stats.torn_tail = true;
                self.stats.torn = Some((line, n as u64));
                return None;
            }
            if self.buf.iter().all(|b| b.is_ascii_whitespace()) {
                continue;
            }
            return Some(
                read_event(&self.buf)
                    .map_err(|source| ReadError::event_line(line, source, self.header.format))
                    .and_then(|ev| match exchange_missing(&ev) {
                        Some(kind) => Err(ReadError::NoExchange { line, kind }),
                        None => {
                            Self::keep(&mut self.recent, ev.seq, &self.buf);
                            Ok(ev)
                        }
                    }),
            );
        }
    }
}

/// Reads one event line (a JSON object, optionally followed by whitespace such as its `\n`).
///
/// The common line is read by a single pass of our own (`event_de::fast_event`: the
/// JSON-escaped `body` unescaped 8 bytes at a time); any other line goes to serde_json, so
/// what is accepted, what is refused and every error message are serde_json's, as before.
///
/// Errors: the line is not JSON, not an object, or lacks / mistypes a field of its `type`
/// (`docs/recording-format.md`).
pub fn read_event(line: &[u8]) -> Result<Event, serde_json::Error> {
    match super::event_de::fast_event(line) {
        Some(ev) => Ok(ev),
        None => serde_json::from_slice::<Event>(line),
    }
}

/// Parses one line of a native recording (header or event).
pub fn parse_line(s: &str) -> Result<Line, serde_json::Error> {
    let v: serde_json::Value = serde_json::from_str(s)?;
    if v.get("type").and_then(|t| t.as_str()) == Some("recording") {
        Ok(Line::Header(serde_json::from_value(v)?))
    } else {
        Ok(Line::Event(serde_json::from_value(v)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::event::*;

    /// A reverse-mode recording header, then `lines` as they are.
    fn after_header(lines: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        encode_header(&RecordingHeader::new(CaptureMode::Reverse), &mut out);
        out.extend_from_slice(lines);
        out
    }

    /// The reader's error for the first event of recording `out`.
    fn first_error(out: &[u8]) -> String {
        RecordingReader::new(out)
            .unwrap()
            .next()
            .unwrap()
            .unwrap_err()
            .to_string()
    }

    /// perf45: the kept lines are a ring of reused slots; `recent_events` reads the lines
    /// before the newest (oldest first) whose `seq` matches, the oldest forgotten once `n`
    /// are held, and `forget_newest` takes back only the newest, also across the ring's
    /// wrap.
    #[test]
    fn recent_lines_ring_keeps_the_last_n_before_the_newest() {
        let gap = |seq: u64, t_us: u64| Event {
            seq,
            t_us,
            exchange: None,
            leg: None,
            kind: EventKind::Gap {
                dropped_events: 1,
                dropped_bytes: 2,
                reason: None,
            },
        };
        // (seq, t_us): seq 2 three times, told apart by its time
        let lines = [(1, 10), (2, 20), (2, 21), (3, 30), (2, 22), (4, 40)];
        let mut out = Vec::new();
        for (seq, t) in lines {
            encode_event(&gap(seq, t), &mut out);
        }
        let bytes = after_header(&out);
        let mut r = RecordingReader::new(&bytes[..]).unwrap();
        r.keep_recent(3);
        let times = |r: &RecordingReader<&[u8]>, seq| -> Vec<u64> {
            r.recent_events(seq).iter().map(|e| e.t_us).collect()
        };
        assert_eq!(times(&r, 1), Vec::<u64>::new(), "nothing read yet");
        r.next().unwrap().unwrap();
        assert_eq!(times(&r, 1), Vec::<u64>::new(), "the newest is not offered");
        r.next().unwrap().unwrap();
        r.next().unwrap().unwrap();
        assert_eq!(times(&r, 1), vec![10]);
        assert_eq!(times(&r, 2), vec![20], "(2, 21) is the newest");
        r.next().unwrap().unwrap(); // (3, 30): (1, 10) forgotten
        assert_eq!(times(&r, 1), Vec::<u64>::new());
        assert_eq!(times(&r, 2), vec![20, 21]);
        r.next().unwrap().unwrap(); // (2, 22), the ring wrapped
        assert_eq!(times(&r, 2), vec![21]);
        assert_eq!(times(&r, 3), vec![30]);
        r.forget_newest(); // (2, 22) taken back: (2, 21) and (3, 30) held
        assert_eq!(times(&r, 3), Vec::<u64>::new(), "(3, 30) is the newest now");
        assert_eq!(times(&r, 2), vec![21]);
        r.next().unwrap().unwrap(); // (4, 40) where (2, 22) was
        assert_eq!(times(&r, 2), vec![21]);
        assert_eq!(times(&r, 3), vec![30]);
        assert_eq!(times(&r, 4), Vec::<u64>::new());
        r.forget_newest();
        r.forget_newest();
        r.forget_newest();
        r.forget_newest(); // more than held: nothing left, no panic
        assert_eq!(times(&r, 2), Vec::<u64>::new());
    }

    #[test]
    fn torn_tail_is_skipped_not_fatal() {
        let mut out = Vec::new();
        encode_header(&RecordingHeader::new(CaptureMode::Reverse), &mut out);
        let ev = Event {
            seq: 1,
            t_us: 5,
            exchange: Some("e1".into()),
            leg: None,
            kind: EventKind::Gap {
                dropped_events: 1,
                dropped_bytes: 2,
                reason: None,
            },
        };
        encode_event(&ev, &mut out);
        out.extend_from_slice(br#"{"seq":2,"t_us":9,"type":"gap","dropped_ev"#);
        let mut r = RecordingReader::new(&out[..]).unwrap();
        let evs: Vec<_> = r.by_ref().collect::<Result<_, _>>().unwrap();
        assert_eq!(evs, vec![ev]);
        assert!(r.stats.torn_tail);
    }

    /// Events (or error messages), then lines, bytes and the torn tail of [`ReadStats`].
    type Read = (Vec<Result<Event, String>>, u64, u64, Option<(u64, u64)>);

    /// The reader before the in-buffer fast path: one `read_until` per line, serde_json per
    /// line. Events (or error messages with their line numbers) and stats, in order.
    fn reference(bytes: &[u8]) -> Read {
        let mut r = bytes;
        let mut buf = Vec::new();
        r.read_until(b'\n', &mut buf).unwrap();
        let (mut lines, mut total, mut torn) = (1u64, buf.len() as u64, None);
        let mut out = Vec::new();
        loop {
            buf.clear();
            let n = r.read_until(b'\n', &mut buf).unwrap();
            if n == 0 {
                break;
            }
            lines += 1;
            total += n as u64;
            if buf.last() != Some(&b'\n') {
                torn = Some((lines, n as u64));
                break;
            }
            if buf.iter().all(|b| b.is_ascii_whitespace()) {
                continue;
            }
            out.push(
                serde_json::from_slice::<Event>(&buf)
                    .map_err(|e| ReadError::event_line(lines, e, FORMAT_VERSION).to_string())
                    .and_then(|ev| match exchange_missing(&ev) {
                        Some(kind) => Err(ReadError::NoExchange { line: lines, kind }.to_string()),
                        None => Ok(ev),
                    }),
            );
        }
        (out, lines, total, torn)
    }

    fn sample_recording() -> Vec<u8> {
        let mut out = Vec::new();
        encode_header(&RecordingHeader::new(CaptureMode::Reverse), &mut out);
        let mut seq = 0;
        let mut ev = |out: &mut Vec<u8>, exchange: Option<&str>, kind: EventKind| {
            seq += 1;
            encode_event(
                &Event {
                    seq,
                    t_us: seq * 10,
                    exchange: exchange.map(Into::into),
                    leg: None,
                    kind,
                },
                out,
            );
        };
        ev(
            &mut out,
            Some("e1"),
            EventKind::RequestHead {
                conn: Some(1),
                method: "POST".into(),
                url: "http://127.0.0.1:9/".into(),
                version: Some("HTTP/1.1".into()),
                headers: Headers::from(vec![("content-type".into(), "application/json".into())]),
                upstream: None,
            },
        );
        ev(
            &mut out,
            Some("e1"),
            EventKind::RequestBody {
                body: Body::new(
                    r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"text":"a\"b\\c é\n"}}}"#,
                ),
            },
        );
        ev(
            &mut out,
            Some("e1"),
            EventKind::ResponseChunk {
                body: Body::new("data: {\"kind\":\"task\"}\r\n\r\n"),
            },
        );
        ev(
            &mut out,
            Some("e1"),
            EventKind::ResponseChunk {
                body: Body {
                    data: bytes::Bytes::from_static(&[0xff, 0xfe, b'"']),
                    truncated: true,
                },
            },
        );
        ev(
            &mut out,
            None,
            EventKind::Gap {
                dropped_events: 1,
                dropped_bytes: 2,
                reason: None,
            },
        );
        out.extend_from_slice(b"\n  \r\n");
        ev(
            &mut out,
            Some("e1"),
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: 3,
                response_bytes: 4,
                truncated: false,
                resent: None,
                connect_failure: None,
            },
        );
        out
    }

    fn via_reader(bytes: &[u8], cap: usize) -> Read {
        let Ok(mut r) = RecordingReader::new(std::io::BufReader::with_capacity(cap, bytes)) else {
            return (Vec::new(), 0, 0, None);
        };
        let evs = r.by_ref().map(|e| e.map_err(|e| e.to_string())).collect();
        (evs, r.stats.lines, r.stats.bytes, r.stats.torn)
    }

    #[test]
    fn the_in_buffer_reader_reads_what_the_line_reader_reads() {
        let rec = sample_recording();
        let want = reference(&rec);
        assert_eq!(want.0.len(), 6);
        assert!(want.0.iter().all(|e| e.is_ok()));
        // Buffers smaller than a line, cutting lines anywhere, and one holding the file.
        for cap in [1, 7, 64, 100, 333, 1 << 16] {
            assert_eq!(via_reader(&rec, cap), want, "capacity {cap}");
        }
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

        /// A recording with bytes replaced, inserted or cut (lines broken, joined, torn):
        /// the reader gives the same events, errors (message and line number) and stats as
        /// the line-by-line serde reader, whatever its buffer size.
        #[test]
        fn broken_recordings_read_as_before(
            edits in proptest::collection::vec((0.0f64..1.0, prop_oneof![
                Just(b'"'), Just(b'\\'), Just(b'\n'), Just(b'}'), Just(b' '), Just(0xc3u8), any::<u8>()
            ], 0u8..3), 0..4),
            cap in prop_oneof![Just(8usize), 1usize..200, Just(1 << 16)],
        ) {
            let mut rec = sample_recording();
            for (pos, byte, op) in edits {
                let i = ((rec.len() as f64) * pos) as usize;
                match op {
                    0 if i < rec.len() => rec[i] = byte,
                    1 => rec.insert(i.min(rec.len()), byte),
                    _ if i < rec.len() => {
                        rec.remove(i);
                    }
                    _ => {}
                }
            }
            // The header line is read as before (not part of the fast path).
            if RecordingReader::new(&rec[..]).is_ok() {
                prop_assert_eq!(via_reader(&rec, cap), reference(&rec));
            }
        }
    }

    #[test]
    fn newer_format_is_refused() {
        let line = br#"{"type":"recording","format":99,"tool":{"name":"x","version":"9"},"startedAt":"2026-01-01T00:00:00Z","mode":"reverse"}
"#;
        match RecordingReader::new(&line[..]) {
            Err(ReadError::TooNew { found: 99, .. }) => {}
            other => panic!("expected TooNew, got {:?}", other.err()),
        }
    }

    /// fix7: a damaged line is described in the line's own terms, not by serde_json's
    /// position inside the one line it read ("EOF while parsing an object at line 2
    /// column 0").
    #[test]
    fn damaged_lines_say_what_is_wrong_with_them() {
        let out = after_header(b"{\"seq\":1,\"t_us\":2,\"exchange\":\"e9\"\n");
        let err = first_error(&out);
        assert_eq!(
            err,
            "line 2: cut short: its JSON ends before the event's object closes (a partly written line, or a line break inside it)"
        );
        let out = after_header(b"{\"seq\":1,\"t_us\":2,\"type\":\"warp\"}\n{\"seq\":2 x}\n");
        let errs: Vec<String> = RecordingReader::new(&out[..])
            .unwrap()
            .map(|r| r.unwrap_err().to_string())
            .collect();
        // breaker7 F22: an unknown event type is damage or a newer writer; the reader says both
        assert_eq!(
            errs[0],
            "line 2: unknown event type `warp` (the header says recording format 1; this build reads format 1 and knows no such type)"
        );
        assert_eq!(
            line_error_hint(&errs[0]),
            "the file is damaged at that line, or it was written by a newer a2a-interop (update this one to read it)"
        );
        assert_eq!(
            line_error_hint(&errs[1]),
            "the file is damaged at that line"
        );
        assert_eq!(
            errs[1],
            "line 3: not valid JSON at column 10: expected `,` or `}`"
        );
        // an unknown value of a nested enum is no unknown event type
        let out = after_header(b"{\"seq\":1,\"t_us\":2,\"exchange\":\"e1\",\"type\":\"exchange_end\",\"outcome\":\"warp\"}\n");
        let err = first_error(&out);
        assert!(
            err.starts_with("line 2: not a recording event at column ")
                && err.contains("unknown variant `warp`"),
            "{err}"
        );
        assert!(!err.contains("at line"), "{err}");
    }

    /// newcomer25 N1: a `response_head` whose `exchange` was deleted by hand was dropped
    /// in silence (its exchange judged with no response, a HAR entry with status 0); it is
    /// a damaged line, in both read paths, while a `gap` or `conn_open` has none.
    #[test]
    fn an_exchange_event_without_its_exchange_is_a_damaged_line() {
        let out = after_header(
            b"{\"seq\":1,\"t_us\":2,\"type\":\"conn_open\",\"conn\":1,\"peer\":\"a\",\"local\":\"b\"}\n\
              {\"seq\":2,\"t_us\":3,\"type\":\"response_head\",\"status\":200}\n",
        );
        for cap in [8, 1 << 16] {
            let (evs, ..) = via_reader(&out, cap);
            assert!(evs[0].is_ok(), "{evs:?}");
            assert_eq!(
                evs[1].as_ref().unwrap_err(),
                "line 3: a `response_head` event without its \"exchange\" member (a response_head belongs to one exchange, \"e1\", \"e2\", ...), so it cannot be joined to its request and its exchange would be judged without it"
            );
        }
        assert_eq!(reference(&out).0, via_reader(&out, 64).0);
    }
}

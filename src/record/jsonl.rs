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
    #[error("line {line}: not a recording event: {source}")]
    Json {
        line: u64,
        source: serde_json::Error,
    },
    #[error(
        "line 1: recording format {found} is newer than this build reads (format {FORMAT_VERSION}); update a2a-interop"
    )]
    TooNew { found: u32 },
    #[error("line 1: not a native recording header (expected {{\"type\":\"recording\",...}})")]
    NoHeader,
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
    let h = super::redact::file_header(h);
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

/// Streaming reader of a native recording: memory is flat in the file length.
pub struct RecordingReader<R> {
    inner: R,
    header: RecordingHeader,
    buf: Vec<u8>,
    pub stats: ReadStats,
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
            return Err(ReadError::TooNew { found: format });
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
        })
    }

    /// The header line.
    pub fn header(&self) -> &RecordingHeader {
        &self.header
    }
}

impl<R: BufRead> Iterator for RecordingReader<R> {
    type Item = Result<Event, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
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
            return Some(read_event(&self.buf).map_err(|source| ReadError::Json { line, source }));
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

    #[test]
    fn newer_format_is_refused() {
        let line = br#"{"type":"recording","format":99,"tool":{"name":"x","version":"9"},"startedAt":"2026-01-01T00:00:00Z","mode":"reverse"}
"#;
        match RecordingReader::new(&line[..]) {
            Err(ReadError::TooNew { found: 99 }) => {}
            other => panic!("expected TooNew, got {:?}", other.err()),
        }
    }
}

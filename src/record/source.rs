/*!
Open any traffic file as a header plus a stream of [`Event`]s: a native recording, a
transcript (`docs/transcript-format.md`) or a HAR 1.2 file, detected from the content, not the name.
*/

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{bail, Context};

use super::event::{Event, RecordingHeader};
use super::jsonl::{ReadError, RecordingReader};

/// What kind of file a traffic file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// Native recording (first line `{"type":"recording",...}`).
    Recording,
    /// Transcript: JSON lines with `"dir"`.
    Transcript,
    /// HAR 1.2 (`{"log":{...}}`).
    Har,
}

/// An opened traffic file: its header and its events in order.
pub struct Source {
    pub kind: SourceKind,
    pub header: RecordingHeader,
    pub events: Box<dyn Iterator<Item = Result<Event, ReadError>> + Send>,
    /// Set once `events` ended, when a native recording ended inside a line (writer killed
    /// mid-write): `(line number, bytes dropped)`; that line was skipped.
    pub torn_tail: TornTail,
    /// Set once `events` ended, when a native recording's `seq` did not rise by exactly 1
    /// per line (docs/recording-format.md): lines deleted or lost, or files concatenated.
    pub seq_breaks: SeqBreaksCell,
}

/// `seq` numbers of a native recording that break its "strictly increasing by 1" rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeqBreaks {
    /// Events missing: the sum of the holes (`seq` 41 then 57: 15 missing).
    pub missing: u64,
    /// Lines whose `seq` is not above the highest before (repeated or going back).
    pub repeated: u64,
    /// The first break: `(seq before, seq after)`.
    pub first: (u64, u64),
}

/// Where a recording's [`SeqBreaks`] are published when its events end.
pub type SeqBreaksCell = std::sync::Arc<std::sync::OnceLock<SeqBreaks>>;

/// Where a recording's torn last line is reported: `(line number, bytes dropped)`.
pub type TornTail = std::sync::Arc<std::sync::OnceLock<(u64, u64)>>;

/// A recording reader that publishes its torn tail into a [`TornTail`] when it ends.
struct TailWatch<R> {
    reader: RecordingReader<R>,
    tail: TornTail,
    /// `seq` of the last event read.
    last: Option<u64>,
    breaks: SeqBreaks,
    breaks_cell: SeqBreaksCell,
}

impl<R: BufRead> Iterator for TailWatch<R> {
    type Item = Result<Event, ReadError>;
    fn next(&mut self) -> Option<Self::Item> {
        let next = self.reader.next();
        match &next {
            None => {
                if let Some(t) = self.reader.stats.torn {
                    let _ = self.tail.set(t);
                }
                if self.breaks != SeqBreaks::default() {
                    let _ = self.breaks_cell.set(self.breaks);
                }
            }
            Some(Ok(ev)) => {
                if let Some(last) = self.last {
                    let b = &mut self.breaks;
                    // No `last + 1`: a hostile file may carry seq u64::MAX.
                    let next = ev.seq > last && ev.seq - last == 1;
                    if !next && b.missing == 0 && b.repeated == 0 {
                        b.first = (last, ev.seq);
                    }
                    if ev.seq > last {
                        b.missing = b.missing.saturating_add(ev.seq - last - 1);
                    } else {
                        b.repeated += 1;
                    }
                }
                self.last = Some(self.last.map_or(ev.seq, |l| l.max(ev.seq)));
            }
            Some(Err(_)) => {}
        }
        next
    }
}

/// The UTF-8 byte order mark, skipped at the start of a file.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Sniffs the kind of `head` (the first bytes of a file).
pub fn sniff(head: &[u8]) -> Option<SourceKind> {
    // `head` is the reader's first buffer (256 KiB): checked as UTF-8 (fast), copied lossily
    // only when invalid inside. A multi-byte character cut at its end is left out, where the
    // lossy copy would end in U+FFFD: neither can match what is looked for below.
    let text = match std::str::from_utf8(head) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(e) if e.error_len().is_none() => {
            std::borrow::Cow::Borrowed(std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""))
        }
        Err(_) => String::from_utf8_lossy(head),
    };
    // HAR first: a one-line HAR written by `export` carries the recording header inside.
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(16)
        .collect();
    if compact.starts_with("{\"log\"") {
        return Some(SourceKind::Har);
    }
    let first = text.lines().find(|l| !l.trim().is_empty())?.trim_start();
    if first.starts_with('{') && first.contains("\"type\"") && first.contains("\"recording\"") {
        return Some(SourceKind::Recording);
    }
    if first.starts_with('{') && first.contains("\"dir\"") {
        return Some(SourceKind::Transcript);
    }
    None
}

/// Opens `path`, detecting its kind (a leading UTF-8 byte order mark is skipped). Native recordings stream (memory flat in file size);
/// transcripts and HAR files are small and read whole.
///
/// Errors (each naming `path`): unreadable file or a directory, unknown content, a too-new recording format, a malformed
/// transcript or HAR (each with the line or JSON path).
pub fn open(path: &Path) -> anyhow::Result<Source> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut reader = BufReader::with_capacity(256 * 1024, file);
    let mut head = reader
        .fill_buf()
        .with_context(|| format!("cannot read {}", path.display()))?
        .to_vec();
    // A UTF-8 byte order mark (Windows editors add one) is not part of the content.
    if head.starts_with(UTF8_BOM) {
        reader.consume(UTF8_BOM.len());
        head.drain(..UTF8_BOM.len());
    }
    match sniff(&head) {
        Some(SourceKind::Recording) => {
            // One message, no error chain: the reader's error already carries its cause.
            let r = RecordingReader::new(reader).map_err(|e| match e {
                ReadError::Json { line: 1, source } => anyhow::anyhow!(
                    "cannot read recording {}: line 1: not a recording header: {source}",
                    path.display()
                ),
                e => anyhow::anyhow!("cannot read recording {}: {e}", path.display()),
            })?;
            let header = r.header().clone();
            let torn_tail = TornTail::default();
            let seq_breaks = SeqBreaksCell::default();
            Ok(Source {
                kind: SourceKind::Recording,
                header,
                events: Box::new(TailWatch {
                    reader: r,
                    tail: torn_tail.clone(),
                    last: None,
                    breaks: SeqBreaks::default(),
                    breaks_cell: seq_breaks.clone(),
                }),
                torn_tail,
                seq_breaks,
            })
        }
        Some(SourceKind::Transcript) => {
            let mut text = String::new();
            reader
                .read_to_string(&mut text)
                .with_context(|| format!("{} is not UTF-8 text", path.display()))?;
            let (header, events) = super::transcript::read(&text)
                .with_context(|| format!("cannot read transcript {}", path.display()))?;
            Ok(Source {
                kind: SourceKind::Transcript,
                header,
                events: Box::new(events.into_iter().map(Ok)),
                torn_tail: TornTail::default(),
                seq_breaks: SeqBreaksCell::default(),
            })
        }
        Some(SourceKind::Har) => {
            let mut text = String::new();
            reader
                .read_to_string(&mut text)
                .with_context(|| format!("{} is not UTF-8 text", path.display()))?;
            let (header, events) = super::har::read(&text)
                .with_context(|| format!("cannot read HAR {}", path.display()))?;
            Ok(Source {
                kind: SourceKind::Har,
                header,
                events: Box::new(events.into_iter().map(Ok)),
                torn_tail: TornTail::default(),
                seq_breaks: SeqBreaksCell::default(),
            })
        }
        None if head.is_empty() => bail!(
            "{}: not a recording, transcript or HAR file: the file is empty (0 bytes)",
            path.display()
        ),
        // gzip's magic number (RFC 1952 §2.3.1): a recording compressed for storage.
        None if head.starts_with(&[0x1f, 0x8b]) => bail!(
            "{}: not a recording, transcript or HAR file: it is gzip-compressed (decompress it first: gunzip -c FILE | a2a-interop verify -)",
            path.display()
        ),
        None => bail!(
            "{}: not a recording, transcript or HAR file (first line is neither {{\"type\":\"recording\"}}, a transcript line with \"dir\", nor {{\"log\":...}})",
            path.display()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recording(seqs: &[u64]) -> tempfile::NamedTempFile {
        use std::io::Write;
        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            r#"{{"type":"recording","format":1,"tool":{{"name":"a2a-interop","version":"0.1.0"}},"startedAt":"2026-01-01T00:00:00.000Z","mode":"reverse","listen":["127.0.0.1:8080"],"routes":[]}}"#
        )
        .unwrap();
        for s in seqs {
            writeln!(
                f,
                r#"{{"seq":{s},"t_us":1,"type":"conn_open","conn":1,"peer":"127.0.0.1:1","local":"127.0.0.1:8080"}}"#
            )
            .unwrap();
        }
        f
    }

    fn breaks(seqs: &[u64]) -> Option<SeqBreaks> {
        let f = recording(seqs);
        let src = open(f.path()).unwrap();
        let cell = src.seq_breaks.clone();
        assert_eq!(src.events.filter(|e| e.is_ok()).count(), seqs.len());
        cell.get().copied()
    }

    #[test]
    fn seq_holes_repeats_and_overflow_are_counted() {
        assert_eq!(breaks(&[1, 2, 3]), None);
        assert_eq!(breaks(&[]), None);
        assert_eq!(
            breaks(&[1, 2, 6, 7, 9]),
            Some(SeqBreaks {
                missing: 4,
                repeated: 0,
                first: (2, 6)
            })
        );
        // Two recordings concatenated (minus the second header): seq starts again.
        assert_eq!(
            breaks(&[1, 2, 3, 1, 2]),
            Some(SeqBreaks {
                missing: 0,
                repeated: 2,
                first: (3, 1)
            })
        );
        assert_eq!(
            breaks(&[1, u64::MAX, u64::MAX]),
            Some(SeqBreaks {
                missing: u64::MAX - 2,
                repeated: 1,
                first: (1, u64::MAX)
            })
        );
    }
}

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
    /// A HAR file's exchanges with the index of the `log.entries[]` entry each was read
    /// from, 0-based ([`super::har::read_with_entries`]); empty for other files.
    pub har_entries: Vec<(String, usize)>,
    /// Notes on the file itself ([`FileNotes`]).
    pub notes: FileNotes,
}

/// `seq` numbers of a native recording that break its "strictly increasing by 1" rule, told
/// apart by what a person can do about them (breaker10n N13): lines lost, lines moved,
/// lines copied verbatim, lines that reuse a `seq` with other content.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeqBreaks {
    /// Events missing: `seq`s between the lowest and the highest read that no line has
    /// (`seq` 41 then 57 and never 42..56: 15 missing). Above [`SEQ_TRACKED`] the sum of
    /// the forward jumps instead.
    pub missing: u64,
    /// Lines whose `seq` an earlier line already had, with other content (recordings
    /// concatenated, a hand edit).
    pub repeated: u64,
    /// Lines whose `seq` is below one read before but was not read yet: the file's lines
    /// were reordered. Events are read in file order, so an exchange whose end comes before
    /// its start reads as never ended.
    pub out_of_order: u64,
    /// Lines that repeat one of the [`RECENT_EVENTS`] lines before them byte for byte in
    /// meaning (same `seq`, same content: a log shipper's retry, overlapping files joined):
    /// skipped, not read twice.
    pub duplicates: u64,
    /// The first break: `(highest seq before, seq of the line)`.
    pub first: (u64, u64),
}

/// `seq`s tracked one bit each to tell a missing event from a moved one (8 MiB at most);
/// a recording with higher `seq`s falls back to summing forward jumps.
pub const SEQ_TRACKED: u64 = 1 << 26;

/// Events kept to recognise an exact duplicate line ([`SeqBreaks::duplicates`]).
pub const RECENT_EVENTS: usize = 64;

/// Where a recording's [`SeqBreaks`] are published when its events end.
pub type SeqBreaksCell = std::sync::Arc<std::sync::OnceLock<SeqBreaks>>;

/// Where a recording's torn last line is reported: `(line number, bytes dropped)`.
pub type TornTail = std::sync::Arc<std::sync::OnceLock<(u64, u64)>>;

/// Notes on a traffic file itself that refuse nothing, each naming its line or HAR entry
/// (a transcript's `t` that runs backwards, a response status outside 100-599: fix51,
/// newcomer50 N15 / N16), filled as the file is read; a native recording's are complete
/// once [`Source::events`] ended. At most [`MAX_FILE_NOTES`] are kept, then a count.
#[derive(Clone, Debug, Default)]
pub struct FileNotes(std::sync::Arc<std::sync::Mutex<(Vec<String>, u64)>>);

/// Notes a [`FileNotes`] keeps word for word.
pub const MAX_FILE_NOTES: usize = 8;

impl FileNotes {
    /// Adds `note` (past [`MAX_FILE_NOTES`], only counted).
    pub fn push(&self, note: String) {
        let mut g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if g.0.len() < MAX_FILE_NOTES {
            g.0.push(note);
        } else {
            g.1 += 1;
        }
    }

    /// The notes so far (and a last one counting those not kept), leaving none.
    pub fn take(&self) -> Vec<String> {
        let mut g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = std::mem::take(&mut g.0);
        if g.1 > 0 {
            out.push(format!("{} more such notes", g.1));
            g.1 = 0;
        }
        out
    }
}

/// A recording reader that publishes its torn tail into a [`TornTail`] and its
/// [`SeqBreaks`] into a [`SeqBreaksCell`] when it ends, and skips exact duplicate lines.
struct TailWatch<R> {
    reader: RecordingReader<R>,
    tail: TornTail,
    /// Highest `seq` read so far.
    last: Option<u64>,
    /// Lowest `seq` read so far.
    lowest: u64,
    /// Distinct `seq`s read (up to [`SEQ_TRACKED`]).
    distinct: u64,
    /// Sum of forward jumps (the fallback count of missing events).
    holes: u64,
    /// One bit per `seq` read, while every `seq` is under [`SEQ_TRACKED`].
    seen: Option<Vec<u64>>,
    breaks: SeqBreaks,
    breaks_cell: SeqBreaksCell,
    /// The header says the file is a `repro` cut (`cut`): `seq` jumps are expected.
    cut: bool,
    /// Notes on the file itself: a response status outside 100-599 (fix51, N15).
    notes: FileNotes,
}

impl<R> TailWatch<R> {
    fn new(mut reader: RecordingReader<R>, tail: TornTail, breaks_cell: SeqBreaksCell) -> Self {
        reader.keep_recent(RECENT_EVENTS);
        TailWatch {
            reader,
            tail,
            last: None,
            lowest: u64::MAX,
            distinct: 0,
            holes: 0,
            seen: Some(Vec::new()),
            breaks: SeqBreaks::default(),
            breaks_cell,
            cut: false,
            notes: FileNotes::default(),
        }
    }

    /// Marks `seq` read; true when it was read before (`None` when not tracked).
    fn mark(&mut self, seq: u64) -> Option<bool> {
        if seq >= SEQ_TRACKED {
            self.seen = None;
        }
        let bits = self.seen.as_mut()?;
        let (word, bit) = ((seq / 64) as usize, 1u64 << (seq % 64));
        if bits.len() <= word {
            bits.resize(word + 1, 0);
        }
        let before = bits[word] & bit != 0;
        bits[word] |= bit;
        if !before {
            self.distinct += 1;
        }
        Some(before)
    }

    /// Records a break at `seq` (the first one is kept in [`SeqBreaks::first`]).
    fn note_break(&mut self, last: u64, seq: u64) {
        let b = &self.breaks;
        if self.holes == 0 && b.repeated == 0 && b.out_of_order == 0 && b.duplicates == 0 {
            self.breaks.first = (last, seq);
        }
    }

    fn finish(&mut self) {
        if let Some(t) = self.reader.stats.torn {
            let _ = self.tail.set(t);
        }
        if let Some(last) = self.last {
            self.breaks.missing = match self.seen {
                Some(_) => (last - self.lowest + 1).saturating_sub(self.distinct),
                None => self.holes,
            };
        }
        // A `repro` cut keeps the `seq`s of the events it kept: its jumps are the events
        // it left out, not a damage (ux20 N5).
        if self.cut {
            self.breaks.missing = 0;
            let b = &self.breaks;
            if b.repeated == 0 && b.out_of_order == 0 && b.duplicates == 0 {
                self.breaks = SeqBreaks::default();
            }
        }
        if self.breaks != SeqBreaks::default() {
            let _ = self.breaks_cell.set(self.breaks);
        }
    }
}

impl<R: BufRead> Iterator for TailWatch<R> {
    type Item = Result<Event, ReadError>;
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let next = self.reader.next();
            let ev = match &next {
                None => {
                    self.finish();
                    return None;
                }
                Some(Err(_)) => return next,
                Some(Ok(ev)) => ev,
            };
            let seq = ev.seq;
            // a status no HTTP message carries (RFC 9110 §15: three digits, 1xx to 5xx): a
            // hand edit or another tool's writing; judged as written, and said (newcomer50
            // N15: a status 0 was read in silence)
            if let crate::record::EventKind::ResponseHead { status, .. }
            | crate::record::EventKind::ResponseInterim { status, .. } = &ev.kind
            {
                if !(100..=599).contains(status) {
                    self.notes.push(format!(
                        "line {} (seq {seq}, exchange {}): response status {status} is no HTTP status (a number from 100 to 599, RFC 9110 §15); the exchange is judged with the status as written{}",
                        self.reader.stats.lines,
                        ev.exchange.as_deref().unwrap_or("-"),
                        if *status == 0 {
                            ": a response that never came is an exchange_end without a response_head (docs/recording-format.md)"
                        } else {
                            ""
                        }
                    ));
                }
            }
            let read_before = self.mark(seq);
            if let Some(last) = self.last {
                // No `last + 1`: a hostile file may carry seq u64::MAX.
                if seq > last {
                    if seq - last != 1 {
                        self.note_break(last, seq);
                        self.holes = self.holes.saturating_add(seq - last - 1);
                    }
                } else if read_before != Some(false)
                    && self.reader.recent_events(seq).iter().any(|r| r == ev)
                {
                    // the same line again: read once
                    self.reader.forget_newest();
                    self.note_break(last, seq);
                    self.breaks.duplicates += 1;
                    continue;
                } else if read_before == Some(false) {
                    self.note_break(last, seq);
                    self.breaks.out_of_order += 1;
                } else {
                    self.note_break(last, seq);
                    self.breaks.repeated += 1;
                }
            }
            self.last = Some(self.last.map_or(seq, |l| l.max(seq)));
            self.lowest = self.lowest.min(seq);
            return next;
        }
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
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    open_as(path, &name)
}

/// [`open`], the file named `shown` on the progress line a large file gets on a terminal's
/// stderr ([`super::progress`]): `-` for standard input spooled to a temporary file.
/// Same errors.
pub fn open_as(path: &Path, shown: &str) -> anyhow::Result<Source> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    // a large file says how far it is read on a terminal's stderr (uxb38)
    let total = file.metadata().map(|m| m.len()).unwrap_or(0);
    let file = super::progress::ProgressRead::new(file, shown.to_string(), total);
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
            let cut = header.cut;
            let torn_tail = TornTail::default();
            let seq_breaks = SeqBreaksCell::default();
            let notes = FileNotes::default();
            Ok(Source {
                kind: SourceKind::Recording,
                header,
                events: Box::new(TailWatch {
                    cut,
                    notes: notes.clone(),
                    ..TailWatch::new(r, torn_tail.clone(), seq_breaks.clone())
                }),
                torn_tail,
                seq_breaks,
                har_entries: Vec::new(),
                notes,
            })
        }
        Some(SourceKind::Transcript) => {
            let text = read_utf8(&mut reader, path, true)?;
            // parsed whole, then judged event by event: the terminal's line goes on past
            // the bytes (newcomer50 N6)
            let ticker = super::progress::Ticker::start(shown.to_string(), total);
            let (header, events, said) = super::transcript::read_noted(&text)
                .with_context(|| format!("cannot read transcript {}", path.display()))?;
            drop(text);
            let notes = FileNotes::default();
            said.into_iter().for_each(|n| notes.push(n));
            Ok(Source {
                kind: SourceKind::Transcript,
                header,
                events: Box::new(ticker.events(events).map(Ok)),
                torn_tail: TornTail::default(),
                seq_breaks: SeqBreaksCell::default(),
                har_entries: Vec::new(),
                notes,
            })
        }
        Some(SourceKind::Har) => {
            let text = read_utf8(&mut reader, path, false)?;
            let ticker = super::progress::Ticker::start(shown.to_string(), total);
            let mut said = Vec::new();
            let (header, events, har_entries) =
                super::har::read_with_entries_noted(&text, &mut said)
                    .with_context(|| format!("cannot read HAR {}", path.display()))?;
            let notes = FileNotes::default();
            said.into_iter().for_each(|n| notes.push(n));
            drop(text);
            Ok(Source {
                kind: SourceKind::Har,
                header,
                events: Box::new(ticker.events(events).map(Ok)),
                torn_tail: TornTail::default(),
                seq_breaks: SeqBreaksCell::default(),
                har_entries,
                notes,
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
        // zstd (RFC 8878 §3.1.1), xz and bzip2 magic numbers: logrotate's and most log
        // shippers' other codecs (newcomer31 N2). Named with their command, as gzip is.
        None if compressed(&head).is_some() => {
            let (codec, cmd) = compressed(&head).unwrap_or(("compressed", "cat"));
            bail!(
                "{}: not a recording, transcript or HAR file: it is {codec}-compressed (decompress it first: {cmd} FILE | a2a-interop verify -)",
                path.display()
            )
        }
        // A run of NUL bytes first (newcomer32 N1): a file emptied (logrotate `copytruncate`)
        // under a writer that kept its offset, as the proxy did before it appended; sparse
        // zeros up to the old length, then events with no header line. UTF-16 and UTF-32
        // text has at most three NULs in a row, so 16 tell them apart.
        None if head.len() >= 16 && head[..16].iter().all(|&b| b == 0) => {
            let nuls = head.iter().take_while(|&&b| b == 0).count();
            bail!(
                "{}: not a recording as it is: it starts with {}{nuls} NUL bytes, what a file emptied under a running writer holds (logrotate copytruncate of a recording, by an older a2a-interop or another tool): the lines after them have no header line",
                path.display(),
                if nuls == head.len() { "at least " } else { "" },
            )
        }
        // UTF-16 text (a byte order mark, or ASCII with every other byte NUL): Windows
        // PowerShell 5's `>` and `Out-File` write it (newcomer29 N6). Said as such, with
        // the conversion, not as "not a recording".
        None if utf16(&head).is_some() => bail!(
            "{}: not a recording, transcript or HAR file as it is: it is {} text (Windows PowerShell 5's `>` and Out-File write UTF-16, Out-File -Encoding utf32 writes UTF-32), and a2a-interop reads UTF-8",
            path.display(),
            utf16(&head).unwrap_or("UTF-16"),
        ),
        // A recording whose header line was cut off (`tail -n +2`, `split`, an edit): its
        // first line reads as an event. Said as such, not as "not a recording" (newcomer25
        // N5): the fix is the header line of the original.
        None => match headless_event(&head) {
            // A report this tool wrote, given where its input goes (`report report.md`,
            // `verify probe.json`): said as such, with the file it was made from when the
            // report names one (newcomer29 N2).
            None if own_report(&head).is_some() => {
                let mut r = own_report(&head).unwrap_or_default();
                // The file it was made from may stand past the first read (a SARIF report
                // lists every rule before its artifact: 264 KB with 251 rules, session 46):
                // read on, up to 64 MiB, on this error path only.
                if r.made_from.is_none() && !r.not_kept && head.len() >= 256 * 1024 {
                    let mut all = Vec::new();
                    if (&mut reader).take(64 << 20).read_to_end(&mut all).is_ok() {
                        if let Some(whole) = own_report(&all) {
                            r = whole;
                        }
                    }
                }
                let from = match (&r.made_from, r.not_kept) {
                    (Some(p), _) => format!(", made from `{p}`"),
                    (None, true) => ", of a run whose traffic was not kept (no --record)".into(),
                    (None, false) => String::new(),
                };
                bail!(
                    "{}: not a recording, transcript or HAR file: it is a{} {} report a2a-interop wrote{from}",
                    path.display(),
                    if r.format.starts_with(['H']) { "n" } else { "" },
                    r.format,
                )
            }
            Some((seq, kind)) => bail!(
                "{}: a recording without its header line: line 1 is a `{kind}` event (seq {seq}), not the {{\"type\":\"recording\",...}} line every recording starts with (the file was cut with tail or split, or edited)",
                path.display()
            ),
            // Bytes that are no text at all (an ELF binary, a pcap, random bytes): named
            // as such (ux37: "first line is neither ..." of /bin/ls read as if a line of
            // it were almost a recording)
            None if binary(&head).is_some() => bail!(
                "{}: not a recording, transcript or HAR file: it is {}, not text{}",
                path.display(),
                binary(&head).unwrap_or("binary data"),
                if binary(&head) == Some(PCAP) {
                    " (a2a-interop reads the HTTP it recorded itself, a transcript or a HAR file, not packets: record the traffic with `a2a-interop proxy`, or export it as HAR from the browser or tool that made it)"
                } else {
                    ""
                },
            ),
            // A hand-edited file whose first line is a comment, a JSON array's `[` or a
            // reformatted object's lone `{`: said as such, with the fix (ux41).
            // A script (`#!`) is no traffic at all, not traffic "as it is" with comments on
            // top (newcomer55 N1).
            None if script(&head, path).is_some() => bail!(
                "{}: not a recording, transcript or HAR file: {}",
                path.display(),
                script(&head, path).unwrap_or_default(),
            ),
            None if first_line_mistake(&head, path).is_some() => bail!(
                "{}: not a recording, transcript or HAR file as it is: {}",
                path.display(),
                first_line_mistake(&head, path).unwrap_or_default(),
            ),
            None => bail!(
                "{}: not a recording, transcript or HAR file (first line is neither {{\"type\":\"recording\"}}, a transcript line with \"dir\", nor {{\"log\":...}})",
                path.display()
            ),
        },
    }
}

/// `Some("UTF-16LE")` / `Some("UTF-16BE")` when `head` is UTF-16 text: it starts with that
/// byte order mark, or with ASCII whose every other byte is NUL (`{` `\0` ...);
/// `Some("UTF-32LE")` / `Some("UTF-32BE")` for a UTF-32 byte order mark.
/// The codec of a compressed file other than gzip, by its magic number, and the command
/// that writes it decompressed to stdout: zstd (`28 b5 2f fd`, RFC 8878 §3.1.1), xz
/// (`fd 37 7a 58 5a 00`), bzip2 (`BZh` then the block size `1`..`9`). `None` otherwise.
fn compressed(head: &[u8]) -> Option<(&'static str, &'static str)> {
    if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Some(("zstd", "zstd -dc"))
    } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
        Some(("xz", "xz -dc"))
    } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
        Some(("bzip2", "bzip2 -dc"))
    } else {
        None
    }
}

/// [`binary`]'s words for a packet capture (pcap or pcapng).
const PCAP: &str = "a packet capture (pcap or pcapng)";

/// What a file whose first bytes `head` are no text is, by its magic number (an ELF or
/// Windows executable, a Mach-O binary, a zip archive, a packet capture, a PDF, a PNG, an
/// SQLite database), or `binary data` for other bytes that are no text (a NUL byte, or bytes
/// that are not UTF-8 before the last 3, which may be a character cut by the read); `None`
/// for text. Called once the compressed, NUL-run and UTF-16 cases are ruled out.
fn binary(head: &[u8]) -> Option<&'static str> {
    const MAGIC: &[(&[u8], &str)] = &[
        (
            b"\x7fELF",
            "an ELF executable or library (a program, not its output)",
        ),
        (b"MZ", "a Windows executable (PE)"),
        (&[0xcf, 0xfa, 0xed, 0xfe], "a Mach-O executable"),
        (&[0xce, 0xfa, 0xed, 0xfe], "a Mach-O executable"),
        (
            &[0xca, 0xfe, 0xba, 0xbe],
            "a Mach-O universal binary or a Java class file",
        ),
        (
            b"PK\x03\x04",
            "a zip archive (or a zip-based file: .jar, .docx, .xlsx)",
        ),
        (&[0xd4, 0xc3, 0xb2, 0xa1], PCAP),
        (&[0xa1, 0xb2, 0xc3, 0xd4], PCAP),
        (&[0x4d, 0x3c, 0xb2, 0xa1], PCAP),
        (&[0xa1, 0xb2, 0x3c, 0x4d], PCAP),
        (&[0x0a, 0x0d, 0x0d, 0x0a], PCAP),
        (b"%PDF-", "a PDF document"),
        (b"\x89PNG", "a PNG image"),
        (b"SQLite format 3\0", "an SQLite database"),
    ];
    // (`MZ` alone starts words of text too: a PE header has NUL bytes right after it)
    if let Some((_, what)) = MAGIC
        .iter()
        .find(|(m, _)| head.starts_with(m) && (*m != b"MZ" || head.contains(&0)))
    {
        return Some(what);
    }
    let text_end = head.len().saturating_sub(3);
    let not_utf8 = std::str::from_utf8(head)
        .err()
        .is_some_and(|e| e.error_len().is_some() || e.valid_up_to() < text_end);
    (head.contains(&0) || not_utf8).then_some("binary data")
}

fn utf16(head: &[u8]) -> Option<&'static str> {
    match head {
        // UTF-32's marks first: UTF-32LE's starts with UTF-16LE's (Out-File -Encoding
        // utf32; review29b: it was named UTF-16LE, and its iconv line made garbage)
        [0xFF, 0xFE, 0, 0, ..] => return Some("UTF-32LE"),
        [0, 0, 0xFE, 0xFF, ..] => return Some("UTF-32BE"),
        [0xFF, 0xFE, ..] => return Some("UTF-16LE"),
        [0xFE, 0xFF, ..] => return Some("UTF-16BE"),
        _ => {}
    }
    let pairs: Vec<&[u8]> = head.chunks_exact(2).take(64).collect();
    if pairs.len() < 2 {
        return None;
    }
    let ascii = |b: u8| b.is_ascii_graphic() || b.is_ascii_whitespace();
    if pairs.iter().all(|p| ascii(p[0]) && p[1] == 0) {
        Some("UTF-16LE")
    } else if pairs.iter().all(|p| p[0] == 0 && ascii(p[1])) {
        Some("UTF-16BE")
    } else {
        None
    }
}

/// What [`own_report`] makes of a report a2a-interop wrote.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct OwnReport {
    /// The report's format as people name it: `Markdown`, `HTML`, `JSON`, `JUnit`, `SARIF`,
    /// `text`.
    pub format: &'static str,
    /// The recording, HAR or transcript the report was made from, as its source line
    /// names it (`None` for standard input, a run that kept no traffic, or a report whose
    /// first 256 KiB do not name it).
    pub made_from: Option<String>,
    /// The report is of a `probe`, `interop` or `demo` run that kept no recording.
    pub not_kept: bool,
}

/// `head` (a file's first bytes) as a report a2a-interop wrote (Markdown, HTML, JSON,
/// JUnit, SARIF or text; `report -o`, `probe -o`, `proxy --report`), else `None`. The
/// text report is told by its first line ([`text_report_start`]) and names no file.
pub fn own_report(head: &[u8]) -> Option<OwnReport> {
    let text = String::from_utf8_lossy(head);
    let t = text.trim_start();
    // "recording `s1.jsonl`", "probe of `URL`, recording `p.jsonl`", "probe of `URL`
    // (traffic not kept: ...)": the header words of every format's source line.
    let from_words = |w: &str| -> (Option<String>, bool) {
        if w.contains("traffic not kept") {
            return (None, true);
        }
        let tail = match w.split_once(", recording `") {
            Some((_, rest)) => rest,
            None if w.contains(" of `") => return (None, false),
            None => match w.split_once('`') {
                Some((_, rest)) => rest,
                None => return (None, false),
            },
        };
        let p = tail.split('`').next().unwrap_or("");
        ((!p.is_empty() && p != "-").then(|| p.to_string()), false)
    };
    if t.starts_with("# A2A interoperability report") {
        let words = t
            .lines()
            .find_map(|l| l.strip_prefix("- **source:** "))
            .unwrap_or("");
        let (made_from, not_kept) = from_words(words);
        return Some(OwnReport {
            format: "Markdown",
            made_from,
            not_kept,
        });
    }
    if t.starts_with("<!DOCTYPE html>") && t.contains("<title>A2A interoperability report</title>")
    {
        let words = t
            .split_once("<li>source: ")
            .and_then(|(_, rest)| rest.split_once("</li>"))
            .map(|(w, _)| {
                w.replace("<code>", "`")
                    .replace("</code>", "`")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&amp;", "&")
            })
            .unwrap_or_default();
        let (made_from, not_kept) = from_words(&words);
        return Some(OwnReport {
            format: "HTML",
            made_from,
            not_kept,
        });
    }
    // JSON values after `key` in `t`: the first string value of `"key":`.
    let json_string_after = |t: &str, key: &str| -> Option<String> {
        let (_, rest) = t.split_once(key)?;
        let rest = rest.trim_start().strip_prefix(':')?.trim_start();
        serde_json::Deserializer::from_str(rest)
            .into_iter::<String>()
            .next()?
            .ok()
    };
    if t.starts_with('{') && t.contains("\"a2a-interop/report/") {
        let source = t
            .split_once("\"source\"")
            .map(|(_, rest)| rest.split('}').next().unwrap_or(""))
            .unwrap_or("");
        let made_from = json_string_after(source, "\"path\"").filter(|p| p != "-");
        let driven = ["probe", "interop", "demo"]
            .iter()
            .any(|k| json_string_after(source, "\"kind\"").as_deref() == Some(k));
        return Some(OwnReport {
            format: "JSON",
            not_kept: made_from.is_none() && driven,
            made_from,
        });
    }
    if t.starts_with('{') && t.contains("sarif") && t.contains("\"name\": \"a2a-interop\"") {
        // SARIF names the file as a URI reference (`file:///abs/run%20x.jsonl`,
        // `run%20x.jsonl`): given back as the path a command reads (review29b R1).
        let made_from = json_string_after(t, "\"uri\"")
            .map(|u| uri_path(&u))
            .filter(|p| !p.is_empty() && p != "-");
        return Some(OwnReport {
            format: "SARIF",
            made_from,
            not_kept: false,
        });
    }
    // The text report (`report rec -o r.txt`, `verify rec > r.txt`): a STYLE.md §7 block
    // per finding (`error[CARD-URL-002]: ...` then `  --> `), or, with none, the summary
    // line alone (`0 errors, 0 warnings, 0 notes in 3 exchanges ...`). It does not name
    // its recording (review29b R2: it was "first line is neither ...").
    if text_report_start(t) {
        return Some(OwnReport {
            format: "text",
            made_from: None,
            not_kept: false,
        });
    }
    if t.starts_with("<?xml") && t.contains("<testsuites name=\"a2a-interop") {
        let made_from = t
            .split_once(" file=\"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(f, _)| {
                f.replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&apos;", "'")
                    .replace("&amp;", "&")
            })
            .filter(|p| !p.is_empty() && p != "-");
        return Some(OwnReport {
            format: "JUnit",
            made_from,
            not_kept: false,
        });
    }
    None
}

/// The whole of `reader` as text; when it is not UTF-8, the error names the line and the
/// byte that is not (newcomer49: before, "stream did not contain valid UTF-8", no place),
/// and for a transcript (`transcript`) how to write bytes that are no text.
fn read_utf8(reader: &mut dyn Read, path: &Path, transcript: bool) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
        let column = at - bytes[..at].iter().rposition(|b| *b == b'\n').map_or(0, |p| p + 1) + 1;
        anyhow::anyhow!(
            "{} is not UTF-8 text: line {line}, byte {column} of the line is 0x{:02x}, which starts no UTF-8 character (a body saved in another encoding, Latin-1 or UTF-16?){}",
            path.display(),
            bytes[at],
            if transcript {
                "; bytes that are no text go in a line's \"body\" as base64 with \"encoding\":\"base64\" (docs/transcript-format.md)"
            } else {
                ""
            }
        )
    })
}

/// `t` (a file's head, leading blanks trimmed) starts as a text report this tool wrote:
/// its first line is a finding block's head (`error[RULE-ID]: ...`, `warning[...]`,
/// `note[...]`) followed by its `  --> ` line, or its summary line
/// (`N errors, N warnings, N notes in ...`).
fn text_report_start(t: &str) -> bool {
    let mut lines = t.lines();
    let first = lines.next().unwrap_or("");
    let second = lines.next().unwrap_or("");
    let block = ["error[", "warning[", "note["].iter().any(|k| {
        first.strip_prefix(k).is_some_and(|rest| {
            rest.split_once("]: ").is_some_and(|(id, _)| {
                !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
            })
        })
    }) && second.starts_with("  --> ");
    // "0 errors, 0 warnings, 0 notes in 1 exchange": counts in the summary's own words
    let summary = {
        let words: Vec<&str> = first.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        words.len() >= 8
            && words[0].chars().all(|c| c.is_ascii_digit())
            && words[1].starts_with("error")
            && words[3].starts_with("warning")
            && words[5].starts_with("note")
            && words[6] == "in"
    };
    block || summary
}

/// A SARIF `artifactLocation.uri` (RFC 3986 reference: `file:///abs/run%20x.jsonl` or a
/// relative `run%20x.jsonl`) as the file path it names, percent-escapes decoded by the
/// model's [`crate::model::a2a::percent_decode`] (RFC 3986 §2.1; our reports write the
/// URI from a UTF-8 path, so the lossy UTF-8 read there never bites).
fn uri_path(uri: &str) -> String {
    crate::model::a2a::percent_decode(uri.strip_prefix("file://").unwrap_or(uri))
}

/// `path` as one shell word: itself when it holds only letters, digits and `_./-+@:`,
/// else single-quoted.
fn shell_word(path: &Path) -> String {
    let file = path.display().to_string();
    if file
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_./-+@:".contains(c))
    {
        file
    } else {
        format!("'{}'", file.replace('\'', "'\\''"))
    }
}

/// What `head` is when its first non-blank line is a `#!` line: a script, which holds no
/// traffic (newcomer55 N1: `verify min.sh`, the curl script `repro` writes beside its cut,
/// was told to drop its comment lines, which leaves curl commands `verify` refuses again).
/// For `repro`'s own script (a `# reproduces RULE ...` line and `curl` lines), the cut to
/// verify instead: the `.jsonl` of the same name beside it when that file is there. `None`
/// for any other file.
fn script(head: &[u8], path: &Path) -> Option<String> {
    let first = head
        .split(|b| *b == b'\n')
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))?;
    let first = String::from_utf8_lossy(first);
    let line = first.trim_start_matches('\u{feff}').trim();
    if !line.starts_with("#!") {
        return None;
    }
    let shown: String = line.chars().take(40).collect();
    let text = String::from_utf8_lossy(head);
    if text.contains("\n# reproduces ") && text.contains("\ncurl ") {
        let cut = path.with_extension("jsonl");
        let verify = if cut.is_file() {
            format!("a2a-interop verify {}", shell_word(&cut))
        } else {
            "the transcript (.jsonl) given to repro -o".to_string()
        };
        return Some(format!(
            "it is the curl script `a2a-interop repro` writes beside its cut (`{shown}`), not traffic: verify the cut, {verify}"
        ));
    }
    Some(format!("it is a script (`{shown}`), not traffic"))
}

/// What is wrong with the first non-blank line of `head` when a person's edit put it there
/// (ux41), with the command that undoes it: a comment (`// ...`, `# ...`: JSON Lines have
/// none) over lines that are JSON objects (over lines that are not, or over nothing but
/// comments, no command: newcomer55 N1), the `[` of a JSON array (a transcript written as one array), or a lone `{` (a
/// recording or transcript pretty-printed by an editor or `jq .`: every event is one
/// line). `path` is the file's, named in the command (quoted for a shell when it holds
/// more than letters, digits and `_./-+@:`). `None` for any other line.
fn first_line_mistake(head: &[u8], path: &std::path::Path) -> Option<String> {
    let file = shell_word(path);
    let first = head
        .split(|b| *b == b'\n')
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))?;
    let first = String::from_utf8_lossy(first);
    let line = first.trim_start_matches('\u{feff}').trim();
    if let Some(mark) = ["//", "#"].into_iter().find(|m| line.starts_with(m)) {
        let shown: String = line.chars().take(40).collect();
        // the first line that is neither blank nor a comment: the advice below leaves the
        // file's JSON objects, and only when its lines are JSON objects is that traffic
        let next = head
            .split(|b| *b == b'\n')
            .enumerate()
            .map(|(i, l)| (i + 1, String::from_utf8_lossy(l)))
            .find(|(_, l)| {
                let l = l.trim();
                !l.is_empty() && !l.starts_with(mark)
            });
        return Some(match next {
            Some((n, l)) if !l.trim().starts_with('{') => {
                let l: String = l.trim().chars().take(40).collect();
                format!(
                    "line 1 is a comment (`{shown}`), and line {n}, the first that is not a comment, is no JSON object either (`{l}`): the file is not JSON Lines"
                )
            }
            None => format!(
                "line 1 is a comment (`{shown}`), and so is every line after it (or blank): the file holds no traffic"
            ),
            Some(_) => format!(
                "line 1 is a comment (`{shown}`), and JSON Lines have none: remove the comment lines in a copy, grep -v '^{mark}' {file} > fixed.jsonl"
            ),
        });
    }
    // newcomer49: a transcript copied out of a bug report (TRANSCRIPT.md) with its
    // Markdown code fences was "first line is neither ..."
    if let Some(fence) = ["```", "~~~"].into_iter().find(|m| line.starts_with(m)) {
        let shown: String = line.chars().take(40).collect();
        return Some(format!(
            "line 1 is a Markdown code fence ({shown}): the lines were copied from a Markdown file with its fences; keep only the lines between them: grep -v '^{fence}' {file} > fixed.jsonl"
        ));
    }
    if line.starts_with('[') {
        return Some(format!("line 1 opens a JSON array, and a transcript or recording is one JSON object per line, not an array: jq -c '.[]' {file} > fixed.jsonl writes one per line"));
    }
    // newcomer49: an Agent Card saved from the agent (`curl .../agent-card.json > card.json`),
    // on one line or pretty-printed (the whole head parsed: a card fits in it), is no traffic;
    // the pretty one was told to be put on one line with jq, which leaves a card
    let whole = String::from_utf8_lossy(head);
    let whole = whole.trim_start_matches('\u{feff}').trim();
    if let Some(serde_json::Value::Object(m)) = serde_json::from_str::<serde_json::Value>(line)
        .ok()
        .or_else(|| serde_json::from_str::<serde_json::Value>(whole).ok())
    {
        let card = m.contains_key("name")
            && m.contains_key("skills")
            && (m.contains_key("supportedInterfaces") || m.contains_key("url"));
        if card {
            return Some(format!(
                "it is an Agent Card (name {}), not traffic: to check the card as its agent serves it, run a2a-interop probe AGENT_URL (or put the proxy in front and fetch it through); to judge this saved copy, write its fetch as a two-line transcript, {{\"dir\":\"req\",\"method\":\"GET\",\"url\":\"http://AGENT/.well-known/agent-card.json\"}} then {{\"dir\":\"resp\",\"status\":200,\"headers\":{{\"content-type\":\"application/json\"}},\"body\":CARD}} (docs/transcript-format.md)",
                m.get("name").map(|n| n.to_string()).unwrap_or_default()
            ));
        }
    }
    // newcomer49: a one-line JSON object that is no event, transcript line nor HAR (a
    // transcript line written with "direction" or "type": "request"): its members named
    if let Ok(serde_json::Value::Object(m)) = serde_json::from_str::<serde_json::Value>(line) {
        let keys: Vec<&str> = m.keys().map(String::as_str).take(8).collect();
        return Some(format!(
            "line 1 is a JSON object with none of the members that mark a line of one (its members: {}): a transcript line needs \"dir\" (\"req\", \"resp\" or \"chunk\"; docs/transcript-format.md), a recording starts with {{\"type\":\"recording\",...}}, a HAR file with {{\"log\":...}}",
            keys.join(", ")
        ));
    }
    (line == "{").then(|| {
        format!("line 1 is a lone `{{`: a JSON object spread over several lines (pretty-printed by an editor or jq .), where a recording or transcript has each event on one line: jq -c . {file} > fixed.jsonl puts each back on one line")
    })
}

/// The `seq` and `type` of the first line of `head` when it is a whole recording event
/// (`{"seq":..,"t_us":..,"type":"conn_open",...}`): a recording whose header line is gone.
/// `None` for anything else (a first line cut by the 256 KiB buffer included).
fn headless_event(head: &[u8]) -> Option<(u64, String)> {
    let first = head
        .split(|b| *b == b'\n')
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))?;
    let ev = super::jsonl::read_event(first).ok()?;
    let v: serde_json::Value = serde_json::from_slice(first).ok()?;
    let kind = v.get("type")?.as_str()?.to_string();
    Some((ev.seq, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recording of `conn_open` lines `(seq, t_us)`: lines with the same pair are the
    /// same line.
    fn recording(lines: &[(u64, u64)]) -> tempfile::NamedTempFile {
        use std::io::Write;
        let mut f = tempfile::NamedTempFile::new().unwrap();
        writeln!(
            f,
            r#"{{"type":"recording","format":1,"tool":{{"name":"a2a-interop","version":"0.1.0"}},"startedAt":"2026-01-01T00:00:00.000Z","mode":"reverse","listen":["127.0.0.1:8080"],"routes":[]}}"#
        )
        .unwrap();
        for (s, t) in lines {
            writeln!(
                f,
                r#"{{"seq":{s},"t_us":{t},"type":"conn_open","conn":1,"peer":"127.0.0.1:1","local":"127.0.0.1:8080"}}"#
            )
            .unwrap();
        }
        f
    }

    /// The breaks of a recording whose lines have these `seq`s (each line its own `t_us`),
    /// and the `seq`s of the events read.
    fn breaks_of(lines: &[(u64, u64)]) -> (Option<SeqBreaks>, Vec<u64>) {
        let f = recording(lines);
        let src = open(f.path()).unwrap();
        let cell = src.seq_breaks.clone();
        let read: Vec<u64> = src.events.map(|e| e.unwrap().seq).collect();
        (cell.get().copied(), read)
    }

    fn breaks(seqs: &[u64]) -> Option<SeqBreaks> {
        let lines: Vec<(u64, u64)> = seqs.iter().zip(1..).map(|(&s, t)| (s, t)).collect();
        let (b, read) = breaks_of(&lines);
        assert_eq!(read, seqs);
        b
    }

    #[test]
    fn seq_holes_repeats_and_overflow_are_counted() {
        assert_eq!(breaks(&[1, 2, 3]), None);
        assert_eq!(breaks(&[]), None);
        assert_eq!(
            breaks(&[1, 2, 6, 7, 9]),
            Some(SeqBreaks {
                missing: 4,
                first: (2, 6),
                ..Default::default()
            })
        );
        // Two recordings concatenated (minus the second header): seq starts again.
        assert_eq!(
            breaks(&[1, 2, 3, 1, 2]),
            Some(SeqBreaks {
                repeated: 2,
                first: (3, 1),
                ..Default::default()
            })
        );
        assert_eq!(
            breaks(&[1, u64::MAX, u64::MAX]),
            Some(SeqBreaks {
                missing: u64::MAX - 2,
                repeated: 1,
                first: (1, u64::MAX),
                ..Default::default()
            })
        );
    }

    /// breaker10n N13: a line copied verbatim is read once; lines moved are out of order,
    /// not missing.
    #[test]
    fn duplicates_are_skipped_and_moved_lines_are_not_missing() {
        // every line twice, verbatim
        let (b, read) = breaks_of(&[(1, 1), (1, 1), (2, 2), (2, 2), (3, 3)]);
        assert_eq!(read, vec![1, 2, 3]);
        assert_eq!(
            b,
            Some(SeqBreaks {
                duplicates: 2,
                first: (1, 1),
                ..Default::default()
            })
        );
        // The same event written with its members in another order (another writer, a
        // re-serialising log shipper): still the same event, read once. Only the kept line
        // of that seq is read again; a seq 64 lines back is no longer kept.
        use std::io::Write;
        let mut f = recording(&[(1, 1), (2, 2)]);
        writeln!(
            f,
            r#"{{"local":"127.0.0.1:8080","peer":"127.0.0.1:1","conn":1,"type":"conn_open","t_us":1,"seq":1}}"#
        )
        .unwrap();
        let src = open(f.path()).unwrap();
        let cell = src.seq_breaks.clone();
        let read: Vec<u64> = src.events.map(|e| e.unwrap().seq).collect();
        assert_eq!(read, vec![1, 2]);
        assert_eq!(cell.get().map(|b| b.duplicates), Some(1));
        let far: Vec<(u64, u64)> = (1..=70).map(|s| (s, s)).chain([(1, 1), (70, 70)]).collect();
        let (b, read) = breaks_of(&far);
        assert_eq!(
            read.len(),
            71,
            "seq 1 (70 lines back) is read again, seq 70 is not"
        );
        assert_eq!(b.map(|b| (b.duplicates, b.repeated)), Some((1, 1)));
        // the last lines moved to the top: all present once, nothing missing
        let (b, read) = breaks_of(&[(4, 4), (5, 5), (1, 1), (2, 2), (3, 3)]);
        assert_eq!(read, vec![4, 5, 1, 2, 3]);
        assert_eq!(
            b,
            Some(SeqBreaks {
                out_of_order: 3,
                first: (5, 1),
                ..Default::default()
            })
        );
        // reversed, one line lost
        let (b, _) = breaks_of(&[(5, 5), (4, 4), (2, 2), (1, 1)]);
        assert_eq!(
            b,
            Some(SeqBreaks {
                missing: 1,
                out_of_order: 3,
                first: (5, 4),
                ..Default::default()
            })
        );
    }
}

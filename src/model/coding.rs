/*!
HTTP content codings (RFC 9110 §8.4) undone for *reading* a recorded body: the verifier, the
proxy's card rewrite and the reports read a card or a JSON-RPC answer that the agent sent
compressed. Forwarding never decodes (the proxy passes bytes untouched, DESIGN.md §3).

A `Content-Encoding` field lists the codings in the order they were applied
(`gzip, br` = gzip first, then brotli), so they are undone from the last to the first
(RFC 9110 §8.4). `identity` entries are skipped; names are case-insensitive. Known codings:
`gzip` / `x-gzip` (RFC 1952), `deflate` (RFC 9110 §8.4.1.2: the zlib format of RFC 1950;
a raw RFC 1951 stream, which some servers send, is accepted too, as browsers do) and `br`
(RFC 7932).
*/

use std::borrow::Cow;
use std::io::Read;

/// Why a body could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodingError {
    /// A coding this tool does not decode (e.g. `zstd`, `compress`); the lowercase name.
    Unsupported(String),
    /// The bytes are not a valid stream of that coding (corrupt or cut short); its name.
    Corrupt(String),
    /// The decoded body would exceed the caller's limit (bytes).
    OverLimit(usize),
}

impl std::fmt::Display for CodingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodingError::Unsupported(c) => write!(f, "content coding {c:?} is not supported"),
            CodingError::Corrupt(c) => write!(f, "the body is not valid {c} data"),
            CodingError::OverLimit(n) => write!(f, "the decoded body exceeds {n} bytes"),
        }
    }
}

impl std::error::Error for CodingError {}

/// The codings named by a `Content-Encoding` value, in the order they were applied,
/// lowercase, without `identity` and empty list members. `None` or `""` gives none.
pub fn codings(content_encoding: Option<&str>) -> Vec<String> {
    content_encoding
        .unwrap_or("")
        .split(',')
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty() && c != "identity")
        .collect()
}

/// The first of `codings` (a response's, lowercase as [`codings`] gives them) that the
/// request's `Accept-Encoding` value does not accept (RFC 9110 §12.5.3): no field accepts
/// every coding (`None`); an empty field accepts none; a coding is accepted when the field
/// names it, or `*`, with a weight above 0 (`q=0` refuses it; a coding named beside `*`
/// takes its own weight). `x-gzip` and `gzip` are one coding (§8.4.1.3). `None` when
/// every coding is accepted.
pub fn unaccepted(accept_encoding: Option<&str>, codings: &[String]) -> Option<String> {
    if codings.is_empty() {
        return None;
    }
    let field = accept_encoding?;
    let norm = |c: &str| {
        let c = c.trim().to_ascii_lowercase();
        if c == "x-gzip" {
            "gzip".to_string()
        } else {
            c
        }
    };
    // (coding, weight > 0) of each member
    let members: Vec<(String, bool)> = field
        .split(',')
        .filter_map(|m| {
            let mut parts = m.split(';');
            let name = norm(parts.next()?);
            if name.is_empty() {
                return None;
            }
            let positive = parts
                .filter_map(|p| p.split_once('='))
                .find(|(k, _)| k.trim().eq_ignore_ascii_case("q"))
                .is_none_or(|(_, v)| v.trim().parse::<f32>().map_or(true, |q| q > 0.0));
            Some((name, positive))
        })
        .collect();
    let star = members.iter().find(|(n, _)| n == "*").map(|(_, ok)| *ok);
    codings
        .iter()
        .find(|c| {
            let c = norm(c);
            match members.iter().find(|(n, _)| *n == c) {
                Some((_, ok)) => !ok,
                None => star != Some(true),
            }
        })
        .cloned()
}

/// The `Content-Encoding` field value of a message whose field may come on several lines
/// (RFC 9110 §5.3: lines of a list field combine with commas): borrowed when there is one.
pub fn joined<'a>(mut values: impl Iterator<Item = &'a str>) -> Option<Cow<'a, str>> {
    let first = values.next()?;
    match values.next() {
        None => Some(Cow::Borrowed(first)),
        Some(second) => {
            let mut all = format!("{first}, {second}");
            for v in values {
                all.push_str(", ");
                all.push_str(v);
            }
            Some(Cow::Owned(all))
        }
    }
}

/// The `Content-Encoding` of a message from its field-line values (joined as [`joined`]),
/// when it names a coding besides `identity`; `None` for an uncoded message. Allocates only
/// for a coded one.
pub fn content_coding<'a>(values: impl Iterator<Item = &'a str>) -> Option<String> {
    let v = joined(values)?;
    is_coded(std::iter::once(v.as_ref())).then(|| v.into_owned())
}

/// The field-line values name a coding besides `identity` (no allocation).
pub fn is_coded<'a>(mut values: impl Iterator<Item = &'a str>) -> bool {
    values.any(|v| {
        v.split(',').any(|c| {
            let c = c.trim();
            !c.is_empty() && !c.eq_ignore_ascii_case("identity")
        })
    })
}

/// Undoes every coding of `content_encoding` on `body`, last applied first.
///
/// Returns the body borrowed when there is nothing to undo, else the decoded bytes (at most
/// `limit` bytes).
///
/// # Errors
/// [`CodingError::Unsupported`] for an unknown coding, [`CodingError::Corrupt`] when the
/// bytes do not decode, [`CodingError::OverLimit`] when a decoded stage is longer than `limit`.
pub fn decode<'a>(
    content_encoding: Option<&str>,
    body: &'a [u8],
    limit: usize,
) -> Result<Cow<'a, [u8]>, CodingError> {
    let list = codings(content_encoding);
    let mut cur: Cow<'a, [u8]> = Cow::Borrowed(body);
    for coding in list.iter().rev() {
        let mut out = Vec::new();
        let read = read_limited(coding, &cur, limit, &mut out)?;
        if !read {
            return Err(CodingError::Corrupt(coding.clone()));
        }
        if out.len() > limit {
            return Err(CodingError::OverLimit(limit));
        }
        cur = Cow::Owned(out);
    }
    Ok(cur)
}

/// As much of `body` as decodes, up to `limit` bytes: for showing the start of a body that
/// may be cut (a recorded chunk, a capture cap). `None` when nothing decodes or a coding is
/// not supported; the body itself when it names no coding.
pub fn decode_prefix<'a>(
    content_encoding: Option<&str>,
    body: &'a [u8],
    limit: usize,
) -> Option<Cow<'a, [u8]>> {
    let list = codings(content_encoding);
    let mut cur: Cow<'a, [u8]> = Cow::Borrowed(body);
    for coding in list.iter().rev() {
        let mut out = Vec::new();
        // A cut stream errors at its end: keep what was decoded before.
        let _ = read_limited(coding, &cur, limit, &mut out).ok()?;
        if out.is_empty() {
            return None;
        }
        out.truncate(limit);
        cur = Cow::Owned(out);
    }
    Some(cur)
}

/// Decodes one coding of `input` into `out`, reading at most `limit + 1` bytes. `Ok(true)`
/// when the stream decoded to its end (or past the limit), `Ok(false)` when it is corrupt
/// (`out` then holds what decoded before the fault).
fn read_limited(
    coding: &str,
    input: &[u8],
    limit: usize,
    out: &mut Vec<u8>,
) -> Result<bool, CodingError> {
    let cap = limit.saturating_add(1);
    let ok = match coding {
        "gzip" | "x-gzip" => read_capped(flate2::read::MultiGzDecoder::new(input), cap, out),
        "deflate" => {
            if read_capped(flate2::read::ZlibDecoder::new(input), cap, out) {
                true
            } else {
                // Raw deflate without the zlib wrapper (sent by some servers).
                let mut raw = Vec::new();
                let ok = read_capped(flate2::read::DeflateDecoder::new(input), cap, &mut raw);
                if ok || raw.len() > out.len() {
                    *out = raw;
                }
                ok
            }
        }
        "br" => read_capped(brotli::Decompressor::new(input, 4096), cap, out),
        other => return Err(CodingError::Unsupported(other.to_string())),
    };
    Ok(ok)
}

/// Reads `r` into `out` until its end or `cap` bytes in `out`: `false` on a read error.
/// `out` grows by doubling but never past `cap` (robust42: `read_to_end` on a `take(cap)`
/// doubled to the next power of two, 512 MiB for a 256 MiB + 1 limit: the peak of an
/// export of a bomb).
fn read_capped(mut r: impl Read, cap: usize, out: &mut Vec<u8>) -> bool {
    let mut buf = vec![0u8; 32 << 10];
    loop {
        let room = cap.saturating_sub(out.len());
        if room == 0 {
            return true;
        }
        let want = room.min(buf.len());
        match r.read(&mut buf[..want]) {
            Ok(0) => return true,
            Ok(n) => {
                let need = out.len() + n;
                if out.capacity() < need {
                    let to = (out.capacity() * 2).clamp(need, cap.max(need));
                    out.reserve_exact(to - out.len());
                }
                out.extend_from_slice(&buf[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// The most bytes one [`StreamDecoder::push`] (or [`StreamDecoder::finish`]) may decode to,
/// at any stage (64 MiB), whatever the decoder's total limit: one piece of a body (a socket
/// read, a recorded chunk) that inflates past it is a decompression bomb (deflate's ratio
/// bound is 1032, so a legitimate 64 KiB piece gives at most ~66 MB; stacked codings and
/// brotli have no such bound), and the decoder stops with [`CodingError::OverLimit`] rather
/// than hold it in memory (issue 7, robust42).
pub const PUSH_DECODED_CAP: usize = 64 << 20;

/// The sink of one [`Stage`]: decoded bytes collect in `out` until `room` bytes; a write
/// past it fails (and sets `over`), which stops the decoder writing into it mid-call (its
/// output buffer, 32 KiB for flate2 and 4 KiB for brotli, is the most it holds beyond).
struct Capped {
    out: Vec<u8>,
    room: usize,
    over: bool,
}

impl Capped {
    fn new() -> Capped {
        Capped {
            out: Vec::new(),
            room: 0,
            over: false,
        }
    }
}

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() > self.room.saturating_sub(self.out.len()) {
            self.over = true;
            return Err(std::io::Error::other("decoded bytes over the limit"));
        }
        if self.out.capacity() - self.out.len() < buf.len() {
            // grow by doubling, but never past the room (a doubling Vec would hold up to
            // twice it)
            let need = self.out.len() + buf.len();
            let want = (self.out.capacity() * 2).clamp(need, self.room.max(need));
            self.out.reserve_exact(want - self.out.len());
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One stage of a [`StreamDecoder`]: a push decoder whose output collects in its [`Capped`]
/// sink.
enum Stage {
    Gzip(Box<flate2::write::MultiGzDecoder<Capped>>),
    /// `deflate` before its first two bytes told zlib (RFC 1950) from raw (RFC 1951).
    DeflateUndecided(Vec<u8>),
    Zlib(Box<flate2::write::ZlibDecoder<Capped>>),
    RawDeflate(Box<flate2::write::DeflateDecoder<Capped>>),
    Br(Box<brotli::DecompressorWriter<Capped>>),
}

impl Stage {
    fn new(coding: &str) -> Result<Stage, CodingError> {
        Ok(match coding {
            "gzip" | "x-gzip" => {
                Stage::Gzip(Box::new(flate2::write::MultiGzDecoder::new(Capped::new())))
            }
            "deflate" => Stage::DeflateUndecided(Vec::new()),
            "br" => Stage::Br(Box::new(brotli::DecompressorWriter::new(
                Capped::new(),
                4096,
            ))),
            other => return Err(CodingError::Unsupported(other.to_string())),
        })
    }

    /// The sink (none yet for an undecided `deflate`).
    fn sink(&mut self) -> Option<&mut Capped> {
        Some(match self {
            Stage::Gzip(d) => d.get_mut(),
            Stage::Zlib(d) => d.get_mut(),
            Stage::RawDeflate(d) => d.get_mut(),
            Stage::Br(d) => d.get_mut(),
            Stage::DeflateUndecided(_) => return None,
        })
    }

    /// Lets the sink take `room` bytes in all (those it holds included).
    fn set_room(&mut self, room: usize) {
        if let Some(s) = self.sink() {
            s.room = room;
        }
    }

    /// The sink went over its room.
    fn over(&mut self) -> bool {
        self.sink().is_some_and(|s| s.over)
    }

    /// Writes `input` and flushes: the bytes decoded so far are left in the sink.
    fn write(&mut self, input: &[u8], room: usize) -> std::io::Result<()> {
        use std::io::Write;
        if let Stage::DeflateUndecided(head) = self {
            head.extend_from_slice(input);
            if head.len() < 2 {
                return Ok(());
            }
            // RFC 1950 §2.2: CM = 8 and the header's 16-bit value is a multiple of 31.
            let zlib =
                head[0] & 0x0f == 8 && (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 == 0;
            let head = std::mem::take(head);
            *self = if zlib {
                Stage::Zlib(Box::new(flate2::write::ZlibDecoder::new(Capped::new())))
            } else {
                Stage::RawDeflate(Box::new(flate2::write::DeflateDecoder::new(Capped::new())))
            };
            return self.write(&head, room);
        }
        self.set_room(room);
        match self {
            Stage::Gzip(d) => d.write_all(input).and_then(|()| d.flush()),
            Stage::Zlib(d) => d.write_all(input).and_then(|()| d.flush()),
            Stage::RawDeflate(d) => d.write_all(input).and_then(|()| d.flush()),
            Stage::Br(d) => d.write_all(input).and_then(|()| d.flush()),
            Stage::DeflateUndecided(_) => Ok(()),
        }
    }

    /// The bytes decoded since the last call.
    fn take(&mut self) -> Vec<u8> {
        self.sink()
            .map(|s| std::mem::take(&mut s.out))
            .unwrap_or_default()
    }

    /// Ends the coded stream: `Err` when it was cut before its end.
    fn finish(&mut self, room: usize) -> std::io::Result<()> {
        self.set_room(room);
        match self {
            Stage::Gzip(d) => d.try_finish(),
            Stage::Zlib(d) => d.try_finish(),
            Stage::RawDeflate(d) => d.try_finish(),
            Stage::Br(d) => d.close(),
            Stage::DeflateUndecided(h) if h.is_empty() => Ok(()),
            Stage::DeflateUndecided(_) => Err(std::io::ErrorKind::UnexpectedEof.into()),
        }
    }
}

/// Undoes the `Content-Encoding` of a body that arrives in pieces (an event stream that a
/// gateway compresses, `gzip_types text/event-stream`; RFC 9110 §8.4): each [`push`]
/// returns the bytes decoded so far, as a client's decoder hands them on, so the events in
/// them are read as they arrive. A flush point of the coder (zlib `Z_SYNC_FLUSH`, which
/// nginx sends per chunk) gives out everything before it.
///
/// Bounded (a decompression bomb is not expanded in memory; issue 7, robust42): every
/// stage's decoded total (the inner stages of stacked codings, `gzip, gzip`, included) is
/// at most the limit given to [`StreamDecoder::new`] (bytes), and what one [`push`] decodes
/// at any stage at most [`PUSH_DECODED_CAP`]; a piece that would pass either fails with
/// [`CodingError::OverLimit`], having decoded at most that many bytes (plus a decoder's
/// output buffer, <= 32 KiB). After an error the decoder gives nothing more.
///
/// [`push`]: StreamDecoder::push
pub struct StreamDecoder {
    /// The codings last applied first (the order they are undone in), each with the bytes
    /// it decoded so far.
    stages: Vec<(String, Stage, usize)>,
    limit: usize,
    failed: bool,
}

impl std::fmt::Debug for StreamDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.stages.iter().map(|(n, _, _)| n.as_str()).collect();
        f.debug_struct("StreamDecoder")
            .field("codings", &names)
            .field("total", &self.stages.last().map_or(0, |s| s.2))
            .field("failed", &self.failed)
            .finish()
    }
}

/// Input is fed to each stage in pieces of at most this many bytes (4 KiB).
const STREAM_STEP: usize = 4096;

impl StreamDecoder {
    /// A decoder for the codings of `content_encoding` (a `Content-Encoding` value), whose
    /// decoded output may total at most `limit` bytes at each stage. `Ok(None)` when it
    /// names no coding.
    ///
    /// # Errors
    /// [`CodingError::Unsupported`] for a coding this tool does not decode.
    pub fn new(content_encoding: Option<&str>, limit: usize) -> Result<Option<Self>, CodingError> {
        let list = codings(content_encoding);
        if list.is_empty() {
            return Ok(None);
        }
        let mut stages = Vec::with_capacity(list.len());
        for c in list.iter().rev() {
            stages.push((c.clone(), Stage::new(c)?, 0));
        }
        Ok(Some(StreamDecoder {
            stages,
            limit,
            failed: false,
        }))
    }

    /// Decodes the next piece of the coded body: the bytes it completes (maybe none).
    ///
    /// # Errors
    /// [`CodingError::Corrupt`] (with the coding's name) when the bytes do not decode,
    /// [`CodingError::OverLimit`] when a stage's decoded total would pass the limit, or
    /// this piece's decoded bytes [`PUSH_DECODED_CAP`].
    pub fn push(&mut self, piece: &[u8]) -> Result<Vec<u8>, CodingError> {
        if self.failed {
            return Ok(Vec::new());
        }
        self.run(piece, false)
    }

    /// Ends the body: the bytes still held, or an error when the coded stream was cut
    /// before its end ([`CodingError::Corrupt`]) or was corrupt.
    ///
    /// # Errors
    /// As [`StreamDecoder::push`].
    pub fn finish(&mut self) -> Result<Vec<u8>, CodingError> {
        if self.failed {
            return Err(CodingError::Corrupt(
                self.stages.first().map(|s| s.0.clone()).unwrap_or_default(),
            ));
        }
        self.run(&[], true)
    }

    /// Passes `input` through every stage, [`STREAM_STEP`] bytes at a time (and ends each
    /// when `end`), each stage's sink bounded by what is left of the limit and of this
    /// call's [`PUSH_DECODED_CAP`].
    fn run(&mut self, input: &[u8], end: bool) -> Result<Vec<u8>, CodingError> {
        let limit = self.limit;
        let mut cur = input.to_vec();
        for (name, stage, total) in &mut self.stages {
            let room = limit.saturating_sub(*total).min(PUSH_DECODED_CAP);
            let mut res = Ok(());
            for step in cur.chunks(STREAM_STEP) {
                res = stage.write(step, room);
                if res.is_err() {
                    break;
                }
            }
            if end && res.is_ok() {
                res = stage.finish(room);
            }
            let over = stage.over();
            let out = stage.take();
            *total = total.saturating_add(out.len());
            if res.is_err() {
                self.failed = true;
                return Err(if over {
                    CodingError::OverLimit(if room < PUSH_DECODED_CAP {
                        limit
                    } else {
                        PUSH_DECODED_CAP
                    })
                } else {
                    CodingError::Corrupt(name.clone())
                });
            }
            cur = out;
        }
        Ok(cur)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn accept_encoding_accepts_what_it_names_or_stars() {
        let br = vec!["br".to_string()];
        let gz = vec!["gzip".to_string()];
        assert_eq!(unaccepted(None, &br), None, "no field: every coding");
        assert_eq!(
            unaccepted(Some("gzip, deflate"), &br).as_deref(),
            Some("br")
        );
        assert_eq!(unaccepted(Some("gzip, deflate, br"), &br), None);
        assert_eq!(
            unaccepted(Some(""), &gz).as_deref(),
            Some("gzip"),
            "empty: none"
        );
        assert_eq!(unaccepted(Some("x-gzip"), &gz), None);
        assert_eq!(unaccepted(Some("*"), &br), None);
        assert_eq!(unaccepted(Some("*, br;q=0"), &br).as_deref(), Some("br"));
        assert_eq!(unaccepted(Some("br;q=0.5, *;q=0"), &br), None);
        assert_eq!(unaccepted(Some("gzip;q=0"), &gz).as_deref(), Some("gzip"));
        assert_eq!(unaccepted(Some("identity"), &gz).as_deref(), Some("gzip"));
    }

    fn gzip(b: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        e.write_all(b).unwrap();
        e.finish().unwrap()
    }

    fn br(b: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
            w.write_all(b).unwrap();
        }
        out
    }

    #[test]
    fn lists_are_undone_last_first() {
        let card = br#"{"name":"a"}"#;
        let twice = gzip(&gzip(card));
        assert_eq!(decode(Some("gzip, gzip"), &twice, 1024).unwrap(), &card[..]);
        let gz_then_br = br(&gzip(card));
        assert_eq!(
            decode(Some("GZIP , identity, br"), &gz_then_br, 1024).unwrap(),
            &card[..]
        );
        // The wrong order does not decode.
        assert_eq!(
            decode(Some("br, gzip"), &gz_then_br, 1024),
            Err(CodingError::Corrupt("gzip".into()))
        );
    }

    #[test]
    fn coded_or_not() {
        assert_eq!(content_coding(["identity", " "].into_iter()), None);
        assert_eq!(content_coding(std::iter::empty()), None);
        assert_eq!(
            content_coding(["gzip", "identity"].into_iter()).as_deref(),
            Some("gzip, identity")
        );
        assert!(is_coded(["Identity, br"].into_iter()));
        assert!(!is_coded(["IDENTITY"].into_iter()));
    }

    #[test]
    fn field_lines_join() {
        assert_eq!(joined(["gzip"].into_iter()).unwrap(), "gzip");
        assert_eq!(
            joined(["gzip", "br", "x"].into_iter()).unwrap(),
            "gzip, br, x"
        );
        assert!(joined(std::iter::empty()).is_none());
    }

    #[test]
    fn identity_and_empty_borrow() {
        for ce in [None, Some(""), Some("identity"), Some(" Identity ,")] {
            assert!(matches!(decode(ce, b"x", 1), Ok(Cow::Borrowed(b"x"))));
        }
    }

    #[test]
    fn errors_say_why() {
        assert_eq!(
            decode(Some("zstd"), b"x", 10),
            Err(CodingError::Unsupported("zstd".into()))
        );
        assert_eq!(
            decode(Some("gzip"), b"\x00garbage", 10),
            Err(CodingError::Corrupt("gzip".into()))
        );
        let big = gzip(&[b'a'; 100]);
        assert_eq!(
            decode(Some("gzip"), &big, 99),
            Err(CodingError::OverLimit(99))
        );
        assert_eq!(decode(Some("gzip"), &big, 100).unwrap().len(), 100);
    }

    #[test]
    fn deflate_zlib_and_raw() {
        let body = b"{\"jsonrpc\":\"2.0\"}";
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(body).unwrap();
        let z = z.finish().unwrap();
        assert_eq!(decode(Some("deflate"), &z, 100).unwrap(), &body[..]);
        let mut r = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
        r.write_all(body).unwrap();
        let r = r.finish().unwrap();
        assert_eq!(decode(Some("deflate"), &r, 100).unwrap(), &body[..]);
    }

    #[test]
    fn prefix_of_a_cut_stream() {
        let text: Vec<u8> = (0..20_000u32)
            .flat_map(|i| format!("{i},").into_bytes())
            .collect();
        let gz = gzip(&text);
        let cut = &gz[..gz.len() / 2];
        assert!(decode(Some("gzip"), cut, 1 << 20).is_err());
        let p = decode_prefix(Some("gzip"), cut, 64).unwrap();
        assert_eq!(&p[..], &text[..64]);
        assert!(decode_prefix(Some("gzip"), b"nope", 64).is_none());
        assert!(decode_prefix(Some("zstd"), b"nope", 64).is_none());
        assert_eq!(&decode_prefix(None, b"plain", 64).unwrap()[..], b"plain");
    }

    #[test]
    fn stream_decoder_gives_each_flushed_piece() {
        // A gateway's gzip of an event stream, flushed after each event (Z_SYNC_FLUSH).
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let mut pieces = Vec::new();
        let mut at = 0;
        for ev in ["data: {\"a\":1}\n\n", "data: {\"b\":2}\n\n"] {
            e.write_all(ev.as_bytes()).unwrap();
            e.flush().unwrap();
            let all = e.get_ref().clone();
            pieces.push(all[at..].to_vec());
            at = all.len();
        }
        let all = e.finish().unwrap();
        pieces.push(all[at..].to_vec());
        let mut d = StreamDecoder::new(Some("gzip"), 1 << 20).unwrap().unwrap();
        assert_eq!(d.push(&pieces[0]).unwrap(), b"data: {\"a\":1}\n\n");
        assert_eq!(d.push(&pieces[1]).unwrap(), b"data: {\"b\":2}\n\n");
        assert_eq!(d.push(&pieces[2]).unwrap(), b"");
        assert_eq!(d.finish().unwrap(), b"");
    }

    #[test]
    fn stream_decoder_chains_cuts_and_limits() {
        assert!(StreamDecoder::new(Some("identity"), 10).unwrap().is_none());
        assert_eq!(
            StreamDecoder::new(Some("zstd"), 10).unwrap_err(),
            CodingError::Unsupported("zstd".into())
        );
        // gzip then br, fed one byte at a time.
        let body = b"data: {\"jsonrpc\":\"2.0\"}\n\n";
        let coded = br(&gzip(body));
        let mut d = StreamDecoder::new(Some("gzip, br"), 1 << 20)
            .unwrap()
            .unwrap();
        let mut got = Vec::new();
        for b in &coded {
            got.extend(d.push(std::slice::from_ref(b)).unwrap());
        }
        got.extend(d.finish().unwrap());
        assert_eq!(got, body);
        // deflate: zlib and raw, split before the two header bytes are in.
        for raw in [false, true] {
            let z = if raw {
                let mut r =
                    flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
                r.write_all(body).unwrap();
                r.finish().unwrap()
            } else {
                let mut r =
                    flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
                r.write_all(body).unwrap();
                r.finish().unwrap()
            };
            let mut d = StreamDecoder::new(Some("deflate"), 1 << 20)
                .unwrap()
                .unwrap();
            let mut got = d.push(&z[..1]).unwrap();
            got.extend(d.push(&z[1..]).unwrap());
            got.extend(d.finish().unwrap());
            assert_eq!(got, body, "raw={raw}");
        }
        // A stream cut short decodes its start, then fails at the end.
        let long: Vec<u8> = (0..5000u32)
            .flat_map(|i| format!("{i},").into_bytes())
            .collect();
        let gz = gzip(&long);
        let mut d = StreamDecoder::new(Some("gzip"), 1 << 20).unwrap().unwrap();
        let _ = d.push(&gz[..gz.len() / 2]).unwrap();
        assert_eq!(d.finish(), Err(CodingError::Corrupt("gzip".into())));
        // Garbage fails at once and gives nothing more.
        let mut d = StreamDecoder::new(Some("gzip"), 1 << 20).unwrap().unwrap();
        assert_eq!(
            d.push(b"\x00garbage, not gzip"),
            Err(CodingError::Corrupt("gzip".into()))
        );
        assert_eq!(d.push(&gz).unwrap(), b"");
        // The limit holds for a bomb.
        let bomb = gzip(&vec![b'a'; 1 << 20]);
        let mut d = StreamDecoder::new(Some("gzip"), 1000).unwrap().unwrap();
        assert_eq!(d.push(&bomb), Err(CodingError::OverLimit(1000)));
    }

    /// robust42 (issue 7): the limit bounds every stage, not only the last: a gzip whose
    /// content is gzip (a few KiB coded, 8 MiB inside) stops at the limit with the inner
    /// stage's output held to it, in one push, fed whole or byte by byte; brotli too.
    #[test]
    fn stream_decoder_bounds_stacked_and_brotli_bombs() {
        let inner = gzip(&vec![0u8; 8 << 20]);
        let nested = gzip(&inner);
        assert!(nested.len() < 16 << 10, "{} bytes", nested.len());
        for limit in [1000, 1 << 20] {
            let mut d = StreamDecoder::new(Some("gzip, gzip"), limit)
                .unwrap()
                .unwrap();
            assert_eq!(d.push(&nested), Err(CodingError::OverLimit(limit)));
            assert_eq!(d.push(b"more").unwrap(), b"");
            let mut d = StreamDecoder::new(Some("gzip, gzip"), limit)
                .unwrap()
                .unwrap();
            let mut got = 0;
            let mut err = None;
            for b in &nested {
                match d.push(std::slice::from_ref(b)) {
                    Ok(o) => got += o.len(),
                    Err(e) => {
                        err = Some(e);
                        break;
                    }
                }
            }
            assert_eq!(err, Some(CodingError::OverLimit(limit)));
            assert!(got <= limit, "{got} bytes given");
        }
        // The whole decode of the same body: the same verdict.
        assert_eq!(
            decode(Some("gzip, gzip"), &nested, 1 << 20),
            Err(CodingError::OverLimit(1 << 20))
        );
        let b = br(&vec![b'x'; 4 << 20]);
        let mut d = StreamDecoder::new(Some("br"), 1 << 16).unwrap().unwrap();
        assert_eq!(d.push(&b), Err(CodingError::OverLimit(1 << 16)));
        // Under the limit, the same stacked body decodes whole.
        let mut d = StreamDecoder::new(Some("gzip, gzip"), 8 << 20)
            .unwrap()
            .unwrap();
        let mut n = d.push(&nested).unwrap().len();
        n += d.finish().unwrap().len();
        assert_eq!(n, 8 << 20);
    }
}

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
    let cap = limit as u64 + 1;
    let ok = match coding {
        "gzip" | "x-gzip" => flate2::read::MultiGzDecoder::new(input)
            .take(cap)
            .read_to_end(out)
            .is_ok(),
        "deflate" => {
            let zlib = flate2::read::ZlibDecoder::new(input)
                .take(cap)
                .read_to_end(out)
                .is_ok();
            if zlib {
                true
            } else {
                // Raw deflate without the zlib wrapper (sent by some servers).
                let mut raw = Vec::new();
                let ok = flate2::read::DeflateDecoder::new(input)
                    .take(cap)
                    .read_to_end(&mut raw)
                    .is_ok();
                if ok || raw.len() > out.len() {
                    *out = raw;
                }
                ok
            }
        }
        "br" => brotli::Decompressor::new(input, 4096)
            .take(cap)
            .read_to_end(out)
            .is_ok(),
        other => return Err(CodingError::Unsupported(other.to_string())),
    };
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

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
}

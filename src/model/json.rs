/*!
A small borrowed JSON tree for the verifier's hot paths (issue 7: offline verify speed).

[`Json`] is what the rules read bodies, SSE events and cards through. It has the accessor
names of `serde_json::Value` (`get`, `as_str`, `as_object`, `as_array`, `pointer`, ...), so
rule code reads the same, but it allocates far less: a string without escapes borrows its
bytes from the body (`Cow::Borrowed`), and an object is a `Vec` of `(key, value)` members in
document order (no hash map, no `String` per key). A `serde_json::Value` is made only where
a rule shows part of a body as evidence ([`Json::to_value`]).

It reads exactly what `serde_json::Value` (with `preserve_order`) reads, through
serde_json's own parser: same accepted documents (RFC 8259), same recursion limit (128), the
same numbers (`u64` / `i64` / finite `f64`), and for a member name given twice the same
answer (the last value, at the first name's position), so verdicts do not change.
*/

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

/// A JSON number as serde_json reads it (RFC 8259 §6): a non-negative integer that fits
/// `u64`, a negative one that fits `i64`, else a finite `f64`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// Integer >= 0.
    PosInt(u64),
    /// Integer < 0.
    NegInt(i64),
    /// Anything else (fraction, exponent, or out of integer range).
    Float(f64),
}

impl Num {
    fn from_i64(i: i64) -> Num {
        if i < 0 {
            Num::NegInt(i)
        } else {
            Num::PosInt(i as u64)
        }
    }

    /// The same number as a `serde_json::Number` (for evidence and display).
    pub fn to_number(self) -> serde_json::Number {
        match self {
            Num::PosInt(u) => u.into(),
            Num::NegInt(i) => i.into(),
            // Finite by construction (serde_json never yields a non-finite f64).
            Num::Float(f) => serde_json::Number::from_f64(f).unwrap_or_else(|| 0.into()),
        }
    }
}

/// What a JSON value is, for a finding's words where another JSON type belongs: `null`,
/// `the number 1.0` (as written), `the boolean true`, `a string`, `a list` or `an object`
/// (mine32: "is not a list" about a `null` sends a reader looking for a typo, not for the
/// serializer that wrote a nil value, a2a-go #369).
pub fn kind_words(v: &Json) -> String {
    match v {
        Json::Null => "null".into(),
        Json::Bool(b) => format!("the boolean {b}"),
        Json::Number(n) => format!("the number {n}"),
        Json::String(_) => "a string".into(),
        Json::Array(_) => "a list".into(),
        Json::Object(_) => "an object".into(),
    }
}

/// As [`kind_words`], for a member that should hold a JSON list (left58 item 5): an object
/// whose keys are all decimal numbers is said as the list written as an object that it is,
/// with its first keys: `an object keyed "0", "2" (a list written as an object with
/// numeric keys, ...)`. PHP's `json_encode` writes an array whose keys are not 0..n-1 (after
/// `array_filter` or `unset`) so; every A2A list (proto `repeated`, JSON Schema `array`)
/// must be a JSON array, which no client reads from such an object.
pub fn list_kind_words(v: &Json) -> String {
    if let Json::Object(o) = v {
        let numeric =
            |k: &str| !k.is_empty() && k.len() <= 10 && k.bytes().all(|b| b.is_ascii_digit());
        if !o.is_empty() && o.keys().all(numeric) {
            let shown: Vec<String> = o.keys().take(3).map(|k| format!("{k:?}")).collect();
            let more = if o.len() > 3 { ", ..." } else { "" };
            return format!(
                "an object keyed {}{more} (a list written as an object with numeric keys, as PHP's json_encode writes an array whose keys are not 0, 1, 2, ... after array_filter or unset; array_values() keeps it a list)",
                shown.join(", ")
            );
        }
    }
    kind_words(v)
}

/// As [`kind_words`], with a string's first 40 characters quoted: `the string "false"`,
/// `the number 2`, `null`, ... for a finding about a member that holds the wrong JSON type
/// (the 1.0 proto types, the 0.x booleans): the writer sees the very value to fix.
pub fn value_words(v: &Json) -> String {
    match v {
        Json::String(s) => format!("the string {:?}", s.chars().take(40).collect::<String>()),
        v => kind_words(v),
    }
}

/// One step of a JSON Pointer (RFC 6901) built by [`ptr`]: a member name or an array index.
#[derive(Clone, Copy, Debug)]
pub enum Seg<'s> {
    /// A member name, taken as is (the rules' pointers name plain members: no `~`, no `/`
    /// inside, so no `~0`/`~1` escaping is needed, as with the `format!` it replaces).
    Key(&'s str),
    /// An array index.
    Index(usize),
}

/// `base` followed by `/seg` for each step: `ptr("/result", &[Key("artifacts"), Index(2)])`
/// is `/result/artifacts/2`. The same text as `format!("{base}/artifacts/{i}")`, built with
/// one allocation and no formatting machinery (pointers are made per part, per artifact,
/// per event: `format!` cost ~800 instructions each in the offline verifier).
pub fn ptr(base: &str, segs: &[Seg]) -> String {
    let mut len = base.len();
    for s in segs {
        len += 1 + match s {
            Seg::Key(k) => k.len(),
            Seg::Index(_) => 20,
        };
    }
    let mut out = String::with_capacity(len);
    out.push_str(base);
    for s in segs {
        out.push('/');
        match s {
            Seg::Key(k) => out.push_str(k),
            Seg::Index(i) => push_decimal(&mut out, *i as u64),
        }
    }
    out
}

/// `0x01` in every byte of a `u64`.
const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte of a `u64`.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The bytes that end a plain run inside a JSON string (RFC 8259 §7): `"`, `\` and the
/// control characters below 0x20.
#[inline]
pub(crate) fn is_string_stop(c: u8) -> bool {
    c == b'"' || c == b'\\' || c < 0x20
}

/// Bit 7 of a byte of the result is set for the first byte of `w` (little-endian order)
/// that [`is_string_stop`], possibly also for later bytes (a borrow runs upward only): the
/// lowest set bit is exact, `0` = no stop byte in the word.
#[inline]
pub(crate) fn string_stops(w: u64) -> u64 {
    let quote = w ^ (ONES * u64::from(b'"'));
    let backslash = w ^ (ONES * u64::from(b'\\'));
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    zero(quote) | zero(backslash) | (w.wrapping_sub(ONES * 0x20) & !w & HIGHS)
}

/// The 8 bytes of `b` at `i` as a little-endian word, when `b` has them.
#[inline]
pub(crate) fn word_at(b: &[u8], i: usize) -> Option<u64> {
    let chunk: [u8; 8] = b.get(i..i + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// Which of the 16 bytes of `b` at `i` [`is_string_stop`]: bit `k` of the result is set for
/// byte `i + k` (`0` = none), by one SSE2 compare of the 16 bytes at once (SSE2 is part of
/// every x86-64 CPU). `None` when `b` has fewer than 16 bytes at `i`, and on other
/// architectures (callers then go 8 bytes at a time with [`string_stops`]).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline]
pub(crate) fn string_stops16(b: &[u8], i: usize) -> Option<u32> {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };
    let chunk: &[u8; 16] = b.get(i..i.checked_add(16)?)?.try_into().ok()?;
    // SAFETY: `chunk` is 16 readable bytes and `_mm_loadu_si128` has no alignment
    // requirement; the SSE2 instructions are enabled in this build (the cfg above).
    let m = unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast());
        let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
        let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
        // `min(v, 0x1f) == v` exactly for the bytes below 0x20 (an unsigned compare).
        let control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v);
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control))
    };
    Some(m as u32 & 0xffff)
}

/// [`string_stops16`] where there is no SSE2: always `None` (8 bytes at a time instead).
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline]
pub(crate) fn string_stops16(_b: &[u8], _i: usize) -> Option<u32> {
    None
}

/// Index of the first byte at or after `from` that [`is_string_stop`] (16 bytes at a time,
/// then 8, then 1), `None` when `b` ends first.
#[inline]
pub(crate) fn next_string_stop(b: &[u8], mut from: usize) -> Option<usize> {
    while let Some(m) = string_stops16(b, from) {
        if m != 0 {
            return Some(from + m.trailing_zeros() as usize);
        }
        from += 16;
    }
    while let Some(w) = word_at(b, from) {
        let m = string_stops(w);
        if m != 0 {
            return Some(from + (m.trailing_zeros() / 8) as usize);
        }
        from += 8;
    }
    while !is_string_stop(*b.get(from)?) {
        from += 1;
    }
    Some(from)
}

/// Whether the JSON text `text` may hold a member (or string) named by the needle of
/// `quoted`, the name with its quotes as written (`"error"` in quotes, a
/// [`memchr::memmem::Finder`] built once by the caller: building one costs more than a
/// search of a short body): `false` only when `text` holds neither those bytes nor a `\u`
/// escape. For a name without `"`, `\`, `/` or control characters (what the two-character
/// escapes `\"`, `\\`, `\/`, `\n`, ... stand for) that is exact: only a `\u` escape spells
/// its characters another way. Two byte searches, no walk.
pub fn may_name_member(text: &[u8], quoted: &memchr::memmem::Finder<'_>) -> bool {
    quoted.find(text).is_some()
        || memchr::memchr_iter(b'\\', text).any(|i| text.get(i + 1) == Some(&b'u'))
}

/// Whether the JSON text `text` is an object with a top-level member `key` whose value is
/// not `null` (the last one when the name repeats, as [`Json::parse`] keeps it), found
/// without building the tree: a JSON-RPC answer's `error` member (JSON-RPC 2.0 §5) is
/// known at a fraction of a parse. `None` when `text` is not an object this walk can read
/// (not an object, a cut or malformed text, an escaped member name): parse it then.
/// Scalars are not validated: an object the walk reads but [`Json::parse`] rejects (`tru`
/// for `true`) still gets an answer.
pub fn top_level_member_set(text: &[u8], key: &str) -> Option<bool> {
    top_level_member_raw(text, key).map(|v| v.is_some_and(|v| v != b"null"))
}

/// The text of the top-level member `key` of the JSON object `text` (the last one when the
/// name repeats, as [`Json::parse`] keeps it), as written (`Some(None)`: no such member),
/// found as [`top_level_member_set`] finds it; `None` when the walk cannot read `text`.
/// JSON-RPC ids are compared through it where a parse loses their digits (integers wider
/// than 64 bits read as `f64`; RPC-002).
pub fn top_level_member_raw<'t>(text: &'t [u8], key: &str) -> Option<Option<&'t [u8]>> {
    let ws = |mut i: usize| {
        while matches!(text.get(i), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            i += 1;
        }
        i
    };
    // `i` at an opening quote: the index after the closing one, and whether it escapes.
    let string_end = |i: usize| -> Option<(usize, bool)> {
        let mut j = i + 1;
        let mut escaped = false;
        loop {
            j = next_string_stop(text, j)?;
            match text[j] {
                b'"' => return Some((j + 1, escaped)),
                b'\\' => {
                    escaped = true;
                    j += 2;
                }
                _ => return None,
            }
        }
    };
    // `i` at a value: the index after it.
    let value_end = |i: usize| -> Option<usize> {
        match *text.get(i)? {
            b'"' => string_end(i).map(|e| e.0),
            b'{' | b'[' => {
                let mut depth = 0usize;
                let mut j = i;
                loop {
                    match *text.get(j)? {
                        b'"' => {
                            j = string_end(j)?.0;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                return Some(j + 1);
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
            }
            _ => {
                let mut j = i;
                while !matches!(
                    text.get(j),
                    None | Some(b',' | b'}' | b']' | b' ' | b'\t' | b'\r' | b'\n')
                ) {
                    j += 1;
                }
                (j > i).then_some(j)
            }
        }
    };
    let mut i = ws(0);
    if text.get(i) != Some(&b'{') {
        return None;
    }
    i = ws(i + 1);
    let mut set: Option<&'t [u8]> = None;
    if text.get(i) == Some(&b'}') {
        return (ws(i + 1) == text.len()).then_some(None);
    }
    loop {
        if text.get(i) != Some(&b'"') {
            return None;
        }
        let (kend, escaped) = string_end(i)?;
        if escaped {
            return None;
        }
        let name = &text[i + 1..kend - 1];
        i = ws(kend);
        if text.get(i) != Some(&b':') {
            return None;
        }
        let v = ws(i + 1);
        let vend = value_end(v)?;
        if name == key.as_bytes() {
            set = Some(&text[v..vend]);
        }
        i = ws(vend);
        match text.get(i)? {
            b',' => i = ws(i + 1),
            b'}' => return (ws(i + 1) == text.len()).then_some(set),
            _ => return None,
        }
    }
}

/// `text` with every `\uD800`-`\uDFFF` escape that is not half of a surrogate pair (a
/// high one followed by a low one) written as `\uFFFD`, the replacement character; `None`
/// when `text` has no such escape. RFC 8259 §8.2 lets JSON strings hold lone surrogates
/// (an emoji cut in half by a truncating server) and leaves their meaning to the reader:
/// JavaScript's JSON.parse and Python's json keep them, Go's encoding/json writes U+FFFD,
/// serde_json refuses the document. [`Json::parse`] reads such a document as Go does, so
/// an answer with a cut emoji is judged, not called "not JSON" (breaker30 U05). The text
/// keeps its length (6 bytes for 6), so offsets into it still hold.
pub fn mend_lone_surrogates(text: &[u8]) -> Option<Vec<u8>> {
    let hex4 = |i: usize| -> Option<u32> {
        let h = text.get(i..i + 4)?;
        u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
    };
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < text.len() {
        if text[i] != b'\\' {
            i += 1;
            continue;
        }
        if text.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let Some(cp) = hex4(i + 2) else {
            i += 2;
            continue;
        };
        if (0xD800..0xDC00).contains(&cp)
            && text.get(i + 6..i + 8) == Some(b"\\u")
            && hex4(i + 8).is_some_and(|lo| (0xDC00..0xE000).contains(&lo))
        {
            i += 12;
            continue;
        }
        if (0xD800..0xE000).contains(&cp) {
            out.get_or_insert_with(|| text.to_vec())[i + 2..i + 6].copy_from_slice(b"FFFD");
        }
        i += 6;
    }
    out
}

/// Appends `n` in decimal (what `format!("{n}")` writes), by `itoa` and one `push_str`
/// (a `push` per digit was ~185 instructions per port in `UrlParts::origin`: perf32).
pub fn push_decimal(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

impl fmt::Display for Num {
    /// Formatted as serde_json formats the number (`1`, `-3`, `1.5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_number(), f)
    }
}

/// A JSON value borrowing its strings from the parsed text where it can.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Json<'a> {
    /// `null`.
    #[default]
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number.
    Number(Num),
    /// A string: borrowed from the text when it had no escapes, else unescaped (owned).
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Json<'a>>),
    /// An object (members in document order).
    Object(Obj<'a>),
}

/// A JSON object: members in document order, each name once.
#[derive(Clone, Debug, Default)]
pub struct Obj<'a> {
    members: Vec<(Cow<'a, str>, Json<'a>)>,
}

impl PartialEq for Obj<'_> {
    /// Same members, in any order (as `serde_json::Map` compares).
    fn eq(&self, o: &Self) -> bool {
        self.len() == o.len() && self.iter().all(|(k, v)| o.get(k) == Some(v))
    }
}

/// A member named twice in one object with two different values (RFC 8259 §4: names
/// SHOULD be unique; which value a parser keeps is not fixed: serde_json and Python keep the
/// last, others the first or refuse the text). [`Obj`] keeps the last, as serde_json does.
#[derive(Debug, Clone, PartialEq)]
pub struct DuplicateMember {
    /// The member name.
    pub name: String,
    /// The first value, as compact JSON text (at most 80 bytes, cut on a char boundary).
    pub first: String,
    /// The value that replaced it (the last one), the same way.
    pub last: String,
}

thread_local! {
    /// The first conflicting duplicate member folded by a parse on this thread since the
    /// last [`take_conflicting_duplicate`].
    static CONFLICTING_DUPLICATE: std::cell::RefCell<Option<DuplicateMember>> =
        const { std::cell::RefCell::new(None) };
}

fn note_conflicting_duplicate(name: &str, first: &Json, last: &Json) {
    let short = |v: &Json| {
        let mut t = v.to_value().to_string();
        if t.len() > 80 {
            let mut cut = 80;
            while !t.is_char_boundary(cut) {
                cut -= 1;
            }
            t.truncate(cut);
            t.push('…');
        }
        t
    };
    CONFLICTING_DUPLICATE.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = Some(DuplicateMember {
                name: name.to_string(),
                first: short(first),
                last: short(last),
            });
        }
    });
}

/// Takes (and clears) the first member that a [`Json::parse`] on this thread read twice
/// in one object with two different values since the last call; `None` when there was
/// none. Call it once before a parse to clear, once after to read.
pub fn take_conflicting_duplicate() -> Option<DuplicateMember> {
    CONFLICTING_DUPLICATE.with(|c| c.borrow_mut().take())
}

impl<'a> Obj<'a> {
    /// An empty object.
    pub fn new() -> Self {
        Obj {
            members: Vec::new(),
        }
    }

    /// The value of member `key`.
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        self.members.iter().find(|m| m.0 == key).map(|m| &m.1)
    }

    /// The value of member `key`, mutable.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json<'a>> {
        self.members
            .iter_mut()
            .find(|m| m.0 == key)
            .map(|m| &mut m.1)
    }

    /// True when the object has member `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.members.iter().any(|m| m.0 == key)
    }

    /// Sets member `key` (in place when present, else appended); returns the old value.
    pub fn insert(&mut self, key: impl Into<Cow<'a, str>>, v: Json<'a>) -> Option<Json<'a>> {
        let key = key.into();
        match self.get_mut(&key) {
            Some(slot) => Some(std::mem::replace(slot, v)),
            None => {
                self.members.push((key, v));
                None
            }
        }
    }

    /// Sets member `key` to `f()` unless it is present.
    pub fn insert_if_absent(&mut self, key: &'static str, f: impl FnOnce() -> Json<'a>) {
        if !self.contains_key(key) {
            self.members.push((Cow::Borrowed(key), f()));
        }
    }

    /// Removes member `key`; the last member takes its place (as `serde_json::Map::remove`
    /// with `preserve_order`, a swap remove).
    pub fn remove(&mut self, key: &str) -> Option<Json<'a>> {
        let i = self.members.iter().position(|m| m.0 == key)?;
        Some(self.members.swap_remove(i).1)
    }

    /// Members in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Json<'a>)> {
        self.members.iter().map(|(k, v)| (k.as_ref(), v))
    }

    /// Member names in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.members.iter().map(|m| m.0.as_ref())
    }

    /// Member values in order.
    pub fn values(&self) -> impl Iterator<Item = &Json<'a>> {
        self.members.iter().map(|m| &m.1)
    }

    /// Member values in order, mutable.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut Json<'a>> {
        self.members.iter_mut().map(|m| &mut m.1)
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// True when the object has no members.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The object as a `serde_json::Value` object (copies).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.members
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_value()))
                .collect(),
        )
    }

    /// A copy that borrows nothing.
    pub fn into_owned(self) -> Obj<'static> {
        Obj {
            members: self
                .members
                .into_iter()
                .map(|(k, v)| (Cow::Owned(k.into_owned()), v.into_owned()))
                .collect(),
        }
    }

    /// Folds members named twice into one, as serde_json does: the last value at the first
    /// name's position.
    fn dedup(&mut self) {
        let n = self.members.len();
        let dup = if n <= 16 {
            (1..n).any(|i| self.members[..i].iter().any(|m| m.0 == self.members[i].0))
        } else {
            let mut seen = std::collections::HashSet::with_capacity(n);
            !self.members.iter().all(|m| seen.insert(m.0.as_ref()))
        };
        if !dup {
            return;
        }
        let mut out: Vec<(Cow<'a, str>, Json<'a>)> = Vec::with_capacity(n);
        let mut index: std::collections::HashMap<Cow<'a, str>, usize> =
            std::collections::HashMap::with_capacity(n);
        for (k, v) in std::mem::take(&mut self.members) {
            match index.get(&k) {
                Some(&i) => {
                    if out[i].1 != v {
                        note_conflicting_duplicate(&k, &out[i].1, &v);
                    }
                    out[i].1 = v
                }
                None => {
                    index.insert(k.clone(), out.len());
                    out.push((k, v));
                }
            }
        }
        self.members = out;
    }
}

impl<'a> Json<'a> {
    /// Parses one JSON document (RFC 8259) from `text`, borrowing its unescaped strings.
    /// Errors as `serde_json::from_slice` (syntax, trailing data, depth > 128), with its
    /// messages.
    ///
    /// The usual document (valid UTF-8, plain integers, no `\u` escapes, nesting < 100) is
    /// read by a small parser of our own ([`fast`]); anything else, and every document it
    /// does not accept, goes through serde_json, so what is accepted and what is read are
    /// serde_json's (property test `fast_parser_agrees_with_serde_json`).
    pub fn parse(text: &'a [u8]) -> Result<Json<'a>, serde_json::Error> {
        if let Ok(s) = std::str::from_utf8(text) {
            if let Some(j) = fast::parse(s) {
                return Ok(j);
            }
        }
        serde_json::from_slice(text).or_else(|e| match mend_lone_surrogates(text) {
            Some(m) => Json::parse_owned(&m).map_err(|_| e),
            None => Err(e),
        })
    }

    /// [`Json::parse`] into a tree that borrows nothing: what `Json::parse(text)` then
    /// [`Json::into_owned`] gives, without the second walk over the tree (the verifier keeps
    /// a request's params past its body; docs/performance.md, "Session 7").
    ///
    /// Errors: as [`Json::parse`] (not JSON, RFC 8259; nested deeper than 128).
    pub fn parse_owned(text: &[u8]) -> Result<Json<'static>, serde_json::Error> {
        if let Ok(s) = std::str::from_utf8(text) {
            if let Some(j) = fast::parse_owned(s) {
                return Ok(j);
            }
        }
        serde_json::from_slice::<Json<'_>>(text)
            .map(Json::into_owned)
            .or_else(|e| match mend_lone_surrogates(text) {
                Some(m) => serde_json::from_slice::<Json<'_>>(&m)
                    .map(Json::into_owned)
                    .map_err(|_| e),
                None => Err(e),
            })
    }

    /// Parses one JSON document from a `&str` (as [`Json::parse`]).
    pub fn parse_str(text: &'a str) -> Result<Json<'a>, serde_json::Error> {
        if let Some(j) = fast::parse(text) {
            return Ok(j);
        }
        serde_json::from_str(text).or_else(|e| match mend_lone_surrogates(text.as_bytes()) {
            Some(m) => Json::parse_owned(&m).map_err(|_| e),
            None => Err(e),
        })
    }

    /// A borrowed view of a `serde_json::Value` (copies the tree, borrows its strings).
    pub fn from_value(v: &'a serde_json::Value) -> Json<'a> {
        use serde_json::Value as V;
        match v {
            V::Null => Json::Null,
            V::Bool(b) => Json::Bool(*b),
            V::Number(n) => Json::Number(if let Some(u) = n.as_u64() {
                Num::PosInt(u)
            } else if let Some(i) = n.as_i64() {
                Num::NegInt(i)
            } else {
                Num::Float(n.as_f64().unwrap_or(0.0))
            }),
            V::String(s) => Json::String(Cow::Borrowed(s)),
            V::Array(a) => Json::Array(a.iter().map(Json::from_value).collect()),
            V::Object(o) => Json::Object(Obj {
                members: o
                    .iter()
                    .map(|(k, v)| (Cow::Borrowed(k.as_str()), Json::from_value(v)))
                    .collect(),
            }),
        }
    }

    /// The same value as a `serde_json::Value` (copies; for evidence and display).
    pub fn to_value(&self) -> serde_json::Value {
        use serde_json::Value as V;
        match self {
            Json::Null => V::Null,
            Json::Bool(b) => V::Bool(*b),
            Json::Number(n) => V::Number(n.to_number()),
            Json::String(s) => V::String(s.to_string()),
            Json::Array(a) => V::Array(a.iter().map(Json::to_value).collect()),
            Json::Object(o) => o.to_value(),
        }
    }

    /// A copy that borrows nothing.
    pub fn into_owned(self) -> Json<'static> {
        match self {
            Json::Null => Json::Null,
            Json::Bool(b) => Json::Bool(b),
            Json::Number(n) => Json::Number(n),
            Json::String(s) => Json::String(Cow::Owned(s.into_owned())),
            Json::Array(a) => Json::Array(a.into_iter().map(Json::into_owned).collect()),
            Json::Object(o) => Json::Object(o.into_owned()),
        }
    }

    /// Member `key` of an object (`None` for other values).
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        match self {
            Json::Object(o) => o.get(key),
            _ => None,
        }
    }

    /// Member `key` of an object, mutable.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Json<'a>> {
        match self {
            Json::Object(o) => o.get_mut(key),
            _ => None,
        }
    }

    /// The value at a JSON Pointer (RFC 6901: `~1` = `/`, `~0` = `~`; array indexes in
    /// decimal without leading zeros). `""` is the value itself.
    pub fn pointer(&self, ptr: &str) -> Option<&Json<'a>> {
        if ptr.is_empty() {
            return Some(self);
        }
        let rest = ptr.strip_prefix('/')?;
        let mut cur = self;
        // The tokens of `rest.split('/')`, found by a byte loop: pointers are short, and
        // `str::split` / `contains` with a `char` set up a searcher per token (perf32).
        let b = rest.as_bytes();
        let mut start = 0;
        loop {
            let end = b[start..]
                .iter()
                .position(|&c| c == b'/')
                .map_or(b.len(), |k| start + k);
            // both ends at an ASCII `/` or the text's end: char boundaries
            let raw = &rest[start..end];
            let tok: Cow<str> = if raw.as_bytes().contains(&b'~') {
                Cow::Owned(raw.replace("~1", "/").replace("~0", "~"))
            } else {
                Cow::Borrowed(raw)
            };
            cur = match cur {
                Json::Object(o) => o.get(&tok)?,
                Json::Array(a) => {
                    if tok.is_empty()
                        || (tok.len() > 1 && tok.starts_with('0'))
                        || !tok.bytes().all(|b| b.is_ascii_digit())
                    {
                        return None;
                    }
                    a.get(tok.parse::<usize>().ok()?)?
                }
                _ => return None,
            };
            if end == b.len() {
                break;
            }
            start = end + 1;
        }
        Some(cur)
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&Obj<'a>> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The object, mutable, if this is one.
    pub fn as_object_mut(&mut self) -> Option<&mut Obj<'a>> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array, if this is one.
    pub fn as_array(&self) -> Option<&Vec<Json<'a>>> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number as `i64` when it is an integer in range (as `Value::as_i64`).
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Number(Num::PosInt(u)) => i64::try_from(*u).ok(),
            Json::Number(Num::NegInt(i)) => Some(*i),
            _ => None,
        }
    }

    /// The number as `u64` when it is a non-negative integer in range (as `Value::as_u64`).
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(Num::PosInt(u)) => Some(*u),
            _ => None,
        }
    }

    /// The number as `f64` (as `Value::as_f64`).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(Num::PosInt(u)) => Some(*u as f64),
            Json::Number(Num::NegInt(i)) => Some(*i as f64),
            Json::Number(Num::Float(f)) => Some(*f),
            _ => None,
        }
    }

    /// True for an integer that fits `i64`.
    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }

    /// True for a non-negative integer that fits `u64`.
    pub fn is_u64(&self) -> bool {
        self.as_u64().is_some()
    }

    /// True for a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Json::Number(_))
    }

    /// True for a string.
    pub fn is_string(&self) -> bool {
        matches!(self, Json::String(_))
    }

    /// True for an array.
    pub fn is_array(&self) -> bool {
        matches!(self, Json::Array(_))
    }

    /// True for an object.
    pub fn is_object(&self) -> bool {
        matches!(self, Json::Object(_))
    }

    /// True for `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// True for `true` / `false`.
    pub fn is_boolean(&self) -> bool {
        matches!(self, Json::Bool(_))
    }
}

impl fmt::Display for Json<'_> {
    /// Compact JSON, exactly as `serde_json::Value` displays the same value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_value(), f)
    }
}

impl<'a> From<&'a str> for Json<'a> {
    fn from(s: &'a str) -> Self {
        Json::String(Cow::Borrowed(s))
    }
}

impl From<String> for Json<'_> {
    fn from(s: String) -> Self {
        Json::String(Cow::Owned(s))
    }
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, i: i64) -> Result<Json<'de>, E> {
        Ok(Json::Number(Num::from_i64(i)))
    }

    fn visit_u64<E>(self, u: u64) -> Result<Json<'de>, E> {
        Ok(Json::Number(Num::PosInt(u)))
    }

    fn visit_f64<E>(self, f: f64) -> Result<Json<'de>, E> {
        // serde_json's Value turns a non-finite float into null; the parser never makes one.
        Ok(if f.is_finite() {
            Json::Number(Num::Float(f))
        } else {
            Json::Null
        })
    }

    fn visit_str<E>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s.to_owned())))
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Borrowed(s)))
    }

    fn visit_string<E>(self, s: String) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s)))
    }

    fn visit_none<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_unit<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Json<'de>, D::Error> {
        Json::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json<'de>, A::Error> {
        let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(e) = seq.next_element()? {
            v.push(e);
        }
        Ok(Json::Array(v))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json<'de>, A::Error> {
        let mut o = Obj {
            members: Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096)),
        };
        while let Some(k) = map.next_key_seed(KeySeed)? {
            let v = map.next_value()?;
            o.members.push((k, v));
        }
        o.dedup();
        Ok(Json::Object(o))
    }
}

/// Reads a member name, borrowed when it has no escapes.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Cow<'de, str>, D::Error> {
        d.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a member name")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(s.to_owned()))
    }

    fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(s))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(s))
    }
}

/// The fast path of [`Json::parse`]: a strict recursive-descent reader of the common
/// document. `None` = "not read here" (any syntax error, a `\u` escape, a number that is not
/// a plain integer in `i64`/`u64` range, nesting deeper than [`fast::MAX_DEPTH`]); the
/// caller then asks serde_json, which gives the answer and the error message.
mod fast {
    use super::{Json, Num, Obj};
    use std::borrow::Cow;

    /// Deeper documents go to serde_json (its limit is 128).
    pub(super) const MAX_DEPTH: u32 = 100;

    /// The scratch stacks' first capacity (members and elements of the objects and arrays
    /// open at once), allocated once per parse where growing from empty reallocated them
    /// 3-4 times (4 -> 8 -> 16 ...). 16 members are 896 bytes, within mimalloc's small-block
    /// fast path (<= 1 KiB); 32 (1,792 bytes) measured slower, 8 too (perfj34).
    const SCRATCH_MEMBERS: usize = 16;
    /// See [`SCRATCH_MEMBERS`].
    const SCRATCH_VALUES: usize = 16;

    /// `'a`: the text read; `'o`: the tree made. `keep` makes an unescaped string's value
    /// from its text: borrowed ([`parse`], `'o` = `'a`) or copied ([`parse_owned`], `'o` =
    /// `'static`, no second walk to own the tree).
    struct P<'a, 'o, K: Fn(&'a str) -> Cow<'o, str>> {
        s: &'a str,
        b: &'a [u8],
        i: usize,
        keep: K,
        /// Members of the objects being read, innermost last: an object collects its
        /// members here and moves them into a `Vec` of the exact size when it closes (one
        /// allocation per object instead of one per doubling; `split_off`, one `memcpy`,
        /// not a move per member).
        members: Vec<(Cow<'o, str>, Json<'o>)>,
        /// The same for array elements.
        values: Vec<Json<'o>>,
    }

    /// `v[base..]` moved into a new `Vec` of exactly that length (one allocation, one
    /// `memcpy`), `v` cut to `base`: what `v.split_off(base)` gives, with the allocation
    /// made here. `split_off` allocates through `RawVecInner::try_allocate_in`, which the
    /// compiler inlined into the parser in some builds and called out of line in others
    /// (the 16 codegen units are cut differently after any change: session 39, +3 M
    /// instructions offline, ~75 per object with the call); here the layout is a constant
    /// multiple of `T`'s and the call is `__rust_alloc` itself, in every build (perfv40).
    /// `base <= v.len()` (the scratch stacks' marks).
    #[inline(always)]
    fn take_tail<T>(v: &mut Vec<T>, base: usize) -> Vec<T> {
        let n = v.len().saturating_sub(base);
        let layout = match std::alloc::Layout::array::<T>(n) {
            Ok(l) if l.size() != 0 => l,
            // nothing to move (or a size `v` could not hold): the library's own way
            _ => return v.split_off(base.min(v.len())),
        };
        // SAFETY: `layout` has a non-zero size (checked above).
        let p = unsafe { std::alloc::alloc(layout) }.cast::<T>();
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // SAFETY: `p` is a fresh block for `n` values of `T` (`layout`), not overlapping
        // `v`'s buffer; `v[base..]` are `n` initialized values, moved out bitwise and then
        // cut from `v` by `set_len(base)`, so each is owned (and dropped) once, by the new
        // `Vec` (nothing between the copy and the cut can panic); `from_raw_parts` gets the global allocator's block of exactly
        // `Layout::array::<T>(n)`, its capacity and length `n`, all initialized.
        unsafe {
            std::ptr::copy_nonoverlapping(v.as_ptr().add(base), p, n);
            v.set_len(base);
            Vec::from_raw_parts(p, n, n)
        }
    }

    /// The members scratch stack of a finished owned parse, kept for the next one.
    type Members = Vec<(Cow<'static, str>, Json<'static>)>;

    /// Kept scratch stacks larger than this (elements) are dropped, not kept: a huge
    /// document's stacks are not held for the thread's life (256 members are 14 KiB).
    const SCRATCH_KEEP: usize = 256;

    thread_local! {
        /// The scratch stacks of the last finished [`parse_owned`] on this thread, empty,
        /// their allocations kept: the next one takes them instead of allocating two new
        /// ones (and freeing them at its end; perfp41: the verifier's request parse of each
        /// proxied exchange). Only the owned parse keeps them: its stacks hold `'static`
        /// values, a borrowed parse's hold values of its text's lifetime (turning those
        /// back by an in-place collect cost more than the allocations it saved).
        static SCRATCH: std::cell::Cell<(Members, Vec<Json<'static>>)> =
            const { std::cell::Cell::new((Vec::new(), Vec::new())) };
    }

    /// The capacities of this thread's kept scratch stacks (members, values), for tests.
    #[cfg(test)]
    pub(super) fn scratch_capacity() -> (usize, usize) {
        SCRATCH.with(|s| {
            let (m, v) = s.take();
            let c = (m.capacity(), v.capacity());
            s.set((m, v));
            c
        })
    }

    /// Reads `s` with scratch stacks `members` and `values` (empty); gives them back with
    /// the tree (emptied: a failed parse leaves what it had read).
    #[allow(clippy::type_complexity)]
    fn run<'a, 'o>(
        s: &'a str,
        keep: impl Fn(&'a str) -> Cow<'o, str>,
        members: Vec<(Cow<'o, str>, Json<'o>)>,
        values: Vec<Json<'o>>,
    ) -> (
        Option<Json<'o>>,
        Vec<(Cow<'o, str>, Json<'o>)>,
        Vec<Json<'o>>,
    ) {
        let mut p = P {
            s,
            b: s.as_bytes(),
            i: 0,
            keep,
            members,
            values,
        };
        let v = p.document();
        p.members.clear();
        p.values.clear();
        (v, p.members, p.values)
    }

    pub(super) fn parse(s: &str) -> Option<Json<'_>> {
        let scratch = (
            Vec::with_capacity(SCRATCH_MEMBERS),
            Vec::with_capacity(SCRATCH_VALUES),
        );
        run(s, Cow::Borrowed, scratch.0, scratch.1).0
    }

    /// [`parse`] into a tree that borrows nothing: each string copied as it is read, but
    /// for the member names and values every A2A request repeats ([`common`]), which are
    /// borrowed from the program's text (no allocation; the verifier's request parse made
    /// 16 of its 18 strings this way in the proxy bench: docs/performance.md,
    /// "Session 22").
    pub(super) fn parse_owned(s: &str) -> Option<Json<'static>> {
        // this thread's kept stacks (none kept: the thread's first parse, one parse inside
        // another, a thread being torn down: new ones)
        let (mut m, mut v) = SCRATCH.try_with(std::cell::Cell::take).unwrap_or_default();
        if m.capacity() == 0 {
            m = Vec::with_capacity(SCRATCH_MEMBERS);
        }
        if v.capacity() == 0 {
            v = Vec::with_capacity(SCRATCH_VALUES);
        }
        let keep = |t: &str| common(t).map_or_else(|| Cow::Owned(t.to_owned()), Cow::Borrowed);
        let (tree, m, v) = run(s, keep, m, v);
        if m.capacity() <= SCRATCH_KEEP && v.capacity() <= SCRATCH_KEEP {
            // a thread being torn down keeps nothing (the stacks are dropped here)
            let _ = SCRATCH.try_with(|c| c.set((m, v)));
        }
        tree
    }

    /// The strings [`common`] knows: the JSON-RPC 2.0 (§4, §5) member names and version,
    /// the A2A member names of Message, Part, Task, configuration and push config, and the
    /// method names, roles and media types requests repeat (0.3 and 1.0 spellings).
    #[cfg(test)]
    pub(super) const COMMON: [&str; 44] = [
        "jsonrpc",
        "2.0",
        "id",
        "method",
        "params",
        "message",
        "kind",
        "role",
        "parts",
        "text",
        "messageId",
        "contextId",
        "taskId",
        "metadata",
        "configuration",
        "acceptedOutputModes",
        "blocking",
        "historyLength",
        "referenceTaskIds",
        "extensions",
        "file",
        "data",
        "uri",
        "bytes",
        "name",
        "mimeType",
        "mediaType",
        "filename",
        "url",
        "message/send",
        "message/stream",
        "tasks/get",
        "tasks/cancel",
        "tasks/resubscribe",
        "SendMessage",
        "SendStreamingMessage",
        "GetTask",
        "CancelTask",
        "user",
        "agent",
        "ROLE_USER",
        "ROLE_AGENT",
        "text/plain",
        "application/json",
    ];

    /// `t` when it is one of the JSON-RPC 2.0 and A2A member names and enum values that
    /// requests repeat ([`COMMON`]), as a `'static` string; `None` otherwise.
    ///
    /// Each known string is the only one of its length, first and last byte: that triple
    /// picks the one candidate, one compare confirms it (perfp41: a `match` on the strings
    /// themselves compared each name with the arms in turn, ~35 instructions per string
    /// of a request; test `common_strings_are_told_by_length_and_ends`).
    #[inline]
    pub(super) fn common(t: &str) -> Option<&'static str> {
        let b = t.as_bytes();
        let (&first, &last) = (b.first()?, b.last()?);
        // each arm compares with its literal (a compare of a known length, inlined; a
        // compare with the arm's string chosen first called `bcmp`)
        Some(match (b.len(), first, last) {
            (7, b'j', b'c') if b == b"jsonrpc" => "jsonrpc",
            (3, b'2', b'0') if b == b"2.0" => "2.0",
            (2, b'i', b'd') if b == b"id" => "id",
            (6, b'm', b'd') if b == b"method" => "method",
            (6, b'p', b's') if b == b"params" => "params",
            (7, b'm', b'e') if b == b"message" => "message",
            (4, b'k', b'd') if b == b"kind" => "kind",
            (4, b'r', b'e') if b == b"role" => "role",
            (5, b'p', b's') if b == b"parts" => "parts",
            (4, b't', b't') if b == b"text" => "text",
            (9, b'm', b'd') if b == b"messageId" => "messageId",
            (9, b'c', b'd') if b == b"contextId" => "contextId",
            (6, b't', b'd') if b == b"taskId" => "taskId",
            (8, b'm', b'a') if b == b"metadata" => "metadata",
            (13, b'c', b'n') if b == b"configuration" => "configuration",
            (19, b'a', b's') if b == b"acceptedOutputModes" => "acceptedOutputModes",
            (8, b'b', b'g') if b == b"blocking" => "blocking",
            (13, b'h', b'h') if b == b"historyLength" => "historyLength",
            (16, b'r', b's') if b == b"referenceTaskIds" => "referenceTaskIds",
            (10, b'e', b's') if b == b"extensions" => "extensions",
            (4, b'f', b'e') if b == b"file" => "file",
            (4, b'd', b'a') if b == b"data" => "data",
            (3, b'u', b'i') if b == b"uri" => "uri",
            (5, b'b', b's') if b == b"bytes" => "bytes",
            (4, b'n', b'e') if b == b"name" => "name",
            (8, b'm', b'e') if b == b"mimeType" => "mimeType",
            (9, b'm', b'e') if b == b"mediaType" => "mediaType",
            (8, b'f', b'e') if b == b"filename" => "filename",
            (3, b'u', b'l') if b == b"url" => "url",
            (12, b'm', b'd') if b == b"message/send" => "message/send",
            (14, b'm', b'm') if b == b"message/stream" => "message/stream",
            (9, b't', b't') if b == b"tasks/get" => "tasks/get",
            (12, b't', b'l') if b == b"tasks/cancel" => "tasks/cancel",
            (17, b't', b'e') if b == b"tasks/resubscribe" => "tasks/resubscribe",
            (11, b'S', b'e') if b == b"SendMessage" => "SendMessage",
            (20, b'S', b'e') if b == b"SendStreamingMessage" => "SendStreamingMessage",
            (7, b'G', b'k') if b == b"GetTask" => "GetTask",
            (10, b'C', b'k') if b == b"CancelTask" => "CancelTask",
            (4, b'u', b'r') if b == b"user" => "user",
            (5, b'a', b't') if b == b"agent" => "agent",
            (9, b'R', b'R') if b == b"ROLE_USER" => "ROLE_USER",
            (10, b'R', b'T') if b == b"ROLE_AGENT" => "ROLE_AGENT",
            (10, b't', b'n') if b == b"text/plain" => "text/plain",
            (16, b'a', b'n') if b == b"application/json" => "application/json",
            _ => return None,
        })
    }

    impl<'a, 'o, K: Fn(&'a str) -> Cow<'o, str>> P<'a, 'o, K> {
        /// The whole text as one value, with whitespace around it; `None` when it is not
        /// (or not read here).
        fn document(&mut self) -> Option<Json<'o>> {
            self.ws();
            let v = self.value(0)?;
            self.ws();
            (self.i == self.b.len()).then_some(v)
        }

        /// Skips JSON whitespace (RFC 8259 §2); the usual next byte is not whitespace,
        /// so that one compare is all most calls cost.
        #[inline(always)]
        fn ws(&mut self) {
            if self.b.get(self.i).is_some_and(|&c| c <= b' ') {
                self.ws_run();
            }
        }

        #[inline(never)]
        fn ws_run(&mut self) {
            while let Some(&c) = self.b.get(self.i) {
                if matches!(c, b' ' | b'\n' | b'\r' | b'\t') {
                    self.i += 1;
                } else {
                    break;
                }
            }
        }

        fn lit(&mut self, word: &[u8], v: Json<'o>) -> Option<Json<'o>> {
            if self.b.get(self.i..self.i + word.len()) == Some(word) {
                self.i += word.len();
                Some(v)
            } else {
                None
            }
        }

        /// A value at `self.i` (no whitespace before it): strings here, containers by a
        /// call (the recursion), the other scalars out of line (rarer than strings).
        #[inline(always)]
        fn value(&mut self, depth: u32) -> Option<Json<'o>> {
            match *self.b.get(self.i)? {
                b'"' => self.string().map(Json::String),
                b'{' => self.object(depth + 1),
                b'[' => self.array(depth + 1),
                _ => self.scalar(),
            }
        }

        #[inline(never)]
        fn scalar(&mut self) -> Option<Json<'o>> {
            match *self.b.get(self.i)? {
                b't' => self.lit(b"true", Json::Bool(true)),
                b'f' => self.lit(b"false", Json::Bool(false)),
                b'n' => self.lit(b"null", Json::Null),
                b'-' | b'0'..=b'9' => self.number(),
                _ => None,
            }
        }

        /// A plain integer (`-?(0|[1-9][0-9]*)`) that serde_json reads as `u64` or a
        /// negative `i64`; fractions, exponents, `-0` and out-of-range integers: `None`.
        fn number(&mut self) -> Option<Json<'o>> {
            let neg = self.b[self.i] == b'-';
            let mut j = self.i + usize::from(neg);
            let first = *self.b.get(j)?;
            if !first.is_ascii_digit() {
                return None;
            }
            let mut mag: u64 = 0;
            if first == b'0' {
                j += 1;
            } else {
                while let Some(&d) = self.b.get(j) {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    mag = mag.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
                    j += 1;
                }
            }
            if matches!(self.b.get(j), Some(b'.' | b'e' | b'E' | b'0'..=b'9')) {
                return None;
            }
            let n = if neg {
                if mag == 0 || mag > 1u64 << 63 {
                    return None;
                }
                Num::NegInt((mag as i64).wrapping_neg())
            } else {
                Num::PosInt(mag)
            };
            self.i = j;
            Some(Json::Number(n))
        }

        /// A string at `"`: borrowed when it has no escapes. The usual member name or
        /// value (shorter than 16 bytes, no escape) is read here by one 16-byte compare;
        /// the rest by [`Self::string_run`].
        #[inline(always)]
        fn string(&mut self) -> Option<Cow<'o, str>> {
            let start = self.i + 1;
            if let Some(m) = super::string_stops16(self.b, start) {
                let i = start + m.trailing_zeros() as usize;
                if m != 0 && self.b.get(i) == Some(&b'"') {
                    self.i = i + 1;
                    return Some((self.keep)(self.s.get(start..i)?));
                }
            }
            self.string_run(start)
        }

        /// [`Self::string`] from `start` (after the opening quote), any length: escapes
        /// other than `\u` are unescaped; `\u` and control characters give `None`.
        #[inline(never)]
        fn string_run(&mut self, start: usize) -> Option<Cow<'o, str>> {
            let b = self.b;
            let mut i = super::next_string_stop(b, start)?;
            if b[i] == b'"' {
                self.i = i + 1;
                return Some((self.keep)(self.s.get(start..i)?));
            }
            let mut out = String::with_capacity(i - start + 16);
            let mut run = start;
            loop {
                i = super::next_string_stop(b, i)?;
                match b[i] {
                    b'"' => {
                        out.push_str(self.s.get(run..i)?);
                        self.i = i + 1;
                        return Some(Cow::Owned(out));
                    }
                    b'\\' => {
                        out.push_str(self.s.get(run..i)?);
                        out.push(match *b.get(i + 1)? {
                            b'"' => '"',
                            b'\\' => '\\',
                            b'/' => '/',
                            b'b' => '\u{8}',
                            b'f' => '\u{c}',
                            b'n' => '\n',
                            b'r' => '\r',
                            b't' => '\t',
                            _ => return None,
                        });
                        i += 2;
                        run = i;
                    }
                    _ => return None,
                }
            }
        }

        /// After a value: whitespace, then `,` (and whitespace: the next item's start)
        /// or the closing byte `close`. `Some(true)` = another item follows, `Some(false)`
        /// = closed (`self.i` past the close), `None` = anything else.
        #[inline(always)]
        fn next_item(&mut self, close: u8) -> Option<bool> {
            self.ws();
            let c = *self.b.get(self.i)?;
            self.i += 1;
            if c == b',' {
                self.ws();
                Some(true)
            } else if c == close {
                Some(false)
            } else {
                None
            }
        }

        #[inline(never)]
        fn array(&mut self, depth: u32) -> Option<Json<'o>> {
            if depth > MAX_DEPTH {
                return None;
            }
            self.i += 1;
            self.ws();
            if self.b.get(self.i) == Some(&b']') {
                self.i += 1;
                return Some(Json::Array(Vec::new()));
            }
            let base = self.values.len();
            loop {
                match *self.b.get(self.i)? {
                    b'"' => {
                        let s = self.string()?;
                        self.values.push(Json::String(s));
                    }
                    _ => {
                        let v = self.value(depth)?;
                        self.values.push(v);
                    }
                }
                if !self.next_item(b']')? {
                    return Some(Json::Array(take_tail(&mut self.values, base)));
                }
            }
        }

        #[inline(never)]
        fn object(&mut self, depth: u32) -> Option<Json<'o>> {
            if depth > MAX_DEPTH {
                return None;
            }
            self.i += 1;
            self.ws();
            if self.b.get(self.i) == Some(&b'}') {
                self.i += 1;
                return Some(Json::Object(Obj::new()));
            }
            let base = self.members.len();
            // one bit per member name (`name_bit`): a name seen twice sets a bit twice,
            // so an object without a repeated bit has no repeated name (no dedup walk)
            let (mut names, mut repeat) = (0u64, false);
            loop {
                if self.b.get(self.i) != Some(&b'"') {
                    return None;
                }
                let k = self.string()?;
                let bit = name_bit(&k);
                repeat |= names & bit != 0;
                names |= bit;
                self.ws();
                if self.b.get(self.i) != Some(&b':') {
                    return None;
                }
                self.i += 1;
                self.ws();
                // each kind of value pushed where it is made (no move of an
                // `Option<Json>` between them)
                match *self.b.get(self.i)? {
                    b'"' => {
                        let s = self.string()?;
                        self.members.push((k, Json::String(s)));
                    }
                    b'{' => {
                        let v = self.object(depth + 1)?;
                        self.members.push((k, v));
                    }
                    b'[' => {
                        let v = self.array(depth + 1)?;
                        self.members.push((k, v));
                    }
                    _ => {
                        let v = self.scalar()?;
                        self.members.push((k, v));
                    }
                }
                if !self.next_item(b'}')? {
                    let mut o = Obj {
                        members: take_tail(&mut self.members, base),
                    };
                    if repeat {
                        o.dedup();
                    }
                    return Some(Json::Object(o));
                }
            }
        }
    }

    /// One of 64 bits for a member name, from its length and first and last bytes: equal
    /// names give the same bit (different names may too: [`Obj::dedup`] then compares).
    #[inline(always)]
    pub(super) fn name_bit(k: &str) -> u64 {
        let b = k.as_bytes();
        let h = match b {
            [] => 0,
            [f, .., l] => b.len() + 3 * usize::from(*f) + 7 * usize::from(*l),
            [f] => 1 + 10 * usize::from(*f),
        };
        1u64 << (h & 63)
    }
}

/// `serde_json::json!` for tests of code that reads [`Json`]: the same literal as an owned
/// [`Json`].
#[cfg(test)]
macro_rules! test_json {
    ($($t:tt)+) => {
        $crate::model::json::Json::from_value(&serde_json::json!($($t)+)).into_owned()
    };
}
#[cfg(test)]
pub(crate) use test_json;

/// Appends `/` and `key` as a JSON Pointer reference token to `ptr` (RFC 6901 §3: `~` as
/// `~0`, `/` as `~1`), without a copy of the key.
pub fn push_pointer_token(ptr: &mut String, key: &str) {
    ptr.push('/');
    // a byte loop: a `char` pattern sets up a searcher per key (perf32)
    if !key.bytes().any(|b| b == b'~' || b == b'/') {
        ptr.push_str(key);
        return;
    }
    for c in key.chars() {
        match c {
            '~' => ptr.push_str("~0"),
            '/' => ptr.push_str("~1"),
            c => ptr.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    /// perfp41: `common` answers as a scan of its list: each listed string is known (as
    /// itself), and each one with a byte changed (four ways), cut or grown by one byte, and
    /// runs of one byte of every length 0-20 are known exactly when listed.
    #[test]
    fn common_strings_are_told_by_length_and_ends() {
        use super::fast::{common, COMMON};
        let by_scan = |t: &str| COMMON.iter().find(|w| **w == t).copied();
        let mut tried = 0;
        let mut check = |t: &str| {
            assert_eq!(common(t), by_scan(t), "{t:?}");
            tried += 1;
        };
        for w in COMMON {
            check(w);
            for i in 0..w.len() {
                for c in ['a', 'Z', '/', 'e'] {
                    let mut t = w.to_string();
                    t.replace_range(i..i + 1, &c.to_string());
                    check(&t);
                }
            }
            check(&w[..w.len() - 1]);
            check(&w[1..]);
            check(&format!("{w}s"));
            check(&format!("x{w}"));
        }
        for n in 0..=20 {
            for c in ['a', 'm', 't', 'u', '2'] {
                check(&c.to_string().repeat(n));
            }
        }
        assert!(tried > 1500, "{tried}");
    }

    /// perfp41: an owned parse leaves its scratch stacks, emptied, for the next owned parse
    /// on its thread (their capacity kept), after a failed parse too; one that grew past
    /// the keep limit is dropped and the next parse starts afresh; a borrowed parse leaves
    /// them alone; trees are the same throughout.
    #[test]
    fn parse_scratch_is_kept_between_parses() {
        use super::{fast, Json};
        let doc = br#"{"a":[1,2,{"b":"c"}],"d":{"e":[true,null]}}"#;
        let want = serde_json::from_slice::<serde_json::Value>(doc).unwrap();
        std::thread::spawn(move || {
            assert_eq!(
                fast::scratch_capacity(),
                (0, 0),
                "a new thread keeps nothing"
            );
            assert_eq!(Json::parse(doc).unwrap().to_value(), want);
            assert_eq!(
                fast::scratch_capacity(),
                (0, 0),
                "a borrowed parse keeps nothing"
            );
            for round in 0..3 {
                assert_eq!(
                    Json::parse_owned(doc).unwrap().to_value(),
                    want,
                    "round {round}"
                );
                let (m, v) = fast::scratch_capacity();
                assert!(m >= 16 && v >= 16, "kept after a parse: {m} {v}");
                assert!(Json::parse_owned(b"{\"a\":[1,").is_err());
                assert_eq!(
                    fast::scratch_capacity(),
                    (m, v),
                    "kept after a failed parse"
                );
                assert_eq!(Json::parse(doc).unwrap().to_value(), want);
                assert_eq!(
                    fast::scratch_capacity(),
                    (m, v),
                    "left alone by a borrowed parse"
                );
            }
            // 400 members at once: the stack grows past the keep limit and is dropped
            let big = format!(
                "{{{}}}",
                (0..400)
                    .map(|i| format!("\"k{i}\":{i}"))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let v = Json::parse_owned(big.as_bytes()).unwrap();
            assert_eq!(v.as_object().map(|o| o.len()), Some(400));
            assert_eq!(fast::scratch_capacity().0, 0, "a large stack is not kept");
            assert_eq!(Json::parse_owned(doc).unwrap().to_value(), want);
            assert!(
                fast::scratch_capacity().0 >= 16,
                "kept again after a small parse"
            );
        })
        .join()
        .unwrap();
    }

    /// A member named twice with two values is noted by both parsers (the fast one, and
    /// serde_json for text with `\u` escapes), with both values, once per take; the same
    /// value twice is not noted (RFC 8259 §4; breaker26 N02).
    #[test]
    fn conflicting_duplicate_members_are_noted_once_per_take() {
        use super::{take_conflicting_duplicate, Json};
        take_conflicting_duplicate();
        for text in [
            br#"{"a":{"state":"X","state":"Y"}}"#.as_slice(),
            br#"{"a":{"st\u0061te":"X","state":"Y"}}"#.as_slice(),
        ] {
            let v = Json::parse(text).unwrap();
            assert_eq!(v.pointer("/a/state").and_then(Json::as_str), Some("Y"));
            let d = take_conflicting_duplicate().expect("noted");
            assert_eq!(
                (d.name.as_str(), d.first.as_str(), d.last.as_str()),
                ("state", "\"X\"", "\"Y\"")
            );
            assert_eq!(take_conflicting_duplicate(), None, "taken once");
        }
        Json::parse(br#"{"id":"t1","id":"t1"}"#).unwrap();
        assert_eq!(take_conflicting_duplicate(), None, "same value twice");
    }

    /// The walk answers what a parse answers, on answers, errors, nesting, strings that
    /// hold braces and quotes, repeats, and gives up (`None`) where it cannot read.
    #[test]
    fn top_level_member_set_agrees_with_a_parse() {
        use super::{top_level_member_set, Json};
        let cases: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","parts":[{"text":"}{\"error\":1"}]}}"#,
            br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"x"}}"#,
            br#" { "error" : null , "result" : [1, {"error": 2}] } "#,
            br#"{"error":{"a":[{"b":"]"}]},"error":null}"#,
            br#"{"error":null,"error":"late"}"#,
            br#"{"result":{"error":{"code":1}}}"#,
            br#"{"error":-32600}"#,
            br#"{}"#,
            br#"{"error":false}"#,
        ];
        for t in cases {
            let want = Json::parse(t)
                .ok()
                .map(|v| v.get("error").is_some_and(|e| !e.is_null()));
            assert_eq!(
                top_level_member_set(t, "error"),
                want,
                "{}",
                String::from_utf8_lossy(t)
            );
        }
        for t in [
            &br#"[{"error":1}]"#[..],
            br#"{"error":{"code":1}"#,
            br#"{"err\u006fr":1}"#,
            br#"{"error":1,}"#,
            br#"{"error" 1}"#,
            b"",
            br#"{"a":1} x"#,
        ] {
            assert_eq!(
                top_level_member_set(t, "error"),
                None,
                "{}",
                String::from_utf8_lossy(t)
            );
        }
    }

    #[test]
    fn ptr_writes_what_format_writes() {
        use super::{ptr, Seg};
        for (base, i) in [
            ("", 0usize),
            ("/result", 7),
            ("/a/b", 10),
            ("/x", usize::MAX),
        ] {
            assert_eq!(
                ptr(
                    base,
                    &[Seg::Key("artifacts"), Seg::Index(i), Seg::Key("parts")]
                ),
                format!("{base}/artifacts/{i}/parts")
            );
            assert_eq!(ptr(base, &[]), base);
            assert_eq!(ptr(base, &[Seg::Index(i)]), format!("{base}/{i}"));
        }
    }

    use super::*;

    /// True when a string of `j` (a value or a member name) is borrowed and is not one of
    /// the `'static` [`super::fast::common`] strings (which the owned parse borrows from
    /// the program's text, never from the document's).
    fn borrows(j: &Json) -> bool {
        let kept = |s: &Cow<str>| match s {
            Cow::Borrowed(b) => {
                super::fast::common(b).is_none_or(|c| !std::ptr::eq(c.as_ptr(), b.as_ptr()))
            }
            Cow::Owned(_) => false,
        };
        match j {
            Json::String(s) => kept(s),
            Json::Array(a) => a.iter().any(borrows),
            Json::Object(o) => o.members.iter().any(|(k, v)| kept(k) || borrows(v)),
            _ => false,
        }
    }

    /// The owned parse borrows the common names and values from the program, copies the
    /// rest, and gives the tree the borrowed parse gives.
    #[test]
    fn owned_parse_borrows_only_the_common_strings() {
        let text = br#"{"jsonrpc":"2.0","id":"jsonrpc","method":"message/send","params":{"message":{"kind":"message","role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1","x-other":"ROLE_USER2"}}}"#;
        let owned = Json::parse_owned(text).unwrap();
        assert_eq!(owned, Json::parse(text).unwrap());
        assert!(!borrows(&owned));
        let o = owned.as_object().unwrap();
        assert!(matches!(o.members[0].0, Cow::Borrowed("jsonrpc")));
        assert!(matches!(
            o.get("jsonrpc"),
            Some(Json::String(Cow::Borrowed("2.0")))
        ));
        let msg = owned
            .pointer("/params/message")
            .unwrap()
            .as_object()
            .unwrap();
        assert!(matches!(msg.get("messageId"), Some(Json::String(Cow::Owned(m))) if m == "m-1"));
        assert!(
            matches!(msg.get("x-other"), Some(Json::String(Cow::Owned(m))) if m == "ROLE_USER2")
        );
        assert!(msg
            .members
            .iter()
            .any(|(k, _)| matches!(k, Cow::Owned(k) if k == "x-other")));
        // escaped spellings of a common string are unescaped and copied (no borrow)
        let esc = Json::parse_owned(br#"{"jsonrpc":"2\u002e0","met\u0068od":"x"}"#).unwrap();
        assert_eq!(esc.get("jsonrpc").and_then(Json::as_str), Some("2.0"));
        assert_eq!(esc.get("method").and_then(Json::as_str), Some("x"));
    }

    fn same_as_value(text: &str) {
        // A lone surrogate escape serde_json refuses is read as U+FFFD (breaker30 U05):
        // the same as serde_json reads the mended text.
        let v: Result<serde_json::Value, _> = serde_json::from_str(text).or_else(|e| {
            match super::mend_lone_surrogates(text.as_bytes()) {
                Some(m) => serde_json::from_slice(&m).map_err(|_| e),
                None => Err(e),
            }
        });
        let j = Json::parse_str(text);
        // The owned parse gives the same tree, with no string borrowed, and fails alike.
        match (&j, Json::parse_owned(text.as_bytes())) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, &b, "{text}");
                assert!(!borrows(&b), "{text}");
            }
            (Err(_), Err(_)) => {}
            (a, b) => panic!("{text}: parse {a:?} vs parse_owned {b:?}"),
        }
        match (v, j) {
            (Ok(v), Ok(j)) => {
                assert_eq!(j.to_value(), v, "{text}");
                assert_eq!(j.to_string(), v.to_string(), "{text}");
                // Same member order (preserve_order) as serde_json.
                assert_eq!(
                    serde_json::to_string(&j.to_value()).ok(),
                    serde_json::to_string(&v).ok(),
                    "{text}"
                );
            }
            (Err(_), Err(_)) => {}
            (v, j) => panic!("{text}: value {v:?} vs json {j:?}"),
        }
    }

    #[test]
    fn reads_what_serde_json_value_reads() {
        for t in [
            r#"{"a":1,"b":[true,null,-2,1.5,18446744073709551615,-9223372036854775808],"c":"x\"y"}"#,
            r#"{"k":1,"j":2,"k":3}"#,
            r#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"a":0}"#,
            r#"{"\u0041":"\u00e9","A":2}"#,
            "1e400",
            "[1,]",
            "{} x",
            r#""\ud800""#,
            "-0",
            "1.0",
            "  [ ]  ",
        ] {
            same_as_value(t);
        }
        let deep = "[".repeat(200) + &"]".repeat(200);
        same_as_value(&deep);
    }

    #[test]
    fn borrows_unescaped_strings_and_reads_members() {
        let text = br#"{"id":"t1","status":{"state":"working"},"n":-3,"esc":"a\nb"}"#;
        let j = Json::parse(text).unwrap();
        assert!(matches!(
            j.get("id"),
            Some(Json::String(Cow::Borrowed("t1")))
        ));
        assert!(matches!(j.get("esc"), Some(Json::String(Cow::Owned(s))) if s == "a\nb"));
        assert_eq!(
            j.pointer("/status/state").and_then(Json::as_str),
            Some("working")
        );
        assert_eq!(j.get("n").and_then(Json::as_i64), Some(-3));
        assert_eq!(j.get("n").and_then(Json::as_u64), None);
        assert_eq!(j.pointer(""), Some(&j));
        assert_eq!(j.pointer("/nope"), None);
        let a = Json::parse(br#"{"a/b":[0,{"~":1}]}"#).unwrap();
        assert_eq!(a.pointer("/a~1b/1/~0").and_then(Json::as_u64), Some(1));
        assert_eq!(a.pointer("/a~1b/01"), None);
        let v: serde_json::Value = serde_json::from_slice(text).unwrap();
        assert_eq!(Json::from_value(&v), j);
    }

    /// `push_decimal` writes what `format!("{n}")` writes.
    #[test]
    fn push_decimal_writes_what_format_writes() {
        for n in [0u64, 7, 9, 10, 80, 443, 8080, 65535, 1 << 32, u64::MAX] {
            let mut s = String::from("x:");
            super::push_decimal(&mut s, n);
            assert_eq!(s, format!("x:{n}"));
        }
    }

    /// `Json::pointer` finds what serde_json's `Value::pointer` finds (RFC 6901), empty
    /// tokens, a trailing `/`, escapes and array indexes included (its byte loop, perf32).
    #[test]
    fn pointer_agrees_with_serde_json() {
        let text = br#"{"":{"":[5,{"x":1}],"a":2},"a/b":[0,{"~":1,"~1":3}],"t":{"s":"v","":{"":7}},"l":[[1,[2]],"z"]}"#;
        let j = Json::parse(text).unwrap();
        let v: serde_json::Value = serde_json::from_slice(text).unwrap();
        for p in [
            "",
            "/",
            "//",
            "///",
            "//0",
            "//1/x",
            "/a",
            "/a/",
            "/a~1b",
            "/a~1b/0",
            "/a~1b/1/~0",
            "/a~1b/1/~01",
            "/a~1b/01",
            "/a~1b/-",
            "/a~1b/2",
            "/a~1b/",
            "/t/s",
            "/t/s/",
            "/t//",
            "/t///",
            "/l/0/1/0",
            "/l/1",
            "/l/00",
            "/l/+1",
            "nope",
            "/nope",
            "/~",
            "/t/~0",
        ] {
            assert_eq!(
                j.pointer(p).map(Json::to_value),
                v.pointer(p).cloned(),
                "pointer {p:?}"
            );
        }
    }

    /// Same answer as serde_json: both read the same value (same members, same order), or
    /// both fail with the same message.
    fn agrees(text: &[u8]) {
        // A lone surrogate escape: read as serde_json reads the mended text (breaker30 U05).
        let v = serde_json::from_slice::<serde_json::Value>(text).or_else(|e| {
            match super::mend_lone_surrogates(text) {
                Some(m) => serde_json::from_slice::<serde_json::Value>(&m).map_err(|_| e),
                None => Err(e),
            }
        });
        match (Json::parse(text), v) {
            (Ok(j), Ok(v)) => {
                assert_eq!(j.to_value(), v);
                assert_eq!(j.to_string(), v.to_string());
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            (j, v) => panic!(
                "{:?}: json {j:?} vs value {v:?}",
                String::from_utf8_lossy(text)
            ),
        }
    }

    #[test]
    fn fast_parser_edge_cases_agree_with_serde_json() {
        for t in [
            "0",
            "-0",
            "-1",
            "01",
            "1.",
            ".5",
            "1e5",
            "-",
            "--1",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1 2",
            "[1,]",
            "[,1]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{a:1}",
            "[tru]",
            "[nul]",
            "truex",
            "\"\\u00e9\"",
            "\"\\ud83d\\ude00\"",
            "\"\\ud83d\"",
            "\"a\\qb\"",
            "\"a\tb\"",
            "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
            " {\"k\" : [ true , false , null ] } \n",
            "{}",
            "[]",
            "\"",
            "{\"a\"",
            "[1",
            "\u{feff}1",
            "\"\u{e9}\"",
        ] {
            agrees(t.as_bytes());
        }
        agrees(b"\"\xff\"");
        agrees(b"[\"\xc3\"]");
        for depth in [99, 100, 101, 127, 128, 129] {
            agrees(("[".repeat(depth) + &"]".repeat(depth)).as_bytes());
            agrees(("{\"a\":".repeat(depth) + "1" + &"}".repeat(depth)).as_bytes());
        }
    }

    fn arb_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::Bool),
            any::<i64>().prop_map(serde_json::Value::from),
            any::<u64>().prop_map(serde_json::Value::from),
            (-1e6f64..1e6).prop_map(serde_json::Value::from),
            "[a-z\"\\\\/\n\t\u{e9}\u{1f600} ]{0,12}".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
                proptest::collection::vec(("[a-c\"]{0,3}", inner), 0..6)
                    .prop_map(|m| { serde_json::Value::Object(m.into_iter().collect()) }),
            ]
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The fast path reads exactly what serde_json reads, on documents and on broken
        /// copies of them (a byte cut, replaced or inserted).
        #[test]
        fn fast_parser_agrees_with_serde_json(
            v in arb_value(),
            pretty in proptest::prelude::any::<bool>(),
            edit in 0usize..4,
            at in proptest::prelude::any::<proptest::sample::Index>(),
            byte in proptest::sample::select(b"{}[]:,\"\\ 0-.eEtfnu1\x01\xc3".to_vec()),
        ) {
            let text = if pretty {
                serde_json::to_vec_pretty(&v).unwrap()
            } else {
                serde_json::to_vec(&v).unwrap()
            };
            agrees(&text);
            let mut t = text.clone();
            let i = at.index(t.len().max(1)).min(t.len());
            match edit {
                0 if i < t.len() => { t.remove(i); }
                1 if i < t.len() => t[i] = byte,
                2 => t.insert(i, byte),
                _ => t.truncate(i),
            }
            agrees(&t);
        }
    }

    /// perfj34's string fast path (one 16-byte compare for a short string) and its slow
    /// path meet at the block's end: strings of 0-40 bytes with an escape (or a control
    /// character, or a multi-byte character) at every offset, as the whole text, as a member
    /// name and value, as an array element, with the text ending right behind them, read as
    /// serde_json reads them.
    #[test]
    fn strings_at_every_length_and_escape_offset_agree_with_serde_json() {
        for n in 0..=40usize {
            for at in std::iter::once(None).chain((0..n).map(Some)) {
                for odd in ["\\\"", "\\n", "\\u00e9", "\u{e9}", "\t", "\\/"] {
                    let mut body = String::new();
                    for i in 0..n {
                        body.push(if Some(i) == at {
                            '\0'
                        } else {
                            (b'a' + (i % 26) as u8) as char
                        });
                    }
                    let body = body.replace('\0', odd);
                    for t in [
                        format!("\"{body}\""),
                        format!("{{\"{body}\":\"{body}\"}}"),
                        format!("{{\"k\":\"{body}\",\"{body}\":1}}"),
                        format!("[\"{body}\",\"{body}\"]"),
                        format!("[ \"{body}\" ]  "),
                    ] {
                        agrees(t.as_bytes());
                        agrees(&t.as_bytes()[..t.len() - 1]);
                    }
                }
            }
        }
    }

    /// Names for the repeated-member tests: plain, escaped, one pair with the same
    /// `name_bit` (so the exact compare behind it must tell them apart), and the empty name.
    fn repeat_names() -> Vec<String> {
        use super::fast::name_bit;
        let mut names: Vec<String> = ["a", "b", "id", "kind", "state", "", "a\\\"b", "a\\nb"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let two: Vec<String> = (b'a'..=b'z')
            .flat_map(|x| (b'a'..=b'z').map(move |y| String::from_utf8(vec![x, y]).unwrap()))
            .collect();
        let (x, y) = two
            .iter()
            .enumerate()
            .find_map(|(i, x)| {
                two[i + 1..]
                    .iter()
                    .find(|y| name_bit(y) == name_bit(x))
                    .map(|y| (x.clone(), y.clone()))
            })
            .expect("two names share a bit");
        names.push(x);
        names.push(y);
        names
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Objects with names given more than once (up to 24 members: both of
        /// `Obj::dedup`'s ways; nested objects with their own repeats) read as serde_json
        /// reads them (the last value at the first name's position), and a conflicting
        /// repeat is noted exactly when a name has two different values (RFC 8259 §4).
        #[test]
        fn repeated_member_names_fold_as_serde_json_folds(
            members in proptest::collection::vec((0usize..10, 0usize..6), 0..24),
            spaced in proptest::prelude::any::<bool>(),
        ) {
            let names = repeat_names();
            let values = ["1", "\"x\"", "{\"a\":1,\"a\":2}", "[1,{\"b\":2,\"b\":2}]", "null", "{}"];
            let sep = if spaced { ", " } else { "," };
            let colon = if spaced { " : " } else { ":" };
            let text = format!(
                "{{{}}}",
                members
                    .iter()
                    .map(|(k, v)| format!("\"{}\"{colon}{}", names[*k], values[*v]))
                    .collect::<Vec<_>>()
                    .join(sep)
            );
            super::take_conflicting_duplicate();
            agrees(text.as_bytes());
            super::take_conflicting_duplicate();
            Json::parse(text.as_bytes()).unwrap();
            let noted = super::take_conflicting_duplicate();
            // the nested value with `"a":1,"a":2` conflicts wherever it appears
            let conflict = members.iter().any(|(k, v)| {
                *v == 2 || members.iter().any(|(k2, v2)| names[*k2] == names[*k] && v2 != v)
            });
            proptest::prop_assert_eq!(noted.is_some(), conflict, "{}", text);
        }
    }

    /// Whether `v` holds a member named `name` or a string `name`, at any depth.
    fn names_anywhere(v: &serde_json::Value, name: &str) -> bool {
        match v {
            serde_json::Value::String(s) => s == name,
            serde_json::Value::Array(a) => a.iter().any(|x| names_anywhere(x, name)),
            serde_json::Value::Object(o) => {
                o.iter().any(|(k, x)| k == name || names_anywhere(x, name))
            }
            _ => false,
        }
    }

    /// A `false` from `may_name_member` is never wrong: no reading of such a text (serde_json,
    /// `Json::parse` with its lone-surrogate mending, the top-level walk) finds the name.
    fn may_name_member_holds(t: &[u8]) {
        if super::may_name_member(t, &memchr::memmem::Finder::new(b"\"error\"")) {
            return;
        }
        let text = String::from_utf8_lossy(t);
        if let Ok(v) = serde_json::from_slice::<serde_json::Value>(t) {
            assert!(!names_anywhere(&v, "error"), "{text}");
        }
        if let Ok(j) = Json::parse(t) {
            assert!(!names_anywhere(&j.to_value(), "error"), "{text}");
        }
        assert_ne!(
            super::top_level_member_set(t, "error"),
            Some(true),
            "{text}"
        );
    }

    #[test]
    fn may_name_member_is_false_only_without_the_name() {
        use super::may_name_member;
        for (t, want) in [
            (
                &br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task"}}"#[..],
                false,
            ),
            (br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32001}}"#, true),
            (br#"{"err\u006fr":1}"#, true),
            (br#"{"a":"\u0041"}"#, true),
            (br#"{"a":"\\u0041"}"#, true),
            (br#"{"a":"\\x","b":"u\\"}"#, false),
            (br#"{"a":"error"}"#, true),
            (br#"{"errors":1,"xerror":2,"err\"or":3,"err\/or":4}"#, false),
            (b"", false),
        ] {
            assert_eq!(
                may_name_member(t, &memchr::memmem::Finder::new(b"\"error\"")),
                want,
                "{:?}",
                String::from_utf8_lossy(t)
            );
            may_name_member_holds(t);
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// On documents whose names and strings are often `error` or near it, spelled plain
        /// or with escapes, and on broken copies of them.
        #[test]
        fn may_name_member_never_misses_the_name(
            v in arb_value(),
            name in proptest::sample::select(vec![
                "\"error\"", "\"err\\u006fr\"", "\"\\u0065rror\"", "\"erro\\\"r\"",
                "\"errors\"", "\"Error\"", "\"err\\/or\"",
            ]),
            at in proptest::prelude::any::<proptest::sample::Index>(),
            cut in proptest::prelude::any::<proptest::sample::Index>(),
        ) {
            let text = serde_json::to_vec(&v).unwrap();
            // `name` as a member of the top-level object, or put in place of any string.
            let mut t = b"{".to_vec();
            t.extend_from_slice(name.as_bytes());
            t.push(b':');
            t.extend_from_slice(&text);
            t.push(b'}');
            may_name_member_holds(&t);
            let quotes: Vec<usize> =
                text.iter().enumerate().filter(|(_, b)| **b == b'"').map(|(i, _)| i).collect();
            if quotes.len() >= 2 {
                let i = at.index(quotes.len() - 1);
                let mut u = text[..quotes[i]].to_vec();
                u.extend_from_slice(name.as_bytes());
                u.extend_from_slice(&text[quotes[i + 1] + 1..]);
                may_name_member_holds(&u);
            }
            let c = cut.index(t.len().max(1)).min(t.len());
            may_name_member_holds(&t[..c]);
        }
    }

    #[test]
    fn object_edits_follow_serde_json_map() {
        let mut o = Json::parse(br#"{"a":1,"b":2,"c":3}"#).unwrap();
        let m = o.as_object_mut().unwrap();
        assert_eq!(
            m.insert("b", Json::from("x")),
            Some(Json::Number(Num::PosInt(2)))
        );
        m.insert_if_absent("d", || Json::Bool(true));
        m.insert_if_absent("a", || Json::Null);
        assert_eq!(m.remove("a"), Some(Json::Number(Num::PosInt(1))));
        let mut v: serde_json::Value = serde_json::from_str(r#"{"a":1,"b":2,"c":3}"#).unwrap();
        let vm = v.as_object_mut().unwrap();
        vm.insert("b".into(), "x".into());
        vm.entry("d").or_insert(true.into());
        vm.remove("a");
        assert_eq!(o.to_string(), v.to_string());
    }

    /// breaker30 U05: a lone surrogate escape (high or low) becomes `\uFFFD`, a pair stays,
    /// an escaped backslash before `u` is no escape, and the text keeps its length; a
    /// document without one is not copied.
    #[test]
    fn lone_surrogates_are_mended_pairs_kept() {
        use super::mend_lone_surrogates as mend;
        let t = br#"["\ud800","\udc00x","\ud83d\ude00","\\ud800","\ud83d"]"#;
        let m = mend(t).unwrap();
        assert_eq!(m.len(), t.len());
        assert_eq!(
            std::str::from_utf8(&m).unwrap(),
            r#"["\uFFFD","\uFFFDx","\ud83d\ude00","\\ud800","\uFFFD"]"#
        );
        assert!(mend(br#"{"a":"\ud83d\ude00 \u00e9"}"#).is_none());
        // What Json::parse makes of it; what it refused before.
        let j = Json::parse(t).unwrap();
        assert_eq!(j.pointer("/0").and_then(Json::as_str), Some("\u{fffd}"));
        assert_eq!(j.pointer("/3").and_then(Json::as_str), Some("\\ud800"));
        assert!(
            Json::parse_owned(t).is_ok()
                && Json::parse_str(std::str::from_utf8(t).unwrap()).is_ok()
        );
        // Still no JSON: the mending does not hide a syntax error.
        assert!(Json::parse(br#"["\ud800",]"#).is_err());
    }

    /// The 16-byte (SSE2) scan finds the first string stop exactly where a byte-by-byte
    /// scan does: every byte value at every offset of a 16-byte window and of the 8-byte
    /// and byte tails behind it, from every start (perf30). Under Miri (the `unsafe` SSE2
    /// load checked for undefined behaviour: `cargo +nightly miri test --lib`, fuzz36) the
    /// byte values at and around each class edge only: all 256 take Miri over 15 minutes.
    #[test]
    fn string_stop_scan_agrees_with_byte_scan() {
        let naive = |b: &[u8], from: usize| (from..b.len()).find(|&i| is_string_stop(b[i]));
        let values: Vec<u8> = if cfg!(miri) {
            vec![
                0, 0x1f, 0x20, b'!', b'"', b'#', b'[', b'\\', b']', 0x7f, 0x80, 0xff,
            ]
        } else {
            (0..=255u8).collect()
        };
        for len in [0usize, 1, 7, 8, 15, 16, 17, 23, 24, 31, 32, 40] {
            for at in 0..len {
                for &c in &values {
                    let mut b = vec![b'a'; len];
                    b[at] = c;
                    if at + 1 < len {
                        b[len - 1] = b'"';
                    }
                    for from in [0, 1, 5, at.saturating_sub(1), at] {
                        assert_eq!(
                            next_string_stop(&b, from),
                            naive(&b, from),
                            "byte {c:#x} at {at} of {len}, from {from}"
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod list_kind_words_tests {
    use super::list_kind_words;

    /// left58 item 5: PHP's numeric-keyed object is named as the list it was meant to be,
    /// with its first keys; any other object, or an empty one, stays "an object".
    #[test]
    fn a_numeric_keyed_object_is_said_as_a_list_written_as_an_object() {
        let w = list_kind_words(&test_json!({"0": 1, "2": 2, "5": 3, "9": 4}));
        assert!(
            w.starts_with("an object keyed \"0\", \"2\", \"5\", ... (a list written as an object with numeric keys"),
            "{w}"
        );
        assert_eq!(list_kind_words(&test_json!({"a": 1})), "an object");
        assert_eq!(list_kind_words(&test_json!({})), "an object");
        assert_eq!(list_kind_words(&test_json!("x")), "a string");
    }
}

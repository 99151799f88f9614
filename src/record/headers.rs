/*!
[`Headers`]: one message head's (or trailer block's) header fields in wire order, kept in one
text buffer.

A head used to be a `Vec<(String, String)>`: two heap strings per field, ~14 allocations per
proxied request (built by the proxy's workers, written by the recorder, freed on the
verifier's thread) and 41 M of the verifier's 740 M instructions on the 8 MB bench to read
them (docs/performance.md, sessions 30-34). Now every name and value of a head sits in one
`String`, back to back, and a `Vec` keeps where each field's name and value end: two
allocations per head, whatever its field count.

The recorded form is unchanged: `[["name","value"],...]`, names in the sender's case,
duplicates and order as received (RFC 9110 §5.2, §5.3: order among fields of one name is
significant). Names compare case-insensitively (RFC 9110 §5.1).
*/

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Where one field is in [`Headers::text`]: its name is `text[name_end - name_len..name_end]`,
/// its value `text[name_end..value_end]`; the name starts where the previous field's value
/// ends (0 for the first). Byte offsets at char boundaries. The name's length is kept (not
/// only its end) so that a lookup compares lengths with one load per field, as the list of
/// pairs did, and no field depends on the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    name_len: usize,
    name_end: usize,
    value_end: usize,
}

impl Span {
    #[inline]
    fn name_start(self) -> usize {
        self.name_end - self.name_len
    }
}

/// Header fields in wire order: `[["content-type","application/json"], ...]`.
/// Names keep the sender's case; compare them case-insensitively (RFC 9110 §5.1).
///
/// All names and values live in one buffer (two allocations per head; see the module doc).
/// Build one with [`Headers::push`], [`Headers::from_pairs`], `collect()` or
/// `From<Vec<(String, String)>>`; read it with [`Headers::iter`] (`(name, value)` pairs in
/// order), [`Headers::get`], [`Headers::get_all`]; change values in place with
/// [`Headers::replace_values`] and drop fields with [`Headers::retain`]. Equality is field by
/// field, as for the list of pairs it replaces.
#[derive(Clone, Default)]
pub struct Headers {
    /// Every name and value, back to back, in field order.
    text: String,
    /// One entry per field, in order.
    ends: Vec<Span>,
    /// What the recorder's one pass over the names found (`record::redact::HeadFacts`,
    /// packed; 0: not read yet), kept for the verifier thread so that it does not read the
    /// same fields again (perfp40, ~0.5k instructions per exchange). Cleared by every
    /// change of a name or value; not part of equality.
    facts: u64,
}

/// Field by field, as for the list of pairs it replaces (the facts memo is not compared).
impl PartialEq for Headers {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text && self.ends == other.ends
    }
}

impl Eq for Headers {}

impl Headers {
    /// No fields.
    pub fn new() -> Self {
        Headers::default()
    }

    /// No fields, with room for `fields` fields of `text_bytes` bytes of names and values
    /// together (no reallocation while they are pushed).
    pub fn with_capacity(fields: usize, text_bytes: usize) -> Self {
        Headers {
            text: String::with_capacity(text_bytes),
            ends: Vec::with_capacity(fields),
            facts: 0,
        }
    }

    /// The fields of `pairs`, in order (`[("content-type", "application/json")]`, a
    /// `Vec<(String, String)>`, an iterator of `(&str, &str)`, ...).
    pub fn from_pairs<I, K, V>(pairs: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut h = Headers::new();
        h.extend(pairs);
        h
    }

    /// Appends one field after the others (a duplicate name is a second field, as on the
    /// wire).
    pub fn push(&mut self, name: &str, value: &str) {
        self.facts = 0;
        self.text.push_str(name);
        let name_end = self.text.len();
        self.text.push_str(value);
        self.ends.push(Span {
            name_len: name.len(),
            name_end,
            value_end: self.text.len(),
        });
    }

    /// Number of fields (a name sent twice counts twice).
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no field.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Where field `i` starts in `text`.
    #[inline]
    fn start(&self, i: usize) -> usize {
        self.ends.get(i).map_or(self.text.len(), |s| s.name_start())
    }

    /// True when some name or value holds a tagged redaction placeholder's opening
    /// (`[REDACTED:`, [`crate::record::redact::holds_tagged_placeholder`]): one search over
    /// the fields' text, no walk of the fields (the verifier asks this of every request head
    /// before it reads any field, AUTH-LEAK-002).
    pub fn holds_tagged_placeholder(&self) -> bool {
        crate::record::redact::holds_tagged_placeholder(self.text.as_bytes())
    }

    /// The fields as `(name, value)` in wire order.
    #[inline]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: &self.text,
            ends: self.ends.iter(),
        }
    }

    /// The fields in wire order as `(name bytes, value)`, for a walk that matches names
    /// itself (the recorder's writer and redactor): the name is sliced from the buffer by
    /// its offsets (one bounds check, no char-boundary checks), the value is cut as text
    /// only when asked ([`RawValue::as_str`]); perfr35, the `(&str, &str)` walk of [`Headers::iter`]
    /// cost the recorder ~1.2k instructions per request (perfh34).
    #[inline]
    pub fn raw_fields(&self) -> RawFields<'_> {
        RawFields {
            text: &self.text,
            ends: self.ends.iter(),
        }
    }

    /// First value of header `name` (ASCII case-insensitive).
    ///
    /// The verifier asks ~80 times per exchange: the names are compared by length first,
    /// as bytes, and only the value found is cut out of the buffer as text.
    #[inline]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values_of(name).next()
    }

    /// All values of header `name`, in order.
    #[inline]
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.values_of(name)
    }

    #[inline]
    fn values_of<'a, 'n>(&'a self, name: &'n str) -> Values<'a, 'n> {
        Values {
            text: &self.text,
            ends: self.ends.iter(),
            name: name.as_bytes(),
        }
    }

    /// True when header `name` is present.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Keeps the fields for which `keep(name, value)` is true, in order; `keep` is called
    /// once per field, in order. No allocation when every field is kept.
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) {
        self.rebuild(|name, value| {
            if keep(name, value) {
                Change::Keep
            } else {
                Change::Drop
            }
        });
    }

    /// Replaces the value of each field for which `f(name, value)` returns `Some(new)`;
    /// `None` keeps the field as it is. `f` is called once per field, in order. Names, order
    /// and the other values stay; no allocation when nothing is replaced (the redactor's
    /// case on most heads).
    pub fn replace_values(&mut self, mut f: impl FnMut(&str, &str) -> Option<String>) {
        self.rebuild(|name, value| match f(name, value) {
            Some(v) => Change::Value(v),
            None => Change::Keep,
        });
    }

    /// Walks the fields once with `f`; from the first field `f` changes on, builds the rest
    /// anew (the fields before it are copied as one block).
    fn rebuild(&mut self, mut f: impl FnMut(&str, &str) -> Change) {
        let mut out: Option<Headers> = None;
        for (i, (name, value)) in self.iter().enumerate() {
            let change = f(name, value);
            match (&mut out, change) {
                (Some(o), Change::Keep) => o.push(name, value),
                (Some(o), Change::Value(v)) => o.push(name, &v),
                (Some(_), Change::Drop) | (None, Change::Keep) => {}
                (None, change) => {
                    let start = self.start(i);
                    let mut o = Headers::with_capacity(self.ends.len(), self.text.len());
                    o.text.push_str(self.text.get(..start).unwrap_or_default());
                    o.ends.extend_from_slice(&self.ends[..i]);
                    if let Change::Value(v) = change {
                        o.push(name, &v);
                    }
                    out = Some(o);
                }
            }
        }
        if let Some(o) = out {
            *self = o;
        }
    }

    /// The URL a user can call for a request the active prober (`probe`, `interop`) sent
    /// with these headers: its `request_head.upstream`, the agent URL its in-process
    /// recording listener forwarded it to, when the request carries
    /// [`crate::model::PROBE_TEST_HEADER`]; `None` otherwise (a client's request through
    /// `proxy`: its URL is the one the client called). The listener's own URL (an
    /// ephemeral loopback port, plain http even for an `https://` agent) is gone after the
    /// run: findings, repro transcripts and curl scripts, and HAR entries name this one
    /// instead (newcomer26).
    pub fn prober_target<'a>(&self, upstream: Option<&'a str>) -> Option<&'a str> {
        upstream.filter(|_| self.contains(crate::model::PROBE_TEST_HEADER))
    }

    /// Media type of the first `Content-Type` without parameters, lowercased
    /// (`text/event-stream`; RFC 9110 §8.3.1: type and subtype are case-insensitive).
    /// Borrowed from the field value when it is already lower case (most are: the verifier
    /// asks three times per exchange, and a new `String` each time was ~1.4k instructions
    /// per request; docs/performance.md, session 21).
    pub fn media_type(&self) -> Option<Cow<'_, str>> {
        self.get("content-type").map(|v| {
            // `v.split(';').next()` by a byte search (no searcher per call: perf32)
            let m = match v.bytes().position(|b| b == b';') {
                Some(i) => &v[..i],
                None => v,
            }
            .trim();
            if m.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(m.to_ascii_lowercase())
            } else {
                Cow::Borrowed(m)
            }
        })
    }

    /// The value of field `i` (0-based, wire order); `None` past the last field.
    #[inline]
    pub(crate) fn value_at(&self, i: usize) -> Option<&str> {
        let s = self.ends.get(i)?;
        self.text.get(s.name_end..s.value_end)
    }

    /// The packed facts [`Headers::set_facts`] kept (`record::redact::HeadFacts` reads and
    /// writes them); 0 when none are kept or a field changed since.
    #[inline]
    pub(crate) fn facts(&self) -> u64 {
        self.facts
    }

    /// Keeps `packed` (non-zero: `record::redact::HeadFacts`'s packing of these very fields)
    /// until a name or value changes.
    #[inline]
    pub(crate) fn set_facts(&mut self, packed: u64) {
        self.facts = packed;
    }

    /// Every name and value back to back, in field order (the buffer the fields are cut
    /// from): for a writer that tests them all at once, as the recorder's `header_list` does
    /// for bytes a JSON string must escape (one scan per head instead of one per name and
    /// value).
    #[inline]
    pub(crate) fn text_bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    /// The text buffer, for a reader that appends one name or value to it directly
    /// (`event_de`'s line reader): follow with [`Headers::end_name`] /
    /// [`Headers::end_field`].
    pub(crate) fn text_mut(&mut self) -> &mut String {
        self.facts = 0;
        &mut self.text
    }

    /// Marks the end of the name just appended to [`Headers::text_mut`]; returns the mark
    /// for [`Headers::end_field`].
    pub(crate) fn end_name(&self) -> usize {
        self.text.len()
    }

    /// Closes the field whose name ended at `name_end` (from [`Headers::end_name`]) and whose
    /// value is everything appended since.
    pub(crate) fn end_field(&mut self, name_end: usize) {
        self.facts = 0;
        let name_start = self.ends.last().map_or(0, |s| s.value_end);
        self.ends.push(Span {
            name_len: name_end - name_start,
            name_end,
            value_end: self.text.len(),
        });
    }

    /// For a reader that writes a whole head's names and values into a buffer of its own
    /// in one pass (`event_de`'s line reader, perfs35): records one more field, its name
    /// ending at byte `name_end` and its value at `value_end` of the text that
    /// [`Headers::with_text`] attaches afterwards (the name starts where the previous
    /// field's value ends). Offsets out of order are clamped (the reader never makes any).
    pub(crate) fn push_ends(&mut self, name_end: usize, value_end: usize) {
        self.facts = 0;
        let name_start = self.ends.last().map_or(0, |s| s.value_end);
        let name_end = name_end.max(name_start);
        self.ends.push(Span {
            name_len: name_end - name_start,
            name_end,
            value_end: value_end.max(name_end),
        });
    }

    /// The fields recorded by [`Headers::push_ends`] (on a head without text yet) with
    /// their names and values in `text`. `None` when `text` is not UTF-8, or a recorded
    /// offset is past its end or not at a char boundary: no head then, never one whose
    /// fields cut a character.
    pub(crate) fn with_text(mut self, text: Vec<u8>) -> Option<Headers> {
        let text = String::from_utf8(text).ok()?;
        let fits = self.text.is_empty()
            && self
                .ends
                .iter()
                .all(|s| text.is_char_boundary(s.name_end) && text.is_char_boundary(s.value_end));
        if !fits {
            return None;
        }
        self.text = text;
        self.facts = 0;
        Some(self)
    }
}

/// What [`Headers::rebuild`] does with one field.
enum Change {
    Keep,
    Drop,
    Value(String),
}

/// The fields of a [`Headers`] as `(name, value)`, in order ([`Headers::iter`]).
#[derive(Clone)]
pub struct Iter<'a> {
    text: &'a str,
    /// The fields not yet yielded.
    ends: std::slice::Iter<'a, Span>,
}

/// The name and the value of field `s` (char boundaries by construction: `get` only to stay
/// free of a panic path).
#[inline]
fn cut(text: &str, s: Span) -> (&str, &str) {
    (
        text.get(s.name_start()..s.name_end).unwrap_or_default(),
        text.get(s.name_end..s.value_end).unwrap_or_default(),
    )
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        Some(cut(self.text, *self.ends.next()?))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        Some(cut(self.text, *self.ends.next_back()?))
    }
}

/// The fields of a [`Headers`] as `(name bytes, value)`, in order ([`Headers::raw_fields`]).
pub struct RawFields<'a> {
    text: &'a str,
    ends: std::slice::Iter<'a, Span>,
}

/// One field's value in [`Headers::raw_fields`]: its bytes, or its text cut on demand.
#[derive(Clone, Copy)]
pub struct RawValue<'a> {
    text: &'a str,
    start: usize,
    end: usize,
}

impl<'a> RawValue<'a> {
    /// The value's bytes (UTF-8).
    #[inline]
    pub fn as_bytes(self) -> &'a [u8] {
        self.text
            .as_bytes()
            .get(self.start..self.end)
            .unwrap_or_default()
    }

    /// The value as text (char boundaries by construction: `get` only to stay free of a
    /// panic path).
    #[inline]
    pub fn as_str(self) -> &'a str {
        self.text.get(self.start..self.end).unwrap_or_default()
    }
}

impl<'a> Iterator for RawFields<'a> {
    type Item = (&'a [u8], RawValue<'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        let s = *self.ends.next()?;
        let name = self
            .text
            .as_bytes()
            .get(s.name_start()..s.name_end)
            .unwrap_or_default();
        Some((
            name,
            RawValue {
                text: self.text,
                start: s.name_end,
                end: s.value_end,
            },
        ))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

/// The values of the fields named `name` (ASCII case-insensitive), in order
/// ([`Headers::get_all`]).
struct Values<'a, 'n> {
    text: &'a str,
    ends: std::slice::Iter<'a, Span>,
    name: &'n [u8],
}

impl<'a> Iterator for Values<'a, '_> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let b = self.text.as_bytes();
        for s in self.ends.by_ref() {
            // by length first: most fields are not the one asked for
            if s.name_len == self.name.len()
                && b.get(s.name_start()..s.name_end)
                    .is_some_and(|n| n.eq_ignore_ascii_case(self.name))
            {
                return self.text.get(s.name_end..s.value_end);
            }
        }
        None
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl std::iter::FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Headers {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Extend<(K, V)> for Headers {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        for (k, v) in pairs {
            self.push(k.as_ref(), v.as_ref());
        }
    }
}

impl<K: AsRef<str>, V: AsRef<str>> FromIterator<(K, V)> for Headers {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        Headers::from_pairs(pairs)
    }
}

impl From<Vec<(String, String)>> for Headers {
    fn from(pairs: Vec<(String, String)>) -> Self {
        let text = pairs.iter().map(|(k, v)| k.len() + v.len()).sum();
        let mut h = Headers::with_capacity(pairs.len(), text);
        h.extend(pairs);
        h
    }
}

/// Prints as the list of pairs did: `Headers([("content-type", "application/json")])`.
impl fmt::Debug for Headers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct List<'a>(&'a Headers);
        impl fmt::Debug for List<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.0.iter()).finish()
            }
        }
        f.debug_tuple("Headers").field(&List(self)).finish()
    }
}

/// `[["name","value"],...]`: what `Vec<(String, String)>` wrote, byte for byte.
impl Serialize for Headers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for pair in self.iter() {
            seq.serialize_element(&pair)?;
        }
        seq.end()
    }
}

/// Reads `[["name","value"],...]` straight into the buffer (no `String` per name or value),
/// accepting and refusing what `Vec<(String, String)>` did, with its error wording
/// (`expected a sequence`, `expected a tuple of size 2`, `expected a string`).
impl<'de> Deserialize<'de> for Headers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct List;
        impl<'de> Visitor<'de> for List {
            type Value = Headers;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Headers, A::Error> {
                // serde's own cap on a pre-allocation from a size hint is 1 MiB; 64 fields
                // is plenty for a head
                let mut h = Headers::with_capacity(seq.size_hint().unwrap_or(0).min(64), 0);
                while seq.next_element_seed(Pair(&mut h))?.is_some() {}
                Ok(h)
            }
        }
        d.deserialize_seq(List)
    }
}

/// One `["name","value"]` appended to a [`Headers`].
struct Pair<'a>(&'a mut Headers);

/// The expectation of a pair, as serde words it for `(String, String)`.
struct PairExpected;

impl de::Expected for PairExpected {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tuple of size 2")
    }
}

impl<'de> DeserializeSeed<'de> for Pair<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_tuple(2, self)
    }
}

impl<'de> Visitor<'de> for Pair<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a tuple of size 2")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let h = self.0;
        if seq.next_element_seed(Text(&mut h.text))?.is_none() {
            return Err(de::Error::invalid_length(0, &PairExpected));
        }
        let name_end = h.text.len();
        if seq.next_element_seed(Text(&mut h.text))?.is_none() {
            return Err(de::Error::invalid_length(1, &PairExpected));
        }
        h.end_field(name_end);
        Ok(())
    }
}

/// One string appended to a buffer.
struct Text<'a>(&'a mut String);

impl<'de> DeserializeSeed<'de> for Text<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_string(self)
    }
}

impl<'de> Visitor<'de> for Text<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.push_str(v);
        Ok(())
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<(), E> {
        // as serde's `String` visitor: UTF-8 bytes are a string, others an error
        match std::str::from_utf8(v) {
            Ok(s) => self.visit_str(s),
            Err(_) => Err(de::Error::invalid_value(de::Unexpected::Bytes(v), &self)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The model: the list of pairs `Headers` used to be.
    type Model = Vec<(String, String)>;

    fn pairs(h: &Headers) -> Model {
        h.iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    fn name() -> impl Strategy<Value = String> {
        // few distinct names (duplicates and case variants), some non-ASCII and empty text
        prop_oneof![
            Just(String::new()),
            Just("Content-Type".to_owned()),
            Just("content-type".to_owned()),
            Just("X-A".to_owned()),
            Just("x-a".to_owned()),
            Just("Authorization".to_owned()),
            "[a-zA-Z\u{e9}-]{1,6}",
        ]
    }

    fn value() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(String::new()),
            Just("application/json; charset=UTF-8".to_owned()),
            "[ -~\u{e9}\u{1F600}\"\\\\\n\t]{0,12}",
        ]
    }

    fn model() -> impl Strategy<Value = Model> {
        proptest::collection::vec((name(), value()), 0..8)
    }

    fn probe() -> impl Strategy<Value = String> {
        prop_oneof![
            name(),
            Just("CONTENT-TYPE".to_owned()),
            Just("X-a".to_owned())
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Every way in, every reader, against the list of pairs.
        #[test]
        fn reads_as_the_list_of_pairs(m in model(), q in probe()) {
            let built = {
                let mut h = Headers::new();
                for (k, v) in &m {
                    h.push(k, v);
                }
                h
            };
            let from_pairs = Headers::from_pairs(m.iter().map(|(k, v)| (k.as_str(), v.as_str())));
            let collected: Headers = m.iter().cloned().collect();
            let from_vec = Headers::from(m.clone());
            prop_assert_eq!(&built, &from_pairs);
            prop_assert_eq!(&built, &collected);
            prop_assert_eq!(&built, &from_vec);
            prop_assert_eq!(pairs(&built), m.clone());
            prop_assert_eq!(built.len(), m.len());
            prop_assert_eq!(built.is_empty(), m.is_empty());
            prop_assert_eq!(built.iter().len(), m.len());
            let back: Model = built.iter().rev().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
            let mut m_rev = m.clone();
            m_rev.reverse();
            prop_assert_eq!(back, m_rev);
            let want = m.iter().find(|(k, _)| k.eq_ignore_ascii_case(&q)).map(|(_, v)| v.as_str());
            prop_assert_eq!(built.get(&q), want);
            prop_assert_eq!(built.contains(&q), want.is_some());
            let all: Vec<&str> = built.get_all(&q).collect();
            let want_all: Vec<&str> = m.iter().filter(|(k, _)| k.eq_ignore_ascii_case(&q)).map(|(_, v)| v.as_str()).collect();
            prop_assert_eq!(all, want_all);
            prop_assert_eq!(format!("{built:?}"), format!("Headers({m:?})"));
            // the byte walk (perfr35): the same fields, names and values, bytes and text
            let raw: Vec<(Vec<u8>, Vec<u8>, String)> = built
                .raw_fields()
                .map(|(n, v)| (n.to_vec(), v.as_bytes().to_vec(), v.as_str().to_owned()))
                .collect();
            let want_raw: Vec<(Vec<u8>, Vec<u8>, String)> = m
                .iter()
                .map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec(), v.clone()))
                .collect();
            prop_assert_eq!(raw, want_raw);
            prop_assert_eq!(built.raw_fields().size_hint(), (m.len(), Some(m.len())));
        }

        /// Equality is the pairs' equality (not the buffer's: `["ab","c"]` is not `["a","bc"]`).
        #[test]
        fn equal_exactly_when_the_pairs_are(a in model(), b in model()) {
            prop_assert_eq!(Headers::from(a.clone()) == Headers::from(b.clone()), a == b);
        }

        /// The recorded form is byte for byte what `Vec<(String, String)>` wrote and reads
        /// back to the same fields; what it refused (and the words) stays refused.
        #[test]
        fn serde_as_the_list_of_pairs(m in model()) {
            let h = Headers::from(m.clone());
            let json = serde_json::to_string(&h).unwrap();
            prop_assert_eq!(&json, &serde_json::to_string(&m).unwrap());
            let back: Headers = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(pairs(&back), m.clone());
            let v: Headers = serde_json::from_value(serde_json::to_value(&m).unwrap()).unwrap();
            prop_assert_eq!(pairs(&v), m);
        }

        /// `retain` and `replace_values` do what the same edit of the list does, calling the
        /// closure once per field, in order.
        #[test]
        fn edits_as_the_list_of_pairs(m in model(), q in probe(), new in value()) {
            let mut h = Headers::from(m.clone());
            let mut seen = Vec::new();
            h.retain(|k, v| {
                seen.push((k.to_owned(), v.to_owned()));
                !k.eq_ignore_ascii_case(&q)
            });
            prop_assert_eq!(&seen, &m);
            let mut want = m.clone();
            want.retain(|(k, _)| !k.eq_ignore_ascii_case(&q));
            prop_assert_eq!(pairs(&h), want);
            prop_assert_eq!(h.clone(), Headers::from(pairs(&h)));

            let mut h = Headers::from(m.clone());
            let mut seen = Vec::new();
            h.replace_values(|k, v| {
                seen.push((k.to_owned(), v.to_owned()));
                k.eq_ignore_ascii_case(&q).then(|| format!("{new}{v}"))
            });
            prop_assert_eq!(&seen, &m);
            let want: Model = m
                .iter()
                .map(|(k, v)| {
                    let v = if k.eq_ignore_ascii_case(&q) { format!("{new}{v}") } else { v.clone() };
                    (k.clone(), v)
                })
                .collect();
            prop_assert_eq!(pairs(&h), want);
            h.push("Late", "1");
            prop_assert_eq!(h.iter().next_back(), Some(("Late", "1")));
        }
    }

    #[test]
    fn refuses_what_the_list_of_pairs_refused_with_its_words() {
        for bad in [
            r#"5"#,
            r#"{}"#,
            r#"[5]"#,
            r#"[[]]"#,
            r#"[["a"]]"#,
            r#"[["a","b","c"]]"#,
            r#"[["a",1]]"#,
            r#"[[1,"a"]]"#,
            r#"[["a","b"],]"#,
            r#"[["a","b"]"#,
        ] {
            let old = serde_json::from_str::<Vec<(String, String)>>(bad).unwrap_err();
            let new = serde_json::from_str::<Headers>(bad).unwrap_err();
            assert_eq!(new.to_string(), old.to_string(), "{bad}");
        }
        let ok = r#"[["A","1"],["a","2"],["é","\"x\""]]"#;
        let h: Headers = serde_json::from_str(ok).unwrap();
        assert_eq!(
            pairs(&h),
            serde_json::from_str::<Vec<(String, String)>>(ok).unwrap()
        );
        assert_eq!(h.get_all("a").collect::<Vec<_>>(), ["1", "2"]);
    }

    #[test]
    fn iterates_from_both_ends_at_once() {
        let h = Headers::from_pairs([("a", "1"), ("Bé", ""), ("", "3"), ("d", "4")]);
        let mut it = h.iter();
        assert_eq!(it.len(), 4);
        assert_eq!(it.next_back(), Some(("d", "4")));
        assert_eq!(it.next(), Some(("a", "1")));
        assert_eq!(it.next_back(), Some(("", "3")));
        assert_eq!(it.len(), 1);
        assert_eq!(it.next_back(), Some(("Bé", "")));
        assert_eq!(it.next(), None);
        assert_eq!(it.next_back(), None);
        // lookups compare the whole name, any case, not a prefix or a same-length other
        assert_eq!(h.get("bé"), Some(""));
        assert_eq!(h.get("BÉ"), None, "ASCII case only: é is not É");
        assert_eq!(h.get("Bé"), Some(""));
        assert_eq!(h.get("b"), None);
        assert_eq!(h.get(""), Some("3"));
        assert_eq!(h.get("D"), Some("4"));
        assert_eq!(h.get("e"), None);
    }

    #[test]
    fn no_allocation_when_nothing_changes() {
        let mut h = Headers::from_pairs([("a", "1"), ("b", "2")]);
        let before = h.text.as_ptr();
        h.replace_values(|_, _| None);
        h.retain(|_, _| true);
        assert_eq!(h.text.as_ptr(), before);
        assert_eq!(
            pairs(&h),
            [("a".into(), "1".into()), ("b".into(), "2".into())]
        );
        h.retain(|k, _| k == "b");
        assert_eq!(pairs(&h), [("b".to_owned(), "2".to_owned())]);
        h.retain(|_, _| false);
        assert!(h.is_empty());
        assert_eq!(h, Headers::new());
    }
}

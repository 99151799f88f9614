/*!
A literal byte string searched for in bodies with one `memchr::memmem::Finder` per process.

A one-shot `memmem::find` builds its searcher on every call (~300-450 instructions before
the first byte is read); the proxy's recorder and verifier search every exchange for a few
fixed needles (`"jsonrpc"`, `[REDACTED:`, `"securitySchemes"`), so each needle is a
`static` [`Lit`] whose searcher is built on its first search (issue 7; docs/performance.md,
sessions 53 and 54).
*/

use std::sync::OnceLock;

use memchr::memmem::{FindIter, Finder};

/// A literal needle and its searcher, built on the first search and kept (usable in a
/// `static`: `static Q: Lit = Lit::new(b"\"jsonrpc\"");`).
pub struct Lit {
    needle: &'static [u8],
    finder: OnceLock<Finder<'static>>,
}

impl Lit {
    /// The searcher for `needle`, not built yet.
    pub const fn new(needle: &'static [u8]) -> Self {
        Lit {
            needle,
            finder: OnceLock::new(),
        }
    }

    /// `hay` holds the needle somewhere.
    pub fn in_(&self, hay: &[u8]) -> bool {
        self.finder().find(hay).is_some()
    }

    /// The byte offset of the needle's first occurrence in `hay`.
    pub fn find(&self, hay: &[u8]) -> Option<usize> {
        self.finder().find(hay)
    }

    /// The byte offsets in `hay` where the needle starts, in order (overlaps included).
    pub fn iter<'a>(&'a self, hay: &'a [u8]) -> FindIter<'a, 'a> {
        self.finder().find_iter(hay)
    }

    fn finder(&self) -> &Finder<'static> {
        self.finder.get_or_init(|| Finder::new(self.needle))
    }
}

#[cfg(test)]
mod tests {
    use super::Lit;

    #[test]
    fn finds_as_memmem_does() {
        static Q: Lit = Lit::new(b"ab");
        assert!(Q.in_(b"xxabyy"));
        assert!(!Q.in_(b"a b"));
        assert_eq!(Q.find(b"zab"), Some(1));
        assert_eq!(Q.iter(b"abab").collect::<Vec<_>>(), vec![0, 2]);
    }
}

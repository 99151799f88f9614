//! The rule areas a run exercised, and the exchanges that exercised each (q30b: a JUnit
//! report gave a passing area `time="0.000"`, having no finding to take its time from).

use std::collections::BTreeSet;

use foldhash::HashMap;

use crate::record::ExchangeId;

/// Exchanges kept per area ([`AreaSet::exchanges`]): memory stays flat on huge recordings,
/// as [`super::MAX_EXCHANGE_DIALECTS`] keeps it for dialects.
pub const MAX_AREA_EXCHANGES: usize = 10_000;

/// A set of area names (`card`, `task`, `stream`, ...) that also notes, for each, the
/// exchange ids the engine was judging when it marked the area ([`AreaSet::enter`]).
///
/// Each exchange id is stored once, however many areas it marked, and an area holds the
/// ids' numbers (`u32`), not copies of the ids (perf31: one `String` per area and exchange
/// in a `BTreeSet` per area was ~10 MiB of offline verify's peak RSS at 200 MB, and its
/// string compares ran for every area an exchange marked).
#[derive(Debug, Default)]
pub(super) struct AreaSet {
    set: NameSet,
    /// The exchange of the event being judged (shared with the event: perfp36); `None`
    /// between exchanges.
    cur: Option<ExchangeId>,
    /// `cur`'s number in `ids`, once an area of it was noted since it was entered.
    cur_num: Option<u32>,
    /// Areas already noted for `cur` since it was entered: the common case (one exchange's
    /// events marking its areas again and again) costs a short scan, no set lookup.
    cur_marked: Vec<&'static str>,
    /// Exchange ids noted under some area, each with its number (numbered from 0 in the
    /// order first noted). Only ids an area kept are here: at most
    /// [`MAX_AREA_EXCHANGES`] per area.
    ids: HashMap<ExchangeId, u32>,
    /// Per area (in the order first marked; a dozen at most): the numbers of the exchanges
    /// that marked it, ascending.
    by_area: Vec<(&'static str, Vec<u32>)>,
}

/// `a == b` for two area names, asked by address first: the engine marks areas with
/// string literals, so a name marked again is nearly always the same literal, and four
/// of the names (`card`, `http`, `task`, `push`, ...) share a length, which sent their
/// compares to `memcmp` (perf32).
fn same_name(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b) || a == b
}

impl AreaSet {
    /// The exchange id of the event about to be judged (`None` or `""`: none, as at the
    /// end).
    pub fn enter(&mut self, exchange: Option<&ExchangeId>) {
        let exchange = exchange.filter(|x| !x.is_empty());
        if self.cur.as_deref() != exchange.map(|x| &**x) {
            self.cur = exchange.cloned();
            self.cur_marked.clear();
            self.cur_num = None;
        }
    }

    /// Marks `area` exercised, by the current exchange when there is one.
    ///
    /// An area the current exchange already marked is found among `cur_marked` (a short
    /// scan) without a lookup in the ordered set (perf30: the verifier marks areas ~7.5
    /// times per exchange; the `BTreeSet` insert alone was 1.7 % of offline verify).
    pub fn insert(&mut self, area: &'static str) -> bool {
        if self.cur.is_some() {
            // by address first (the same literal, as nearly always), then by content
            if self.cur_marked.iter().any(|m| same_name(m, area)) {
                return false;
            }
            self.cur_marked.push(area);
            self.note_current(area);
        }
        self.set.insert(area)
    }

    /// Notes the current exchange under `area`, unless the area holds it or is full.
    fn note_current(&mut self, area: &'static str) {
        let k = match self.by_area.iter().position(|(a, _)| same_name(a, area)) {
            Some(k) => k,
            None => {
                self.by_area.push((area, Vec::new()));
                self.by_area.len() - 1
            }
        };
        if self.by_area[k].1.len() >= MAX_AREA_EXCHANGES {
            return;
        }
        let num = match self.cur_num {
            Some(n) => n,
            None => {
                let Some(cur) = &self.cur else { return };
                let next = self.ids.len() as u32;
                let n = match self.ids.get(&**cur) {
                    Some(n) => *n,
                    None => {
                        self.ids.insert(cur.clone(), next);
                        next
                    }
                };
                self.cur_num = Some(n);
                n
            }
        };
        let xs = &mut self.by_area[k].1;
        // Numbers come in ascending order but for an exchange entered again later.
        if xs.last().is_none_or(|l| *l < num) {
            xs.push(num);
        } else if let Err(at) = xs.binary_search(&num) {
            xs.insert(at, num);
        }
    }

    /// How many exchange ids the areas hold (each once, whatever the areas).
    pub fn exchanges_noted(&self) -> usize {
        self.ids.len()
    }

    pub fn remove(&mut self, area: &str) -> bool {
        self.cur_marked.retain(|a| *a != area);
        self.by_area.retain(|(a, _)| *a != area);
        self.set.remove(area)
    }

    pub fn contains(&self, area: &str) -> bool {
        self.set.contains(area)
    }

    pub fn len(&self) -> usize {
        self.set.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = &&'static str> {
        self.set.iter()
    }

    /// `(area, exchange ids)` of the areas still in the set, sorted by area then id: at
    /// most [`MAX_AREA_EXCHANGES`] ids per area (the first that marked it).
    pub fn exchanges(&mut self) -> Vec<(String, Vec<ExchangeId>)> {
        // The ids sorted once; each area's numbers then sort as their ranks (integers), not
        // by string compares per area (perf31). The ids by number (they are numbered 0..len
        // as first noted), then the numbers sorted by id: by the id's first 8 bytes as one
        // integer first (big-endian, zero-padded: a smaller key is a smaller id), the ids
        // compared only on a tie (perfr35: `e1`..`e2500` sorted by `memcmp` was ~1.9k
        // instructions per exchange of the proxy bench).
        let none = ExchangeId::from("");
        let mut ids: Vec<ExchangeId> = vec![none; self.ids.len()];
        for (id, n) in std::mem::take(&mut self.ids) {
            if let Some(slot) = ids.get_mut(n as usize) {
                *slot = id;
            }
        }
        let mut order: Vec<(u64, u32)> = ids
            .iter()
            .enumerate()
            .map(|(n, id)| (prefix_key(id), n as u32))
            .collect();
        order.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| ids[a.1 as usize].cmp(&ids[b.1 as usize]))
        });
        let mut rank = vec![0u32; ids.len()];
        for (r, (_, n)) in order.iter().enumerate() {
            rank[*n as usize] = r as u32;
        }
        // An area holding a good share of the ids is listed by one walk of `order` over a
        // membership mark (linear), any other by sorting its ranks (perfp36: the proxy
        // bench's four areas each hold every exchange, and their sorts were ~1.1k
        // instructions per exchange at the end of the run).
        let mut marked = vec![false; ids.len()];
        let mut by_area = std::mem::take(&mut self.by_area);
        by_area.sort_unstable_by_key(|(a, _)| *a);
        by_area
            .into_iter()
            .filter(|(a, _)| self.set.contains(a))
            .map(|(a, xs)| {
                let listed: Vec<ExchangeId> = if xs.len().saturating_mul(8) >= ids.len() {
                    for n in &xs {
                        marked[*n as usize] = true;
                    }
                    let listed = order
                        .iter()
                        .filter(|(_, n)| marked[*n as usize])
                        .map(|(_, n)| ids[*n as usize].clone())
                        .collect();
                    for n in &xs {
                        marked[*n as usize] = false;
                    }
                    listed
                } else {
                    let mut rs: Vec<u32> = xs.iter().map(|n| rank[*n as usize]).collect();
                    rs.sort_unstable();
                    rs.iter()
                        .map(|r| ids[order[*r as usize].1 as usize].clone())
                        .collect()
                };
                (a.to_string(), listed)
            })
            .collect()
    }
}

/// The first 8 bytes of `id` as a big-endian integer, zero-padded: `prefix_key(a) <
/// prefix_key(b)` implies `a < b` (equal keys say nothing).
fn prefix_key(id: &str) -> u64 {
    let mut b = [0u8; 8];
    let n = id.len().min(8);
    b[..n].copy_from_slice(&id.as_bytes()[..n]);
    u64::from_be_bytes(b)
}

/// A set of `'static` names (the areas exercised, the dialect labels) in name order, as the
/// outcome lists them. The verifier adds names ~7.5 times per exchange (1.7 % of offline
/// verify in a `BTreeSet` of string compares: docs/performance.md, "Session 30"): a name
/// already added is found first among the (first 64) names added, by address and length
/// (no string compare); any other goes to the set.
#[derive(Debug, Default)]
pub(super) struct NameSet {
    set: BTreeSet<&'static str>,
    /// Names in `set`, as the `&'static str`s they were added with (at most 64).
    recent: Vec<&'static str>,
}

impl NameSet {
    /// Adds `name`; true when it was not in the set.
    pub(super) fn insert(&mut self, name: &'static str) -> bool {
        if self.recent.iter().any(|r| std::ptr::eq(*r, name)) {
            return false;
        }
        let added = self.set.insert(name);
        if self.recent.len() < 64 {
            self.recent.push(name);
        }
        added
    }

    /// Removes `name` (compared by content); true when it was in the set.
    pub(super) fn remove(&mut self, name: &str) -> bool {
        self.recent.retain(|r| *r != name);
        self.set.remove(name)
    }

    pub(super) fn contains(&self, name: &str) -> bool {
        self.set.contains(name)
    }

    pub(super) fn len(&self) -> usize {
        self.set.len()
    }

    /// The names in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &&'static str> {
        self.set.iter()
    }
}

#[cfg(test)]
mod name_set_tests {
    use super::NameSet;

    /// A name added again under another address is still one member; a removed name is
    /// added anew (the address shortcut never hides a removal); the order is the names'.
    #[test]
    fn name_set_is_a_set_of_names_whatever_their_address() {
        let mut s = NameSet::default();
        let other: &'static str = Box::leak(String::from("task").into_boxed_str());
        assert!(s.insert("task"));
        assert!(!s.insert("task"));
        assert!(!s.insert(other));
        assert!(s.insert("card"));
        assert_eq!(s.len(), 2);
        assert!(s.remove("task"));
        assert!(!s.contains("task"));
        assert!(s.insert("task"));
        assert!(s.contains(other));
        assert_eq!(s.iter().copied().collect::<Vec<_>>(), ["card", "task"]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`AreaSet::exchanges`] with the ids as `String`s, to compare with literals.
    fn listed(a: &mut AreaSet) -> Vec<(String, Vec<String>)> {
        a.exchanges()
            .into_iter()
            .map(|(area, xs)| (area, xs.iter().map(|x| x.to_string()).collect()))
            .collect()
    }

    #[test]
    fn each_area_notes_the_exchanges_that_marked_it_once() {
        let mut a = AreaSet::default();
        a.enter(Some(&"e1".into()));
        a.insert("card");
        a.insert("card");
        a.enter(Some(&"e2".into()));
        a.insert("task");
        a.insert("stream");
        a.enter(Some(&"e1".into()));
        a.insert("card");
        a.enter(Some(&"".into()));
        a.insert("gateway");
        a.insert("push");
        a.enter(Some(&"e3".into()));
        a.insert("push");
        a.remove("stream");
        assert_eq!(a.len(), 4);
        assert!(a.contains("gateway") && !a.contains("stream"));
        assert_eq!(
            listed(&mut a),
            vec![
                ("card".to_string(), vec!["e1".to_string()]),
                ("push".to_string(), vec!["e3".to_string()]),
                ("task".to_string(), vec!["e2".to_string()]),
            ]
        );
    }

    #[test]
    fn an_area_keeps_at_most_max_area_exchanges() {
        let mut a = AreaSet::default();
        for i in 0..MAX_AREA_EXCHANGES + 5 {
            a.enter(Some(&format!("e{i}").into()));
            a.insert("task");
        }
        let kept = listed(&mut a);
        assert_eq!(kept[0].1.len(), MAX_AREA_EXCHANGES);
        // the first exchanges that marked it, not the smallest ids
        assert!(kept[0].1.iter().any(|x| x == "e9999"));
        assert!(!kept[0].1.iter().any(|x| x == "e10000"));
    }

    /// perf31: exchanges entered again later (interleaved streams) are noted once per area
    /// and listed by id, whatever order they marked it in; an area removed and marked again
    /// starts anew.
    #[test]
    fn exchanges_entered_again_are_noted_once_and_listed_in_order() {
        let mut a = AreaSet::default();
        for x in ["z", "b", "z", "a", "b", "z"] {
            a.enter(Some(&x.into()));
            a.insert("stream");
            a.insert("task");
        }
        a.enter(Some(&"c".into()));
        a.insert("card");
        a.remove("card");
        a.enter(Some(&"d".into()));
        a.insert("card");
        assert_eq!(
            listed(&mut a),
            vec![
                ("card".to_string(), vec!["d".to_string()]),
                (
                    "stream".to_string(),
                    vec!["a".to_string(), "b".to_string(), "z".to_string()]
                ),
                (
                    "task".to_string(),
                    vec!["a".to_string(), "b".to_string(), "z".to_string()]
                ),
            ]
        );
    }

    /// perfp36: an area holding at least an eighth of the ids is listed by a walk over a
    /// mark, a smaller one by sorting its ranks; both give the ids in string order, each
    /// once, whatever the order they marked the area in (areas of every size around the
    /// switch, exchanges entered again).
    #[test]
    fn areas_of_every_size_list_their_ids_in_string_order() {
        let ids: Vec<String> = (0..240).map(|i| format!("e{}", (i * 37) % 240)).collect();
        // area k is marked by every k-th id noted (k = 1: all of them; k = 9: 27 of 240,
        // under an eighth; k = 8: 30, an eighth exactly; k = 7: 35, over it), then again by a few ids seen before
        let areas: [(&'static str, usize); 6] = [
            ("a1", 1),
            ("a2", 2),
            ("a7", 7),
            ("a8", 8),
            ("a9", 9),
            ("a60", 60),
        ];
        let mut a = AreaSet::default();
        for (i, id) in ids.iter().enumerate() {
            a.enter(Some(&id.as_str().into()));
            for (area, k) in areas {
                if i % k == 0 {
                    a.insert(area);
                }
            }
        }
        // entered again later: a sort-path area (a60: 4 + 22 ids) and a walk-path one
        for id in ids.iter().step_by(11) {
            a.enter(Some(&id.as_str().into()));
            a.insert("a60");
            a.insert("a2");
        }
        a.enter(Some(&"".into()));
        let got = listed(&mut a);
        assert_eq!(got.len(), areas.len());
        for (area, k) in areas {
            let mut want: Vec<String> = ids.iter().step_by(k).cloned().collect();
            if area == "a60" || area == "a2" {
                want.extend(ids.iter().step_by(11).cloned());
            }
            want.sort();
            want.dedup();
            let listed = &got.iter().find(|(n, _)| n == area).expect("area listed").1;
            assert_eq!(listed, &want, "area {area}");
        }
    }

    /// perfr35: the ids are ordered by an 8-byte integer key first; every order a string
    /// sort gives must come out, ties of the key included (ids longer than 8 bytes sharing
    /// them, a NUL byte against the key's zero padding, non-ASCII, the proxy's `e1`..).
    #[test]
    fn exchanges_list_ids_in_string_order_whatever_their_prefixes() {
        let mut ids: Vec<String> = (0..300).map(|i| format!("e{i}")).collect();
        ids.extend(
            [
                "exchange-0001",
                "exchange-0010",
                "exchange-001",
                "exchange-",
                "exchang",
                "e1\0",
                "e1\0\0",
                "e",
                "",
                "\u{e9}t\u{e9}",
                "\u{e9}",
                "zz",
                "z",
                "x\u{7f}",
                "x\u{80}",
                "AAAAAAAAB",
                "AAAAAAAA",
                "AAAAAAAAA",
                "AAAAAAA",
            ]
            .map(str::to_string),
        );
        let mut a = AreaSet::default();
        // noted in an order that is neither sorted nor reversed
        for i in 0..ids.len() {
            a.enter(Some(&ids[(i * 7) % ids.len()].as_str().into()));
            a.insert("task");
        }
        a.enter(Some(&"".into()));
        let mut want: Vec<String> = (0..ids.len())
            .map(|i| ids[(i * 7) % ids.len()].clone())
            .collect();
        want.retain(|s| !s.is_empty());
        want.sort();
        want.dedup();
        assert_eq!(listed(&mut a), vec![("task".to_string(), want)]);
    }
}

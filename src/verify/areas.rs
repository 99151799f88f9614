//! The rule areas a run exercised, and the exchanges that exercised each (q30b: a JUnit
//! report gave a passing area `time="0.000"`, having no finding to take its time from).

use std::collections::BTreeSet;

use foldhash::HashMap;

use crate::record::ExchangeId;

/// Exchanges kept per area ([`AreaExchanges`]): memory stays flat on huge recordings,
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
    /// events marking its areas again and again) costs one bit test for a name of
    /// [`AREA_NAMES`] (`cur_known`, bit = [`area_slot`]), a short scan for any other.
    cur_marked: Vec<&'static str>,
    /// [`Self::cur_marked`] for the names of [`AREA_NAMES`], one bit per slot.
    cur_known: u32,
    /// Per slot of [`AREA_NAMES`]: 1 + the name's index in `by_area`, 0 = not there.
    by_slot: [u8; AREA_NAMES.len()],
    /// Exchange ids noted under some area, each with its number (numbered from 0 in the
    /// order first noted). Only ids an area kept are here: at most
    /// [`MAX_AREA_EXCHANGES`] per area.
    ids: HashMap<ExchangeId, u32>,
    /// Per area (in the order first marked; a dozen at most): the numbers of the exchanges
    /// that marked it, ascending.
    by_area: Vec<(&'static str, Vec<u32>)>,
    /// The last [`RECENT_IDS`] exchanges numbered in `ids`, found by the id's allocation
    /// (`Arc::ptr_eq`): the proxy hands every event of an exchange the same shared id, so
    /// an exchange entered again after another one's event (8 connections interleave)
    /// finds its number without hashing its id (perfp41). A miss (an id equal but
    /// allocated apart, an older exchange) asks `ids`, as before.
    recent: [Option<(ExchangeId, u32)>; RECENT_IDS],
    /// The slot of `recent` written next (round robin).
    recent_at: usize,
}

/// How many recently numbered exchanges [`AreaSet`] finds by their id's allocation.
const RECENT_IDS: usize = 8;

/// `a == b` for two area names, asked by address first: the engine marks areas with
/// string literals, so a name marked again is nearly always the same literal, and four
/// of the names (`card`, `http`, `task`, `push`, ...) share a length, which sent their
/// compares to `memcmp` (perf32).
fn same_name(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// The area names the engine marks (`self.areas.insert("...")` in src/verify/engine*),
/// each with a slot: its index here. A name marked again is found by its slot, one bit
/// test, where the address shortcut of [`same_name`] and [`NameSet`] missed: the same
/// literal has another address in each codegen unit of a release build, so the names'
/// scans (a 64-entry one in `NameSet`) and the ordered set's string compares ran for
/// most marks (perfv39: `AreaSet::insert` 9.5 M instructions for 37,928 marks on the
/// offline bench).
const AREA_NAMES: [&str; 16] = [
    "auth",
    "capability",
    "card",
    "card-url",
    "gateway",
    "grpc",
    "http",
    "id",
    "interop",
    "jsonrpc",
    "push",
    "rest",
    "sse",
    "stream",
    "task",
    "version",
];

/// `name`'s slot in [`AREA_NAMES`], or `None` for any other name. Chosen by the length and
/// the first byte (unique among the names), then confirmed by content (for a literal, all
/// of it folds to a constant where it is inlined).
#[inline(always)]
fn area_slot(name: &str) -> Option<u32> {
    let b = name.as_bytes();
    let k: u32 = match (b.len(), *b.first()?) {
        (4, b'a') => 0,
        (10, b'c') => 1,
        (4, b'c') => 2,
        (8, b'c') => 3,
        (7, b'g') => 4,
        (4, b'g') => 5,
        (4, b'h') => 6,
        (2, b'i') => 7,
        (7, b'i') => 8,
        (7, b'j') => 9,
        (4, b'p') => 10,
        (4, b'r') => 11,
        (3, b's') => 12,
        (6, b's') => 13,
        (4, b't') => 14,
        (7, b'v') => 15,
        _ => return None,
    };
    let want = AREA_NAMES[k as usize];
    (std::ptr::eq(want, name) || want == name).then_some(k)
}

impl AreaSet {
    /// The exchange id of the event about to be judged (`None` or `""`: none, as at the
    /// end).
    pub fn enter(&mut self, exchange: Option<&ExchangeId>) {
        let exchange = exchange.filter(|x| !x.is_empty());
        let same = match (&self.cur, exchange) {
            // the same shared id first (one compare), then by content
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b) || **a == **b,
            (None, None) => true,
            _ => false,
        };
        if !same {
            self.cur = exchange.cloned();
            self.cur_marked.clear();
            self.cur_known = 0;
            self.cur_num = None;
        }
    }

    /// Marks `area` exercised, by the current exchange when there is one.
    ///
    /// An area the current exchange already marked is found by its slot's bit
    /// (`cur_known`), or among `cur_marked` for a name without a slot, without a lookup in
    /// the ordered set (perf30: the verifier marks areas ~7.5 times per exchange; the
    /// `BTreeSet` insert alone was 1.7 % of offline verify).
    ///
    /// Inlined: the engine passes literals, so [`area_slot`] folds to a constant at each
    /// call site and a mark already noted costs one bit test; the rest is out of line.
    #[inline(always)]
    pub fn insert(&mut self, area: &'static str) -> bool {
        let slot = area_slot(area);
        if let Some(k) = slot {
            if self.cur.is_some() && self.cur_known & (1 << k) != 0 {
                return false;
            }
        }
        self.insert_new(area, slot)
    }

    /// [`Self::insert`] past its bit test.
    #[inline(never)]
    fn insert_new(&mut self, area: &'static str, slot: Option<u32>) -> bool {
        if self.cur.is_some() {
            match slot {
                Some(k) => self.cur_known |= 1 << k,
                None => {
                    // by address first (the same literal, as nearly always), then by content
                    if self.cur_marked.iter().any(|m| same_name(m, area)) {
                        return false;
                    }
                    self.cur_marked.push(area);
                }
            }
            self.note_current(area, slot);
        }
        self.set.insert_at(area, slot)
    }

    /// Notes the current exchange under `area` (of slot `slot`, [`area_slot`]), unless the
    /// area holds it or is full.
    fn note_current(&mut self, area: &'static str, slot: Option<u32>) {
        let at = slot.map(|s| s as usize);
        let known = at
            .and_then(|s| self.by_slot.get(s))
            .and_then(|&i| usize::from(i).checked_sub(1));
        let k = match known.or_else(|| self.by_area.iter().position(|(a, _)| same_name(a, area))) {
            Some(k) => k,
            None => {
                self.by_area.push((area, Vec::new()));
                self.by_area.len() - 1
            }
        };
        if let Some(s) = at {
            // at most 16 names have a slot: `k + 1` fits a byte
            self.by_slot[s] = u8::try_from(k + 1).unwrap_or(0);
        }
        if self.by_area[k].1.len() >= MAX_AREA_EXCHANGES {
            return;
        }
        let num = match self.cur_num {
            Some(n) => n,
            None => {
                let Some(cur) = &self.cur else { return };
                let known = self
                    .recent
                    .iter()
                    .flatten()
                    .find(|(id, _)| std::sync::Arc::ptr_eq(id, cur))
                    .map(|(_, n)| *n);
                let n = match known {
                    Some(n) => n,
                    None => {
                        let next = self.ids.len() as u32;
                        let n = *self.ids.entry(cur.clone()).or_insert(next);
                        self.recent[self.recent_at] = Some((cur.clone(), n));
                        self.recent_at = (self.recent_at + 1) % RECENT_IDS;
                        n
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
        if let Some(k) = area_slot(area) {
            self.cur_known &= !(1 << k);
        }
        self.by_area.retain(|(a, _)| *a != area);
        // the indices moved: the slots' are found again
        self.by_slot = [0; AREA_NAMES.len()];
        for (i, (a, _)) in self.by_area.iter().enumerate() {
            if let Some(k) = area_slot(a) {
                self.by_slot[k as usize] = u8::try_from(i + 1).unwrap_or(0);
            }
        }
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

    /// The areas still in the set with the exchanges that marked each, as numbers: the
    /// set is left empty of them (its numbering starts again from 0). Nothing is sorted
    /// and no id copied here: [`AreaExchanges::lists`] does that when a report asks
    /// (perf42: the lists built at every finish were ~1.0k instructions per exchange of
    /// the proxy bench, for a JUnit report that is seldom asked for).
    pub fn take_exchanges(&mut self) -> AreaExchanges {
        self.recent = Default::default();
        self.recent_at = 0;
        self.by_slot = [0; AREA_NAMES.len()];
        let mut areas = std::mem::take(&mut self.by_area);
        areas.retain(|(a, _)| self.set.contains(a));
        areas.sort_unstable_by_key(|(a, _)| *a);
        AreaExchanges {
            ids: std::mem::take(&mut self.ids),
            areas,
        }
    }
}

/// For each area a run exercised, the exchanges that exercised it, kept as [`AreaSet`]
/// noted them (each id once, numbered; per area the numbers) until a report asks for the
/// ids ([`Self::lists`]): the JUnit report's time of a passing area (q30b). At most
/// [`MAX_AREA_EXCHANGES`] exchanges per area (the first that marked it).
#[derive(Clone, Debug, Default)]
pub struct AreaExchanges {
    /// Each exchange id noted under some area, with its number (0.. in the order first
    /// noted; the numbers are exactly `0..ids.len()`).
    ids: HashMap<ExchangeId, u32>,
    /// Per area (sorted by name): the numbers of the exchanges that marked it.
    areas: Vec<(&'static str, Vec<u32>)>,
}

impl AreaExchanges {
    /// `(area, exchange ids)` for each area an exchange marked, sorted by area then id
    /// (string order), each id once per area. The ids are the events' shared ones (no copy
    /// of the text: perfp36).
    pub fn lists(&self) -> Vec<(String, Vec<ExchangeId>)> {
        // The ids sorted once; each area's numbers then sort as their ranks (integers), not
        // by string compares per area (perf31). The ids by number (they are numbered 0..len
        // as first noted), then the numbers sorted by id: by the id's first 8 bytes as one
        // integer first (big-endian, zero-padded: a smaller key is a smaller id), the ids
        // compared only on a tie (perfr35: `e1`..`e2500` sorted by `memcmp` was ~1.9k
        // instructions per exchange of the proxy bench).
        let none = ExchangeId::from("");
        let mut ids: Vec<&ExchangeId> = vec![&none; self.ids.len()];
        for (id, n) in &self.ids {
            if let Some(slot) = ids.get_mut(*n as usize) {
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
                .then_with(|| ids[a.1 as usize].cmp(ids[b.1 as usize]))
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
        self.areas
            .iter()
            .map(|(a, xs)| {
                let listed: Vec<ExchangeId> = if xs.len().saturating_mul(8) >= ids.len() {
                    for n in xs {
                        marked[*n as usize] = true;
                    }
                    let listed = order
                        .iter()
                        .filter(|(_, n)| marked[*n as usize])
                        .map(|(_, n)| ids[*n as usize].clone())
                        .collect();
                    for n in xs {
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
/// already added is found first: an area name ([`AREA_NAMES`]) by one bit test, any other
/// among the (first 64) names added, by address and length (no string compare); any
/// other goes to the set.
#[derive(Debug, Default)]
pub(super) struct NameSet {
    set: BTreeSet<&'static str>,
    /// Names in `set`, as the `&'static str`s they were added with (at most 64), but the
    /// names of [`AREA_NAMES`].
    recent: Vec<&'static str>,
    /// The names of [`AREA_NAMES`] in `set`, one bit per slot ([`area_slot`]).
    known: u32,
}

impl NameSet {
    /// Adds `name`; true when it was not in the set.
    pub(super) fn insert(&mut self, name: &'static str) -> bool {
        self.insert_at(name, area_slot(name))
    }

    /// [`Self::insert`] with `name`'s slot ([`area_slot`]) known.
    fn insert_at(&mut self, name: &'static str, slot: Option<u32>) -> bool {
        if let Some(k) = slot {
            if self.known & (1 << k) != 0 {
                return false;
            }
            self.known |= 1 << k;
            return self.set.insert(name);
        }
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
        if let Some(k) = area_slot(name) {
            self.known &= !(1 << k);
        }
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
    use std::collections::{BTreeMap, BTreeSet};

    /// Every area name the engine marks has a slot (the bit-test path), each slot names
    /// its own name only: the same content at another address finds it, a name of the same
    /// length and first byte but other content does not.
    #[test]
    fn area_slots_are_exact_and_cover_the_engine_names() {
        for (k, name) in AREA_NAMES.iter().enumerate() {
            assert_eq!(area_slot(name), Some(k as u32), "{name}");
            let other: &'static str = Box::leak(name.to_string().into_boxed_str());
            assert_eq!(
                area_slot(other),
                Some(k as u32),
                "{name} at another address"
            );
            let mut near = name.to_string().into_bytes();
            let last = near.len() - 1;
            near[last] = if near[last] == b'z' { b'y' } else { b'z' };
            let near = String::from_utf8(near).expect("ASCII");
            assert_eq!(area_slot(&near), None, "{near}");
        }
        for name in [
            "", "a", "Task", "tasks", "card_url", "cards", "j", "VERSION",
        ] {
            assert_eq!(area_slot(name), None, "{name}");
        }
        // the names the engine marks (src/verify/engine.rs and its modules), read at compile
        // time: src/verify does no IO, its tests included (tests/verify_sans_io.rs)
        macro_rules! engine_files {
            ($($m:literal),* $(,)?) => {
                [("engine.rs", include_str!("engine.rs")),
                 $(($m, include_str!(concat!("engine/", $m, ".rs")))),*]
            };
        }
        let files = engine_files![
            "agents",
            "answer_faults",
            "call_params",
            "cards",
            "credentials",
            "disconnects",
            "error_shapes",
            "excess",
            "exchange_end",
            "followups",
            "gateway",
            "grpc_calls",
            "interfaces",
            "late_checks",
            "leaks",
            "messages",
            "names",
            "open",
            "params",
            "push",
            "requests",
            "rest",
            "results",
            "rpc_answers",
            "rpc_errors",
            "secrets",
            "shapes",
            "stream_end",
            "streams",
            "task_lookup",
            "task_reads",
            "versions",
        ];
        // every child module of the engine is in the list above
        let declared = files[0]
            .1
            .lines()
            .filter(|l| l.starts_with("mod ") && l.ends_with(';'))
            .count();
        assert_eq!(
            declared,
            files.len() - 1,
            "engine.rs declares a module not listed here"
        );
        let mut seen = 0;
        for (f, text) in files {
            for piece in text.split("areas.insert(\"").skip(1) {
                let name = piece.split('"').next().expect("name");
                assert!(area_slot(name).is_some(), "{name} ({f})");
                seen += 1;
            }
        }
        assert!(seen > 100, "{seen} marks found");
    }

    /// perfv39: the slot bits, the slot index into `by_area` and the name scans answer as
    /// a plain model of sets does, over random enters, marks (engine names, the same names
    /// at other addresses, other names) and removals: each `insert`'s answer, `contains`,
    /// `len`, the set's order and the exchanges listed per area at the end.
    #[test]
    fn marks_answer_as_a_model_of_sets() {
        let mut names: Vec<&'static str> = AREA_NAMES.to_vec();
        for n in AREA_NAMES {
            names.push(Box::leak(n.to_string().into_boxed_str()));
        }
        names.extend(["a1", "zz", "tas", "cardx"]);
        names.push(Box::leak(String::from("a1").into_boxed_str()));
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for round in 0..200 {
            let mut a = AreaSet::default();
            let mut cur: Option<String> = None;
            let mut marked: BTreeSet<String> = BTreeSet::new();
            let mut set: BTreeSet<String> = BTreeSet::new();
            let mut by: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            let mut pool: BTreeMap<String, ExchangeId> = BTreeMap::new();
            for _ in 0..300 {
                match next(10) {
                    0 | 1 => {
                        let x = match next(8) {
                            0 => String::new(),
                            k => format!("e{k}"),
                        };
                        // the same shared id (as the proxy's events carry) or one
                        // allocated apart (perfp41: `recent` finds only the former)
                        if next(2) == 0 {
                            let id = pool
                                .entry(x.clone())
                                .or_insert_with(|| ExchangeId::from(x.as_str()))
                                .clone();
                            a.enter(Some(&id));
                        } else {
                            a.enter(Some(&x.as_str().into()));
                        }
                        let x = Some(x).filter(|x| !x.is_empty());
                        if x != cur {
                            cur = x;
                            marked.clear();
                        }
                    }
                    2 => {
                        let n = names[next(names.len())];
                        assert_eq!(a.remove(n), set.remove(n), "round {round}: remove {n}");
                        marked.remove(n);
                        by.remove(n);
                    }
                    _ => {
                        let n = names[next(names.len())];
                        if let Some(x) = &cur {
                            if marked.insert(n.to_string()) {
                                by.entry(n.to_string()).or_default().insert(x.clone());
                            }
                        }
                        assert_eq!(a.insert(n), set.insert(n.to_string()), "round {round}: {n}");
                    }
                }
                assert_eq!(a.len(), set.len());
            }
            for n in &names {
                assert_eq!(a.contains(n), set.contains(*n), "round {round}: {n}");
            }
            let order: Vec<String> = a.iter().map(|n| n.to_string()).collect();
            assert_eq!(order, set.iter().cloned().collect::<Vec<_>>());
            let want: Vec<(String, Vec<String>)> = by
                .into_iter()
                .filter(|(n, xs)| set.contains(n) && !xs.is_empty())
                .map(|(n, xs)| (n, xs.into_iter().collect()))
                .collect();
            assert_eq!(listed(&mut a), want, "round {round}");
        }
    }

    /// [`AreaSet::take_exchanges`]' lists with the ids as `String`s, to compare with literals.
    fn listed(a: &mut AreaSet) -> Vec<(String, Vec<String>)> {
        a.take_exchanges()
            .lists()
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

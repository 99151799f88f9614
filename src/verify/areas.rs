//! The rule areas a run exercised, and the exchanges that exercised each (q30b: a JUnit
//! report gave a passing area `time="0.000"`, having no finding to take its time from).

use std::collections::{BTreeMap, BTreeSet};

/// Exchanges kept per area ([`AreaSet::exchanges`]): memory stays flat on huge recordings,
/// as [`super::MAX_EXCHANGE_DIALECTS`] keeps it for dialects.
pub const MAX_AREA_EXCHANGES: usize = 10_000;

/// A set of area names (`card`, `task`, `stream`, ...) that also notes, for each, the
/// exchange ids the engine was judging when it marked the area ([`AreaSet::enter`]).
#[derive(Debug, Default)]
pub(super) struct AreaSet {
    set: NameSet,
    /// The exchange of the event being judged; empty between exchanges.
    cur: String,
    /// Areas already noted for `cur` since it was entered: the common case (one exchange's
    /// events marking its areas again and again) costs a short scan, no set lookup.
    cur_marked: Vec<&'static str>,
    by_area: BTreeMap<&'static str, BTreeSet<String>>,
}

impl AreaSet {
    /// The exchange id of the event about to be judged (`""`: none, as at the end).
    pub fn enter(&mut self, exchange: &str) {
        if self.cur != exchange {
            self.cur.clear();
            self.cur.push_str(exchange);
            self.cur_marked.clear();
        }
    }

    /// Marks `area` exercised, by the current exchange when there is one.
    ///
    /// An area the current exchange already marked is found among `cur_marked` (a short
    /// scan) without a lookup in the ordered set (perf30: the verifier marks areas ~7.5
    /// times per exchange; the `BTreeSet` insert alone was 1.7 % of offline verify).
    pub fn insert(&mut self, area: &'static str) -> bool {
        if !self.cur.is_empty() && self.cur_marked.contains(&area) {
            return false;
        }
        if !self.cur.is_empty() {
            self.cur_marked.push(area);
            let xs = self.by_area.entry(area).or_default();
            if xs.len() < MAX_AREA_EXCHANGES && !xs.contains(self.cur.as_str()) {
                xs.insert(self.cur.clone());
            }
        }
        self.set.insert(area)
    }

    pub fn remove(&mut self, area: &str) -> bool {
        self.cur_marked.retain(|a| *a != area);
        self.by_area.remove(area);
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
    /// most [`MAX_AREA_EXCHANGES`] ids per area.
    pub fn exchanges(&mut self) -> Vec<(String, Vec<String>)> {
        let by_area = std::mem::take(&mut self.by_area);
        by_area
            .into_iter()
            .filter(|(a, _)| self.set.contains(a))
            .map(|(a, xs)| (a.to_string(), xs.into_iter().collect()))
            .collect()
    }
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

    #[test]
    fn each_area_notes_the_exchanges_that_marked_it_once() {
        let mut a = AreaSet::default();
        a.enter("e1");
        a.insert("card");
        a.insert("card");
        a.enter("e2");
        a.insert("task");
        a.insert("stream");
        a.enter("e1");
        a.insert("card");
        a.enter("");
        a.insert("gateway");
        a.insert("push");
        a.enter("e3");
        a.insert("push");
        a.remove("stream");
        assert_eq!(a.len(), 4);
        assert!(a.contains("gateway") && !a.contains("stream"));
        assert_eq!(
            a.exchanges(),
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
            a.enter(&format!("e{i}"));
            a.insert("task");
        }
        assert_eq!(a.exchanges()[0].1.len(), MAX_AREA_EXCHANGES);
    }
}

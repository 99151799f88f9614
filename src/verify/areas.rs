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
    set: BTreeSet<&'static str>,
    /// The exchange of the event being judged; empty between exchanges.
    cur: String,
    by_area: BTreeMap<&'static str, BTreeSet<String>>,
}

impl AreaSet {
    /// The exchange id of the event about to be judged (`""`: none, as at the end).
    pub fn enter(&mut self, exchange: &str) {
        if self.cur != exchange {
            self.cur.clear();
            self.cur.push_str(exchange);
        }
    }

    /// Marks `area` exercised, by the current exchange when there is one.
    pub fn insert(&mut self, area: &'static str) -> bool {
        if !self.cur.is_empty() {
            let xs = self.by_area.entry(area).or_default();
            if xs.len() < MAX_AREA_EXCHANGES && !xs.contains(self.cur.as_str()) {
                xs.insert(self.cur.clone());
            }
        }
        self.set.insert(area)
    }

    pub fn remove(&mut self, area: &str) -> bool {
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

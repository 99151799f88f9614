//! The open exchanges: looked up on every event by the proxy's exchange id, and taken out
//! while the rules judge one of them (they borrow the state and the exchange at once).

use std::collections::hash_map::Entry;

use super::{Exch, IdMap};
use crate::record::ExchangeId;

/// The exchanges open at the event being judged, by exchange id.
///
/// Each exchange sits in a slot of a slab; the id map gives its slot. An exchange the rules
/// judge is taken out of its slot ([`Self::take`]) and put back by that slot
/// ([`Self::put`]): the id is hashed once, where a `HashMap<ExchangeId, Box<Exch>>`
/// removed the entry and inserted it again around every judged event, a second hash and
/// probe and the table's erase bookkeeping (perfv40: ~3 M instructions on the offline
/// bench, ~0.5 %). While it is out, the exchange is not in the map for anyone else (`get`,
/// `contains_key`, `keys`, `len`), as when it was removed.
///
/// Boxed (an `Exch` is ~960 bytes): a slot is a pointer, so the slab's growth copies stay
/// small with thousands of open streams (docs/performance.md, "Session 5").
#[derive(Default)]
pub(super) struct OpenMap {
    /// Exchange id -> index in `slots`, for every exchange in its slot or taken out.
    ids: IdMap<usize>,
    /// The exchanges; a slot named in `ids` is never free.
    slots: Vec<Slot>,
    /// Free slots, reused first: the slab is as long as the most exchanges open at once.
    free: Vec<usize>,
    /// Exchanges in their slots (taken-out ones not counted).
    len: usize,
}

/// One place of [`OpenMap::slots`].
struct Slot {
    /// How often the slot was freed: a [`Taken`] from before the slot was freed (and maybe
    /// reused) is told apart.
    gen: u32,
    state: State,
}

enum State {
    Free,
    /// Taken out ([`OpenMap::take`]).
    Out,
    In(Box<Exch>),
}

/// Where a taken-out exchange goes back ([`OpenMap::put`]).
#[must_use = "an exchange taken out is put back (or it is no longer open)"]
pub(super) struct Taken {
    slot: usize,
    gen: u32,
}

impl OpenMap {
    /// Opens exchange `id` (or replaces the exchange open under it, as `HashMap::insert`).
    pub(super) fn insert(&mut self, id: ExchangeId, x: Box<Exch>) {
        let e = match self.ids.entry(id) {
            Entry::Occupied(e) => {
                if let Some(s) = self.slots.get_mut(*e.get()) {
                    if !matches!(s.state, State::In(_)) {
                        self.len += 1;
                    }
                    s.state = State::In(x);
                }
                return;
            }
            Entry::Vacant(e) => e,
        };
        let i = match self.free.pop() {
            Some(i) => {
                if let Some(s) = self.slots.get_mut(i) {
                    s.state = State::In(x);
                }
                i
            }
            None => {
                self.slots.push(Slot {
                    gen: 0,
                    state: State::In(x),
                });
                self.slots.len() - 1
            }
        };
        e.insert(i);
        self.len += 1;
    }

    /// The exchange open under `id` (not one taken out).
    pub(super) fn get(&self, id: &str) -> Option<&Exch> {
        self.at(self.slot(id)?)
    }

    /// [`Self::get`], to change it in place.
    pub(super) fn get_mut(&mut self, id: &str) -> Option<&mut Exch> {
        self.at_mut(self.slot(id)?)
    }

    pub(super) fn contains_key(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// Closes exchange `id`: its exchange, `None` when none is open under `id` or it is
    /// taken out (then nothing changes, as a removal from the map found nothing).
    pub(super) fn remove(&mut self, id: &str) -> Option<Box<Exch>> {
        let i = self.slot(id)?;
        let s = self.slots.get_mut(i)?;
        if !matches!(s.state, State::In(_)) {
            return None;
        }
        let State::In(x) = std::mem::replace(&mut s.state, State::Free) else {
            return None;
        };
        s.gen = s.gen.wrapping_add(1);
        self.ids.remove(id);
        self.free.push(i);
        self.len -= 1;
        Some(x)
    }

    /// Takes exchange `id` out of its slot, for the rules to judge it while they borrow
    /// the state; [`Self::put`] puts it back with the returned [`Taken`].
    pub(super) fn take(&mut self, id: &str) -> Option<(Taken, Box<Exch>)> {
        self.take_at(self.slot(id)?)
    }

    /// [`Self::take`] of the exchange in slot `i` ([`Self::slot`]), without a lookup.
    pub(super) fn take_at(&mut self, i: usize) -> Option<(Taken, Box<Exch>)> {
        let s = self.slots.get_mut(i)?;
        if !matches!(s.state, State::In(_)) {
            return None;
        }
        let State::In(x) = std::mem::replace(&mut s.state, State::Out) else {
            return None;
        };
        self.len -= 1;
        Some((
            Taken {
                slot: i,
                gen: s.gen,
            },
            x,
        ))
    }

    /// Puts a taken-out exchange back into its slot. Were its id opened again while it was
    /// out (the rules do not do this), it replaces what is open under the id, as
    /// `HashMap::insert` after the removal did.
    pub(super) fn put(&mut self, t: Taken, x: Box<Exch>) {
        match self.slots.get_mut(t.slot) {
            Some(s) if s.gen == t.gen && matches!(s.state, State::Out) => {
                s.state = State::In(x);
                self.len += 1;
            }
            _ => self.insert(x.id.clone(), x),
        }
    }

    /// The slot of exchange `id` (in its slot or taken out), for [`Self::at`],
    /// [`Self::at_mut`] and [`Self::take_at`] without another lookup.
    pub(super) fn slot(&self, id: &str) -> Option<usize> {
        self.ids.get(id).copied()
    }

    /// The exchange in slot `i` (not one taken out).
    pub(super) fn at(&self, i: usize) -> Option<&Exch> {
        match &self.slots.get(i)?.state {
            State::In(x) => Some(x),
            _ => None,
        }
    }

    /// [`Self::at`], to change it in place.
    pub(super) fn at_mut(&mut self, i: usize) -> Option<&mut Exch> {
        match &mut self.slots.get_mut(i)?.state {
            State::In(x) => Some(x),
            _ => None,
        }
    }

    /// The ids of the exchanges in their slots, in no particular order.
    pub(super) fn keys(&self) -> impl Iterator<Item = &ExchangeId> {
        self.ids
            .iter()
            .filter(|(_, &i)| self.at(i).is_some())
            .map(|(id, _)| id)
    }

    /// The exchanges in their slots, in no particular order.
    pub(super) fn values(&self) -> impl Iterator<Item = &Exch> {
        self.slots.iter().filter_map(|s| match &s.state {
            State::In(x) => Some(&**x),
            _ => None,
        })
    }

    /// [`Self::values`], to change them in place.
    pub(super) fn values_mut(&mut self) -> impl Iterator<Item = &mut Exch> {
        self.slots.iter_mut().filter_map(|s| match &mut s.state {
            State::In(x) => Some(&mut **x),
            _ => None,
        })
    }

    /// Exchanges open (taken-out ones not counted).
    pub(super) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn exch(id: &str, mark: u64) -> Box<Exch> {
        let mut x = Box::<Exch>::default();
        x.id = ExchangeId::from(id);
        x.last_seq = mark;
        x
    }

    /// The slab answers as the map it replaced, with `take` / `put` as the
    /// `remove_entry` / `insert` pairs of the engine before: 300 rounds of 200 random
    /// steps over 6 ids (opens, replacements, closes, take-outs, put-backs in any order,
    /// also of an id opened again or closed while it was out), checked after each step by
    /// every id's `get` / `contains_key`, `len`, the sorted `keys` and `values`.
    #[test]
    fn open_map_answers_as_a_hash_map_with_remove_and_insert() {
        let ids = ["", "c1", "c2", "c3", "up-1", "c10"];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut mark = 0u64;
        for round in 0..300 {
            let mut m = OpenMap::default();
            let mut model: BTreeMap<&str, u64> = BTreeMap::new();
            // taken out: (id, the exchange's mark, the slab's token)
            let mut out: Vec<(&str, u64, Taken)> = Vec::new();
            let mut held: Vec<Box<Exch>> = Vec::new();
            for step in 0..200 {
                let id = ids[next(ids.len())];
                let at = format!("round {round} step {step} id {id:?}");
                match next(6) {
                    0 | 1 => {
                        mark += 1;
                        m.insert(ExchangeId::from(id), exch(id, mark));
                        model.insert(id, mark);
                    }
                    2 => {
                        let got = m.remove(id).map(|x| x.last_seq);
                        assert_eq!(got, model.remove(id), "remove, {at}");
                    }
                    3 => match (m.take(id), model.remove(id)) {
                        (Some((t, x)), Some(want)) => {
                            assert_eq!(x.last_seq, want, "take, {at}");
                            out.push((id, want, t));
                            held.push(x);
                        }
                        (None, None) => {}
                        (got, want) => panic!(
                            "take: {:?} against {want:?}, {at}",
                            got.map(|g| g.1.last_seq)
                        ),
                    },
                    _ => {
                        if !out.is_empty() {
                            let k = next(out.len());
                            let (oid, omark, t) = out.swap_remove(k);
                            let x = held.swap_remove(k);
                            m.put(t, x);
                            model.insert(oid, omark);
                        }
                    }
                }
                for id in ids {
                    let want = model.get(id).copied();
                    assert_eq!(m.get(id).map(|x| x.last_seq), want, "get {id:?}, {at}");
                    assert_eq!(m.contains_key(id), want.is_some(), "contains {id:?}, {at}");
                }
                assert_eq!(m.len(), model.len(), "len, {at}");
                let mut keys: Vec<String> = m.keys().map(|k| k.to_string()).collect();
                keys.sort();
                let want: Vec<String> = model.keys().map(|k| k.to_string()).collect();
                assert_eq!(keys, want, "keys, {at}");
                let mut marks: Vec<u64> = m.values().map(|x| x.last_seq).collect();
                marks.sort_unstable();
                let mut want: Vec<u64> = model.values().copied().collect();
                want.sort_unstable();
                assert_eq!(marks, want, "values, {at}");
                assert!(m.slots.len() <= ids.len() + out.len(), "slab bounded, {at}");
            }
        }
    }
}

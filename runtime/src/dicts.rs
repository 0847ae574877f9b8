//! Dicts native code reads and writes: the copy of a Python dict whose keys are 64-bit
//! ints, kept in insertion order as CPython's dicts are, with a hash index beside it.
//! Native code reads the length and the key and value arrays through the header
//! ([`crate::abi::dict_layout`]) and calls [`dict_find`] and [`dict_slot`] for lookups
//! and stores.
//!
//! Assumes what the dispatcher guarantees: the copy lives for the whole native call,
//! native code never deletes an entry (so an entry's position is its index forever),
//! and each value is one word (an int or a float's bits) whose meaning the type says.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

/// A dict's copy. The first three fields are what native code reads; they are updated
/// after every insertion, which may move the arrays.
#[repr(C)]
pub struct NativeDict {
    /// How many entries.
    pub len: u64,
    /// The keys, in insertion order.
    pub keys: *const i64,
    /// The values, one word per entry, in the keys' order.
    pub values: *mut u64,
    key_list: Vec<i64>,
    value_list: Vec<u64>,
    index: HashMap<i64, u64, FxBuildHasher>,
    /// The last key looked up or stored and its entry: `d[k] = d.get(k, 0) + 1` finds
    /// `k` twice, and the second time costs a compare. Entries are never removed, so it
    /// stays true.
    last: Option<(i64, u64)>,
}

impl NativeDict {
    /// A copy of `entries` (distinct keys, in the dict's order).
    pub fn new(entries: impl ExactSizeIterator<Item = (i64, u64)>) -> Box<NativeDict> {
        let count = entries.len();
        let mut dict = Box::new(NativeDict {
            len: 0,
            keys: std::ptr::null(),
            values: std::ptr::null_mut(),
            // One spare slot, so that the arrays always have an address to read.
            key_list: Vec::with_capacity(count + 1),
            value_list: Vec::with_capacity(count + 1),
            index: HashMap::with_capacity_and_hasher(count, FxBuildHasher),
            last: None,
        });
        for (key, value) in entries {
            dict.index.insert(key, dict.key_list.len() as u64);
            dict.key_list.push(key);
            dict.value_list.push(value);
        }
        dict.publish();
        dict
    }

    /// The entries in insertion order.
    pub fn entries(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.key_list.iter().copied().zip(self.value_list.iter().copied())
    }

    pub fn len(&self) -> usize {
        self.key_list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.key_list.is_empty()
    }

    /// The value at entry `at`.
    pub fn value(&self, at: usize) -> u64 {
        self.value_list[at]
    }

    fn find(&mut self, key: i64) -> Option<u64> {
        if let Some((last, at)) = self.last {
            if last == key {
                return Some(at);
            }
        }
        let at = self.index.get(&key).copied()?;
        self.last = Some((key, at));
        Some(at)
    }

    /// The entry of `key`, appended with value 0 when absent; `None` when no memory is
    /// left for it.
    fn slot(&mut self, key: i64) -> Option<u64> {
        if let Some(at) = self.find(key) {
            return Some(at);
        }
        self.key_list.try_reserve(1).ok()?;
        self.value_list.try_reserve(1).ok()?;
        self.index.try_reserve(1).ok()?;
        let at = self.key_list.len() as u64;
        self.key_list.push(key);
        self.value_list.push(0);
        self.index.insert(key, at);
        self.last = Some((key, at));
        self.publish();
        Some(at)
    }

    /// Makes the header tell native code where the entries are now.
    fn publish(&mut self) {
        self.len = self.key_list.len() as u64;
        self.keys = self.key_list.as_ptr();
        self.values = self.value_list.as_mut_ptr();
    }
}

/// The index of `key`'s entry, or -1 when the dict has no such key.
///
/// # Safety
/// `dict` points to a live [`NativeDict`] that nothing else borrows (the lookup notes
/// the key it found).
pub unsafe extern "C" fn dict_find(dict: *mut NativeDict, key: i64) -> i64 {
    // SAFETY: the caller passes a live dict, borrowed only here.
    unsafe { &mut *dict }.find(key).map_or(-1, |at| at as i64)
}

/// The index of `key`'s entry, which is appended (value 0) when absent, as `d[k] = v`
/// does before it stores; -1 when no memory is left for a new entry.
///
/// # Safety
/// `dict` points to a live [`NativeDict`] that nothing else borrows.
pub unsafe extern "C" fn dict_slot(dict: *mut NativeDict, key: i64) -> i64 {
    // SAFETY: the caller passes a live dict, borrowed only here.
    unsafe { &mut *dict }.slot(key).map_or(-1, |at| at as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_keep_insertion_order_and_the_header_follows_growth() {
        let mut dict = NativeDict::new([(5, 50), (-1, 10)].into_iter());
        let pointer: *mut NativeDict = &mut *dict;
        unsafe {
            assert_eq!(dict_find(pointer, -1), 1);
            assert_eq!(dict_find(pointer, -1), 1, "the remembered key");
            assert_eq!(dict_find(pointer, 7), -1);
            assert_eq!(dict_find(pointer, 5), 0);
            assert_eq!(dict_slot(pointer, 5), 0);
            for key in 100..200 {
                let at = dict_slot(pointer, key);
                *(*pointer).values.add(at as usize) = key as u64 * 2;
            }
            assert_eq!((*pointer).len, 102);
            assert_eq!(*(*pointer).keys.add(101), 199);
            assert_eq!(*(*pointer).values.add(101), 398);
        }
        let keys: Vec<i64> = dict.entries().map(|(k, _)| k).take(4).collect();
        assert_eq!(keys, [5, -1, 100, 101]);
        let empty = NativeDict::new(std::iter::empty());
        assert!(!empty.keys.is_null() && !empty.values.is_null(), "an empty dict's arrays have an address");
    }
}

//! Tuples as dict keys in native code: a tuple key is one word, the address of its items
//! (one word each: an int, or a str's id in the call's table of strings), interned so
//! that equal tuples have one address. A dict's copy ([`crate::dicts::NativeDict`])
//! then hashes and compares tuple keys as it does ints, and a key read back from the
//! dict is loaded item by item through its address, as a tuple inside a list is
//! ([`crate::abi::list_layout::TUPLE_ITEMS_OFFSET`]).
//!
//! Assumes what the dispatcher guarantees: one table per thread, filled while one call's
//! copies live (the dispatcher interns the keys it copies in, native code the keys it
//! builds) and emptied by [`release`] after that call wrote back, so every address
//! native code or the write-back holds stays valid until then. Items of one type
//! compare equal exactly when their words do (typing allows only int and str items, the
//! same types at each position), so equal words are equal tuples.

use std::cell::RefCell;
use std::collections::HashSet;

use rustc_hash::FxBuildHasher;

thread_local! {
    /// Each tuple's items once; a boxed slice never moves, so its address is the key.
    static TUPLE_KEYS: RefCell<HashSet<Box<[u64]>, FxBuildHasher>> =
        const { RefCell::new(HashSet::with_hasher(FxBuildHasher)) };
}

/// The key word of the tuple whose items are `items`: the address of its one copy in
/// this thread's table. Zero when no memory is left for a new entry (native code then
/// raises `MemoryError` or hands the call to the interpreter).
pub fn intern(items: &[u64]) -> u64 {
    TUPLE_KEYS.with(|keys| {
        let mut keys = keys.borrow_mut();
        if let Some(known) = keys.get(items) {
            return word_of(known);
        }
        let mut copy = Vec::new();
        if copy.try_reserve_exact(items.len()).is_err() || keys.try_reserve(1).is_err() {
            return 0;
        }
        copy.extend_from_slice(items);
        let copy = copy.into_boxed_slice();
        let address = word_of(&copy);
        keys.insert(copy);
        address
    })
}

/// The key word of an interned copy: its address. An empty tuple's slice points nowhere
/// in particular, but is never read and is the only empty key: any non-zero word
/// (aligned, unlike [`NOT_A_KEY`]) names it.
fn word_of(copy: &[u64]) -> u64 {
    if copy.is_empty() {
        8
    } else {
        copy.as_ptr() as u64
    }
}

/// A word no tuple key is (interned slices are 8-aligned, the empty tuple is 8): what a
/// lookup of a tuple no dict of the call holds finds, so that looking up does not
/// intern (a loop of `(i, j) in d` over new pairs kept every pair until the call ended).
pub const NOT_A_KEY: u64 = 1;

/// The key word of the tuple whose items are `items` if a key of this call is equal to
/// it, else [`NOT_A_KEY`], which no dict entry holds.
pub fn find(items: &[u64]) -> u64 {
    TUPLE_KEYS.with(|keys| {
        let keys = keys.borrow();
        keys.get(items).map_or(NOT_A_KEY, |known| word_of(known))
    })
}

/// The items of the tuple key `key`, a word [`intern`] gave with `len` items.
///
/// # Safety
/// `key` came from [`intern`] on this thread with `len` items, and [`release`] has not
/// run since.
pub unsafe fn items<'a>(key: u64, len: usize) -> &'a [u64] {
    if len == 0 {
        return &[];
    }
    // SAFETY: the caller's promise: `key` addresses a live interned slice of `len` words.
    unsafe { std::slice::from_raw_parts(key as *const u64, len) }
}

/// Empties this thread's table (after the call whose keys it held wrote back).
pub fn release() {
    // A thread being torn down has no table left to empty.
    let _ = TUPLE_KEYS.try_with(|keys| {
        let mut keys = keys.borrow_mut();
        if !keys.is_empty() {
            keys.clear();
        }
    });
}

/// The helpers native code calls with a tuple's items, one per length: `$store` interns
/// the tuple (a key stored), `$find` only looks it up (a key read).
macro_rules! tuple_key_helpers {
    ($(($store:ident, $find:ident, [$($item:ident),+])),+ $(,)?) => {
        $(
            #[doc = concat!("The tuple of `", stringify!($($item),+), "` stored as a dict key: its word.")]
            pub extern "C" fn $store($($item: i64),+) -> i64 {
                intern(&[$($item as u64),+]) as i64
            }

            #[doc = concat!("The tuple of `", stringify!($($item),+), "` looked up: its word, or [`NOT_A_KEY`].")]
            pub extern "C" fn $find($($item: i64),+) -> i64 {
                find(&[$($item as u64),+]) as i64
            }
        )+
    };
}

tuple_key_helpers!(
    (tuple_key1, tuple_key_find1, [a]),
    (tuple_key2, tuple_key_find2, [a, b]),
    (tuple_key3, tuple_key_find3, [a, b, c]),
    (tuple_key4, tuple_key_find4, [a, b, c, d]),
);

/// The symbol of the helper that makes a key of `len` items (`inserting`: interned, for
/// a store; else only found, for a lookup), if there is one.
pub fn helper_for(len: usize, inserting: bool) -> Option<&'static str> {
    let table = if inserting {
        ["pynum_tuple_key1", "pynum_tuple_key2", "pynum_tuple_key3", "pynum_tuple_key4"]
    } else {
        ["pynum_tuple_key_find1", "pynum_tuple_key_find2", "pynum_tuple_key_find3", "pynum_tuple_key_find4"]
    };
    table.get(len.wrapping_sub(1)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_tuples_share_one_address_until_released() {
        let a = tuple_key2(1, -2);
        assert_ne!(a, 0);
        assert_eq!(tuple_key2(1, -2), a, "interned");
        assert_ne!(tuple_key2(-2, 1), a, "order matters");
        assert_ne!(tuple_key1(1), a);
        assert_eq!(intern(&[1, (-2i64) as u64]) as i64, a, "the dispatcher's copy-in finds native code's key");
        assert_eq!(unsafe { items(a as u64, 2) }, [1, (-2i64) as u64]);
        assert_eq!(tuple_key4(1, 2, 3, 4), tuple_key4(1, 2, 3, 4));
        assert_ne!(intern(&[]), 0, "the empty tuple is a key too");
        release();
        TUPLE_KEYS.with(|keys| assert!(keys.borrow().is_empty()));
        assert_eq!(tuple_key_find2(5, 6), NOT_A_KEY as i64, "a lookup interns nothing");
        assert_eq!(tuple_key_find2(5, 6), NOT_A_KEY as i64);
        let stored = tuple_key2(5, 6);
        assert_eq!(tuple_key_find2(5, 6), stored, "found once stored");
        assert_eq!(find(&[]), NOT_A_KEY);
        release();
        assert_eq!(helper_for(2, true), Some("pynum_tuple_key2"));
        assert_eq!(helper_for(2, false), Some("pynum_tuple_key_find2"));
        assert_eq!(helper_for(0, true), None);
        assert_eq!(helper_for(5, false), None);
    }
}

//! Lists that native code creates (`[0.0] * n`): `[len, item0, item1, ...]` in 64-bit
//! words, the layout the dispatcher uses for the lists it copies in.
//!
//! Assumes such lists never outlive the native call that made them (typing rejects
//! returning one), so they live in a per-thread arena that the dispatcher empties when
//! the outermost native call returns. Native code never calls back into Python, so that
//! call is the only one running on this thread.

use std::cell::RefCell;

thread_local! {
    static ARENA: RefCell<Vec<Box<[u64]>>> = const { RefCell::new(Vec::new()) };
}

/// A new list of `len` zero items (a negative `len` is an empty list, as in Python).
pub extern "C" fn list_new(len: i64) -> *mut u64 {
    let len = len.max(0) as usize;
    let mut words = vec![0u64; len + 1].into_boxed_slice();
    words[0] = len as u64;
    let pointer = words.as_mut_ptr();
    ARENA.with(|arena| arena.borrow_mut().push(words));
    pointer
}

/// `source * times`: a new list with the items of `source` repeated.
///
/// # Safety
/// `source` points to a list in the layout above.
pub unsafe extern "C" fn list_repeat(source: *const u64, times: i64) -> *mut u64 {
    // SAFETY: the caller passes a list: a length word, then that many items.
    let items = unsafe { std::slice::from_raw_parts(source.add(1), *source as usize) };
    let total = items.len().saturating_mul(times.max(0) as usize);
    let list = list_new(total as i64);
    // SAFETY: `list_new` made room for `total` items after the length word.
    let out = unsafe { std::slice::from_raw_parts_mut(list.add(1), total) };
    for (slot, item) in out.iter_mut().zip(items.iter().cycle()) {
        *slot = *item;
    }
    list
}

/// Frees every list native code made on this thread (after the outermost native call).
pub fn release_native_allocations() {
    ARENA.with(|arena| {
        let mut arena = arena.borrow_mut();
        if !arena.is_empty() {
            arena.clear();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeat_and_release() {
        let one = list_new(2);
        unsafe {
            *one.add(1) = 7;
            *one.add(2) = 9;
            let many = list_repeat(one, 3);
            let items = std::slice::from_raw_parts(many, 7);
            assert_eq!(items, [6, 7, 9, 7, 9, 7, 9]);
            assert_eq!(*list_repeat(one, -1), 0);
        }
        release_native_allocations();
        ARENA.with(|arena| assert!(arena.borrow().is_empty()));
    }
}

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

/// Registers this thread's arena now. glibc registers a thread-local's destructor under
/// the dynamic loader's lock (`__cxa_thread_atexit_impl`), which the tier-2 thread holds
/// for about 20 ms while it loads LLVM: a native call that touched the arena for the
/// first time then waited for the whole load (221_tuples_as_values.py: 19 ms of a 55 ms
/// run). A thread that asks for a tier-2 compile calls this first.
pub fn prepare_thread() {
    ARENA.with(|_| ());
}

/// A new list of `len` zero items (a negative `len` is an empty list, as in Python), or
/// null when no memory can hold it: native code then raises `MemoryError` or hands the
/// call to the interpreter, never aborts.
pub extern "C" fn list_new(len: i64) -> *mut u64 {
    let len = len.max(0) as usize;
    let Some(mut words) = zeroed_words(len) else {
        return std::ptr::null_mut();
    };
    words[0] = len as u64;
    let pointer = words.as_mut_ptr();
    ARENA.with(|arena| arena.borrow_mut().push(words));
    pointer
}

/// A list native code grows by `list_append` (a comprehension's, or one a function
/// built with `[]` and appends to): a capacity word, then
/// a list in the layout above with room for `capacity` items; the address of its length
/// word is the list's, so it reads as any list. Null when no memory can hold it.
pub extern "C" fn list_growable(capacity: i64) -> *mut u64 {
    let capacity = capacity.max(0) as usize;
    let Some(mut words) = capacity.checked_add(1).and_then(zeroed_words) else {
        return std::ptr::null_mut();
    };
    words[0] = capacity as u64;
    // SAFETY: `words` has at least two words; the pointer stays inside it.
    let list = unsafe { words.as_mut_ptr().add(1) };
    ARENA.with(|arena| arena.borrow_mut().push(words));
    list
}

/// A growable list with twice the room of `list` (eight items at least) and its items:
/// what `list_append` moves to when the list is full. The old one stays in the arena
/// until the call ends. Null when no memory can hold it.
///
/// # Safety
/// `list` came from [`list_growable`] or this function, on this thread, in this call.
pub unsafe extern "C" fn list_grow(list: *mut u64) -> *mut u64 {
    // SAFETY: the caller's promise: a capacity word before the length word, then items.
    let (capacity, len) = unsafe { (*list.sub(1) as usize, *list as usize) };
    let Some(room) = capacity.checked_mul(2).map(|room| room.max(8)).filter(|&room| room <= isize::MAX as usize / 16)
    else {
        return std::ptr::null_mut();
    };
    let grown = list_growable(room as i64);
    if grown.is_null() {
        return grown;
    }
    // SAFETY: the old list holds `len + 1` words from its length word; the new one room
    // for at least as many.
    unsafe { std::ptr::copy_nonoverlapping(list, grown, len + 1) };
    grown
}

/// `len + 1` zeroed words (the length word, then the items), or `None` when the size
/// overflows or the allocator refuses.
fn zeroed_words(len: usize) -> Option<Box<[u64]>> {
    let words = len.checked_add(1)?;
    let layout = std::alloc::Layout::array::<u64>(words).ok()?;
    // SAFETY: the layout is non-zero-sized (at least one word).
    let pointer = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<u64>();
    if pointer.is_null() {
        return None;
    }
    // SAFETY: `pointer` was allocated with the layout of `[u64; words]`, zeroed (a valid
    // u64 each), and is owned by the box from here on.
    Some(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(pointer, words)) })
}

/// `source * times`: a new list with the items of `source` repeated, or null when no
/// memory can hold it.
///
/// # Safety
/// `source` points to a list in the layout above.
pub unsafe extern "C" fn list_repeat(source: *const u64, times: i64) -> *mut u64 {
    // SAFETY: the caller passes a list: a length word, then that many items.
    let items = unsafe { std::slice::from_raw_parts(source.add(1), *source as usize) };
    let Some(total) = items.len().checked_mul(times.max(0) as usize).filter(|&n| n <= isize::MAX as usize / 8) else {
        return std::ptr::null_mut();
    };
    let list = list_new(total as i64);
    if list.is_null() {
        return list;
    }
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
            assert!(list_repeat(one, 1 << 62).is_null(), "size overflow");
            assert!(list_repeat(one, 1 << 60).is_null(), "more than the address space");
            assert!(list_new(i64::MAX).is_null());
            let mut grown = list_growable(1);
            for value in 0..20u64 {
                if *grown >= *grown.sub(1) {
                    grown = list_grow(grown);
                }
                let len = *grown as usize;
                *grown.add(1 + len) = value * 3;
                *grown = len as u64 + 1;
            }
            let items = std::slice::from_raw_parts(grown, 21);
            assert_eq!(items[0], 20);
            assert_eq!(items[20], 57, "the items moved with each growth");
            assert!(*grown.sub(1) >= 20);
        }
        release_native_allocations();
        ARENA.with(|arena| assert!(arena.borrow().is_empty()));
    }
}

//! The memory of NumPy arrays that `@njit` code creates (`np.zeros((n, m))`): zeroed,
//! 16-byte aligned allocations (the alignment of `pynum-numpy`'s buffers) in a
//! per-thread arena. The dispatcher empties the arena when the outermost native call
//! returns, after adopting the allocation of an array the call returns as that array's
//! buffer (no copy).
//!
//! Assumes, as `lists.rs` does, that native code never calls back into Python, so the
//! outermost native call is the only one running on this thread while it allocates.

use std::alloc::Layout;
use std::cell::RefCell;
use std::ptr::NonNull;

/// The alignment of every allocation (and of `pynum-numpy`'s `Buffer`s).
pub const ALIGN: usize = 16;

thread_local! {
    static ARENA: RefCell<Vec<(NonNull<u8>, Layout)>> = const { RefCell::new(Vec::new()) };
}

/// `bytes` zeroed bytes, or null when the size is negative or no memory can hold it
/// (native code then raises `MemoryError`). Zero bytes is a dangling aligned pointer that
/// is never read.
pub extern "C" fn array_new(bytes: i64) -> *mut u8 {
    let Ok(bytes) = usize::try_from(bytes) else { return std::ptr::null_mut() };
    if bytes == 0 {
        return ALIGN as *mut u8;
    }
    let Ok(layout) = Layout::from_size_align(bytes, ALIGN) else { return std::ptr::null_mut() };
    // SAFETY: the layout has a non-zero size.
    let Some(pointer) = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) }) else {
        return std::ptr::null_mut();
    };
    ARENA.with(|arena| arena.borrow_mut().push((pointer, layout)));
    pointer.as_ptr()
}

/// Takes out of the arena the allocation `data` points into: its start and layout, now
/// owned by the caller (who frees it with `std::alloc::dealloc` and that layout). `None`
/// when `data` is in no allocation of this thread's arena.
pub fn adopt(data: *const u8) -> Option<(NonNull<u8>, Layout)> {
    ARENA.with(|arena| {
        let mut arena = arena.borrow_mut();
        let at = arena.iter().position(|(start, layout)| {
            let start = start.as_ptr() as usize;
            (start..start + layout.size()).contains(&(data as usize))
        })?;
        Some(arena.swap_remove(at))
    })
}

/// Frees every allocation native code made on this thread and nobody adopted.
pub fn release_native_allocations() {
    ARENA.with(|arena| {
        for (pointer, layout) in arena.borrow_mut().drain(..) {
            // SAFETY: allocated in `array_new` with this layout, and owned by the arena.
            unsafe { std::alloc::dealloc(pointer.as_ptr(), layout) };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocate_adopt_and_release() {
        assert!(array_new(-1).is_null());
        assert!(array_new(i64::MAX).is_null());
        assert_eq!(array_new(0) as usize % ALIGN, 0);
        let kept = array_new(64);
        let freed = array_new(24);
        assert_eq!(kept as usize % ALIGN, 0);
        // SAFETY: 64 zeroed bytes.
        assert!(unsafe { std::slice::from_raw_parts(kept, 64) }.iter().all(|&b| b == 0));
        let (start, layout) = adopt(kept.wrapping_add(40)).expect("inside the allocation");
        assert_eq!((start.as_ptr(), layout.size()), (kept, 64));
        assert!(adopt(kept).is_none(), "adopted once");
        release_native_allocations();
        assert!(adopt(freed).is_none(), "released");
        // SAFETY: adopted above with this layout.
        unsafe { std::alloc::dealloc(start.as_ptr(), layout) };
    }
}

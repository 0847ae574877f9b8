//! The global allocator of `pynum-run`: mimalloc, refusing any single request larger than
//! the machine's memory and swap together, as Linux refuses such a `malloc` to CPython
//! (heuristic overcommit). rustpython turns a refused allocation into `MemoryError`
//! (`[0] * 2**40`, `'ab' * 2**40`, `bytearray(2**40)`...), where mimalloc would have
//! reserved the address space and the kernel killed the process while filling it.
//!
//! Blocks of 256 KiB and more are mapped for themselves (`large_blocks`), so that the
//! cycle collector's tables do not take turns with objects on mimalloc's pages.
//!
//! Assumes Linux's `sysinfo` (elsewhere nothing is refused), and that requests under
//! [`ALWAYS_ALLOWED`] never exceed the limit, so the common path is one comparison.
//!
//! [`configure_mimalloc`] sets mimalloc's options before its first allocation: without
//! transparent huge pages, as each first touch of its arena otherwise made 2 MiB
//! resident (`-c pass` peaked at 46 MB, 20 MB of it heap pages barely used; 30 MB
//! without).

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::large_blocks;

/// Requests below this size skip the check.
const ALWAYS_ALLOWED: usize = 1 << 30;

pub struct LimitedMimalloc;

/// Memory plus swap in bytes, read once; 0 until read.
static LIMIT: AtomicUsize = AtomicUsize::new(0);

#[cold]
#[inline(never)]
fn read_limit() -> usize {
    let limit = memory_and_swap().unwrap_or(usize::MAX);
    LIMIT.store(limit, Ordering::Relaxed);
    limit
}

fn limit() -> usize {
    let cached = LIMIT.load(Ordering::Relaxed);
    if cached != 0 {
        return cached;
    }
    read_limit()
}

#[cfg(target_os = "linux")]
fn memory_and_swap() -> Option<usize> {
    // SAFETY: `sysinfo` only writes the struct it is given.
    let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
    if unsafe { libc::sysinfo(&mut info) } != 0 {
        return None;
    }
    let unit = (info.mem_unit as u64).max(1);
    let bytes = (info.totalram as u64).saturating_add(info.totalswap as u64).saturating_mul(unit);
    Some(usize::try_from(bytes).unwrap_or(usize::MAX).max(ALWAYS_ALLOWED))
}

#[cfg(not(target_os = "linux"))]
fn memory_and_swap() -> Option<usize> {
    None
}

/// mimalloc 3's `mi_option_allow_thp` (`mimalloc.h`; 2.x numbers its options differently).
const MI_OPTION_ALLOW_THP: libc::c_int = 43;

extern "C" {
    fn mi_version() -> libc::c_int;
    fn mi_option_set(option: libc::c_int, value: libc::c_long);
}

/// Sets mimalloc's options; `pynum-run` runs it as a constructor, before anything
/// allocates. An option given in the environment (`MIMALLOC_ALLOW_THP=1`) wins.
pub extern "C" fn configure_mimalloc() {
    // SAFETY: plain calls into mimalloc; `getenv` reads the environment the C runtime
    // has set up before constructors run, and nothing else changes it yet.
    unsafe {
        if mi_version() < 300 || !libc::getenv(c"MIMALLOC_ALLOW_THP".as_ptr()).is_null() {
            return;
        }
        mi_option_set(MI_OPTION_ALLOW_THP, 0);
    }
}

#[inline(always)]
fn refused(size: usize) -> bool {
    size >= ALWAYS_ALLOWED && size > limit()
}

// SAFETY: a refused request gets the null pointer `GlobalAlloc` uses to report failure;
// large blocks go to `large_blocks` and everything else to mimalloc unchanged, and a
// block is freed or resized by the one that made it, as its layout (size and alignment,
// which `GlobalAlloc` repeats on every call) tells.
unsafe impl GlobalAlloc for LimitedMimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        if large_blocks::is_large(layout.size(), layout.align()) {
            return large_blocks::allocate(layout.size());
        }
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        if large_blocks::is_large(layout.size(), layout.align()) {
            return large_blocks::allocate_zeroed(layout.size());
        }
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if large_blocks::is_large(layout.size(), layout.align()) {
            return unsafe { large_blocks::free(ptr) };
        }
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if refused(new_size) {
            return std::ptr::null_mut();
        }
        let was_large = large_blocks::is_large(layout.size(), layout.align());
        let will_be_large = large_blocks::is_large(new_size, layout.align());
        match (was_large, will_be_large) {
            (false, false) => unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) },
            (true, true) => unsafe { large_blocks::resize(ptr, new_size) },
            _ => {
                // Across the boundary: a new block from the other side, then a copy.
                // SAFETY: `GlobalAlloc::realloc`'s contract guarantees a valid layout for
                // `new_size` with the same alignment.
                let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                let moved = unsafe { self.alloc(new_layout) };
                if !moved.is_null() {
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                moved
            }
        }
    }
}

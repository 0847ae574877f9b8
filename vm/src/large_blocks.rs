//! Large blocks (256 KiB and more) for `pynum-run`'s global allocator: mapped from the
//! kernel, kept 100 ms after they are freed for the next large request, then returned.
//!
//! Why not mimalloc: rustpython's cycle collector builds tables of several MB (a few
//! hundred bytes per object it examines) and frees them at the end of each collection.
//! In mimalloc's arena those blocks and the small pages of Python objects took turns on
//! the same memory, and each left the other fresh pages to touch: a program keeping
//! 20,000 objects in a ring buffer peaked at 35 MB where its objects and one set of
//! tables need 30. Here the tables only ever reuse tables' memory. A growing block moves
//! into a kept one that fits, else grows with `mremap`, which moves pages, not bytes.
//!
//! Assumes Linux (elsewhere [`supported`] is false and mimalloc serves everything) and
//! alignments up to a page. Each block is one private mapping with a header page in
//! front that records the mapping's length, so a block can be freed or resized knowing
//! only its address.

#[cfg(target_os = "linux")]
mod linux {
    use std::sync::Once;
    use std::time::{Duration, Instant};

    use parking_lot::Mutex;

    /// Requests this big or bigger are large blocks.
    pub const SMALLEST: usize = 256 << 10;

    const PAGE: usize = 4096;

    /// Blocks this big or bigger ask the kernel for transparent huge pages (2 MB): a
    /// 10 MB bytearray is 2,500 page faults in 4 KB pages (each one zeroed, mapped and
    /// charged alone), five in huge ones. Smaller blocks keep 4 KB pages: a huge page is
    /// resident whole once one byte of it is touched.
    const HUGE_PAGES_FROM: usize = 8 << 20;

    /// `prctl(PR_SET_THP_DISABLE)`'s flag (Linux 6.18): huge pages only where asked for.
    const PR_THP_DISABLE_EXCEPT_ADVISED: libc::c_ulong = 1 << 1;

    /// Whether this process gets huge pages where it asks for them. mimalloc, told not
    /// to use them (`memory_limit::configure_mimalloc`: they raised small programs'
    /// peaks), disables them for the whole process, which would refuse large blocks' advice
    /// too; from Linux 6.18 the process can keep them off everywhere but where advised.
    /// On an older kernel that call fails and large blocks stay in 4 KB pages.
    fn huge_pages_where_advised() -> bool {
        static ALLOWED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *ALLOWED.get_or_init(|| {
            // SAFETY: a process attribute; no memory is touched.
            unsafe {
                libc::prctl(libc::PR_SET_THP_DISABLE, 1 as libc::c_ulong, PR_THP_DISABLE_EXCEPT_ADVISED, 0, 0) == 0
            }
        })
    }

    /// Freed blocks kept for reuse, at most this many...
    const KEPT_BLOCKS: usize = 64;
    /// ...holding at most this many bytes together (a block bigger than this is returned
    /// at once)...
    const KEPT_BYTES: usize = 256 << 20;
    /// ...for at most this long. Long enough for the tables of collections that follow
    /// each other (the ring buffer's come every 20 ms), short enough that a heap which
    /// keeps growing gets the memory back for its objects: with mimalloc's 1 s, a
    /// program building lists of a million small objects peaked at 308 MB, with 100 ms
    /// at 283 MB (286 MB before blocks were kept apart).
    const KEPT_FOR: Duration = Duration::from_millis(100);

    /// Unmaps the kept blocks that waited too long. The cycle schedule calls it at every
    /// young collection, so memory a program stopped reusing goes back to the kernel
    /// even when no large block is asked for or freed again.
    pub fn expire_now() {
        with_kept(|_, _| ());
    }

    /// A mapping: `base` is its header page, `length` counts the header.
    #[derive(Clone, Copy)]
    struct Mapping {
        base: usize,
        length: usize,
    }

    struct Kept {
        mapping: Mapping,
        freed_at: Instant,
    }

    /// The freed blocks, oldest first. The lock never allocates, so the allocator may
    /// take it; [`lock`] makes `fork` wait for it.
    static KEPT: Mutex<KeptBlocks> = Mutex::new(KeptBlocks { blocks: Vec::new(), bytes: 0 });

    struct KeptBlocks {
        /// Capacity reserved on first use (below), never grown after.
        blocks: Vec<Kept>,
        bytes: usize,
    }

    /// The kept blocks, locked. A `fork` from another thread while one thread held this
    /// lock would leave the child's copy locked forever (and the child's next large
    /// request waiting on it), so `fork` first takes the lock and both sides let go of
    /// it after.
    fn lock() -> parking_lot::MutexGuard<'static, KeptBlocks> {
        static FORK_HANDLERS: Once = Once::new();
        FORK_HANDLERS.call_once(|| {
            extern "C" fn before_fork() {
                std::mem::forget(KEPT.lock());
            }
            extern "C" fn after_fork() {
                // SAFETY: `before_fork` took the lock in this thread and forgot the guard.
                unsafe { KEPT.force_unlock() };
            }
            // SAFETY: registers plain functions; they only touch the lock.
            unsafe { libc::pthread_atfork(Some(before_fork), Some(after_fork), Some(after_fork)) };
        });
        KEPT.lock()
    }

    fn page_rounded(size: usize) -> Option<usize> {
        size.checked_add(PAGE - 1).map(|size| size & !(PAGE - 1))
    }

    fn mapping_for(size: usize) -> Option<usize> {
        page_rounded(size)?.checked_add(PAGE)
    }

    /// The mapping behind a block this module handed out.
    ///
    /// # Safety
    /// `block` came from [`allocate`], [`allocate_zeroed`] or [`resize`] and is live.
    unsafe fn mapping_of(block: *mut u8) -> Mapping {
        let base = block as usize - PAGE;
        // SAFETY: the header page starts with the length, written when it was mapped.
        let length = unsafe { *(base as *const usize) };
        Mapping { base, length }
    }

    fn block_of(mapping: Mapping) -> *mut u8 {
        // SAFETY: the header page is mapped and writable; the block follows it.
        unsafe { *(mapping.base as *mut usize) = mapping.length };
        (mapping.base + PAGE) as *mut u8
    }

    fn map(length: usize) -> Option<Mapping> {
        // SAFETY: a fresh anonymous mapping; nothing else is touched.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                length,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        if length >= HUGE_PAGES_FROM && huge_pages_where_advised() {
            // SAFETY: advice on our own fresh mapping; failure (no THP) changes nothing.
            unsafe { libc::madvise(base, length, libc::MADV_HUGEPAGE) };
        }
        Some(Mapping { base: base as usize, length })
    }

    fn unmap(mapping: Mapping) {
        // SAFETY: the mapping is ours and nothing refers to it any more.
        unsafe { libc::munmap(mapping.base as *mut libc::c_void, mapping.length) };
    }

    /// Runs `work` on the kept blocks, locked, once those that waited too long are out of
    /// the list; they are unmapped after the lock is released.
    fn with_kept<R>(work: impl FnOnce(&mut KeptBlocks, Instant) -> R) -> R {
        let mut expired = [None; KEPT_BLOCKS];
        let result = {
            let mut kept = lock();
            let now = Instant::now();
            let mut count = 0;
            while let Some(oldest) = kept.blocks.first() {
                if now.duration_since(oldest.freed_at) < KEPT_FOR {
                    break;
                }
                let oldest = kept.blocks.remove(0);
                kept.bytes -= oldest.mapping.length;
                expired[count] = Some(oldest.mapping);
                count += 1;
            }
            work(&mut kept, now)
        };
        expired.into_iter().flatten().for_each(unmap);
        result
    }

    /// The smallest kept block of at least `length` bytes (header included) that does
    /// not waste more than it holds.
    fn take_kept(length: usize) -> Option<Mapping> {
        with_kept(|kept, _| {
            let best = (kept.blocks.iter().enumerate())
                .filter(|(_, block)| block.mapping.length >= length && block.mapping.length / 2 <= length)
                .min_by_key(|(_, block)| block.mapping.length)
                .map(|(index, _)| index);
            best.map(|index| {
                let block = kept.blocks.remove(index);
                kept.bytes -= block.mapping.length;
                block.mapping
            })
        })
    }

    /// A block of at least `size` bytes, its contents undefined; null if the kernel
    /// refuses.
    pub fn allocate(size: usize) -> *mut u8 {
        let Some(length) = mapping_for(size) else { return std::ptr::null_mut() };
        let reused = take_kept(length);
        match reused.or_else(|| map(length)) {
            Some(mapping) => block_of(mapping),
            None => std::ptr::null_mut(),
        }
    }

    /// A block of at least `size` zero bytes: always a fresh mapping, whose pages the
    /// kernel zeroes as they are first touched (a kept block would need clearing whole).
    pub fn allocate_zeroed(size: usize) -> *mut u8 {
        match mapping_for(size).and_then(map) {
            Some(mapping) => block_of(mapping),
            None => std::ptr::null_mut(),
        }
    }

    /// Frees a block: kept for a later request while there is room, else unmapped.
    ///
    /// # Safety
    /// `block` came from this module and is not used again.
    pub unsafe fn free(block: *mut u8) {
        // SAFETY: the caller's promise.
        let mapping = unsafe { mapping_of(block) };
        let kept_it = with_kept(|kept, now| {
            if kept.blocks.capacity() == 0 {
                // The one allocation the list makes; mimalloc serves it (it is small).
                kept.blocks.reserve_exact(KEPT_BLOCKS);
            }
            let fits = kept.blocks.len() < KEPT_BLOCKS && kept.bytes + mapping.length <= KEPT_BYTES;
            if fits {
                kept.bytes += mapping.length;
                kept.blocks.push(Kept { mapping, freed_at: now });
            }
            fits
        });
        if !kept_it {
            unmap(mapping);
        }
    }

    /// Resizes a block: into a kept block that fits (a copy costs less than the page
    /// faults of fresh pages), else in place or by moving its pages elsewhere; null if the
    /// kernel refuses, and then the block is unchanged.
    ///
    /// # Safety
    /// `block` came from this module and is live.
    pub unsafe fn resize(block: *mut u8, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's promise.
        let mapping = unsafe { mapping_of(block) };
        let Some(length) = mapping_for(new_size) else { return std::ptr::null_mut() };
        if length == mapping.length {
            return block;
        }
        if length > mapping.length {
            if let Some(kept) = take_kept(length) {
                let moved = block_of(kept);
                // SAFETY: both blocks are ours and distinct; the old one holds
                // `mapping.length - PAGE` bytes.
                unsafe {
                    std::ptr::copy_nonoverlapping(block, moved, mapping.length - PAGE);
                    free(block);
                }
                return moved;
            }
        }
        // SAFETY: remaps our own mapping; on failure it is left as it was.
        let base =
            unsafe { libc::mremap(mapping.base as *mut libc::c_void, mapping.length, length, libc::MREMAP_MAYMOVE) };
        if base == libc::MAP_FAILED {
            return std::ptr::null_mut();
        }
        block_of(Mapping { base: base as usize, length })
    }

    pub const fn supported() -> bool {
        true
    }
}

#[cfg(not(target_os = "linux"))]
mod elsewhere {
    pub const SMALLEST: usize = usize::MAX;
    pub fn allocate(_size: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub fn allocate_zeroed(_size: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub unsafe fn free(_block: *mut u8) {}
    pub unsafe fn resize(_block: *mut u8, _new_size: usize) -> *mut u8 {
        std::ptr::null_mut()
    }
    pub fn expire_now() {}
    pub const fn supported() -> bool {
        false
    }
}

#[cfg(target_os = "linux")]
pub use linux::*;

#[cfg(not(target_os = "linux"))]
pub use elsewhere::*;

/// Whether a block of this layout is (or would be) a large block.
#[inline(always)]
pub fn is_large(size: usize, align: usize) -> bool {
    supported() && size >= SMALLEST && align <= 4096
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn fill(block: *mut u8, size: usize, byte: u8) {
        // SAFETY: the block holds at least `size` bytes.
        unsafe { std::ptr::write_bytes(block, byte, size) };
    }

    fn all(block: *mut u8, size: usize, byte: u8) -> bool {
        // SAFETY: the block holds at least `size` bytes.
        unsafe { std::slice::from_raw_parts(block, size) }.iter().all(|&b| b == byte)
    }

    #[test]
    fn a_freed_block_serves_the_next_request_of_its_size_and_zeroed_requests_get_zeros() {
        let size = SMALLEST * 3 + 17;
        let first = allocate(size);
        assert!(!first.is_null());
        fill(first, size, 0xAB);
        unsafe { free(first) };
        let second = allocate(size);
        assert!(!second.is_null());
        fill(second, size, 0xCD);
        assert!(all(second, size, 0xCD));
        unsafe { free(second) };
        // A dirty block is kept now, but a zeroed request never gets it.
        let zeroed = allocate_zeroed(size);
        assert!(!zeroed.is_null() && all(zeroed, size, 0));
        unsafe { free(zeroed) };
    }

    #[test]
    fn a_resized_block_keeps_its_contents() {
        let size = SMALLEST + 5;
        let block = allocate(size);
        fill(block, size, 7);
        let grown = unsafe { resize(block, 8 * size) };
        assert!(!grown.is_null() && all(grown, size, 7));
        fill(grown, 8 * size, 9);
        let shrunk = unsafe { resize(grown, SMALLEST) };
        assert!(!shrunk.is_null() && all(shrunk, SMALLEST, 9));
        unsafe { free(shrunk) };
    }

    #[test]
    fn impossible_sizes_are_refused_not_wrapped() {
        assert!(allocate(usize::MAX - 10).is_null());
        assert!(allocate_zeroed(usize::MAX - 10).is_null());
        assert!(allocate(1 << 62).is_null());
        let block = allocate(SMALLEST);
        assert!(unsafe { resize(block, usize::MAX - 10) }.is_null());
        assert!(unsafe { resize(block, 1 << 62) }.is_null());
        unsafe { free(block) };
    }

    #[test]
    fn only_large_page_aligned_layouts_are_large() {
        assert!(is_large(SMALLEST, 8));
        assert!(!is_large(SMALLEST - 1, 8));
        assert!(!is_large(SMALLEST, 8192));
    }
}

//! Memory for the code MCJIT loads: one mapping per section, writable while MCJIT
//! relocates, then code made executable and read-only data read-only (never writable and
//! executable at once). The sections are recorded so that `--dump-asm` disassembles the
//! bytes that run, and all of them are unmapped when the engine that owns the manager is
//! dropped.
//!
//! Assumes a Unix host (`mmap`/`mprotect`) whose instruction cache needs no flush after
//! code is written (x86-64; other hosts would flush in `finalize_memory`).

use std::sync::{Arc, Mutex, PoisonError};

use inkwell::memory_manager::McjitMemoryManager;

/// A mapped section.
#[derive(Debug, Clone, Copy)]
struct Section {
    start: usize,
    /// The bytes LLVM asked for.
    size: usize,
    /// The bytes mapped (whole pages).
    mapped: usize,
    kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Code,
    ReadOnly,
    Writable,
}

/// The code sections' address ranges, readable after the engine finalized them.
#[derive(Debug, Clone, Default)]
pub(crate) struct CodeRanges(Arc<Mutex<Vec<Section>>>);

impl CodeRanges {
    /// `(start, size)` of each code section.
    pub(crate) fn code(&self) -> Vec<(usize, usize)> {
        let sections = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        sections.iter().filter(|s| s.kind == Kind::Code).map(|s| (s.start, s.size)).collect()
    }
}

/// The memory manager one MCJIT engine owns.
#[derive(Debug, Default)]
pub(crate) struct SectionMemory {
    sections: CodeRanges,
}

impl SectionMemory {
    /// A manager and a handle on the ranges it maps.
    pub(crate) fn new() -> (SectionMemory, CodeRanges) {
        let memory = SectionMemory::default();
        let ranges = memory.sections.clone();
        (memory, ranges)
    }

    fn allocate(&mut self, size: usize, alignment: u32, kind: Kind) -> *mut u8 {
        let page = page_size();
        if alignment as usize > page {
            return std::ptr::null_mut();
        }
        let mapped = size.max(1).div_ceil(page) * page;
        // SAFETY: a fresh anonymous private mapping; nothing else refers to it.
        let start = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if start == libc::MAP_FAILED {
            return std::ptr::null_mut();
        }
        let mut sections = self.sections.0.lock().unwrap_or_else(PoisonError::into_inner);
        sections.push(Section { start: start as usize, size, mapped, kind });
        start.cast()
    }
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if size > 0 {
        size as usize
    } else {
        4096
    }
}

impl McjitMemoryManager for SectionMemory {
    fn allocate_code_section(&mut self, size: usize, alignment: u32, _id: u32, _name: &str) -> *mut u8 {
        self.allocate(size, alignment, Kind::Code)
    }

    fn allocate_data_section(
        &mut self,
        size: usize,
        alignment: u32,
        _id: u32,
        _name: &str,
        read_only: bool,
    ) -> *mut u8 {
        self.allocate(size, alignment, if read_only { Kind::ReadOnly } else { Kind::Writable })
    }

    fn finalize_memory(&mut self) -> Result<(), String> {
        let sections = self.sections.0.lock().unwrap_or_else(PoisonError::into_inner);
        for section in sections.iter() {
            let protection = match section.kind {
                Kind::Code => libc::PROT_READ | libc::PROT_EXEC,
                Kind::ReadOnly => libc::PROT_READ,
                Kind::Writable => continue,
            };
            // SAFETY: a mapping this manager made and still owns.
            if unsafe { libc::mprotect(section.start as *mut libc::c_void, section.mapped, protection) } != 0 {
                return Err(format!("mprotect: {}", std::io::Error::last_os_error()));
            }
        }
        Ok(())
    }

    fn destroy(&mut self) {
        let mut sections = self.sections.0.lock().unwrap_or_else(PoisonError::into_inner);
        for section in sections.drain(..) {
            // SAFETY: the engine is being dropped: no code in these mappings runs or will.
            unsafe { libc::munmap(section.start as *mut libc::c_void, section.mapped) };
        }
    }
}

//! The frozen stdlib's index, without keeping the whole stdlib resident.
//!
//! The frozen stdlib (about 8 MB of compressed code objects in the binary's read-only
//! data) is indexed by walking it from one entry header to the next, which faults in
//! nearly every page of it at start-up, though a program imports a few dozen of its
//! hundreds of modules; and the module names rustpython hashes live inside the entries,
//! so hashing them faulted the pages in again. [`index`] copies the names out, and
//! [`release`] then unmaps the pages: they are clean, file-backed copies of the binary,
//! and a module imported later faults its own bytes back in from the page cache.
//! `-c pass` peaked at 30.6 MB with the stdlib resident.
//!
//! Assumes Linux; the range is only released when `/proc/self/maps` shows it inside one
//! private, read-only mapping of a file, where `MADV_DONTNEED` cannot lose data.

use rustpython_vm::frozen::{FrozenLib, FrozenModule};

/// The modules of `lib`, named by copies of their names (leaked once, about 20 kB), so
/// that looking a module up does not read the library's pages.
pub fn index(lib: &'static FrozenLib) -> Vec<(&'static str, FrozenModule)> {
    let entries: Vec<(&'static str, FrozenModule)> = lib.decode().collect();
    let names: &'static str = entries.iter().map(|(name, _)| *name).collect::<String>().leak();
    let mut offset = 0;
    entries
        .into_iter()
        .map(|(name, module)| {
            let copy = &names[offset..offset + name.len()];
            offset += name.len();
            (copy, module)
        })
        .collect()
}

/// Releases the whole pages inside `bytes`, if they belong to a read-only file mapping.
pub fn release(bytes: &'static [u8]) {
    #[cfg(target_os = "linux")]
    {
        let page = 4096usize;
        let start = (bytes.as_ptr() as usize).div_ceil(page) * page;
        let end = (bytes.as_ptr() as usize + bytes.len()) / page * page;
        if end <= start || !read_only_file_mapping(start, end) {
            return;
        }
        // SAFETY: the range lies inside a private read-only file mapping (checked
        // above): dropping its pages loses nothing, and the next read refaults them.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = bytes;
}

/// Whether `start..end` lies inside one mapping that is private, not writable, and
/// backed by a file (an inode other than 0).
#[cfg(target_os = "linux")]
fn read_only_file_mapping(start: usize, end: usize) -> bool {
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else { return false };
    maps.lines().any(|line| {
        let mut fields = line.split_ascii_whitespace();
        let (Some(range), Some(perms), Some(_offset), Some(_device), Some(inode)) =
            (fields.next(), fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return false;
        };
        let Some((low, high)) = range.split_once('-') else { return false };
        let (Ok(low), Ok(high)) = (usize::from_str_radix(low, 16), usize::from_str_radix(high, 16)) else {
            return false;
        };
        low <= start
            && end <= high
            && perms.starts_with('r')
            && &perms[1..2] == "-"
            && perms.ends_with('p')
            && inode != "0"
    })
}

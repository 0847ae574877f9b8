//! The boundary between `pynum-run` and the LLVM backend's shared object
//! (`libpynum_llvm.so`, built from `targets/llvm`): C types and symbol names only, so the
//! two sides may be separate builds of the same sources. LIR crosses it as its own text
//! form (`pynum_jit::lir`'s printer and parser); machine code comes back as the entry's
//! address, owned by a handle the host releases.
//!
//! Assumes both sides were built from the same LIR and ABI sources: [`fingerprint`]
//! hashes them, and the host refuses a shared object whose fingerprint differs.

use std::ffi::c_void;

/// Changes whenever a type or function below changes.
pub const VERSION: u32 = 3;

/// The exported entry of a compile's code (`pynum_jit::backend::EntryFn`), by which its
/// object file names it too.
pub const ENTRY_SYMBOL: &str = "pynum_entry";
/// The resume entry's symbol (an `EntryFn` as well), when the code has tier-up exits.
pub const RESUME_ENTRY_SYMBOL: &str = "pynum_resume";
/// The symbol by which code reads the interrupt and tier-up flags
/// (`pynum_runtime::poll_flags_address()` in the process that runs it).
pub const POLL_FLAGS_SYMBOL: &str = "pynum_poll_flags";

/// `extern "C" fn() -> u64`: the shared object's [`fingerprint`].
pub const FINGERPRINT_SYMBOL: &[u8] = b"pynum_llvm_fingerprint";
/// `extern "C" fn(&Host) -> bool`: called once, before any compile.
pub const INIT_SYMBOL: &[u8] = b"pynum_llvm_init";
/// `extern "C" fn(&Request, &mut Outcome) -> *mut c_void`: one compile; the handle
/// (never null) owns the code and the outcome's strings.
pub const COMPILE_SYMBOL: &[u8] = b"pynum_llvm_compile";
/// `extern "C" fn(*mut c_void)`: frees a compile's code and strings.
pub const RELEASE_SYMBOL: &[u8] = b"pynum_llvm_release";

/// Borrowed bytes (UTF-8 text where a string is meant).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct Bytes {
    pub ptr: *const u8,
    pub len: usize,
}

impl Bytes {
    pub fn of(text: &str) -> Bytes {
        Bytes { ptr: text.as_ptr(), len: text.len() }
    }

    pub const EMPTY: Bytes = Bytes { ptr: std::ptr::null(), len: 0 };

    /// The text, with invalid UTF-8 replaced.
    ///
    /// # Safety
    /// `ptr..ptr + len` must be readable for the call (or `len` zero).
    pub unsafe fn to_string_lossy(&self) -> String {
        if self.len == 0 {
            return String::new();
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(self.ptr, self.len)).into_owned()
    }
}

/// A runtime helper's address in the host: native code must call the host's helpers
/// (the native list arena and the interrupt flag are per-process state), not the copies
/// linked into the shared object.
#[repr(C)]
pub struct HelperAddress {
    pub symbol: Bytes,
    pub address: usize,
}

/// What the host tells the shared object once.
#[repr(C)]
pub struct Host {
    pub version: u32,
    pub helpers: *const HelperAddress,
    pub helper_count: usize,
    /// `pynum_runtime::poll_flags_address()` in the host (two bytes).
    pub poll_flags: usize,
}

/// One compile: a LIR module as text, and which dumps to keep.
#[repr(C)]
pub struct Request {
    pub lir: Bytes,
    pub keep_ir: bool,
    pub keep_optimized: bool,
    pub keep_asm: bool,
    /// Also an ELF object of the code, for the code cache (`Outcome::object`).
    pub keep_object: bool,
}

/// [`Outcome::status`]: compiled.
pub const COMPILED: u32 = 0;
/// [`Outcome::status`]: `BackendError::Unsupported`, the reason in `error`.
pub const UNSUPPORTED: u32 = 1;
/// [`Outcome::status`]: `BackendError::Internal`, the reason in `error`.
pub const INTERNAL: u32 = 2;

/// What a compile made; its bytes live as long as the compile's handle.
#[repr(C)]
pub struct Outcome {
    pub status: u32,
    /// The entry's address (`pynum_jit::backend::EntryFn`), when compiled.
    pub entry: usize,
    /// The resume entry's address (also an `EntryFn`), or 0 when there is none.
    pub resume_entry: usize,
    pub compile_nanos: u64,
    pub ir: Bytes,
    pub optimized: Bytes,
    pub asm: Bytes,
    pub error: Bytes,
    pub object: Bytes,
}

impl Outcome {
    pub const fn empty() -> Outcome {
        Outcome {
            status: INTERNAL,
            entry: 0,
            resume_entry: 0,
            compile_nanos: 0,
            ir: Bytes::EMPTY,
            optimized: Bytes::EMPTY,
            asm: Bytes::EMPTY,
            error: Bytes::EMPTY,
            object: Bytes::EMPTY,
        }
    }
}

pub type FingerprintFn = unsafe extern "C" fn() -> u64;
pub type InitFn = unsafe extern "C" fn(host: *const Host) -> bool;
pub type CompileFn = unsafe extern "C" fn(request: *const Request, outcome: *mut Outcome) -> *mut c_void;
pub type ReleaseFn = unsafe extern "C" fn(handle: *mut c_void);

/// What both sides must agree on: this boundary's version, LIR's text form and the
/// native ABI (status words, helper signatures), hashed from their sources.
pub const fn fingerprint() -> u64 {
    let mut hash = fnv(0xcbf2_9ce4_8422_2325, &VERSION.to_le_bytes());
    hash ^= pynum_jit::lir::SOURCE_FINGERPRINT;
    hash = hash.wrapping_mul(0x100_0000_01b3);
    hash ^= pynum_runtime::abi::SOURCE_FINGERPRINT;
    hash.wrapping_mul(0x100_0000_01b3)
}

/// FNV-1a over `bytes`, from `hash`.
pub const fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x100_0000_01b3);
        i += 1;
    }
    hash
}

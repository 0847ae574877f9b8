//! Tier 2 at zero start-up cost: [`LoadedLlvm`] is the LLVM backend as a [`Backend`]
//! whose code generator lives in a shared object, `libpynum_llvm.so` (the `cdylib` of
//! `targets/llvm`), opened with `dlopen` at the first tier-2 compile. Linking libLLVM
//! into `pynum-run` made every start pay for loading and relocating it (about 19 ms and
//! 2,500 page faults, ARCHITECTURE.md), whether or not anything reached tier 2.
//!
//! The boundary is narrow and data-only (`boundary.rs`): the host prints the LIR module
//! (`pynum_jit::lir`'s text form, which has a parser) and passes its runtime helpers'
//! addresses and its interrupt flag once; the shared object parses, translates, optimizes
//! and compiles, and answers the entry's address, the dumps and a handle that owns the
//! code. The deoptimization and raise tables never cross it: they stay with the host's
//! module.
//!
//! Assumes the shared object was built from the same LIR and ABI sources (checked by
//! [`boundary::fingerprint`]) and is never unloaded once opened (code it made may run
//! until the process exits).

pub mod boundary;
pub mod code_cache;

use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use pynum_jit::backend::{Backend, BackendError, CodeFacts, DumpOptions, Dumps, EntryFn, NativeCode};
use pynum_jit::lir;

use boundary::{Bytes, CompileFn, FingerprintFn, HelperAddress, Host, InitFn, Outcome, ReleaseFn, Request};

/// The shared object's file name.
pub const LIBRARY_NAME: &str = "libpynum_llvm.so";

/// The LLVM backend behind `dlopen`. Loading happens once per process, at the first
/// compile; a failure to load is remembered and every compile answers it.
#[derive(Debug, Default)]
pub struct LoadedLlvm {
    library: OnceLock<Result<Library, String>>,
}

/// The opened shared object's entry points.
#[derive(Debug)]
struct Library {
    compile: CompileFn,
    release: ReleaseFn,
    path: PathBuf,
}

impl LoadedLlvm {
    pub const fn new() -> LoadedLlvm {
        LoadedLlvm { library: OnceLock::new() }
    }

    /// The process's loader.
    pub fn shared() -> &'static LoadedLlvm {
        static SHARED: LoadedLlvm = LoadedLlvm::new();
        &SHARED
    }

    /// Whether the shared object is open already (it never is before the first tier-2
    /// compile).
    pub fn is_loaded(&self) -> bool {
        self.library.get().is_some_and(|l| l.is_ok())
    }

    /// Where the shared object was found, once loaded.
    pub fn path(&self) -> Option<&Path> {
        self.library.get().and_then(|l| l.as_ref().ok()).map(|l| l.path.as_path())
    }

    fn library(&self) -> Result<&Library, BackendError> {
        self.library.get_or_init(open).as_ref().map_err(|why| BackendError::Unsupported(why.clone()))
    }
}

/// Where the shared object may be: `PYNUM_LLVM_LIB`, else beside the executable (a
/// workspace build leaves it in `target/<profile>/deps/`, or in `target/<profile>/` when
/// the library itself was a build target), else `../lib/pynum/` from it (an install).
pub fn candidates() -> Vec<PathBuf> {
    if let Some(path) = std::env::var_os("PYNUM_LLVM_LIB").filter(|p| !p.is_empty()) {
        return vec![PathBuf::from(path)];
    }
    let Some(dir) = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)) else {
        return Vec::new();
    };
    let mut found = vec![dir.join(LIBRARY_NAME), dir.join("deps").join(LIBRARY_NAME)];
    // A test binary runs from `target/<profile>/deps/` itself.
    if dir.ends_with("deps") {
        found.extend(dir.parent().map(|profile| profile.join(LIBRARY_NAME)));
    }
    found.extend(dir.parent().map(|prefix| prefix.join("lib").join("pynum").join(LIBRARY_NAME)));
    found
}

fn open() -> Result<Library, String> {
    let candidates = candidates();
    // Of several copies, the newest: a workspace build refreshes `deps/` while a copy
    // an earlier `cargo build -p pynum-llvm` left beside the executable goes stale (built
    // from other ABI sources, which tier 2 then refuses).
    let modified = |p: &PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let newest = candidates.iter().filter(|p| p.is_file()).max_by_key(|p| modified(p));
    let Some(path) = newest else {
        let looked: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
        return Err(format!(
            "tier 2 needs {LIBRARY_NAME}, which cargo builds with pynum-run (targets/llvm); not found at {}",
            looked.join(", ")
        ));
    };
    // SAFETY: the library's initializers are Rust's and LLVM's own; it is never unloaded
    // (leaked below), so the functions read from it stay valid.
    let library =
        unsafe { libloading::Library::new(path) }.map_err(|e| format!("cannot load {}: {e}", path.display()))?;
    let library: &'static libloading::Library = Box::leak(Box::new(library));
    // SAFETY: the symbols have the types `boundary` gives them (the fingerprint checks
    // that both sides were built from the same boundary).
    unsafe {
        let symbol = |name: &[u8]| {
            library.get::<*const c_void>(name).map(|s| *s).map_err(|e| format!("{}: {e}", path.display()))
        };
        let fingerprint: FingerprintFn = std::mem::transmute(symbol(boundary::FINGERPRINT_SYMBOL)?);
        if fingerprint() != boundary::fingerprint() {
            return Err(format!(
                "{} was built from other LIR or ABI sources than this pynum-run; rebuild both",
                path.display()
            ));
        }
        let init: InitFn = std::mem::transmute(symbol(boundary::INIT_SYMBOL)?);
        let compile: CompileFn = std::mem::transmute(symbol(boundary::COMPILE_SYMBOL)?);
        let release: ReleaseFn = std::mem::transmute(symbol(boundary::RELEASE_SYMBOL)?);
        let helpers: Vec<pynum_runtime::abi::Helper> = lir::helpers().collect();
        let addresses: Vec<HelperAddress> = helpers
            .iter()
            .map(|h| HelperAddress { symbol: Bytes::of(h.symbol), address: h.address as usize })
            .collect();
        let host = Host {
            version: boundary::VERSION,
            helpers: addresses.as_ptr(),
            helper_count: addresses.len(),
            poll_flags: pynum_runtime::poll_flags_address(),
        };
        if !init(&host) {
            return Err(format!("{} refused this pynum-run's helper table", path.display()));
        }
        Ok(Library { compile, release, path: path.clone() })
    }
}

impl Backend for LoadedLlvm {
    fn name(&self) -> &'static str {
        "llvm"
    }

    fn rotates_loops_itself(&self) -> bool {
        true
    }

    fn selects_over_plain_arms(&self) -> bool {
        true
    }

    fn compile(&self, module: &lir::Module, dumps: &DumpOptions) -> Result<Box<dyn NativeCode>, BackendError> {
        let library = self.library()?;
        let text = module.to_string();
        let request = Request {
            lir: Bytes::of(&text),
            keep_ir: dumps.keep_ir,
            keep_optimized: dumps.keep_optimized,
            keep_asm: dumps.keep_asm,
            keep_object: dumps.keep_object,
        };
        let mut outcome = Outcome::empty();
        // SAFETY: `request` and `outcome` are valid for the call; the handle owns what
        // `outcome` points to until it is released.
        let handle = unsafe { (library.compile)(&request, &mut outcome) };
        let handle = Handle { handle, release: library.release };
        // SAFETY: the outcome's bytes live as long as the handle.
        let text = |bytes: &Bytes| unsafe { bytes.to_string_lossy() };
        match outcome.status {
            boundary::COMPILED if outcome.entry != 0 => Ok(Box::new(LoadedCode {
                facts: CodeFacts {
                    // SAFETY: the entry was built with exactly `EntryFn`'s signature.
                    entry: unsafe { std::mem::transmute::<usize, EntryFn>(outcome.entry) },
                    // SAFETY: so was the resume entry, when there is one.
                    resume_entry: (outcome.resume_entry != 0)
                        .then(|| unsafe { std::mem::transmute::<usize, EntryFn>(outcome.resume_entry) }),
                    dumps: Dumps {
                        ir: text(&outcome.ir),
                        optimized: text(&outcome.optimized),
                        asm: text(&outcome.asm),
                        object: if outcome.object.len == 0 {
                            Vec::new()
                        } else {
                            // SAFETY: the outcome's bytes live as long as the handle.
                            unsafe { std::slice::from_raw_parts(outcome.object.ptr, outcome.object.len) }.to_vec()
                        },
                    },
                    compile_time: Duration::from_nanos(outcome.compile_nanos),
                },
                _handle: handle,
            })),
            boundary::UNSUPPORTED => Err(BackendError::Unsupported(text(&outcome.error))),
            _ => Err(BackendError::Internal(text(&outcome.error))),
        }
    }
}

/// A compile's handle, released when dropped.
struct Handle {
    handle: *mut c_void,
    release: ReleaseFn,
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle came from this library's compile and is released once.
        unsafe { (self.release)(self.handle) }
    }
}

/// Code the shared object compiled.
struct LoadedCode {
    facts: CodeFacts,
    _handle: Handle,
}

// SAFETY: the handle is touched only when the code is dropped, once, on whichever thread;
// the shared object's compiles share nothing (each has its own LLVM context).
unsafe impl Send for LoadedCode {}
unsafe impl Sync for LoadedCode {}

impl NativeCode for LoadedCode {
    fn facts(&self) -> &CodeFacts {
        &self.facts
    }
}

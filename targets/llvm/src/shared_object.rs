//! The C entry points of `libpynum_llvm.so`, this crate built as a `cdylib`, which
//! `pynum-run` opens at its first tier-2 compile (`targets/llvm-loader`, whose
//! `boundary.rs` defines the types). The host sends LIR as text and its helper addresses;
//! this side parses, compiles with [`Llvm`] and answers the entry's address.
//!
//! Assumes the host calls `pynum_llvm_init` once before any compile (the loader does,
//! after comparing fingerprints). Nothing may unwind into the host: a panic becomes an
//! internal error.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::OnceLock;

use pynum_jit::backend::{Backend, BackendError, DumpOptions, NativeCode};
use pynum_llvm_loader::boundary::{self, Bytes, Host, Outcome, Request};

use crate::engine::Llvm;

/// The engine with the host's helper addresses, made by `pynum_llvm_init`.
static ENGINE: OnceLock<Llvm> = OnceLock::new();

#[no_mangle]
pub extern "C" fn pynum_llvm_fingerprint() -> u64 {
    boundary::fingerprint()
}

/// # Safety
/// `host` points to a valid [`Host`] whose helper table is readable for the call.
#[no_mangle]
pub unsafe extern "C" fn pynum_llvm_init(host: *const Host) -> bool {
    std::panic::catch_unwind(|| {
        let host = &*host;
        if host.version != boundary::VERSION {
            return false;
        }
        let table = std::slice::from_raw_parts(host.helpers, host.helper_count);
        let addresses: HashMap<String, usize> = table.iter().map(|h| (h.symbol.to_string_lossy(), h.address)).collect();
        // Every helper this side knows must be the host's.
        if pynum_jit::lir::helpers().any(|h| !addresses.contains_key(h.symbol)) {
            return false;
        }
        pynum_runtime::use_poll_flags_at(host.poll_flags);
        ENGINE.set(Llvm::with_helper_addresses(addresses)).is_ok()
    })
    .unwrap_or(false)
}

/// What a handle owns: the code and the outcome's text.
struct Compile {
    _code: Option<Box<dyn NativeCode>>,
    _texts: [String; 4],
    _object: Vec<u8>,
}

/// # Safety
/// `request` and `outcome` are valid; the returned handle is released once with
/// `pynum_llvm_release`.
#[no_mangle]
pub unsafe extern "C" fn pynum_llvm_compile(request: *const Request, outcome: *mut Outcome) -> *mut c_void {
    let request = &*request;
    let result = std::panic::catch_unwind(|| {
        let engine = ENGINE.get().ok_or_else(|| BackendError::Internal("pynum_llvm_init was not called".into()))?;
        let text = request.lir.to_string_lossy();
        let module = pynum_jit::lir::parse_module(&text)
            .map_err(|e| BackendError::Internal(format!("the LIR text did not parse: {e}")))?;
        let dumps = DumpOptions {
            keep_ir: request.keep_ir,
            keep_optimized: request.keep_optimized,
            keep_asm: request.keep_asm,
            keep_object: request.keep_object,
        };
        engine.compile(&module, &dumps)
    })
    .unwrap_or_else(|_| Err(BackendError::Internal("the LLVM backend panicked".into())));
    let (status, code, error) = match result {
        Ok(code) => (boundary::COMPILED, Some(code), String::new()),
        Err(BackendError::Unsupported(why)) => (boundary::UNSUPPORTED, None, why),
        Err(BackendError::Internal(why)) => (boundary::INTERNAL, None, why),
    };
    let dumps = code.as_ref().map(|c| c.dumps()).unwrap_or_default();
    let compile =
        Box::new(Compile { _texts: [dumps.ir, dumps.optimized, dumps.asm, error], _code: code, _object: dumps.object });
    let [ir, optimized, asm, error] = &compile._texts;
    *outcome = Outcome {
        status,
        entry: compile._code.as_ref().map_or(0, |c| c.entry() as usize),
        resume_entry: compile._code.as_ref().and_then(|c| c.resume_entry()).map_or(0, |entry| entry as usize),
        compile_nanos: compile._code.as_ref().map_or(0, |c| c.compile_time().as_nanos() as u64),
        ir: Bytes::of(ir),
        optimized: Bytes::of(optimized),
        asm: Bytes::of(asm),
        error: Bytes::of(error),
        object: Bytes { ptr: compile._object.as_ptr(), len: compile._object.len() },
    };
    Box::into_raw(compile).cast()
}

/// # Safety
/// `handle` came from `pynum_llvm_compile` and is released once.
#[no_mangle]
pub unsafe extern "C" fn pynum_llvm_release(handle: *mut c_void) {
    if !handle.is_null() {
        drop(Box::from_raw(handle.cast::<Compile>()));
    }
}

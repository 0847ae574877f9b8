//! Tier 1: LIR translated to machine code with Cranelift, compiled in-process with
//! `cranelift-jit`. This crate knows no Python: the semantics are in the LIR it is given
//! (`pynum_jit::lir`), and the calling convention, status words and helper table are the
//! native ABI's (`pynum_runtime::abi`). It holds the engine that keeps the JIT modules
//! (`engine.rs`), the translation (`translate.rs`), the host ISA's configuration and the
//! disassembly for `--dump-asm`.

mod engine;
mod translate;

use cranelift_codegen::settings::{self, Configurable};

pub use engine::{compile_module, Cranelift, CODE_BYTES_PER_MODULE, COMPILES_PER_MODULE};

/// Cranelift could not be configured for this host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CraneliftError(pub String);

impl std::fmt::Display for CraneliftError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cranelift error: {}", self.0)
    }
}

/// The host ISA, detected and configured once per process.
fn isa() -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CraneliftError> {
    static ISA: std::sync::OnceLock<Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CraneliftError>> =
        std::sync::OnceLock::new();
    ISA.get_or_init(host_isa).clone()
}

fn host_isa() -> Result<std::sync::Arc<dyn cranelift_codegen::isa::TargetIsa>, CraneliftError> {
    let mut flags = settings::builder();
    let set =
        |flags: &mut settings::Builder, k: &str, v: &str| flags.set(k, v).map_err(|e| CraneliftError(e.to_string()));
    set(&mut flags, "opt_level", "speed")?;
    // Cranelift's verifier runs after each of its passes (3.2M of the 8.3M instructions
    // compiling mandelbrot's function took): when the JIT verifies its stages.
    let verify = pynum_jit::policy::verify_stages();
    set(&mut flags, "enable_verifier", if verify { "true" } else { "false" })?;
    set(&mut flags, "use_colocated_libcalls", "false")?;
    set(&mut flags, "is_pic", "false")?;
    let builder = cranelift_native::builder().map_err(|e| CraneliftError(e.to_string()))?;
    builder.finish(settings::Flags::new(flags)).map_err(|e| CraneliftError(e.to_string()))
}

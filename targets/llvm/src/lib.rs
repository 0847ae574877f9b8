//! Tier 2: LIR translated to LLVM IR, optimized with the `default<O3>` pipeline for the
//! host CPU, and compiled in-process with MCJIT. This crate knows no Python: the
//! semantics are in the LIR it is given (`pynum_jit::lir`), and the calling convention,
//! status words and helper table are the native ABI's (`pynum_runtime::abi`), exactly as
//! for tier 1 (`targets/cranelift`). It holds the engine (`engine.rs`), the translation
//! (`translate.rs`), the target description NVPTX will share (`target.rs`) and the
//! memory the JIT's code lives in (`memory.rs`). Built as a `cdylib` too
//! (`libpynum_llvm.so`), which `pynum-run` opens at its first tier-2 compile
//! (`shared_object.rs`, the C side of `targets/llvm-loader`'s boundary).

mod engine;
mod memory;
mod shared_object;
pub mod target;
mod translate;

pub use engine::Llvm;

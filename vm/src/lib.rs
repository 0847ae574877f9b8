//! pynum-vm: the interpreter half of pynum — rustpython-vm with the frozen stdlib, the
//! `pynum-run` command line, the REPL, and the embedding API for Rust applications.
//!
//! Assumes rustpython-vm 0.6 built with `freeze-stdlib`: every stdlib module is inside the
//! binary, so a [`Python`] needs no files on disk.
//!
//! # Embedding
//!
//! ```
//! use pynum_vm::Python;
//!
//! let py = Python::new();
//! py.register_function("rust_add", |a: i64, b: i64| a + b);
//! py.run_source("def square_plus(x):\n    return rust_add(x * x, 1)\n").unwrap();
//! let value: i64 = py.call("square_plus", (7_i64,)).unwrap();
//! assert_eq!(value, 50);
//! let text: String = py.eval("'-'.join(['a', 'b'])").unwrap();
//! assert_eq!(text, "a-b");
//! ```

mod annotate;
mod automatic;
pub mod cli;
mod constant_folding;
mod cpython_fidelity;
mod descriptors;
pub mod dispatcher;
mod embed;
mod frozen_pages;
mod function_defaults;
mod gc_schedule;
mod hidden_names;
pub mod interpreter;
mod interrupts;
pub mod large_blocks;
#[cfg(test)]
mod layering;
mod lazy_ast;
pub mod memory_limit;
mod module_getattr;
mod options;
pub mod panic_guard;
pub mod repl;
pub mod run;
mod sequence_repeat;
mod site;
mod streams;
mod trace_filter;
mod transform_cache;

pub use embed::{
    IntoPython, IntoRustArgs, JitConfig, JitEvent, JitStats, NdArray, PyError, Python, PythonBuilder, Tier,
};
pub use rustpython_vm;

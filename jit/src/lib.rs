//! pynum-jit: the compiler's front and middle end, after Numba's architecture. Knows
//! nothing of the VM or of any code generator: its input is a code object's bytecode
//! (rustpython's compiler-core types), its output is LIR, which a [`backend::Backend`]
//! (Cranelift today) translates.
//!
//! The pipeline, one stage per module, in order:
//! 1. [`bytecode`]: decode code units into instructions, lines, jump targets, handlers.
//! 2. [`cfg`]: basic blocks, CFG, dominators, post-dominators, back edges, loops.
//! 3. [`dataflow`]: stack simulation into register IR with block parameters.
//! 4. [`liveness`]: live variables and `del` insertion.
//! 5. [`ir::verify`]: structural checks after every stage that builds IR.
//! 6. [`rewrites`], then [`typeinfer`]: typed IR, with the [`ops`] registry's rules.
//! 7. [`lir`]: typed IR lowered to machine operations and guards (Python's semantics end
//!    here); [`driver`] runs this and a backend.

// Typing errors carry the types and source positions a user reads; they are made once
// per rejected specialization, never on a hot path, so their size costs nothing.
#![allow(clippy::result_large_err)]

pub mod annotate;
pub mod auto;
pub mod backend;
pub mod bytecode;
pub mod cfg;
pub mod coverage;
pub mod dataflow;
pub mod driver;
pub mod error;
pub mod events;
pub mod interleave;
pub mod ir;
pub mod lift_plan;
pub mod lir;
pub mod liveness;
pub mod looplift;
pub mod ops;
pub mod policy;
pub mod rewrites;
pub mod typeinfer;
pub mod types;
pub mod unbound;

use rustpython_compiler_core::bytecode::{CodeObject, Constant};

pub use error::FrontendError;

/// Everything the front end computes for one code object. The IR is a `Result` because
/// an unsupported instruction is a normal outcome while earlier stages still have
/// something to show.
#[derive(Debug, Clone)]
pub struct Analysis {
    pub bytecode: bytecode::Bytecode,
    pub cfg: cfg::Cfg,
    pub ir: Result<ir::Function, FrontendError>,
    /// What the untyped rewrites changed, in order.
    pub rewrites: Vec<rewrites::Applied>,
}

/// Runs the front end on one code object (not on the code objects nested in it).
pub fn analyze<C: Constant>(code: &CodeObject<C>) -> Result<Analysis, FrontendError> {
    let bytecode = bytecode::decode(code)?;
    Ok(analyze_decoded(bytecode))
}

/// The stages after decoding.
pub fn analyze_decoded(bytecode: bytecode::Bytecode) -> Analysis {
    let cfg = cfg::Cfg::build(&bytecode);
    let mut applied = Vec::new();
    let ir = dataflow::translate(&bytecode, &cfg).and_then(|mut func| {
        if cfg!(debug_assertions) {
            ir::verify(&func)?;
        }
        applied = rewrites::run(&mut func, rewrites::Stage::BeforeTyping, &disabled_rewrites())
            .map_err(|stuck| FrontendError::Verifier { block: stuck.block, reason: stuck.to_string() })?;
        liveness::insert_dels(&mut func);
        ir::verify(&func)?;
        Ok(func)
    });
    Analysis { bytecode, cfg, ir, rewrites: applied }
}

/// Rewrites switched off by name in `PYNUM_DISABLE_REWRITES` (comma-separated), to
/// bisect a miscompile to one rewrite.
fn disabled_rewrites() -> Vec<&'static str> {
    let Ok(names) = std::env::var("PYNUM_DISABLE_REWRITES") else { return Vec::new() };
    rewrites::registry().iter().map(|r| r.name()).filter(|n| names.split(',').any(|d| d.trim() == *n)).collect()
}

/// The dumps the command line offers, in pipeline order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dump {
    Bytecode,
    Cfg,
    CfgDot,
    Ir,
    /// Which loops may be lifted, with what names ([`lift_plan`]).
    LiftPlan,
}

impl Analysis {
    /// The text of one dump, headed with the function's qualified name and first line.
    pub fn dump(&self, what: Dump) -> String {
        let bc = &self.bytecode;
        let title = |stage: &str| format!("---- {stage} {} ({}:{}) ----\n", bc.qualname, bc.filename, bc.first_line);
        match what {
            Dump::Bytecode => title("bytecode") + &bytecode::dump(bc),
            Dump::Cfg => title("CFG") + &self.cfg.dump(),
            Dump::CfgDot => self.cfg.dot(bc),
            Dump::Ir => {
                let mut rewriting = String::new();
                for applied in &self.rewrites {
                    rewriting.push_str(&format!(
                        "REWRITING ({}) {}:\n{}    ---- into ----\n{}",
                        applied.rewrite, applied.before.id, applied.before, applied.after
                    ));
                }
                title("IR")
                    + &rewriting
                    + &match &self.ir {
                        Ok(func) => func.to_string(),
                        Err(err) => format!("not translated: {err}\n"),
                    }
            }
            Dump::LiftPlan => title("lift plan") + &lift_plan::plan(self).to_string(),
        }
    }
}

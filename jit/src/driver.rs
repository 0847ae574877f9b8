//! The compilation pipeline after typing, for every backend: the functions a root calls,
//! lowering to LIR, the LIR verifier, then the backend. The dispatcher asks this module
//! to compile; it never sees a backend's internals.

use crate::backend::{Backend, BackendError, Compiled, DumpOptions};
use crate::lir::{self, lower::LowerError};
use crate::typeinfer::{Inferencer, Typed, TypingError};

/// The typed functions `root` calls, transitively, each once (root first).
pub fn reachable_functions(root: &Typed, inferencer: &mut Inferencer<'_>) -> Result<Vec<Typed>, TypingError> {
    let mut found: Vec<Typed> = vec![root.clone()];
    let mut next = 0;
    while next < found.len() {
        let calls = lir::lower::direct_calls(&found[next]);
        next += 1;
        for (qualname, args) in calls {
            if found.iter().any(|t| t.function.qualname == qualname && t.args == args) {
                continue;
            }
            found.push(inferencer.infer(&qualname, &args)?);
        }
    }
    Ok(found)
}

/// How a module is compiled.
#[derive(Debug, Clone, Default)]
pub struct CompileOptions {
    /// Automatic mode's semantics (leave for the interpreter where Python's answer is not
    /// the machine's) rather than `@njit`'s.
    pub python_semantics: bool,
    /// Keep the LIR as text (for `--dump-lir`).
    pub keep_lir: bool,
    pub dumps: DumpOptions,
}

/// Why a module did not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    Lower(LowerError),
    /// The lowering produced LIR the verifier rejects: a bug.
    Verify(String),
    Backend(BackendError),
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Lower(e) => e.fmt(f),
            CompileError::Verify(e) => write!(f, "LIR verifier: {e}"),
            CompileError::Backend(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CompileError {}

/// Lowers `functions` (the root first, as [`reachable_functions`] returns them) to LIR
/// and verifies it.
pub fn lower(functions: &[Typed], python_semantics: bool) -> Result<lir::Module, CompileError> {
    let mut module = lowered(functions, python_semantics)?;
    lir::optimize::optimize(&mut module, python_semantics);
    verified(module)
}

/// Lowers `functions` and inlines small calls: the module before the optimizer.
fn lowered(functions: &[Typed], python_semantics: bool) -> Result<lir::Module, CompileError> {
    let mut module = lir::lower::lower_module(functions, python_semantics).map_err(CompileError::Lower)?;
    lir::inline::inline_small_calls(&mut module);
    Ok(module)
}

/// `module`, checked by the LIR verifier when the stages are checked.
fn verified(module: lir::Module) -> Result<lir::Module, CompileError> {
    if crate::policy::verify_stages() {
        lir::verify(&module).map_err(|e| CompileError::Verify(e.to_string()))?;
    }
    Ok(module)
}

/// Compiles `functions` with `backend`.
pub fn compile(backend: &dyn Backend, functions: &[Typed], options: &CompileOptions) -> Result<Compiled, CompileError> {
    let module = lower(functions, options.python_semantics)?;
    crate::coverage::record_compile(functions, &module);
    compile_module(backend, std::sync::Arc::new(module), options)
}

/// Compiles `functions` with the first of `backends` that takes the module: one that
/// answers `BackendError::Unsupported` (the code cache without an entry) passes it to the
/// next. Returns the code and the index of the backend that made it.
///
/// When the first backend keeps optimized modules (the code cache), the module as
/// lowered is looked up there before the optimizer runs: a later run of the same code
/// skips the optimizer, which took about half of what finding its cached code cost
/// (0.65 of 1.9 ms for collatz's function, the rest typing, lowering and the load).
pub fn compile_with_first_of(
    backends: &[&dyn Backend],
    functions: &[Typed],
    options: &CompileOptions,
) -> Result<(Compiled, usize), CompileError> {
    let python_semantics = options.python_semantics;
    let mut module = lowered(functions, python_semantics)?;
    let keeper = backends.first().filter(|backend| backend.keeps_optimized_modules());
    let lowered_text = keeper.map(|_| module.to_string());
    let recalled = match (keeper, &lowered_text) {
        (Some(keeper), Some(text)) => keeper.recall_optimized(text, python_semantics),
        _ => None,
    };
    let was_recalled = recalled.is_some();
    let module = match recalled {
        Some(optimized) => optimized,
        None => {
            lir::optimize::optimize(&mut module, python_semantics);
            module
        }
    };
    let module = std::sync::Arc::new(verified(module)?);
    crate::coverage::record_compile(functions, &module);
    let mut last = CompileError::Backend(BackendError::Unsupported("no backend".into()));
    for (index, backend) in backends.iter().enumerate() {
        match compile_module(*backend, module.clone(), options) {
            Ok(compiled) => {
                // Kept once the keeper has code for it: a module it would not take is
                // not worth keeping.
                if let (0, false, Some(keeper), Some(text)) = (index, was_recalled, keeper, &lowered_text) {
                    keeper.remember_optimized(text, python_semantics, &module);
                }
                return Ok((compiled, index));
            }
            Err(CompileError::Backend(BackendError::Unsupported(why))) if index + 1 < backends.len() => {
                last = CompileError::Backend(BackendError::Unsupported(why));
            }
            Err(error) => return Err(error),
        }
    }
    Err(last)
}

/// The copy of `module` that `backend` translates ([`lir::optimize::for_backend`]), or
/// `None` when it translates `module` as it is. The code cache keys its entries by this
/// copy, so the process that fills it makes the same one.
pub fn backend_copy(backend: &dyn Backend, module: &lir::Module) -> Option<lir::Module> {
    lir::optimize::for_backend(module, !backend.rotates_loops_itself(), backend.selects_over_plain_arms())
}

/// Compiles a module already lowered (and verified), as a higher tier recompiles the LIR
/// a lower tier was compiled from.
pub fn compile_module(
    backend: &dyn Backend,
    module: std::sync::Arc<lir::Module>,
    options: &CompileOptions,
) -> Result<Compiled, CompileError> {
    let prepared = backend_copy(backend, &module);
    let translated = prepared.as_ref().unwrap_or(&module);
    if prepared.is_some() && crate::policy::verify_stages() {
        let why =
            |e| CompileError::Verify(format!("after rotating loops or moving guards for {}: {e}", backend.name()));
        lir::verify(translated).map_err(why)?;
    }
    let code = backend.compile(translated, &options.dumps).map_err(CompileError::Backend)?;
    let root = &translated.functions[0];
    let tiers_up = !root.resume_blocks().is_empty();
    Ok(Compiled {
        code,
        result_words: root.results.len(),
        // A tier-up exit leaves the resume block and a word per variable (the backend
        // copy's variables, a superset of the module's).
        out_words: if tiers_up { root.results.len().max(1 + root.vars.len()) } else { root.results.len() },
        tiers_up,
        makes_lists: translated.makes_lists(),
        writes_memory: translated.writes_memory(),
        lir: if options.keep_lir { translated.to_string() } else { String::new() },
        raises: module.raises.clone(),
        deopt_sites: module.deopt_sites.clone(),
        module,
    })
}

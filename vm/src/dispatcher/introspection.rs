//! What a dispatcher can tell about itself to the REPL's `%jit`, `%dump` and
//! `%annotate`: a summary of its specializations (tier, compile time, native calls,
//! deoptimizations), the text of a compiler stage for each specialization, and the
//! source of code typed at the prompt.
//!
//! Assumes the caller holds no lock of the dispatcher's (each function here takes its
//! state lock once, briefly).

use std::sync::atomic::Ordering;

use pynum_jit::backend::DumpOptions;
use pynum_jit::driver::{reachable_functions, CompileOptions};
use pynum_jit::lir::lower::mangle;
use pynum_jit::typeinfer::Inferencer;
use pynum_jit::types::Type;
use rustpython_vm::{PyObjectRef, VirtualMachine};

use super::guards::LiveEnv;
use super::{Dispatcher, LiftedLoop};

/// One dispatcher, as `%jit` lists it.
pub(crate) struct Summary {
    /// The tier its specializations run at.
    pub(crate) tier: u8,
    /// The tier they were compiled at first (1, or 2 with `PYNUM_BACKEND=llvm`).
    pub(crate) first_tier: u8,
    /// Each specialization's argument types, `(int64, float64)`.
    pub(crate) specializations: Vec<String>,
    pub(crate) compile_ms: f64,
    /// Time its calls spent in native code (counted when `time_native` is on, as in the
    /// REPL).
    pub(crate) native_ms: f64,
    /// Calls native code ran to the end, and calls it handed back to the interpreter.
    pub(crate) native_calls: u32,
    pub(crate) deopts: u32,
    /// The names its specializations have in the JIT's events (`f(int64)`).
    pub(crate) subjects: Vec<String>,
}

impl Dispatcher {
    pub(crate) fn summary(&self, vm: &VirtualMachine) -> Summary {
        let qualname = self
            .py_func
            .get_attr("__code__", vm)
            .and_then(|code| code.get_attr("co_qualname", vm))
            .and_then(|name| name.str(vm).map(|s| s.to_string()))
            .unwrap_or_default();
        let state = self.state.lock();
        let mut summary = Summary {
            tier: 0,
            first_tier: 0,
            specializations: Vec::new(),
            compile_ms: 0.0,
            native_ms: 0.0,
            native_calls: 0,
            deopts: 0,
            subjects: Vec::new(),
        };
        for s in &state.specializations {
            summary.specializations.push(signature(&s.args));
            summary.subjects.push(mangle(&qualname, &s.args));
            // The tier its calls run at now: tier 2 once the swap happened.
            summary.tier = summary.tier.max(s.tier2.get().map_or(s.code.tier, |t| t.tier));
            summary.first_tier = summary.first_tier.max(s.code.tier);
            summary.compile_ms += s.compile_ms;
            summary.native_ms += s.native_nanos.load(Ordering::Relaxed) as f64 / 1e6;
            summary.native_calls += s.completions.load(Ordering::Relaxed);
            summary.deopts += s.deopts.load(Ordering::Relaxed);
        }
        summary
    }

    /// `%tiers`: while `on`, calls of every specialization run its tier-1 code, even
    /// once tier 2 is swapped in, and count nothing toward promotion.
    pub(crate) fn pin_tier1(&self, on: bool) {
        for spec in &self.state.lock().specializations {
            spec.tier1_pinned.store(on, Ordering::Relaxed);
        }
    }

    /// `%tiers`: every specialization's tier-2 code, compiled now where it is not there
    /// yet; whether any has tier-2 code (none when the tier cap or the backend rules
    /// it out, or LLVM refused the code).
    pub(crate) fn compile_tier2_now(&self) -> bool {
        let specializations = self.state.lock().specializations.clone();
        let mut any = false;
        for spec in &specializations {
            any |= super::tiers::compile_now(spec, &self.config);
        }
        any
    }

    /// `stage` (`lir`, `clif`, `clif-opt` or `asm` of tier 1, `llvm` or `llvm-opt` of
    /// tier 2) of each specialization, compiled again with that dump kept, keyed by
    /// signature; nothing for a stage it has not.
    pub(crate) fn stage_dumps(&self, stage: &str, vm: &VirtualMachine) -> Vec<(String, String)> {
        let signatures: Vec<_> = self.state.lock().specializations.iter().map(|s| s.args.clone()).collect();
        let Ok((env, root)) = LiveEnv::build(&self.py_func, self.global_constants(), vm) else { return Vec::new() };
        let tier2 = stage.starts_with("llvm");
        let backend: &dyn pynum_jit::backend::Backend = if tier2 {
            pynum_llvm_loader::LoadedLlvm::shared()
        } else {
            match self.backend() {
                Ok(backend) => backend,
                Err(_) => return Vec::new(),
            }
        };
        let mut inferencer = Inferencer::new(self.typing_context(), &env);
        let options = CompileOptions {
            python_semantics: self.is_auto(),
            keep_lir: stage == "lir",
            dumps: DumpOptions {
                keep_ir: stage == "clif" || stage == "llvm",
                keep_optimized: stage == "clif-opt" || stage == "llvm-opt",
                keep_asm: stage == "asm",
                keep_object: false,
            },
        };
        let _exclusive = tier2.then(super::tiers::exclusive_llvm);
        let mut out = Vec::new();
        for args in signatures {
            let Ok(typed) = inferencer.infer_function(&root, &args) else { continue };
            let Ok(functions) = reachable_functions(&typed, &mut inferencer) else { continue };
            let Ok(compiled) = pynum_jit::driver::compile(backend, &functions, &options) else { continue };
            let dumps = compiled.code.dumps();
            let text = match stage {
                "lir" => compiled.lir.clone(),
                "clif" | "llvm" => dumps.ir,
                "clif-opt" | "llvm-opt" => dumps.optimized,
                _ => dumps.asm,
            };
            out.push((signature(&args), text));
        }
        out
    }
}

/// The source text line numbers of `function`'s code refer to: the file, or for code
/// typed at the prompt (`<stdin>`) the lines `linecache` keeps for its code object.
pub(crate) fn source_of(function: &PyObjectRef, filename: &str, vm: &VirtualMachine) -> String {
    if let Ok(text) = std::fs::read_to_string(filename) {
        return text;
    }
    let lines = vm.import("linecache", 0).and_then(|linecache| {
        let code = function.get_attr("__code__", vm)?;
        linecache.get_attr("_getlines_from_code", vm)?.call((code,), vm)
    });
    lines
        .ok()
        .and_then(|lines| lines.try_to_value::<Vec<String>>(vm).ok())
        .map(|lines| lines.concat())
        .unwrap_or_default()
}

/// `(int64, float64)`: argument types as the events and `signatures` spell them.
fn signature(types: &[Type]) -> String {
    format!("({})", types.iter().map(Type::to_string).collect::<Vec<_>>().join(", "))
}

impl LiftedLoop {
    /// The hidden function's code (its source lines are the input it was lifted from).
    pub(crate) fn hidden_code(&self) -> rustpython_vm::PyRef<rustpython_vm::builtins::PyCode> {
        self.code.clone()
    }
}
